// The planner's search (plan_training()), private to the files that define it, each of one job:
//   planner_candidates.cpp  the candidate layouts: (tp, pp, ep, micro-batch) groups and their families
//   planner_memory.cpp      the memory check: a group's floor, whether a layout fits
//   planner_scoring.cpp     timing and scoring: a layout's time and cost, what the bounds time
//   planner_search.cpp      the search: the queue of groups and families, the widths of a family
// and planner.cpp the public functions of planner.hpp. What the search calls for every group,
// family or width it weighs (the bounds and their terms, the run overhead, the small helpers)
// is defined here, inline: out of line, in the files of their jobs, the calls cost the search
// about a fifth more instructions natively.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

#include "footprint/memory.hpp"
#include "job/parallelism.hpp"
#include "training/calibration.hpp"
#include "training/perf_model.hpp"
#include "training/planner.hpp"
#include "training/run_model.hpp"

namespace gpusizer::planner {

// run_time_factor() and, for the bounds, its least value on 1..g GPUs (the constructor finds
// the count where it is least: planner_scoring.cpp).
class RunOverhead {
 public:
  RunOverhead(const Calibration& cal, int gpus);
  double at(int gpus) const {
    Memo& memo = memo_[static_cast<unsigned>(gpus) % kMemo];  // the bounds ask for few counts, often
    if (memo.gpus != gpus) memo = {gpus, run_time_factor(gpus, cal_)};
    return memo.factor;
  }
  double least_up_to(int gpus) const { return at(std::min(gpus, argmin_)); }

 private:
  static constexpr unsigned kMemo = 64;
  struct Memo {
    int gpus = -1;
    double factor = 0;
  };
  const Calibration& cal_;
  int argmin_ = 1;
  mutable Memo memo_[kMemo];
};

// Lower bounds on the cost (seconds per sequence x run overhead) of a layout family
// (everything but dp) at a width and at ranges of narrower ones. A step of m micro-batches
// takes at least:
// - compute: (m + (pp - 1)/v) x the stage's work per micro-batch w (perf.cpp's 1F1B), plus
//   its point-to-point sends where dp is on the same side of a node as where they were timed;
// - traffic: its data-parallel collectives, less what one micro-batch's work hides of them.
//   ZeRO-1 (Megatron's distributed optimizer) reduce-scatters the trainable gradients (in
//   fp32, as perf.cpp has Megatron do) and all-gathers the updated weights (bf16) once per
//   step, behind the last micro-batch at best: (m - 1 + (pp - 1)/v) w + S. ZeRO-3 gathers the
//   weights twice and reduce-scatters the gradients (bf16) for each micro-batch, behind that
//   micro-batch at best: (pp - 1)/v w + m X (Rajbhandari et al. 2020). S and X are timed by
//   perf's collective model, which grows with the ranks: over the narrowest multi-node width
//   (dense parameters, over dp ranks; a mixture's experts, over the tp dp / ep ranks that hold
//   a copy of each) for the widths from there up, and dense only elsewhere.
// A narrower width has at most b / (dp mb) + 1/2 micro-batches, so at most b + dp mb / 2
// sequences per step, and no more traffic.
struct Floors {
  int tp = 1, pp = 1, micro_batch = 1, node = 8, global_batch = 1;
  bool zero3 = false;
  double work = 0;         // w: stage work per micro-batch without the sends (the same at every dp)
  double p2p = 0;          // the sends per micro-batch, timed where tp x dp spans nodes or not:
  bool p2p_spans = false;
  double bubble = 0;       // (pp - 1) / v
  double grads_bytes = 0;  // bf16 trainable gradients of a stage's GPU
  int multi_node = 2;      // the narrowest dp whose groups span two nodes
  // At multi_node (at the narrowest width searched, when wider): one collective of the
  // trainable gradients (X), and S: the fp32 reduce-scatter and the bf16 all-gather.
  double multi_node_collective = 0;
  double multi_node_step = 0;
  bool traffic = true;     // false: no traffic floor (a calibration that hides more than it overlaps)
};

// Per sequence, before the run overhead, at every width up to one of dp mb sequences per
// micro-batch (so at most b + dp mb / 2 per step; `per_seq` = 1 / (dp mb), `per_step` =
// 1 / (b + dp mb / 2)): the compute floor, and the traffic floor of widths whose collectives
// take at least `one` each (ZeRO-3; ZeRO-1: `step` = S a step).
inline double compute_floor(double w, double bubble, double per_seq, double per_step) {
  return w * (per_seq + bubble * per_step);
}
inline double traffic_floor(double w, double bubble, double one, double step, bool zero3, double per_seq,
                            double per_step) {
  if (zero3) return bubble * w * per_step + 3 * one * per_seq;  // w bubble / per step + m X / (m dp mb)
  const double hidden_less = (bubble - 1) * w + step;          // (m - 1 + bubble) w + S = m w + this
  return hidden_less >= 0 ? w * per_seq + hidden_less * per_step : 0;
}

class Bounds {
 public:
  Bounds(const Floors& f, const PerfModel& perf, const RunOverhead& overhead)
      : f_(f), perf_(perf), overhead_(overhead) {}

