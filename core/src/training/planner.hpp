// The parallelism planner: every valid layout of a job on up to N GPUs, the fastest that fits.
#pragma once

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "training/calibration.hpp"
#include "training/cluster.hpp"
#include "footprint/memory.hpp"
#include "model/model.hpp"
#include "job/parallelism.hpp"
#include "training/perf.hpp"
#include "job/job.hpp"

namespace gpusizer {

struct Plan {
  Parallelism par;
  MemoryBreakdown memory;
  IterationTime time;
  bool fits = false;            // false: nothing fits; par is then the least-memory layout
  int gpus_used = 0;            // par.gpus(): the GPUs the layout runs on, at most the GPUs given
  int configs_evaluated = 0;    // layouts whose memory was computed
  int configs_feasible = 0;     // of those, the ones that fit
  int groups_searched = 0;      // (tp, pp, ep, micro-batch) groups weighed by their bounds
  // The layout leaves GPUs idle because the global batch has no more sequences to share
  // (with PlanRequest::all_gpus: no layout of all the GPUs is within the batch).
  bool batch_limited = false;
  double seconds_per_token() const { return fits ? time.seconds / (time.global_batch * 1.0) : 0; }
};

// What the plans of one job on one cluster share across GPU counts (bounds of the search
// that do not depend on the count). Give plan_training() the same cache only for the same
// model, training, cluster, calibration and global batch; RunTimer keeps one per cluster.
struct PlanCache {
  std::vector<double> stage_work;                     // by the planner's keys; -1: not yet
  // Rows of traffic by pipeline degree, added as degrees are met: few of the degrees up to
  // the layers are ever searched, and a row per possible one took megabytes per cluster.
  std::vector<int> traffic_row;                       // by pp; -1: no row yet
  struct Traffic {
    double grads = -1, expert_grads = 0, one = -1, step = -1;  // -1: not yet (Search::traffic)
  };
  std::vector<Traffic> traffic;
  std::vector<double> sends;  // a stage's sends inside and between nodes by (tp, micro-batch, v); -1: not yet
};

struct PlanRequest {
  int gpus = 1;
  std::optional<Parallelism> fixed;  // the user's layout: evaluated, not searched
  int global_batch = 0;              // sequences per step; 0: default_global_batch()
  const Calibration* calibration = nullptr;  // nullptr: default_calibration() (the fit tool varies it)
  // Only layouts of exactly `gpus` GPUs (a published run, as it ran). Otherwise a layout on
  // fewer GPUs wins when it finishes sooner: the idle ones are still rented, but more GPUs
  // then never make a job slower.
  bool all_gpus = false;
  PlanCache* cache = nullptr;  // nullptr: the search keeps its own
  // The plan of this search (same job, cluster, calibration, batch and cache) on `fewer_gpus`
  // < gpus GPUs, when it fits: the search then weighs only the layouts on more than
  // `fewer_gpus` GPUs against it (plan_training() says why the answer is the same).
  const Plan* fewer = nullptr;
  int fewer_gpus = 0;
  // Layouts of this job on `gpus` GPUs or fewer, planned for other machines with the same GPU
  // memory, GPUs per node and multi-node links (so the same layouts, fitting alike): their
  // cost here bounds the answer's, so the search drops what cannot beat the least of them. The
  // answer is the same with or without them; only the work differs.
  const Parallelism* seeds = nullptr;
  int seed_count = 0;
};

// Searches tp (powers of two inside a node, dividing the heads), pp (1-8, the divisors of the
// layers up to 16, powers of two), dp up to N / (tp pp) and the global batch, expert parallelism
// (MoE), micro-batch 1-8, interleaving, recomputation none/selective/full and ZeRO 1 or 3,
// for the least whole-run time: the iteration time per sequence x run_time_factor() of
// the GPUs the layout uses. Memory is checked first (it is cheaper) and only the layouts that
// fit are timed; bounds skip the smaller data-parallel widths that cannot win. The search
// space only grows with N, so the answer's time never rises with N. The memory model and the
// time model see the same layout.
//
// With `fewer`, the plan on fewer GPUs: every layout this search weighs on at most
// `fewer_gpus` GPUs was weighed there (widths below the top do not depend on N, and the top
// on fewer GPUs is either below the new top, so among the widths searched here only if it
// starts a micro-batch count, or beaten by the new top of its micro-batch count), or was
// beaten there by that plan, so the least cost is that plan's or a layout's on more GPUs.
// configs_evaluated and configs_feasible are then those of the layouts on more GPUs.
Plan plan_training(const Model& model, const TrainingSpec& training, const Cluster& cluster,
                   const PlanRequest& request);

// The plan of `gpus` GPUs, given the plan of more GPUs (searched without a fixed layout or
// all_gpus) whose layout runs on `gpus` or fewer (plan.fits, plan.gpus_used <= gpus): the search
// on `gpus` GPUs finds the same least cost, since its layouts are among those searched for more
// GPUs (or beaten by them) and that layout is among its own. Only batch_limited, which
// compares the layout with the GPUs given, is recomputed. configs_evaluated and
// configs_feasible stay the larger search's.
Plan plan_on_fewer(const Plan& plan, int gpus, int global_batch);
bool batch_limited_on(const Plan& plan, int gpus, int global_batch);

// The layout of `plan`'s family (tp, pp, ep, micro-batch, interleaving, recomputation, ZeRO) at
// the widest data-parallel width the search weighs for that family on `gpus` GPUs, memory
// checked and timed; nullopt where the search weighs no such layout (the width is not among
// its own, or it does not fit). It is one of the layouts plan_training() weighs on `gpus`
// GPUs, so the plan found there costs no more (sizing bounds a count's days with it).
std::optional<Plan> plan_family_on(const Model& model, const TrainingSpec& training, const Cluster& cluster,
                                   const Plan& plan, int gpus, int global_batch);

// Micro-batches per step for `per_step` = dp x micro-batch sequences: the whole number that
// brings the global batch nearest the recipe's `global_batch` (within 2/3 to 4/3 of it when
// per_step <= global_batch), not the ceiling, which nearly doubles it when per_step is just
// under the batch and would buy throughput by changing the training. (Inline: the search takes
// it for every width it weighs.)
inline int microbatches_for(int global_batch, int per_step) {
  const long b = global_batch, p = std::max(1, per_step);
  return static_cast<int>(std::max(1L, (2 * b + p) / (2 * p)));  // floor(b / p + 1/2)
}

}  // namespace gpusizer
