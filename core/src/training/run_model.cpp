#include "training/run_model.hpp"

#include <algorithm>
#include <cmath>

#include "footprint/memory.hpp"

namespace gpusizer {

namespace {

// Interruptions per GPU-hour x hours lost each: the share of every GPU-hour of a job on `gpus`
// GPUs lost to failures (each interruption stops all of them).
double failure_share(int gpus, const Calibration& c) {
  return c.run_interruptions_per_gpu_hour * c.run_hours_lost_per_interruption * std::max(1, gpus);
}

}  // namespace

double run_time_factor(int gpus, const Calibration& c) { return 1 + c.run_eval_share + failure_share(gpus, c); }

double checkpoint_bytes(const Model& model, const TrainingSpec& training) {
  // Gradients are not saved; the fp32 master copy and the moments are kOptimizerBytes.
  return trainable_params(model, training) * (kWeightBytes + kOptimizerBytes);
}

RunHours whole_run_hours(double steady_seconds, int gpus_used, int gpus_per_node, const Model& model,
                         const TrainingSpec& training, const Calibration& c) {
  RunHours h;
  h.steady = steady_seconds / 3600;
  // Pre-training on fused kernels: published runs train slower than the layout the planner
  // tunes, by a factor no feature of the job predicts (docs/accuracy.md). Fine-tuning's steady
  // model, and eager kernels', are fitted on what those stacks deliver.
  if (training.mode == Mode::pretrain && training.kernels == Kernels::fused) h.below_benchmark = h.steady * (c.run_gap - 1);
  const double training_hours = h.steady + h.below_benchmark;
  // Checkpoints every run_checkpoint_interval_hours, each written by every machine at once
  // (fine-tuning stacks: through one process, one machine's bandwidth).
  const bool fine_tuning = training.mode != Mode::pretrain;
  const int nodes = fine_tuning ? 1 : (std::max(1, gpus_used) + std::max(1, gpus_per_node) - 1) / std::max(1, gpus_per_node);
  const double save_hours = checkpoint_bytes(model, training) / (nodes * c.run_checkpoint_bytes_per_second_per_node) / 3600;
  const double saves = std::floor(training_hours / c.run_checkpoint_interval_hours);
  h.checkpoint_stall = saves * save_hours;
  h.checkpoint_eval = training_hours * c.run_eval_share + h.checkpoint_stall;
  h.failures = training_hours * failure_share(gpus_used, c);
  // What a run reads at start and writes at the end: the weights (bf16; NF4 for QLoRA, whose
  // adapters are all it saves), read and written once each; the framework's own start.
  const double weight_bytes = model.params * (training.mode == Mode::qlora ? kQloraWeightBytes : kWeightBytes);
  h.startup = c.run_startup_hours + 2 * weight_bytes / c.run_storage_bytes_per_second / 3600;
  // A fine-tuning stack tokenizes its dataset (the examples as written, before padding) before
  // the first step.
  if (fine_tuning) {
    const double written = training.dataset ? training.dataset->examples * std::min(training.dataset->tokens_per_example,
                                                                                   static_cast<double>(training.max_seq_len))
                                            : training.tokens;
    h.startup += written / c.run_tokenize_tokens_per_second / 3600;
  }
  return h;
}

}  // namespace gpusizer