  // This width, with its m micro-batches.
  double at(int dp, int m) const {
    const double stage = f_.work + (spans(dp) == f_.p2p_spans ? f_.p2p : 0);
    return std::max(stage * (m + f_.bubble), with_traffic(stage, dp, m)) / (m * seqs(dp)) *
           overhead_.at(gpus(dp));
  }
  // The widths from `lowest` to dp that have m micro-batches.
  double same_m(int dp, int m, int lowest) const {
    return std::max(f_.work * (m + f_.bubble), with_traffic(f_.work, lowest, m)) / (m * seqs(dp)) *
           overhead_.least_up_to(gpus(dp));
  }
  // The widths searched from multi_node to dp.
  double wide(int dp) const {
    const double w = f_.work + (f_.p2p_spans ? f_.p2p : 0);
    const double one = f_.traffic ? f_.multi_node_collective : 0;
    const double step = f_.traffic ? f_.multi_node_step : 0;
    return std::max(compute_floor(w, f_.bubble, 1 / seqs(dp), 1 / per_step(dp)),
                    traffic_floor(w, f_.bubble, one, step, f_.zero3, 1 / seqs(dp), 1 / per_step(dp))) *
           overhead_.least_up_to(gpus(dp));
  }
  // Every width up to dp.
  double below(int dp) const {
    if (dp >= f_.multi_node) return std::min(wide(dp), below(f_.multi_node - 1));
    return dp >= 1 ? compute_floor(f_.work, f_.bubble, 1 / seqs(dp), 1 / per_step(dp)) * overhead_.least_up_to(gpus(dp))
                   : HUGE_VAL;
  }

 private:
  const Floors& f_;
  const PerfModel& perf_;
  const RunOverhead& overhead_;

  int gpus(int dp) const { return f_.tp * f_.pp * dp; }
  double seqs(int dp) const { return static_cast<double>(dp) * f_.micro_batch; }
  double per_step(int dp) const { return f_.global_batch + seqs(dp) / 2; }
  bool spans(int dp) const { return f_.tp * dp >= f_.node; }  // sends between nodes (perf.cpp)
  // A step of m micro-batches with its traffic at width dp (or more), for a stage's work w.
  double with_traffic(double w, int dp, int m) const {
    if (!f_.traffic || dp < 2) return f_.zero3 ? f_.bubble * w : (m - 1 + f_.bubble) * w;
    if (f_.zero3) return f_.bubble * w + 3 * m * collective(dp, f_.grads_bytes, f_.multi_node_collective);
    return (m - 1 + f_.bubble) * w + collective(dp, 2 * f_.grads_bytes, f_.multi_node_step - f_.multi_node_collective) +
           collective(dp, f_.grads_bytes, f_.multi_node_collective);
  }
  double collective(int dp, double bytes, double at_multi_node) const {
    if (dp == f_.multi_node) return at_multi_node;
    return perf_.collective_seconds(bytes, dp, std::min(dp, std::max(1, f_.node / f_.tp)));
  }
};

// The search: (tp, pp, ep, micro-batch) groups whose data-parallel width goes up to `top` =
// min(N / (tp pp), global batch / micro-batch), each with families of interleaving,
// recomputation and ZeRO stage; taken most promising first by lower bounds on their cost,
// so that the search stops as soon as the best layout found beats every bound left.
class Search {
 public:
  Search(const Model& m, const TrainingSpec& t, const Cluster& c, const PlanRequest& r);

  Plan run();
  bool seeds_failed() const;

