// From steady-state throughput to a whole training run: what real runs lose to restarts
// after failures, checkpointing, evaluation, stragglers and slow starts.
#pragma once

#include "training/calibration.hpp"

namespace gpusizer {

// Whole-run time / steady-state time on `gpus` GPUs: 1 + a + b x gpus / 1000. The constant
// covers checkpoints, evaluation and warm-up; the linear term failures, whose rate grows
// with the number of GPUs (Llama 3: 419 unexpected interruptions in 54 days on 16,384 GPUs,
// Dubey et al. 2024 sec. 3.3.4). Fitted on published runs (calibration.hpp).
double run_overhead_factor(int gpus, const Calibration& calibration);

}  // namespace gpusizer
