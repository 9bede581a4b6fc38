// From steady-state throughput to a whole training run: what real runs lose beside the
// iterations the benchmarks time, each term physical and sourced (training/calibration.hpp
// holds the figures and says where each comes from).
#pragma once

#include "job/job.hpp"
#include "model/model.hpp"
#include "training/calibration.hpp"

namespace gpusizer {

// Wall-clock hours of one run, by cause (every GPU of the job waits through each).
struct RunHours {
  double steady = 0;           // the iterations at the planner's tuned layout
  double below_benchmark = 0;  // what a typical published run loses against that layout (pre-training)
  double checkpoint_eval = 0;  // checkpoint saves that stall training, evaluation passes, warm-up
  double checkpoint_stall = 0; // of checkpoint_eval: the saves alone
  double failures = 0;         // restarts after interruptions: lost progress and recovery
  double startup = 0;          // loading the model and data, tokenizing, the final save
  double total() const { return steady + below_benchmark + checkpoint_eval + failures + startup; }
};

// Which of the calibration's ranges a run's time carries (training/calibration.hpp): its
// published runs stray differently.
enum class RangeKind { pretraining, finetuning, sharded_finetuning };
inline RangeKind range_kind(Mode mode, int gpus) {
  if (mode == Mode::pretrain) return RangeKind::pretraining;
  return mode == Mode::full_finetune && gpus > 1 ? RangeKind::sharded_finetuning : RangeKind::finetuning;
}

// The calibration's range for a kind of run: factors of the point estimate, and the share of
// published runs like it the range holds.
struct RunRange {
  double low = 1, high = 1, coverage = 0;
};
inline RunRange run_range(const Calibration& c, RangeKind kind) {
  switch (kind) {
    case RangeKind::pretraining: return {c.run_range_low, c.run_range_high, c.run_range_coverage};
    case RangeKind::finetuning: return {c.finetune_range_low, c.finetune_range_high, c.finetune_range_coverage};
    case RangeKind::sharded_finetuning: break;
  }
  return {c.sharded_finetune_range_low, c.sharded_finetune_range_high, c.sharded_finetune_range_coverage};
}

// Whole-run time / steady-state time on `gpus` GPUs for what grows with the training time and
// the GPU count: evaluation and failures (linear, so convex, in the GPU count). The planner
// compares layouts by seconds per sequence x this factor.
double run_time_factor(int gpus, const Calibration& calibration);

// The bytes a checkpoint writes: the training state (bf16 weights, fp32 master weights and
// Adam's two moments of what is trained; for LoRA and QLoRA the adapters' alone).
double checkpoint_bytes(const Model& model, const TrainingSpec& training);

// The whole run around `steady_seconds` of iterations on `gpus_used` GPUs, `gpus_per_node` to a
// machine (a checkpoint is written by every machine in use at once).
RunHours whole_run_hours(double steady_seconds, int gpus_used, int gpus_per_node, const Model& model,
                         const TrainingSpec& training, const Calibration& calibration);

}  // namespace gpusizer