 private:
  const Model& m_;
  const TrainingSpec& t_;
  const Cluster& c_;
  const PlanRequest& r_;
  const Calibration& cal_;
  PerfModel perf_;
  MemoryModel memory_;
  RunOverhead overhead_;
  double usable_;
  int global_batch_;
  int layers_;
  double trainable_dense_;
  bool traffic_bounds_;
  Plan best_, least_;
  double best_cost_ = 0;  // whole-run seconds per sequence: what the search minimizes
  IterationTime last_;
  bool have_least_ = false;
  int evaluated_ = 0, feasible_ = 0;
  bool batch_limited_ = true;  // all_gpus: until a layout within the batch is seen
  int above_ = 0;              // only layouts on more GPUs than this are weighed (PlanRequest::fewer)
  double seed_cut_ = HUGE_VAL;  // the least seed's cost, as cut() compares it (PlanRequest::seeds)

  // (tp, pp, ep, micro-batch) groups, then their families (v, recomputation, ZeRO), are
  // searched most promising first by their bounds: once the best so far beats the least
  // bound left, it beats every layout left.
  struct Group {
    int tp, pp, ep, mb, top, bottom;
    int multi_node;                // the narrowest dp whose groups span two nodes
    std::size_t work_key;          // one_stage_work()'s key, less recomputation and ZeRO
    // For family_bound(): per sequence and per step at top and at multi_node - 1 (see
    // compute_floor), times the least run overhead up to their GPUs.
    double top_seq, top_step, narrow_seq, narrow_step;
    int families = 0, first = 0;   // expanded: families_[first..first + families), least bound first
    int rates = 0;                 // its GroupRates in rates_
  };
  struct Entry {
    double bound;
    int group;
    int next;  // the group's next family in order of bounds; -1: the group, not yet expanded
    bool operator<(const Entry& o) const {
      return bound != o.bound ? bound < o.bound : group != o.group ? group < o.group : next < o.next;
    }
    bool operator>(const Entry& o) const { return o < *this; }
  };
  // What the groups of one (tp, pp, ep) share whatever their micro-batch: the collectives'
  // rates at the narrowest width searched, when it is above multi_node (rates_over()), and the
  // traffic of v = 1 there (traffic_of(), for a group whose top reaches multi_node).
  struct Rates {  // rates_over()
    PerfModel::CollectiveCost dense, experts;
  };
  struct GroupRates {
    Rates rates;
    PlanCache::Traffic v1;  // grads < 0: not yet (v1_traffic())
  };
  // The search's lists, kept from one search to the next on this thread (searches do not nest)
  // so that a deadline's dozens of searches do not grow them again each time.
  struct Lists {
    std::vector<Group> groups;
    std::vector<Entry> spare;  // sort_by_bound()'s
    std::vector<GroupRates> rates;
    std::vector<Entry> queue;    // the groups' entries
    std::vector<Entry> pending;  // a heap (std::greater: least bound on top) of expanded groups' next families
    std::vector<std::pair<double, int>> families;  // (bound, family index) of expanded groups
  };
  static Lists& emptied_lists();
  Lists& lists_ = emptied_lists();
  std::vector<Group>& groups_ = lists_.groups;
  std::vector<GroupRates>& rates_ = lists_.rates;
  std::vector<Entry>& queue_ = lists_.queue;
  std::vector<Entry>& pending_ = lists_.pending;
  std::vector<std::pair<double, int>>& families_ = lists_.families;
  PlanCache own_cache_;
  PlanCache& cache_;
  int ep_degrees_;        // expert-parallel degrees: 1, 2, 4, ... up to the experts
  std::size_t degrees_;   // (tp, ep) pairs

  // A data-parallel width and its factors (Group::top_seq and top_step at the top width,
  // narrow_seq and narrow_step below multi_node), and what the groups of one (tp, pp) share
  // (add_groups()).
  struct Width {
    int dp = 0;
    double per_seq = 0, per_step = 0;
  };
  struct Shared {
    Width widths[4];  // by log2 of the micro-batch
    double share = 0, bubble = 0;  // v = 1's share of the layers, the least bubble
  };

  // What the group's families hold at its widest width (the least, memory only shrinking
  // with dp), from two of them: a family's states (weights, gradients, optimizer) and runtime
  // overhead depend on its ZeRO stage alone, its activations on its recomputation, and
  // interleaving only adds to them.
  struct MemoryFloor {
    double states[2] = {0, 0};  // with overhead: ZeRO-1, ZeRO-3
    double full = 0;            // activations: full recomputation
    double stored = 0;          // none (with FlashAttention) or selective, which holds no more than none
    // Whether family i may fit: at least its floor is within usable, or below the least
    // memory seen so far (which stands for the group when nothing fits: keep weighing it).
    bool may_fit(int i, double usable, double least) const {
      const double floor = states[i % 2] + (i / 2 % 3 == static_cast<int>(Recompute::full) ? full : stored);
      return floor <= usable || floor < least;
    }
  };

