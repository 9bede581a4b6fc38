#include "training/run_model.hpp"

#include <cmath>

#include "footprint/memory.hpp"

namespace gpusizer {

double run_time_factor(int gpus, const Calibration& c) {
  return 1 + c.run_checkpoint_eval_share + c.run_failure_hours_per_gpu_hour * gpus;
}

RunHours whole_run_hours(double steady_seconds, int gpus_used, int gpus_rented, const Model& model,
                         const TrainingSpec& training, const Calibration& c) {
  RunHours h;
  h.steady = steady_seconds / 3600;
  h.checkpoint_eval = h.steady * c.run_checkpoint_eval_share;
  // Expected interruptions x hours each: rate x GPUs x duration x hours lost per interruption.
  h.failures = h.steady * c.run_failure_hours_per_gpu_hour * gpus_used;
  if (training.kernels == Kernels::fused)
    h.below_benchmark =
        h.steady * c.run_below_benchmark * std::pow(std::max(1, gpus_rented) / 1000.0, c.run_below_benchmark_exponent);
  // What a run reads at start and writes at the end: the weights (bf16; NF4 for QLoRA, whose
  // adapters are all it saves), read and written once each.
  const double weight_bytes = model.params * (training.mode == Mode::qlora ? kQloraWeightBytes : kWeightBytes);
  h.startup = c.run_startup_hours + 2 * weight_bytes / c.run_storage_bytes_per_second / 3600;
  return h;
}

}  // namespace gpusizer
