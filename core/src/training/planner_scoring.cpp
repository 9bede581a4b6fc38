// Timing and scoring: a layout's time and whole-run cost, and the terms of the lower bounds
// (a family's stage work, sends and data-parallel traffic) that let the search skip layouts.
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

// A stage's work per micro-batch of the one-stage layout of a family: timed once per tp,
// ep, micro-batch, recomputation and ZeRO stage. A stage of pp has at least its share of
// the layers' part of it, and the whole output head.
double Search::one_stage_work(const Group& g, int i) {
  double& work = cache_.stage_work[g.work_key + i % 6];
  if (work < 0) {
    Parallelism par = family(g, i % 6);
    par.pp = 1;
    par.dp = par.zero >= 3 ? 2 : 1;
    par.global_batch = par.dp * par.micro_batch;
    work = stage_work(perf_.evaluate(par));
  }
  return work;
}

// The group's Sends with v = 2^k (none without pipelining).
Search::Sends Search::sends_of(const Group& g, int k) {
  if (g.pp == 1) return {};
  // They depend on tp, the micro-batch and v alone (and the cluster): kept by those in the
  // cache, for every count's search.
  const std::size_t key = 2 * ((static_cast<std::size_t>(log2(g.tp)) * 4 + log2(g.mb)) * 4 + k);
  std::vector<double>& sends = cache_.sends;
  if (key >= sends.size()) sends.resize(std::max<std::size_t>(key + 2, 128), -1);  // 128: tp up to 8
  if (sends[key] < 0) {
    Parallelism par;
    par.tp = g.tp;
    par.micro_batch = g.mb;
    par.sequence_parallel = g.tp > 1;
    par.interleave = 1 << k;
    sends[key] = perf_.send_seconds(par, false);
    sends[key + 1] = perf_.send_seconds(par, true);
  }
  return {sends[key], sends[key + 1]};
}

// Bounds::below(top) before any of the family is timed (a stage's share of the one-stage
// work and its sends, the cheaper inside a node where a width may send there), from the
// group's shared terms; share, bubble: layers_share() and bubble_of() (or a lower one), tr:
// traffic_of(), sends: sends_of(), of v = 2^(i / 6) (or fewer sends).
double Search::family_bound(const Group& g, int i, double share, double bubble, const PlanCache::Traffic& tr,
                            const Sends& sends) {
  const double w = one_stage_work(g, i) * share;
  if (g.top < g.multi_node) return compute_floor(w + sends.inside, bubble, g.top_seq, g.top_step);
  const double w_wide = w + sends.between;
  const double wide = std::max(compute_floor(w_wide, bubble, g.top_seq, g.top_step),
                               traffic_floor(w_wide, bubble, tr.one, tr.step, i % 2, g.top_seq, g.top_step));
  return g.multi_node < 2 ? wide : std::min(wide, compute_floor(w + sends.inside, bubble, g.narrow_seq, g.narrow_step));
}

// The collectives' costs at data-parallel width dp (Rates: of the dense gradients over dp
// ranks, of the experts' over the tp dp / ep ranks holding a copy of each; perf.cpp's
// dense_op and expert_op).
Search::Rates Search::rates_over(const Group& g, int dp) const {
  const int per_node = std::max(1, c_.gpus_per_node / g.tp);
  const int copies = m_.is_moe() ? static_cast<int>(static_cast<double>(g.tp) * dp / g.ep) : 0;
  return {perf_.collective_cost(dp, std::min(dp, per_node)), perf_.collective_cost(copies, std::min(copies, per_node))};
}

// What family_bound() takes for the group's families of v = 2^k: the traffic floor of the
// widths searched from the narrowest multi-node one up, at that width or at the narrowest
// searched when it is wider (a search above the plan on fewer GPUs): the collectives grow
// with dp. None where the bounds need none (no multi-node width, or a calibration that hides
// more than it overlaps).
// `rates`: rates_over(g, g.bottom), needed when g.bottom > g.multi_node.
PlanCache::Traffic Search::traffic_of(const Group& g, int k, const Rates& rates) {
  if (!traffic_bounds_ || g.top < g.multi_node) return {0, 0, 0, 0};
  if (g.bottom > g.multi_node) return traffic_over(g, 1 << k, rates);
  return traffic(g, 1 << k);
}

// traffic_of(g, 0, rates_over(g, g.bottom)), from the group's GroupRates.
// (Kept only where traffic_of() gives the traffic itself: its none depends on the group's top.)
PlanCache::Traffic Search::v1_traffic(const Group& g) {
  if (!traffic_bounds_ || g.top < g.multi_node) return {0, 0, 0, 0};
  GroupRates& r = rates_[g.rates];
  if (r.v1.grads < 0) r.v1 = traffic_of(g, 0, r.rates);
  return r.v1;
}

// The group's gradients and their traffic at the narrowest multi-node width: shared by the
// group's families of one v and by every count's search.
const PlanCache::Traffic& Search::traffic(const Group& g, int v) {
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

// traffic() at the width of `rates`.
PlanCache::Traffic Search::traffic_over(const Group& g, int v, const Rates& rates) {
  PlanCache::Traffic tr = traffic(g, v);
  collectives(tr, rates);
  return tr;
}

// One collective of the trainable gradients (dense and experts') and ZeRO-1's step traffic
// (an fp32 reduce-scatter and a bf16 all-gather of each), as perf.cpp times them.
void Search::collectives(PlanCache::Traffic& tr, const Rates& rates) {
  tr.one = rates.dense.seconds(tr.grads);
  tr.step = rates.dense.seconds(2 * tr.grads) + tr.one;
  if (tr.expert_grads > 0) {
    const double one = rates.experts.seconds(tr.expert_grads);
    tr.one += one;
    tr.step += rates.experts.seconds(2 * tr.expert_grads) + one;
  }
}

// The family's floors for the widths from `bottom` up.
Floors Search::floors(Group& g, const Parallelism& par, int bottom) {
  Floors f;
  f.tp = par.tp;
  f.pp = par.pp;
  f.micro_batch = par.micro_batch;
  f.node = c_.gpus_per_node;
  f.global_batch = global_batch_;
  f.zero3 = par.zero >= 3;
  f.bubble = par.pp > 1 ? (par.pp - 1.0) / par.interleave : 0.0;
  f.multi_node = g.multi_node;
  const PlanCache::Traffic& tr = traffic(g, par.interleave);
  f.grads_bytes = tr.grads;
  f.multi_node_collective = tr.one;
  f.multi_node_step = tr.step;
  if (bottom > g.multi_node) {  // no width from multi_node to bottom is searched
    // (bottom is then the group's own, multi_node being 2 or more: its GroupRates are there.)
    const PlanCache::Traffic at = traffic_over(g, par.interleave, rates_[g.rates].rates);
    f.multi_node_collective = at.one;
    f.multi_node_step = at.step;
  }
  f.traffic = traffic_bounds_;
  return f;
}

}  // namespace gpusizer::planner
