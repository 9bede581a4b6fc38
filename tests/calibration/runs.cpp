#include "runs.hpp"

#include <algorithm>
#include <cmath>

#include "contract/default_catalog.hpp"
#include "fitting.hpp"
#include "training/timing.hpp"

namespace gpusizer::calibration {
namespace {

// Absolute log error: the median run matters more than the few outliers the data holds.
double run_loss(const std::vector<const RunCase*>& cases, const Calibration& cal) {
  double loss = 0;
  for (const RunCase* c : cases) loss += std::fabs(log_ratio(*c, cal));
  return loss / std::max<std::size_t>(1, cases.size());
}

}  // namespace

// Whole runs: the steady state of each run is computed once (it does not depend on the run
// constants), then the run constants are fitted and scored on it.

std::vector<RunCase> run_cases(const std::vector<RunRow>& rows, const Calibration& cal) {
  std::vector<RunCase> cases;
  for (const RunRow& r : rows) {
    RunCase c{&r, predict_run_steady(r, cal)};
    if (c.steady.gpu_hours <= 0) continue;
    const Gpu& gpu = *default_catalog()->find_gpu(r.gpu);
    c.peak_hours = 6 * r.spec.active_params * r.training.tokens_total() / (peak_for(gpu, r.training.precision).tflops * 1e12) / 3600;
    cases.push_back(c);
  }
  return cases;
}

double log_ratio(const RunCase& c, const Calibration& cal) {
  return std::log(predict_run_gpu_hours(*c.row, c.steady, cal) / c.row->published_gpu_hours);
}

// Runs fitted on: a published GPU count and a source the research trusts (whole_runs.csv:
// count_known, confidence; finetune_runs.csv: fit). The others are predicted and reported.
bool fit_on(const RunCase& c) { return c.row->fit; }
bool pretraining(const RunCase& c) { return c.row->training.mode == Mode::pretrain; }
RangeKind range_kind_of(const RunCase& c) { return range_kind(c.row->training.mode, c.row->gpus); }


// The whole-run constants, with the steady-state model fixed: the gap between the tuned layout
// and published pre-training runs on the pre-training runs, the start-up on the fine-tuning
// runs (which alone say what a short run spends outside its iterations). The other terms are
// published figures (training/calibration.hpp), not fitted.
void fit_runs(const std::vector<const RunCase*>& cases, Calibration& cal) {
  std::vector<const RunCase*> pre, fine;
  for (const RunCase* c : cases) (pretraining(*c) ? pre : fine).push_back(c);
  if (!pre.empty()) fit({{&cal.run_gap, 1.0, 4.0}}, [&] { return run_loss(pre, cal); }, 80);
  if (!fine.empty()) fit({{&cal.run_startup_hours, 0.005, 2.0}}, [&] { return run_loss(fine, cal); }, 80);
}

// Spread of residuals around their own median: how much the per-run detail adds beyond a
// constant scale (the "shape" of the predictions), as a median relative deviation.
double shape_error(const std::vector<double>& log_ratios) {
  const double m = median(log_ratios);
  std::vector<double> dev;
  for (double l : log_ratios) dev.push_back(std::fabs(std::exp(l - m) - 1));
  return median(dev);
}

// The central `share` of the residuals, as factors of the point estimate. The estimate itself
// always lies inside: where the published runs of a kind all took longer
// (full fine-tuning on several GPUs with 2023-24 stacks), the range runs from it to them.
Range range_of(const std::vector<double>& log_residuals, double share) {
  if (log_residuals.empty()) return {};
  const double tail = (1 - share) / 2;
  return {std::min(1.0, std::exp(-quantile(log_residuals, 1 - tail))), std::max(1.0, std::exp(-quantile(log_residuals, tail)))};
}

double stated_coverage(double held) {
  return held >= kCoverage - kCoverageSlack - 1e-9 ? kCoverage : std::floor(held * 10 + 1e-9) / 10;
}

bool inside(double log_residual, const Range& r) {
  const double ratio = std::exp(log_residual);  // predicted / published: published = predicted / ratio
  return 1 / ratio >= r.low * (1 - 1e-9) && 1 / ratio <= r.high * (1 + 1e-9);
}

// Each held-out set's runs predicted with constants fitted on the other runs: by source (the
// paper or organization, whole_runs.csv's source_group) or by run.
std::string by_source(const RunCase& c) { return c.row->group; }
std::string by_run(const RunCase& c) { return c.row->model; }


Held hold_out(const std::vector<RunCase>& cases, const Calibration& base, KeyOf key) {
  Held h;
  h.model.resize(cases.size());
  h.constant.resize(cases.size());
  h.steady.resize(cases.size());
  h.covered.resize(cases.size());
  std::vector<std::string> keys;
  for (const RunCase& c : cases)
    if (std::find(keys.begin(), keys.end(), key(c)) == keys.end()) keys.push_back(key(c));
  for (const std::string& k : keys) {
    std::vector<const RunCase*> rest;
    std::vector<double> implied;  // log(peak hours / published): the utilization of each other run
    for (const RunCase& c : cases)
      if (key(c) != k && fit_on(c)) {
        rest.push_back(&c);
        if (pretraining(c)) implied.push_back(std::log(c.peak_hours / c.row->published_gpu_hours));
      }
    Calibration cal = base;
    fit_runs(rest, cal);
    const double utilization = std::exp(median(implied));
    for (std::size_t i = 0; i < cases.size(); ++i) {
      if (key(cases[i]) != k) continue;
      h.model[i] = log_ratio(cases[i], cal);
      h.constant[i] = std::log(cases[i].peak_hours / utilization / cases[i].row->published_gpu_hours);
      h.steady[i] = std::log(cases[i].steady.gpu_hours / cases[i].row->published_gpu_hours);
    }
  }
  // Coverage as a user meets it: each key's runs against the range the other keys' give, at
  // the central share of each kind that holds kCoverage of them within kCoverageSlack (the
  // smallest, in steps of 5 points), or all of the residuals where none does. Pre-training
  // ranges build on the runs fitted on, fine-tuning ranges on every published run (the few
  // there are).
  auto builds_on = [](const RunCase& c) { return fit_on(c) || !pretraining(c); };
  auto covered_at = [&](std::size_t i, double share) {
    std::vector<double> same_kind;
    for (std::size_t j = 0; j < cases.size(); ++j)
      if (key(cases[j]) != key(cases[i]) && range_kind_of(cases[j]) == range_kind_of(cases[i]) && builds_on(cases[j]))
        same_kind.push_back(h.model[j]);
    return inside(h.model[i], range_of(same_kind, share));
  };
  for (RangeKind kind : {RangeKind::pretraining, RangeKind::finetuning, RangeKind::sharded_finetuning}) {
    const int k = static_cast<int>(kind);
    for (int step = 0;; ++step) {
      const double share = std::min(1.0, kCoverage + 0.05 * step);
      int runs = 0, in = 0;
      for (std::size_t i = 0; i < cases.size(); ++i) {
        if (range_kind_of(cases[i]) != kind) continue;
        h.covered[i] = covered_at(i, share);
        if (builds_on(cases[i])) ++runs, in += h.covered[i];
      }
      h.share[k] = share;
      h.held[k] = runs ? static_cast<double>(in) / runs : 0;
      if (h.held[k] >= kCoverage - kCoverageSlack - 1e-9 || share >= 1.0) break;
    }
  }
  return h;
}

// The figures of a held-out set of runs (`which` selects them).
Summary summarize_runs(const std::vector<double>& log_ratios, const std::vector<bool>* covered) {
  Summary s;
  std::vector<double> abs_pct;
  int in = 0;
  for (std::size_t i = 0; i < log_ratios.size(); ++i) {
    const double l = log_ratios[i];
    abs_pct.push_back(std::fabs(std::exp(l) - 1) * 100);
    s.worst = std::max(s.worst, std::exp(std::fabs(l)));
    s.within += std::fabs(l) <= std::log(1.5);
    if (covered) in += (*covered)[i];
  }
  s.runs = log_ratios.size();
  s.median_pct = median(abs_pct);
  s.shape_pct = 100 * shape_error(log_ratios);
  s.coverage_pct = s.runs ? 100.0 * in / s.runs : 0;
  return s;
}

const char* kind_name(RangeKind k) {
  return k == RangeKind::pretraining ? "pre-training" : k == RangeKind::finetuning ? "fine-tuning on one GPU or of adapters"
                                                                                  : "full fine-tuning on several GPUs";
}

}  // namespace gpusizer::calibration
