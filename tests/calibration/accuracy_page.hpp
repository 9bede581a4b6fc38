// docs/accuracy.md, its plots and the README's accuracy table, written from the calibration
// (`gpusizer-calibrate --accuracy-page ROOT`): every figure in them is one the tool measures,
// so the pages cannot drift from the data.
#pragma once

#include <string>
#include <vector>

#include "dataset.hpp"
#include "finetune.hpp"
#include "runs.hpp"

namespace gpusizer::calibration {

struct AccuracyInputs {
  const std::vector<RunCase>& runs;  // whole runs, pre-training and fine-tuning
  const Held& by_source;
  const Held& by_run;
  const Calibration& calibration;    // the compiled constants
  const std::vector<SteadyRow>& steady;
  const std::vector<double>& steady_held;  // each steady row's error with its framework group held out
  std::string (*steady_group)(const SteadyRow&);
  const std::vector<HeldOut>& finetune_held;  // fine-tuning throughput, each source held out
};

// Writes ROOT/docs/accuracy.md, ROOT/docs/accuracy-*.svg and the block of ROOT/README.md
// between <!-- accuracy:begin --> and <!-- accuracy:end -->. Returns false (with a message on
// standard error) when a file cannot be written or the README has no such block.
bool write_accuracy_page(const std::string& root, const AccuracyInputs& in);

}  // namespace gpusizer::calibration