  // A stage's sends per micro-batch (perf.cpp's) with v = 2^k: inside a node, and between
  // nodes, where every width from multi_node up sends them (tp dp >= 2 x the node's GPUs).
  struct Sends {
    double inside = 0, between = 0;
  };

  // Small helpers that every file of the search calls, inline here.

  // Bounds this high cannot win: above the best so far, or above a seed's cost (seed_cut_).
  double cut() const { return std::min(best_.fits ? best_cost_ / (1 - 1e-9) : HUGE_VAL, seed_cut_); }
  // A group's families: interleaving v = 1, 2, 4, 8 (pipelines), recomputation none,
  // selective (without FlashAttention), full; ZeRO-1 or 3. Family i: v = 2^(i / 6),
  // recomputation i / 2 % 3, ZeRO-3 when i is odd (4 x 3 x 2 of them).
  Parallelism family(const Group& g, int i) const {
    Parallelism par;
    par.tp = g.tp;
    par.pp = g.pp;
    par.ep = g.ep;
    par.micro_batch = g.mb;
    par.interleave = 1 << (i / 6);
    par.recompute = static_cast<Recompute>(i / 2 % 3);
    par.sequence_parallel = g.tp > 1;
    par.zero = i % 2 ? 3 : 1;
    return par;
  }
  // Interleaving v = 2^k on pp stages: a layer per chunk at least.
  bool interleave_ok(int pp, int k) const { return k == 0 || (pp > 1 && layers_ >= pp * (1 << k)); }
  int stage_layers(int pp, int v) const { return (layers_ + pp * v - 1) / (pp * v) * v; }
  // With v = 2^k: a stage's share of the layers, and the bubble in micro-batch times.
  double layers_share(int pp, int k) const { return static_cast<double>(stage_layers(pp, 1 << k)) / layers_; }
  static double bubble_of(int pp, int k) { return pp > 1 ? (pp - 1.0) / (1 << k) : 0.0; }
  static int log2(int power_of_two) { return __builtin_ctz(static_cast<unsigned>(power_of_two)); }
  static int floor_log2(int x) { return 31 - __builtin_clz(static_cast<unsigned>(std::max(1, x))); }
  // PlanCache keys start from the (tp, ep) pair.
  std::size_t degree(int tp, int ep) const { return static_cast<std::size_t>(log2(tp)) * ep_degrees_ + log2(ep); }

  // The search (planner_search.cpp).
  void search();
  void seed();
  static void sort_by_bound(std::vector<Entry>& entries, std::vector<Entry>& spare);
  void descend(Group& g, Parallelism par);
  Plan finish();

  // Candidate layouts (planner_candidates.cpp).
  void add_groups(int n);
  bool pipeline_degree(int pp, int gpus_per_stage) const;
  bool valid(const Group& g, int i) const;
  Width width_at(int tp_pp, int mb, int dp) const;
  // (Inline, and defined beside its one caller add_groups(), which runs it for every group:
  // the call cost the search 2 % of its instructions.)
  inline void add_group(int tp, int pp, int ep, int mb, const Width& width, int bottom, const Shared& shared,
                        int& rates);
  void expand(int group);

  // The memory check (planner_memory.cpp).
  bool may_fit(const Group& g, MemoryFloor& floor);
  bool fits(const Parallelism& par, MemoryBreakdown& memory);

  // Timing and scoring (planner_scoring.cpp): a layout's time and cost, and the time model's
  // figures that the terms of the bounds below take from the cache, timed there the first time.
  const IterationTime* consider(const Parallelism& par);
  double stage_work(const IterationTime& time) const;
  double time_one_stage(const Group& g, int i);
  void time_sends(const Group& g, int k, std::size_t key);
  Rates rates_over(const Group& g, int dp) const;
  const PlanCache::Traffic& time_traffic(const Group& g, int v);

  // The terms of the bounds, which add_group(), expand() and descend() take for every group,
  // family and width: a cache look-up and arithmetic, inline here so that those fold them into
  // their loops; what the cache does not hold yet is timed by planner_scoring.cpp's time_*().

  // A stage's work per micro-batch of the one-stage layout of a family: timed once per tp,
  // ep, micro-batch, recomputation and ZeRO stage. A stage of pp has at least its share of
  // the layers' part of it, and the whole output head.
  double one_stage_work(const Group& g, int i) {
    double& work = cache_.stage_work[g.work_key + i % 6];
    if (work < 0) work = time_one_stage(g, i);
    return work;
  }

