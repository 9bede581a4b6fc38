// Timing and scoring: a layout's time and whole-run cost, and what the terms of the lower bounds
// take from the time model (a family's stage work, its sends, its data-parallel collectives),
// timed once into the cache. The terms themselves, read from it, are inline in
// planner_search.hpp: the search takes them for every group, family and width.
#include <algorithm>
#include <cstddef>
#include <vector>

#include "training/planner_search.hpp"

namespace gpusizer::planner {

// The factor is convex in the GPU count (checkpoints as a share, failures growing with it), so
// its minimum on 1..N is found by bisection on the sign of its forward difference.
RunOverhead::RunOverhead(const Calibration& cal, int gpus) : cal_(cal) {
  int lo = 1, hi = std::max(1, gpus);
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    if (at(mid + 1) < at(mid)) lo = mid + 1;
    else hi = mid;
  }
  argmin_ = lo;
}

// Memory first; the time of a layout that fits. nullptr when it does not fit.
const IterationTime* Search::consider(const Parallelism& par) {
  MemoryBreakdown memory;
  if (!fits(par, memory)) return nullptr;
  last_ = perf_.evaluate(par);
  // Whole-run seconds per sequence: the iterations with what grows with them and the layout
  // (run_model.hpp); what depends on the GPUs rented alone is the same for every layout.
  const double cost =
      last_.seconds * overhead_.at(par.gpus()) / last_.global_batch;
  // Near-ties keep the first found.
  if (!best_.fits || cost < best_cost_ * (1 - 1e-12)) {
    best_.par = par;
    best_.memory = memory;
    best_.time = last_;
    best_.fits = true;
    best_cost_ = cost;
  }
  return &last_;
}

// A stage's work per micro-batch: less what the step costs once (which, spread over the
// micro-batches of the layout timed, would be counted again for each of another width's).
double Search::stage_work(const IterationTime& time) const {
  const TimeBreakdown& br = time.breakdown;
  return (br.matmul + br.attention + br.memory_bound + br.recompute + br.tp_comm + br.moe_comm + br.overhead -
          perf_.step_overhead_seconds()) /
         time.microbatches;
}

// one_stage_work() not yet in the cache: the family's one-stage layout, timed.
double Search::time_one_stage(const Group& g, int i) {
  Parallelism par = family(g, i % 6);
  par.pp = 1;
  par.dp = par.zero >= 3 ? 2 : 1;
  par.global_batch = par.dp * par.micro_batch;
  return stage_work(perf_.evaluate(par));
}

// sends_of() not yet in the cache: the group's sends with v = 2^k, timed into it at `key`.
void Search::time_sends(const Group& g, int k, std::size_t key) {
  std::vector<double>& sends = cache_.sends;
  if (key >= sends.size()) sends.resize(std::max<std::size_t>(key + 2, 128), -1);  // 128: tp up to 8
  Parallelism par;
  par.tp = g.tp;
  par.micro_batch = g.mb;
  par.sequence_parallel = g.tp > 1;
  par.interleave = 1 << k;
  sends[key] = perf_.send_seconds(par, false);
  sends[key + 1] = perf_.send_seconds(par, true);
}

// The collectives' costs at data-parallel width dp (Rates: of the dense gradients over dp
// ranks, of the experts' over the tp dp / ep ranks holding a copy of each; perf.cpp's
// dense_op and expert_op).
Search::Rates Search::rates_over(const Group& g, int dp) const {
  const int per_node = std::max(1, c_.gpus_per_node / g.tp);
  const int copies = m_.is_moe() ? static_cast<int>(static_cast<double>(g.tp) * dp / g.ep) : 0;
  return {perf_.collective_cost(dp, std::min(dp, per_node)), perf_.collective_cost(copies, std::min(copies, per_node))};
}

// traffic() not yet in the cache: the group's row of it made where the pipeline degree has
// none yet, its gradients worked out and their collectives timed.
const PlanCache::Traffic& Search::time_traffic(const Group& g, int v) {
  const std::size_t row_size = degrees_ * 4;
  int& row = cache_.traffic_row[g.pp];
  if (row < 0) {
    row = static_cast<int>(cache_.traffic.size() / row_size);
    cache_.traffic.resize(cache_.traffic.size() + row_size);
  }
  const std::size_t key = row * row_size + degree(g.tp, g.ep) * 4 + log2(v);
  PlanCache::Traffic& tr = cache_.traffic[key];
  if (tr.grads < 0) {
    const double fraction = stage_param_fraction(m_, g.pp, stage_layers(g.pp, v));
    tr.grads = 2.0 * trainable_dense_ * fraction / g.tp;
    // (Adapters leave the experts frozen: perf.cpp reduces no expert gradients then.)
    tr.expert_grads = m_.is_moe() && !t_.is_adapter() ? 2.0 * m_.expert_params() * fraction / g.ep : 0;
    collectives(tr, rates_over(g, g.multi_node));
  }
  return tr;
}

}  // namespace gpusizer::planner
