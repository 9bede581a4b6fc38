#include "training/planner.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <numeric>
#include <tuple>
#include <vector>

#include "training/calibration.hpp"
#include "training/perf_model.hpp"
#include "training/run_model.hpp"

namespace gpusizer {

int microbatches_for(int global_batch, int per_step) {
  const long b = global_batch, p = std::max(1, per_step);
  return static_cast<int>(std::max(1L, (2 * b + p) / (2 * p)));  // floor(b / p + 1/2)
}

namespace {

// The widest dp whose micro-batch count is at least k >= 1:
// floor(b / (dp mb) + 1/2) >= k  <=>  dp <= 2b / ((2k - 1) mb).
int widest_with_microbatches(int global_batch, int micro_batch, int k) {
  return static_cast<int>(2L * global_batch / ((2L * k - 1) * micro_batch));
}

// run_time_factor() and, for the bounds, its least value on 1..g GPUs. The factor is convex
// in the GPU count (checkpoints as a share, failures growing with it), so its minimum on 1..N
// is found by bisection on the sign of its forward difference.
class RunOverhead {
 public:
  RunOverhead(const Calibration& cal, int gpus) : cal_(cal) {
    int lo = 1, hi = std::max(1, gpus);
    while (lo < hi) {
      const int mid = lo + (hi - lo) / 2;
      if (at(mid + 1) < at(mid)) lo = mid + 1;
      else hi = mid;
    }
    argmin_ = lo;
  }
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
double compute_floor(double w, double bubble, double per_seq, double per_step) {
  return w * (per_seq + bubble * per_step);
}
double traffic_floor(double w, double bubble, double one, double step, bool zero3, double per_seq, double per_step) {
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
  Search(const Model& m, const TrainingSpec& t, const Cluster& c, const PlanRequest& r)
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

  Plan run() {
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
  bool seeds_failed() const { return seed_cut_ < HUGE_VAL && !(best_.fits && best_cost_ / (1 - 1e-9) <= seed_cut_); }

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
  static Lists& emptied_lists() {
    thread_local Lists lists;
    lists.groups.clear();
    lists.rates.clear();
    lists.queue.clear();
    lists.pending.clear();
    lists.families.clear();
    return lists;
  }
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

  // Bounds this high cannot win: above the best so far, or above a seed's cost (seed_cut_).
  double cut() const { return std::min(best_.fits ? best_cost_ / (1 - 1e-9) : HUGE_VAL, seed_cut_); }

  void search() {
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

  // The (tp, pp, ep, micro-batch) groups of the layouts on n GPUs, each with its bound: into
  // groups_, and their entries into queue_ in the same order (search() sorts them).
  void add_groups(int n) {
    const int node = c_.gpus_per_node;
    for (int tp = 1; tp <= n && tp <= node; tp *= 2) {
      if (!m_.tensor_parallel_ok(tp) || (r_.all_gpus && n % tp != 0)) continue;
      for (int pp = 1; pp <= layers_ && tp * pp <= n; ++pp) {
        if (!pipeline_degree(pp, n / tp)) continue;
        const int dp_max = n / (tp * pp);
        // Widths above the GPUs of the plan on fewer (PlanRequest::fewer) only.
        const int bottom = r_.all_gpus ? dp_max : above_ / (tp * pp) + 1;
        // What this (tp, pp)'s groups share whatever their expert parallelism (there are up to
        // 13 of it): by micro-batch, the top width and its per-sequence and per-step factors;
        // the bubble and the share of v = 1 for the group bounds (add_group()).
        Shared shared;
        int most_v = 0;  // the most interleaving
        while (most_v < 3 && interleave_ok(pp, most_v + 1)) ++most_v;
        shared.share = layers_share(pp, 0);
        shared.bubble = bubble_of(pp, most_v);
        for (int k = 0; k < 4; ++k) {
          const int mb = 1 << k;
          shared.widths[k] = width_at(tp * pp, mb, std::min(dp_max, global_batch_ / mb));
        }
        for (int ep = 1; ep == 1 || (m_.is_moe() && ep <= m_.experts); ep *= 2) {
          if (ep > 1 && m_.experts % ep != 0) continue;
          int rates = -1;  // this (tp, pp, ep)'s Rates, made by its first group
          for (int mb = 1; mb <= 8; mb *= 2) {
            const Width& width = shared.widths[log2(mb)];
            const int top = width.dp;
            if (top < 1 || (r_.all_gpus && top < dp_max)) break;
            batch_limited_ = false;
            // tp x dp ranks hold whole expert groups (descend()): no width of them up to top.
            const int step = ep / std::gcd(ep, tp);
            if (top / step * step < bottom) continue;
            add_group(tp, pp, ep, mb, width, bottom, shared, rates);
          }
        }
      }
    }
  }

  // The seeds' costs here, timed as consider() times a layout. A seed is among the layouts
  // this search weighs or those on fewer GPUs whose best is the plan on fewer GPUs, so the
  // answer costs no more than the least seed: groups and widths bounded above it cannot hold
  // the answer, nor a near-tie of it. Unlike the plan on fewer GPUs, a seed is not a
  // candidate: which layout wins (and which of equal ones) is the same as without seeds.
  void seed() {
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
  static void sort_by_bound(std::vector<Entry>& entries, std::vector<Entry>& spare) {
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

  // Pipeline degrees, the same for every GPU count (so a count sees every layout of a
  // smaller one): 1-8, the divisors of the layers up to 16, powers of two (Llama 3 405B
  // trained with 16 stages of 126 layers). all_gpus: the degrees that divide the GPUs, as
  // published runs chose them.
  bool pipeline_degree(int pp, int gpus_per_stage) const {
    if (r_.all_gpus) return gpus_per_stage % pp == 0;
    return pp <= 8 || (pp <= 16 && layers_ % pp == 0) || (pp & (pp - 1)) == 0;
  }

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
  bool valid(const Group& g, int i) const {
    if (!interleave_ok(g.pp, i / 6)) return false;
    if (i / 2 % 3 == static_cast<int>(Recompute::selective) && t_.flash_attention) return false;  // nothing to drop
    return i % 2 == 0 || g.top >= 2;
  }

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
  // Width dp (0 per sequence and step below 1) of groups of tp x pp GPUs and micro-batch mb: the
  // least run overhead up to its GPUs per sequence and per step (compute_floor).
  Width width_at(int tp_pp, int mb, int dp) const {
    Width w;
    w.dp = dp;
    if (dp < 1) return w;
    const double ovh = overhead_.least_up_to(tp_pp * dp);
    w.per_seq = ovh / (static_cast<double>(dp) * mb);
    w.per_step = ovh / (global_batch_ + dp * mb / 2.0);
    return w;
  }

  void add_group(int tp, int pp, int ep, int mb, const Width& width, int bottom, const Shared& shared, int& rates) {
    Group g;
    g.tp = tp;
    g.pp = pp;
    g.ep = ep;
    g.mb = mb;
    g.top = width.dp;
    g.bottom = bottom;
    g.multi_node = 2 * std::max(1, c_.gpus_per_node / tp) * std::max(1, ep / tp);
    g.work_key = (degree(tp, ep) * 4 + log2(mb)) * 6;
    g.top_seq = width.per_seq;
    g.top_step = width.per_step;
    const Width narrow = width_at(tp * pp, mb, g.multi_node - 1);
    g.narrow_seq = narrow.per_seq;
    g.narrow_step = narrow.per_step;
    // Least over the families: no recomputation (which only adds work), a stage's fewest
    // layers (v = 1) with the smallest bubble (the most interleaving), ZeRO-1 or 3.
    const double share = shared.share, bubble = shared.bubble;
    if (rates < 0) {  // bottom and multi_node are the same for every micro-batch
      rates = static_cast<int>(rates_.size());
      GroupRates r;
      if (g.bottom > g.multi_node) r.rates = rates_over(g, g.bottom);
      rates_.push_back(r);
    }
    g.rates = rates;
    const PlanCache::Traffic tr = v1_traffic(g);
    const Sends sends = sends_of(g, 0);  // v = 1 sends the least
    double least = family_bound(g, 0, share, bubble, tr, sends);
    if (valid(g, 1)) least = std::min(least, family_bound(g, 1, share, bubble, tr, sends));
    groups_.push_back(g);
    queue_.push_back({least, static_cast<int>(groups_.size()) - 1, -1});
  }

  // The group's families that might beat the best so far, least bound first.
  void expand(int group) {
    Group& g = groups_[group];
    const double limit = cut();
    g.first = static_cast<int>(families_.size());
    MemoryFloor floor;
    if (!may_fit(g, floor)) return;
    const Rates rates = rates_[g.rates].rates;
    // valid(), its terms taken out of the loops.
    const bool selective = !t_.flash_attention, zero3 = g.top >= 2;
    const double least = least_.memory.total_bytes();
    for (int k = 0; k < 4; ++k) {  // v = 2^k, whose share, bubble and traffic the family bounds share
      if (!interleave_ok(g.pp, k)) break;  // no more interleaving either
      const PlanCache::Traffic tr = k == 0 ? v1_traffic(g) : traffic_of(g, k, rates);
      const double share = layers_share(g.pp, k), bubble = bubble_of(g.pp, k);
      const Sends sends = sends_of(g, k);
      for (int i = k * 6; i < k * 6 + 6; ++i) {
        if ((i / 2 % 3 == static_cast<int>(Recompute::selective) && !selective) || (i % 2 && !zero3)) continue;
        if (!floor.may_fit(i, usable_, least)) continue;
        const double bound = family_bound(g, i, share, bubble, tr, sends);
        if (bound < limit) families_.emplace_back(bound, i);
      }
    }
    g.families = static_cast<int>(families_.size()) - g.first;
    std::sort(families_.begin() + g.first, families_.end());
  }

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

  // Whether any family of the group can fit, and its MemoryFloor: memory only shrinks with
  // dp, so top has the least; of the rest, ZeRO-3 holds the fewest states (ZeRO-1 adds no
  // gather buffers), no interleaving the fewest activations in flight, and full or no
  // (selective, without FlashAttention) recomputation the fewest activations. The
  // full-recomputation ZeRO-3 layout also stands for the group's least memory when nothing fits.
  bool may_fit(const Group& g, MemoryFloor& floor) {
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

  // A stage's sends per micro-batch (perf.cpp's) with v = 2^k: inside a node, and between
  // nodes, where every width from multi_node up sends them (tp dp >= 2 x the node's GPUs).
  struct Sends {
    double inside = 0, between = 0;
  };
  Sends sends_of(const Group& g, int k) {
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
  double family_bound(const Group& g, int i, double share, double bubble, const PlanCache::Traffic& tr,
                      const Sends& sends) {
    const double w = one_stage_work(g, i) * share;
    if (g.top < g.multi_node) return compute_floor(w + sends.inside, bubble, g.top_seq, g.top_step);
    const double w_wide = w + sends.between;
    const double wide = std::max(compute_floor(w_wide, bubble, g.top_seq, g.top_step),
                                 traffic_floor(w_wide, bubble, tr.one, tr.step, i % 2, g.top_seq, g.top_step));
    return g.multi_node < 2 ? wide : std::min(wide, compute_floor(w + sends.inside, bubble, g.narrow_seq, g.narrow_step));
  }

  int stage_layers(int pp, int v) const { return (layers_ + pp * v - 1) / (pp * v) * v; }
  // With v = 2^k: a stage's share of the layers, and the bubble in micro-batch times.
  double layers_share(int pp, int k) const { return static_cast<double>(stage_layers(pp, 1 << k)) / layers_; }
  static double bubble_of(int pp, int k) { return pp > 1 ? (pp - 1.0) / (1 << k) : 0.0; }
  static int log2(int power_of_two) { return __builtin_ctz(static_cast<unsigned>(power_of_two)); }
  static int floor_log2(int x) { return 31 - __builtin_clz(static_cast<unsigned>(std::max(1, x))); }
  // PlanCache keys start from the (tp, ep) pair.
  std::size_t degree(int tp, int ep) const { return static_cast<std::size_t>(log2(tp)) * ep_degrees_ + log2(ep); }

  // The collectives' costs at data-parallel width dp (Rates: of the dense gradients over dp
  // ranks, of the experts' over the tp dp / ep ranks holding a copy of each; perf.cpp's
  // dense_op and expert_op).
  Rates rates_over(const Group& g, int dp) const {
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
  PlanCache::Traffic traffic_of(const Group& g, int k, const Rates& rates) {
    if (!traffic_bounds_ || g.top < g.multi_node) return {0, 0, 0, 0};
    if (g.bottom > g.multi_node) return traffic_over(g, 1 << k, rates);
    return traffic(g, 1 << k);
  }

  // traffic_of(g, 0, rates_over(g, g.bottom)), from the group's GroupRates.
  // (Kept only where traffic_of() gives the traffic itself: its none depends on the group's top.)
  PlanCache::Traffic v1_traffic(const Group& g) {
    if (!traffic_bounds_ || g.top < g.multi_node) return {0, 0, 0, 0};
    GroupRates& r = rates_[g.rates];
    if (r.v1.grads < 0) r.v1 = traffic_of(g, 0, r.rates);
    return r.v1;
  }

  // The group's gradients and their traffic at the narrowest multi-node width: shared by the
  // group's families of one v and by every count's search.
  const PlanCache::Traffic& traffic(const Group& g, int v) {
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

  // A stage's work per micro-batch of the one-stage layout of a family: timed once per tp,
  // ep, micro-batch, recomputation and ZeRO stage. A stage of pp has at least its share of
  // the layers' part of it, and the whole output head.
  double one_stage_work(const Group& g, int i) {
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

  // A stage's work per micro-batch: less what the step costs once (which, spread over the
  // micro-batches of the layout timed, would be counted again for each of another width's).
  double stage_work(const IterationTime& time) const {
    const TimeBreakdown& br = time.breakdown;
    return (br.matmul + br.attention + br.memory_bound + br.recompute + br.tp_comm + br.moe_comm + br.overhead -
            perf_.step_overhead_seconds()) /
           time.microbatches;
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
  void descend(Group& g, Parallelism par) {
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

  // consider()'s memory side: the layout's memory per GPU, and whether it fits (only a layout
  // that fits is timed). Of those that do not, the one with the least memory is kept: it is the
  // answer when nothing fits.
  bool fits(const Parallelism& par, MemoryBreakdown& memory) {
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

  // Memory first; the time of a layout that fits. nullptr when it does not fit.
  const IterationTime* consider(const Parallelism& par) {
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

  Plan finish() {
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
};

}  // namespace

Plan plan_training(const Model& model, const TrainingSpec& training, const Cluster& cluster,
                   const PlanRequest& request) {
  {
    Search search(model, training, cluster, request);
    Plan plan = search.run();
    if (!search.seeds_failed()) return plan;
  }
  PlanRequest unseeded = request;  // (never seen; a safeguard: see Search::seed())
  unseeded.seed_count = 0;
  return Search(model, training, cluster, unseeded).run();
}

std::optional<Plan> plan_family_on(const Model& model, const TrainingSpec& training, const Cluster& cluster,
                                   const Plan& plan, int gpus, int global_batch) {
  // As Search::add_groups() builds the family's group on `gpus` GPUs and descend() takes its
  // widest width.
  Parallelism par = plan.par;
  const int node = cluster.gpus_per_node;
  const int n = cluster.multi_node() ? gpus : std::min(gpus, node);
  if (!plan.fits || par.tp > n || par.tp * par.pp > n) return std::nullopt;
  const int zero = par.zero >= 3 ? 3 : 1;  // dp = 1 ran without ZeRO: either family holds it
  const int top = std::min(n / (par.tp * par.pp), global_batch / par.micro_batch);
  const int step = par.ep / std::gcd(par.ep, par.tp);
  const int dp = top / step * step;
  if (dp < (zero >= 3 ? 2 : 1) || (zero >= 3 && top < 2)) return std::nullopt;
  const int m = microbatches_for(global_batch, dp * par.micro_batch);
  if (par.interleave > 1 && m % par.pp != 0) return std::nullopt;
  par.dp = dp;
  par.global_batch = m * dp * par.micro_batch;
  par.zero = dp > 1 ? zero : 0;
  PlanRequest request;
  request.gpus = gpus;
  request.fixed = par;
  request.global_batch = global_batch;
  Plan out = plan_training(model, training, cluster, request);
  if (!out.fits) return std::nullopt;
  return out;
}

bool batch_limited_on(const Plan& plan, int gpus, int global_batch) {
  // Idle GPUs because this layout's data parallelism already spans the batch.
  const int step = plan.par.ep / std::gcd(plan.par.ep, plan.par.tp);
  return plan.fits && plan.par.gpus() < gpus && (plan.par.dp + step) * plan.par.micro_batch > global_batch;
}

Plan plan_on_fewer(const Plan& plan, int gpus, int global_batch) {
  Plan out = plan;
  out.batch_limited = batch_limited_on(out, gpus, global_batch);
  return out;
}

}  // namespace gpusizer
