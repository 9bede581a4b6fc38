// The typed result of an estimate; json_io turns it into contract v1.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpusizer/billing.hpp"
#include "gpusizer/compute.hpp"
#include "gpusizer/layout.hpp"
#include "gpusizer/planner.hpp"
#include "gpusizer/memory.hpp"
#include "gpusizer/parallelism.hpp"
#include "gpusizer/request.hpp"
#include "gpusizer/warning.hpp"

namespace gpusizer {

struct GpuFit {
  std::string gpu;
  std::optional<int> min_count;  // nullopt: fits on no count
};

struct TrainingRun {
  std::string gpu;
  int count = 0;
  Plan plan;                     // layout, memory, steady-state iteration time
  double mfu = 0;                // whole-run model FLOPs utilization: time = FLOPs / (N peak mfu)
  std::string mfu_source;        // "model" (planner x run overheads) | "request" (efficiency.mfu)
  double steady_mfu = 0, hfu = 0;  // while training, from the iteration model
  double overhead_factor = 1;    // whole run / steady state (restarts, checkpoints, evaluation)
  double peak_tflops = 0;        // per GPU at the request's precision
  double tokens_per_second_per_gpu = 0;  // steady state
  double seconds = 0;
  double wall_days = 0;          // rounded for display; cost uses this same figure
  double gpu_hours = 0;
  double gpu_hours_low = 0, gpu_hours_high = 0;  // spread of the calibration residuals
  bool fits() const { return plan.fits; }
};

struct Estimate {
  TrainingRun run;
  bool count_from_goal = false;  // count derived from goal.days
};

struct Cost {
  double amount = 0;  // request currency, equals the sum of lines
  std::string currency;
  struct Line {
    Period period;
    long count;
    double amount;
  };
  std::vector<Line> billing;
  double idle_hours = 0;       // paid but unused, per unit
  double covered_hours = 0;    // per unit
};

struct Option {
  const Offer* offer = nullptr;
  int units = 0;
  TrainingRun run;
  bool fits = false;
  bool meets_goal = false;
  bool recommended = false;
  std::optional<Cost> cost;
  std::vector<Warning> warnings;
};

struct Step {
  std::string id;     // params | flops | time | memory | cost
  std::string title;  // in the request's language
  std::string text;   // the step with its numbers substituted
};

struct Result {
  std::string catalog_version;
  ModelSpec model;
  TrainingSpec training;
  ComputeEstimate compute;
  std::vector<GpuFit> fits;     // fewest GPUs per catalog GPU type
  std::optional<Estimate> estimate;
  double assumed_days = 0;      // deadline the options were sized to
  std::vector<Option> options;
  std::vector<Step> steps;
  std::vector<Warning> warnings;
  double usd_cny = 0;           // rate used
  std::string currency;
};

}  // namespace gpusizer
