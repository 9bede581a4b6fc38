// The search: the queue that takes the groups and their families least bound first, and the
// widths of a family from its top down (planner_search.hpp says which file holds what else).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <numeric>
#include <vector>

#include "training/planner_search.hpp"

namespace gpusizer::planner {

namespace {

// The widest dp whose micro-batch count is at least k >= 1:
// floor(b / (dp mb) + 1/2) >= k  <=>  dp <= 2b / ((2k - 1) mb).
int widest_with_microbatches(int global_batch, int micro_batch, int k) {
  return static_cast<int>(2L * global_batch / ((2L * k - 1) * micro_batch));
}

}  // namespace

Search::Search(const Model& m, const TrainingSpec& t, const Cluster& c, const PlanRequest& r)
    : m_(m), t_(t), c_(c), r_(r), cal_(r.calibration ? *r.calibration : default_calibration()),
      perf_(m, t, c, cal_), memory_(m, t), overhead_(cal_, r.gpus), usable_(usable_memory_bytes(c.gpu->memory_gib)),
      global_batch_(r.global_batch > 0 ? r.global_batch : default_global_batch(m, t)),
      layers_(std::max(1, m.layers)),
      trainable_dense_(t.is_adapter() ? trainable_params(m, t) : m.params - m.expert_params()),
      // The traffic floors hold while perf hides at most the overlapped work's worth.
      traffic_bounds_(cal_.dp_overlap <= 1),
      cache_(r.cache ? *r.cache : own_cache_),
      ep_degrees_(m.is_moe() ? floor_log2(m.experts) + 1 : 1),
      degrees_(static_cast<std::size_t>(floor_log2(c.gpus_per_node) + 1) * ep_degrees_) {}

Search::Lists& Search::emptied_lists() {
  thread_local Lists lists;
  lists.groups.clear();
  lists.rates.clear();
  lists.queue.clear();
  lists.pending.clear();
  lists.families.clear();
  return lists;
}

Plan Search::run() {
  if (r_.fixed) {
    Parallelism par = *r_.fixed;
    const int per_step = par.dp * par.micro_batch;
    if (par.global_batch <= 0) par.global_batch = microbatches_for(global_batch_, per_step) * per_step;
    consider(par);
    return finish();
  }
  // The global batch is the recipe's, not the cluster's: data parallelism may not exceed
  // it (a bigger batch would change the training, and would let a slow network look fast
  // by amortizing gradient traffic over more tokens). GPUs beyond what the batch and the
  // layout can use stay idle.
  if (r_.fewer && r_.fewer->fits && !r_.all_gpus && r_.fewer_gpus < r_.gpus) {
    // Only layouts on more GPUs can beat the plan on fewer (plan_training()).
    const Plan& fewer = *r_.fewer;
    best_.par = fewer.par;
    best_.memory = fewer.memory;
    best_.time = fewer.time;
    best_.fits = true;
    best_cost_ = fewer.time.seconds * overhead_.at(fewer.par.gpus()) / fewer.time.global_batch;
    above_ = r_.fewer_gpus;
  }
  seed();
  search();
  return finish();
}

// Whether the seeds promised less than the search found: the search is then made again
// without them (plan_training()). Not expected: whenever a layout is among those of a search,
// or beaten by one, as plan_training() says, the answer costs no more than a seed.
bool Search::seeds_failed() const {
  return seed_cut_ < HUGE_VAL && !(best_.fits && best_cost_ / (1 - 1e-9) <= seed_cut_);
}

// The groups of the layouts on the GPUs given, then their families, least bound first, until
// the best so far beats every bound left.
void Search::search() {
  const int node = c_.gpus_per_node;
  // Machines that cannot be joined run the job on one of them.
  const int n = c_.multi_node() ? r_.gpus : std::min(r_.gpus, node);
  if (r_.all_gpus && n != r_.gpus) return;
  if (cache_.stage_work.empty()) {
    cache_.stage_work.assign(degrees_ * 4 * 6, -1);
    cache_.traffic_row.assign(layers_ + 1, -1);
  }
  add_groups(n);
  // Groups in one sorted run, least bound first, less those that cannot beat the plan on
  // fewer GPUs (PlanRequest::fewer); the expanded groups' next families in a heap (at most
  // one entry a group), the least of the two taken each time: the order of a single heap of
  // both, with a smaller heap.
  const double start_cut = cut();
  queue_.erase(std::remove_if(queue_.begin(), queue_.end(), [&](const Entry& q) { return q.bound >= start_cut; }),
               queue_.end());
  sort_by_bound(queue_, lists_.spare);
  std::size_t next_group = 0;
  while (true) {
    Entry e;
    if (next_group < queue_.size() && (pending_.empty() || queue_[next_group] < pending_.front())) {
      e = queue_[next_group++];
    } else if (!pending_.empty()) {
      std::pop_heap(pending_.begin(), pending_.end(), std::greater<Entry>());
      e = pending_.back();
      pending_.pop_back();
    } else {
      break;
    }
    if (e.bound >= cut()) break;
    Group& g = groups_[e.group];
    if (e.next < 0) expand(e.group);
    else descend(g, family(g, families_[g.first + e.next].second));
    const int next = e.next + 1;
    if (next < g.families) {
      pending_.push_back({families_[g.first + next].first, e.group, next});
      std::push_heap(pending_.begin(), pending_.end(), std::greater<Entry>());
    }
  }
}

// The seeds' costs here, timed as consider() times a layout. A seed is among the layouts
// this search weighs or those on fewer GPUs whose best is the plan on fewer GPUs, so the
// answer costs no more than the least seed: groups and widths bounded above it cannot hold
// the answer, nor a near-tie of it. Unlike the plan on fewer GPUs, a seed is not a
// candidate: which layout wins (and which of equal ones) is the same as without seeds.
void Search::seed() {
  for (int i = 0; i < r_.seed_count; ++i) {
    const Parallelism& par = r_.seeds[i];
    if (par.gpus() > r_.gpus || memory_.per_gpu(par).total_bytes() > usable_) continue;
    const IterationTime time = perf_.evaluate(par);
    seed_cut_ = std::min(seed_cut_, time.seconds * overhead_.at(par.gpus()) / time.global_batch / (1 - 1e-9));
  }
}

// Entries in the order of Entry::operator< (bound, then group) when they come in the order of
// their groups: a stable least-significant-digit radix sort on the bounds' bits, a byte at a
// time, skipping the bytes all bounds share. Non-negative doubles order as their bits do.
// Several times faster than std::sort's comparisons in the wasm module, where the sort took
// 8 % of a DeepSeek-V3 estimate.
void Search::sort_by_bound(std::vector<Entry>& entries, std::vector<Entry>& spare) {
  const std::size_t n = entries.size();
  if (n < 2) return;
  std::uint64_t all_and = ~std::uint64_t{0}, all_or = 0;
  for (Entry& e : entries) {
    e.bound += 0.0;  // -0 as +0
    std::uint64_t b;
    std::memcpy(&b, &e.bound, sizeof b);
    all_and &= b;
    all_or |= b;
  }
  spare.resize(n);
  const std::uint64_t differ = all_and ^ all_or;
  for (int shift = 0; shift < 64; shift += 8) {
    if ((differ >> shift & 0xFF) == 0) continue;  // the same byte in every bound
    auto digit = [shift](const Entry& e) {
      std::uint64_t b;
      std::memcpy(&b, &e.bound, sizeof b);
      return static_cast<unsigned>(b >> shift & 0xFF);
    };
    std::uint32_t start[257] = {};
    for (const Entry& e : entries) ++start[digit(e) + 1];
    for (int d = 0; d < 256; ++d) start[d + 1] += start[d];
    for (const Entry& e : entries) spare[start[digit(e)]++] = e;
    entries.swap(spare);
  }
}

// One family, dp from `top` down to `bottom`.
//
// Which widths: at a given micro-batch count m a wider dp is never slower per sequence
// once the data-parallel group spans two nodes or more (its step grows by less than its
// batch: the gradient traffic's inter-node share (n - 1)/n grows slowly and most of it
// hides behind the backward pass), so there only the widest dp of each m is timed: `top`,
// and the widths where one more micro-batch starts, which do not depend on N. Below that
// (slow networks, sends that stay in a node) every width is. A smaller N's layouts are
// thus among a larger N's or beaten by one of them: the time never rises with N.
//
// Which to skip: memory only grows as dp shrinks (ZeRO shards, more micro-batches in
// flight), so the first width that does not fit ends the family; widths whose bounds
// cannot beat the best so far are not timed.
void Search::descend(Group& g, Parallelism par) {
  const int top = g.top;
  int bottom = g.bottom;
  const int step = par.ep / std::gcd(par.ep, par.tp);  // tp x dp ranks hold whole expert groups
  const int zero = par.zero;
  bottom = std::max(bottom, zero >= 3 ? 2 : 1);  // ZeRO-3 needs data parallelism
  const int b = global_batch_, mb = par.micro_batch;
  Floors f = floors(g, par, bottom);
  const Bounds bounds(f, perf_, overhead_);
  bool timed = false;  // f holds the family's own work once a width is timed
  auto align = [&](int dp) { return dp / step * step; };
  // The widest dp below `dp` with more than m micro-batches.
  auto more_micro = [&](int dp, int m) { return align(std::min(dp - 1, widest_with_microbatches(b, mb, m + 1))); };
  // The next width to try below dp (which has m micro-batches).
  auto next = [&](int dp, int m) {
    const int near = dp - step < f.multi_node ? dp - step : align(f.multi_node - 1);
    return std::max(more_micro(dp, m), near);
  };
  int dp = align(top);
  while (dp >= bottom) {
    const int m = microbatches_for(b, dp * mb);
    if (timed) {
      const double limit = cut();
      if (bounds.below(dp) >= limit) break;
      if (dp >= f.multi_node && bounds.wide(dp) >= limit) {
        dp = align(f.multi_node - 1);
        continue;
      }
      if (bounds.same_m(dp, m, std::max(bottom, more_micro(dp, m) + 1)) >= limit) {
        dp = more_micro(dp, m);
        continue;
      }
      if (bounds.at(dp, m) >= limit) {
        dp = next(dp, m);
        continue;
      }
    }
    // Interleaving needs micro-batches in multiples of pp (Megatron's interleaved 1F1B).
    if (par.interleave > 1 && m % par.pp != 0) {
      dp = more_micro(dp, (m / par.pp + 1) * par.pp - 1);
      continue;
    }
    par.dp = dp;
    par.global_batch = m * dp * mb;
    par.zero = dp > 1 ? zero : 0;
    const IterationTime* time = consider(par);
    if (!time || r_.all_gpus) break;
    if (!timed) {
      f.work = stage_work(*time);
      f.p2p = time->breakdown.pp_comm / time->microbatches;
      f.p2p_spans = par.tp * dp >= c_.gpus_per_node;
      timed = true;
    }
    dp = next(dp, m);
  }
}

Plan Search::finish() {
  Plan out = best_.fits ? best_ : least_;
  if (!out.fits && have_least_) out.time = perf_.evaluate(out.par);
  out.configs_evaluated = evaluated_;
  out.configs_feasible = feasible_;
  out.groups_searched = static_cast<int>(groups_.size());
  if (r_.fixed) {
    out.batch_limited = false;
  } else if (r_.all_gpus) {
    out.batch_limited = batch_limited_;
  } else {
    out.batch_limited = batch_limited_on(out, r_.gpus, global_batch_);
  }
  if (out.batch_limited && r_.all_gpus) {
    // Nothing was tried: describe the smallest data-parallel layout, which does not run.
    out.par = Parallelism{};
    out.par.tp = std::min(r_.gpus, c_.gpus_per_node);
    out.par.dp = std::max(1, r_.gpus / out.par.tp);
    out.par.global_batch = global_batch_;
    out.fits = false;
  }
  out.gpus_used = out.par.gpus();
  return out;
}

}  // namespace gpusizer::planner
