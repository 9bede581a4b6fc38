// The parallelism planner: every valid layout of a job on N GPUs, the fastest that fits.
#pragma once

#include <optional>

#include "training/calibration.hpp"
#include "training/cluster.hpp"
#include "model/memory.hpp"
#include "model/model.hpp"
#include "training/parallelism.hpp"
#include "training/perf.hpp"
#include "request.hpp"

namespace gpusizer {

struct Plan {
  Parallelism par;
  MemoryBreakdown memory;
  IterationTime time;
  bool fits = false;            // false: nothing fits; par is then the least-memory layout
  int configs_evaluated = 0;    // layouts whose memory was computed
  int configs_feasible = 0;     // of those, the ones that fit
  bool batch_limited = false;   // more GPUs than the global batch has sequences to share
  double seconds_per_token() const { return fits ? time.seconds / (time.global_batch * 1.0) : 0; }
};

struct PlanRequest {
  int gpus = 1;
  std::optional<Parallelism> fixed;  // the user's layout: evaluated, not searched
  int global_batch = 0;              // sequences per step; 0: default_global_batch()
  const Calibration* calibration = nullptr;  // nullptr: default_calibration() (the fit tool varies it)
};

// Searches tp (powers of two inside a node, dividing the heads), pp (up to the layers),
// dp = N / (tp pp), expert parallelism (MoE), micro-batch 1-8, interleaving, recomputation
// none/selective/full and ZeRO 1 or 3; memory is checked first (it is cheaper) and only the
// layouts that fit are timed. The memory model and the time model see the same layout.
Plan plan_training(const Model& model, const TrainingSpec& training, const Cluster& cluster,
                   const PlanRequest& request);

}  // namespace gpusizer
