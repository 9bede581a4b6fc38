// From steady-state throughput to a whole training run: what real runs lose beside the
// iterations the benchmarks time.
#pragma once

#include "model/model.hpp"
#include "job/job.hpp"
#include "training/calibration.hpp"

namespace gpusizer {

// Wall-clock hours of one run, by cause (every GPU of the job waits through each).
struct RunHours {
  double steady = 0;            // the iterations at the planner's steady-state speed
  double below_benchmark = 0;   // real pre-training runs below that speed (see below)
  double checkpoint_eval = 0;   // checkpoint saves and evaluation passes in between
  double failures = 0;          // restarts after failures: lost progress and recovery
  double startup = 0;           // loading the model and data, warm-up, final save
  double total() const { return steady + below_benchmark + checkpoint_eval + failures + startup; }
};

// Whole-run time / steady-state time on `gpus` GPUs in use for what grows with the training
// time and the layout: checkpoints and evaluation, and failures (linear, so convex, in the GPU
// count). The planner compares layouts by seconds per sequence x this factor.
double run_time_factor(int gpus, const Calibration& calibration);

// The whole run around `steady_seconds` of iterations on `gpus_used` of `gpus_rented` GPUs:
// - checkpoints and evaluation take a share of the training time (BLOOM's logbook: evaluation
//   0.7 %, a 2.3 TB checkpoint in 40 s every few hours);
// - failures grow with the GPU count and the duration: interruptions per GPU-hour x GPUs x
//   hours, each costing the progress since the last checkpoint plus a restart (Llama 3: 419
//   unexpected interruptions in 54 days on 16,384 H100s, over 90 % effective training time,
//   Dubey et al. 2024 sec. 3.3.4; BLOOM: about one GPU failure a week on 384 A100s);
// - pre-training runs (fused kernels) fall short of the planner's benchmark-grade layout, the
//   more so the smaller the cluster: a (N / 1000)^b of the steady time, N the GPUs rented,
//   fitted leave-one-run-out on published runs. What it stands for is not itemized in the
//   publications: less-tuned stacks and layouts, data loading, stragglers, evaluation runs,
//   restarts of smaller teams. Fine-tuning (eager kernels) has its own steady model, fitted on
//   what those frameworks deliver, and no such term;
// - fixed hours per run for start-up and the final save: weights read and written at the
//   storage bandwidth, plus a constant (framework start, data index), which decide short
//   fine-tuning runs.
RunHours whole_run_hours(double steady_seconds, int gpus_used, int gpus_rented, const Model& model,
                         const TrainingSpec& training, const Calibration& calibration);

}  // namespace gpusizer