  // The group's Sends with v = 2^k (none without pipelining).
  Sends sends_of(const Group& g, int k) {
    if (g.pp == 1) return {};
    // They depend on tp, the micro-batch and v alone (and the cluster): kept by those in the
    // cache, for every count's search.
    const std::size_t key = 2 * ((static_cast<std::size_t>(log2(g.tp)) * 4 + log2(g.mb)) * 4 + k);
    const std::vector<double>& sends = cache_.sends;
    if (key >= sends.size() || sends[key] < 0) time_sends(g, k, key);
    return {sends[key], sends[key + 1]};
  }

  // Bounds::below(top) before any of the family is timed (a stage's share of the one-stage
  // work and its sends, the cheaper inside a node where a width may send there), from the
  // group's shared terms; share, bubble: layers_share() and bubble_of() (or a lower one), tr:
  // traffic_of(), sends: sends_of(), of v = 2^(i / 6) (or fewer sends).
  double family_bound(const Group& g, int i, double share, double bubble, const PlanCache::Traffic& tr,
                      const Sends& sends) {
    const double w = one_stage_work(g, i) * share;
    if (g.top < g.multi_node) return compute_floor(w + sends.inside, bubble, g.top_seq, g.top_step);
    const double w_wide = w + sends.between;
    const double wide = std::max(compute_floor(w_wide, bubble, g.top_seq, g.top_step),
                                 traffic_floor(w_wide, bubble, tr.one, tr.step, i % 2, g.top_seq, g.top_step));
    return g.multi_node < 2 ? wide : std::min(wide, compute_floor(w + sends.inside, bubble, g.narrow_seq, g.narrow_step));
  }

  // What family_bound() takes for the group's families of v = 2^k: the traffic floor of the
  // widths searched from the narrowest multi-node one up, at that width or at the narrowest
  // searched when it is wider (a search above the plan on fewer GPUs): the collectives grow
  // with dp. None where the bounds need none (no multi-node width, or a calibration that hides
  // more than it overlaps).
  // `rates`: rates_over(g, g.bottom), needed when g.bottom > g.multi_node.
  PlanCache::Traffic traffic_of(const Group& g, int k, const Rates& rates) {
    if (!traffic_bounds_ || g.top < g.multi_node) return {0, 0, 0, 0};
    if (g.bottom > g.multi_node) return traffic_over(g, 1 << k, rates);
    return traffic(g, 1 << k);
  }

  // The group's gradients and their traffic at the narrowest multi-node width: shared by the
  // group's families of one v and by every count's search.
  const PlanCache::Traffic& traffic(const Group& g, int v) {
    const int row = cache_.traffic_row[g.pp];
    if (row >= 0) {
      const PlanCache::Traffic& tr = cache_.traffic[row * (degrees_ * 4) + degree(g.tp, g.ep) * 4 + log2(v)];
      if (!(tr.grads < 0)) return tr;
    }
    return time_traffic(g, v);
  }

  // traffic() at the width of `rates`.
  PlanCache::Traffic traffic_over(const Group& g, int v, const Rates& rates) {
    PlanCache::Traffic tr = traffic(g, v);
    collectives(tr, rates);
    return tr;
  }

  // One collective of the trainable gradients (dense and experts') and ZeRO-1's step traffic
  // (an fp32 reduce-scatter and a bf16 all-gather of each), as perf.cpp times them.
  static void collectives(PlanCache::Traffic& tr, const Rates& rates) {
    tr.one = rates.dense.seconds(tr.grads);
    tr.step = rates.dense.seconds(2 * tr.grads) + tr.one;
    if (tr.expert_grads > 0) {
      const double one = rates.experts.seconds(tr.expert_grads);
      tr.one += one;
      tr.step += rates.experts.seconds(2 * tr.expert_grads) + one;
    }
  }

  // traffic_of(g, 0, rates_over(g, g.bottom)), from the group's GroupRates.
  // (Kept only where traffic_of() gives the traffic itself: its none depends on the group's top.)
  PlanCache::Traffic v1_traffic(const Group& g) {
    if (!traffic_bounds_ || g.top < g.multi_node) return {0, 0, 0, 0};
    GroupRates& r = rates_[g.rates];
    if (r.v1.grads < 0) r.v1 = traffic_of(g, 0, r.rates);
    return r.v1;
  }

  // The family's floors for the widths from `bottom` up.
  Floors floors(Group& g, const Parallelism& par, int bottom) {
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
};

}  // namespace gpusizer::planner
