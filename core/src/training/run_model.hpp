// From steady-state throughput to a whole training run: what real runs lose beside the
// iterations the benchmarks time.
#pragma once

#include "model/model.hpp"
#include "request.hpp"
#include "training/calibration.hpp"

namespace gpusizer {

// Wall-clock hours of one run, by cause (every GPU of the job waits through each).
struct RunHours {
  double steady = 0;            // the iterations at steady-state speed
  double checkpoint_eval = 0;   // checkpoint saves and evaluation passes in between
  double failures = 0;          // restarts after failures: lost progress and recovery
  double step_overhead = 0;     // per optimizer step: logging, data loading, synchronization
  double startup = 0;           // loading the model and data, warm-up, final save
  double total() const { return steady + checkpoint_eval + failures + step_overhead + startup; }
};

// The whole run around `steady_seconds` of iterations on `gpus` GPUs with `steps` optimizer
// steps:
// - checkpoints and evaluation take a share of the training time;
// - failures grow with the GPU count and the duration: interruptions per GPU-hour x GPUs x
//   hours, each costing the progress since the last checkpoint plus a restart (Llama 3: 419
//   unexpected interruptions in 54 days on 16,384 H100s, over 90 % effective training time,
//   Dubey et al. 2024 sec. 3.3.4; BLOOM: about one GPU failure a week on 384 A100s);
// - a fixed cost per optimizer step that benchmarks of long steps do not show;
// - fixed hours per run for start-up and the final save: weights read and written at the
//   storage bandwidth, plus a constant (framework start, data index), which decide short
//   fine-tuning runs (Alpaca: 3 hours on 8 A100s).
// The constants are fitted on published runs, leave-one-run-out (tests/calibration).
RunHours whole_run_hours(double steady_seconds, int gpus, double steps, const Model& model, const TrainingSpec& training,
                         const Calibration& calibration);

}  // namespace gpusizer
