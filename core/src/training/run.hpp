// A training run as the time model sees it: what it is given beside the model and the job
// (the user's layout, network or utilization, a measured throughput), and what it answers.
#pragma once

#include <optional>
#include <string>

#include "catalog/catalog.hpp"
#include "job/job.hpp"
#include "job/parallelism.hpp"
#include "model/model.hpp"
#include "training/planner.hpp"
#include "training/run_model.hpp"

namespace gpusizer {

// The model FLOPs utilization a run may be given or measured at (efficiency.mfu): slower than
// 1 %, every plan's time is beyond billing (or, at 1e-300 tokens/s, beyond a double).
inline constexpr double kMinMfu = 0.01, kMaxMfu = 1;

// A throughput measured in a trial: it replaces the modelled steady state, scaled to other
// counts and GPUs by the model's ratio.
struct Measured {
  double tokens_per_second_per_gpu = 0;
  std::string gpu;  // where it was measured: efficiency.measuredGpu, else hardware.gpu
  int count = 0;    // efficiency.measuredGpus, else hardware.count, else one machine
  std::optional<Parallelism> parallelism;  // efficiency.measuredParallelism
};

// What timing runs is given: the application and execution inputs and the user's overrides
// (a view of the request; the catalog holds the GPU a measurement names).
struct RunInputs {
  Lang lang = Lang::en;
  const Model& model;
  const TrainingSpec& training;
  const std::optional<Parallelism>& parallelism;  // the user's layout instead of the planner's
  const std::optional<double>& inter_node_gbps;   // GB/s per GPU between nodes, overrides the GPU default
  const std::optional<double>& mfu;               // the user's whole-run utilization
  const std::optional<Measured>& measured;
  const Catalog& catalog;
};

struct TrainingRun {
  std::string gpu;
  int count = 0;
  Plan plan;                     // layout, memory, steady-state iteration time
  double mfu = 0;                // whole-run model FLOPs utilization: time = FLOPs / (N peak mfu)
  std::string mfu_source;        // "model" (planner x run overheads) | "request" (efficiency.mfu)
  double steady_mfu = 0, hfu = 0;  // while training, from the iteration model
  double overhead_factor = 1;    // whole run / steady state (restarts, checkpoints, evaluation)
  RunHours hours;                // the whole run's wall-clock hours by cause (modelled runs)
  double peak_tflops = 0;        // per GPU at the request's precision
  double tokens_per_second_per_gpu = 0;  // steady state
  double seconds = 0;
  double wall_days = 0;          // rounded for display; cost uses this same figure
  double gpu_hours = 0;
  // The range published runs like this one landed in: a central interval of the calibration's
  // held-out residuals holding range_coverage of them (0 and low = high with efficiency.mfu).
  double gpu_hours_low = 0, gpu_hours_high = 0;
  double wall_days_low = 0, wall_days_high = 0;
  double range_coverage = 0;
  bool fits() const { return plan.fits; }
};

}  // namespace gpusizer
