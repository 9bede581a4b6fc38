// Published whole runs as the calibration scores them: each run's steady state, the whole-run
// constants fitted on the others, held out by source (the paper or organization) or by run,
// and the range a response states (shared by gpusizer-calibrate and its accuracy page).
#pragma once

#include <string>
#include <vector>

#include "dataset.hpp"
#include "training/run_model.hpp"

namespace gpusizer::calibration {

struct RunCase {
  const RunRow* row;
  RunSteady steady;
  double peak_hours = 0;  // 6 P D / dense peak: the GPU-hours at 100 % utilization
};

std::vector<RunCase> run_cases(const std::vector<RunRow>& rows, const Calibration& cal);
// log(predicted / published) with `cal`'s whole-run constants.
double log_ratio(const RunCase& c, const Calibration& cal);
// Runs fitted on: a published GPU count and a source the research trusts (whole_runs.csv:
// count_known, confidence; finetune_runs.csv: fit). The others are predicted and reported.
bool fit_on(const RunCase& c);
bool pretraining(const RunCase& c);
RangeKind range_kind_of(const RunCase& c);
const char* kind_name(RangeKind k);

// The whole-run constants on `cases`, the steady-state model fixed (see runs.cpp).
void fit_runs(const std::vector<const RunCase*>& cases, Calibration& cal);
// The median relative distance of each ratio from the median ratio: what per-run detail adds.
double shape_error(const std::vector<double>& log_ratios);

// The range a response states: a central interval of the leave-one-source-out residuals,
// always holding the point estimate, that holds kCoverage of the runs of a source the fit has
// not seen (each judged by the range the other sources give), give or take kCoverageSlack.
// Where the central kCoverage of the residuals holds fewer, the interval widens (a larger
// central share, up to all of them), and where even all of them hold fewer, it states what it
// holds.
inline constexpr double kCoverage = 0.8;
inline constexpr double kCoverageSlack = 0.05;
struct Range {
  double low = 1, high = 1;  // factors of the point estimate
};
// What a range states it holds: kCoverage where it holds that many (within kCoverageSlack),
// else what it holds, in whole tenths rounded down.
double stated_coverage(double held);
// The central `share` of the residuals.
Range range_of(const std::vector<double>& log_residuals, double share = kCoverage);
bool inside(double log_residual, const Range& r);

using KeyOf = std::string (*)(const RunCase&);
std::string by_source(const RunCase& c);
std::string by_run(const RunCase& c);

struct Held {
  std::vector<double> model;     // log(predicted / published), constants fitted without the run's key
  std::vector<double> constant;  // the same for a constant utilization fitted on the same runs
  std::vector<double> steady;    // the planner's tuned steady state alone, nothing fitted
  std::vector<bool> covered;     // inside the range of the other keys' held-out residuals
  // Per RangeKind: the central share of the residuals the range takes, and the share of the
  // runs it builds on that it holds when each key is judged by the other keys' range.
  double share[3] = {kCoverage, kCoverage, kCoverage};
  double held[3] = {0, 0, 0};
};
// Each key's runs predicted with constants fitted on the other keys' runs.
Held hold_out(const std::vector<RunCase>& cases, const Calibration& base, KeyOf key);

struct Summary {
  std::size_t runs = 0;
  double median_pct = 0, worst = 1, shape_pct = 0, coverage_pct = 0;
  int within = 0;
};
Summary summarize_runs(const std::vector<double>& log_ratios, const std::vector<bool>* covered = nullptr);

// The values (one per case: residuals, coverage) of the runs `keep` selects.
template <class T, class Keep>
std::vector<T> pick(const std::vector<RunCase>& cases, const std::vector<T>& values, Keep keep) {
  std::vector<T> out;
  for (std::size_t i = 0; i < cases.size(); ++i)
    if (keep(cases[i])) out.push_back(values[i]);
  return out;
}

}  // namespace gpusizer::calibration
