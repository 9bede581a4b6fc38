#include "training/run_model.hpp"

#include "model/memory.hpp"

namespace gpusizer {

RunHours whole_run_hours(double steady_seconds, int gpus, double steps, const Model& model, const TrainingSpec& training,
                         const Calibration& c) {
  RunHours h;
  h.steady = steady_seconds / 3600;
  h.checkpoint_eval = h.steady * c.run_checkpoint_eval_share;
  // Expected interruptions x hours each: rate x GPUs x duration x hours lost per interruption.
  h.failures = h.steady * c.run_failure_hours_per_gpu_hour * gpus;
  h.step_overhead = steps * c.run_step_seconds / 3600;
  // What a run reads at start and writes at the end: the weights (bf16; NF4 for QLoRA, whose
  // adapters are all it saves), read and written once each.
  const double weight_bytes = model.params * (training.mode == Mode::qlora ? kQloraWeightBytes : kWeightBytes);
  h.startup = c.run_startup_hours + 2 * weight_bytes / c.run_storage_bytes_per_second / 3600;
  return h;
}

}  // namespace gpusizer
