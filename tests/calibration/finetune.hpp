// Fine-tuning steady state (finetune_steady.csv): the constants only fine-tuning uses, fitted
// on its rows, and the leave-one-group-out check the calibrate tool prints and the tests bound.
#pragma once

#include <string>
#include <vector>

#include "dataset.hpp"

namespace gpusizer::calibration {

// One group per source and framework (the Qwen README table, Answer.AI's benchmarks, ...).
std::string finetune_group(const SteadyRow& row);

// Mean over groups of the mean squared log error of throughput, so a source with many rows
// counts as much as one with few.
double finetune_loss(const std::vector<SteadyRow>& rows, const Calibration& cal);

// Fits the eager-stack, QLoRA and PCIe constants (calibration.hpp) on `rows`, starting from
// their priors (the defaults in calibration.hpp, not a previous fit, so a held-out group never
// leaks in) and keeping everything else: no pre-training row runs eager, QLoRA or over PCIe.
void fit_finetune(const std::vector<SteadyRow>& rows, Calibration& cal);

struct HeldOut {
  std::string group;
  std::vector<const SteadyRow*> rows;
  std::vector<double> errors;  // predicted / measured - 1, one per row
  Calibration fitted;          // fitted without the group
};

// Fits without each group in turn (on `base`'s other constants) and predicts the group left out.
std::vector<HeldOut> leave_one_group_out(const std::vector<SteadyRow>& rows, const Calibration& base);

}  // namespace gpusizer::calibration
