// The memory check: a group's floor before its families are weighed, and whether a layout fits
// before it is timed (memory is cheaper than time).
#include <algorithm>

#include "training/planner_search.hpp"

namespace gpusizer::planner {

// Whether any family of the group can fit, and its MemoryFloor: memory only shrinks with
// dp, so top has the least; of the rest, ZeRO-3 holds the fewest states (ZeRO-1 adds no
// gather buffers), no interleaving the fewest activations in flight, and full or no
// (selective, without FlashAttention) recomputation the fewest activations. The
// full-recomputation ZeRO-3 layout also stands for the group's least memory when nothing fits.
bool Search::may_fit(const Group& g, MemoryFloor& floor) {
  const int m = microbatches_for(global_batch_, g.top * g.mb);
  Parallelism par = family(g, g.top >= 2 ? 5 : 4);  // v = 1, full recomputation
  par.dp = g.top;
  par.global_batch = m * g.top * g.mb;
  par.zero = g.top >= 2 ? 3 : 0;
  const MemoryBreakdown sharded = memory_.per_gpu(par);
  ++evaluated_;
  if (!have_least_ || sharded.total_bytes() < least_.memory.total_bytes()) {
    least_.par = par;
    least_.memory = sharded;
    have_least_ = true;
  }
  par.recompute = t_.flash_attention ? Recompute::none : Recompute::selective;
  par.zero = g.top >= 2 ? 1 : 0;
  const MemoryBreakdown stored = memory_.per_gpu(par);
  ++evaluated_;
  auto states = [](const MemoryBreakdown& b) {
    return b.weights_bytes + b.gradients_bytes + b.optimizer_bytes + b.overhead_bytes;
  };
  floor.states[0] = states(stored);
  floor.states[1] = states(sharded);
  floor.full = sharded.activations_bytes;
  floor.stored = stored.activations_bytes;
  if (sharded.total_bytes() <= usable_) return true;
  const double least = sharded.weights_bytes + sharded.gradients_bytes + sharded.optimizer_bytes +
                       std::min(sharded.activations_bytes, stored.activations_bytes) + stored.overhead_bytes;
  return least <= usable_;
}

// consider()'s memory side: the layout's memory per GPU, and whether it fits (only a layout
// that fits is timed). Of those that do not, the one with the least memory is kept: it is the
// answer when nothing fits.
bool Search::fits(const Parallelism& par, MemoryBreakdown& memory) {
  ++evaluated_;
  memory = memory_.per_gpu(par);
  const double bytes = memory.total_bytes();
  if (bytes > usable_) {
    if (!have_least_ || bytes < least_.memory.total_bytes()) {
      least_.par = par;
      least_.memory = memory;
      least_.fits = false;
      have_least_ = true;
    }
    return false;
  }
  ++feasible_;
  return true;
}

}  // namespace gpusizer::planner
