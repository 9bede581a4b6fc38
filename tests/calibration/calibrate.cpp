// gpusizer-calibrate: predicted vs measured throughput (steady_state.csv, finetune_steady.csv)
// and predicted vs published whole-run GPU-hours (whole_runs.csv), with summary errors; --fit
// searches the calibration constants (core/src/calibration.cpp) that minimize the error,
// --fit-finetune only those fine-tuning alone uses; --requests prints each row's request.
// usage: gpusizer-calibrate [--fit | --fit-finetune] [--cross-validate] [--steady FILE] [--runs FILE] [--finetune FILE]
//                           [--requests] [--quiet]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "dataset.hpp"
#include "contract/default_catalog.hpp"
#include "finetune.hpp"
#include "fitting.hpp"
#include "training/run_model.hpp"
#include "training/timing.hpp"

using namespace gpusizer;
using namespace gpusizer::calibration;

namespace {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const double pos = q * (v.size() - 1);
  const std::size_t i = static_cast<std::size_t>(pos);
  const double f = pos - i;
  return i + 1 < v.size() ? v[i] * (1 - f) + v[i + 1] * f : v[i];
}

struct SteadyScore {
  double loss = 0;  // mean over framework groups of the mean squared log error
  double mean_abs_pct = 0, median_abs_pct = 0, max_abs_pct = 0;
  std::map<std::string, std::vector<double>> errors;  // by framework, signed relative error
};

std::string group_of(const SteadyRow& r) {
  if (r.framework.rfind("MosaicML", 0) == 0) return "llm-foundry " + r.gpu;
  if (r.framework.rfind("NVIDIA", 0) == 0) return "NVIDIA NeMo/Megatron-Bridge";
  return r.framework;
}

using Grouping = std::string (*)(const SteadyRow&);

SteadyScore score_steady(const std::vector<SteadyRow>& rows, const Calibration& cal, bool print,
                         Grouping group = group_of) {
  SteadyScore s;
  std::map<std::string, std::pair<double, int>> group_loss;
  std::vector<double> abs_pct;
  if (print) std::printf("%-34s %-10s %5s %-22s %10s %10s %7s\n", "steady state", "gpu", "gpus", "layout", "measured", "predicted", "error");
  for (const SteadyRow& r : rows) {
    const double predicted = predict_steady(r, cal);
    const double error = predicted / r.measured_tokens_per_s_per_gpu - 1;
    const double log_error = std::log(predicted / r.measured_tokens_per_s_per_gpu);
    auto& g = group_loss[group(r)];
    g.first += log_error * log_error;
    g.second += 1;
    s.errors[group(r)].push_back(error);
    abs_pct.push_back(std::fabs(error) * 100);
    if (print) {
      char layout[64];
      std::snprintf(layout, sizeof layout, "t%d p%d d%d e%d mb%d v%d %s z%d", r.par.tp, r.par.pp, r.par.dp, r.par.ep,
                    r.par.micro_batch, r.par.interleave, recompute_name(r.par.recompute), r.par.zero);
      std::printf("%-34.34s %-10s %5d %-22s %10.0f %10.0f %+6.1f%%\n", (r.framework.substr(0, 12) + " " + r.model + " s" + std::to_string(r.training.seq_len)).c_str(),
                  r.gpu.c_str(), r.gpus, layout, r.measured_tokens_per_s_per_gpu, predicted, error * 100);
    }
  }
  for (const auto& [name, g] : group_loss) s.loss += g.first / g.second;
  s.loss /= group_loss.size();
  double sum = 0;
  for (double e : abs_pct) sum += e;
  s.mean_abs_pct = sum / abs_pct.size();
  s.median_abs_pct = median(abs_pct);
  s.max_abs_pct = *std::max_element(abs_pct.begin(), abs_pct.end());
  return s;
}

// Whole runs: the steady state of each run is computed once (it does not depend on the run
// constants), then the run constants are fitted and scored on it.
struct RunCase {
  const RunRow* row;
  RunSteady steady;
  double peak_hours = 0;  // 6 P D / dense peak: the GPU-hours at 100 % utilization
};

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

// Absolute log error: the median run matters more than the few outliers the data holds.
double run_loss(const std::vector<const RunCase*>& cases, const Calibration& cal) {
  double loss = 0;
  for (const RunCase* c : cases) loss += std::fabs(log_ratio(*c, cal));
  return loss / std::max<std::size_t>(1, cases.size());
}

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

// The range a response states: the central interval of residuals holding kCoverage of them.
constexpr double kCoverage = 0.8;
struct Range {
  double low = 1, high = 1;  // factors of the point estimate
};
// The estimate itself always lies inside: where the published runs of a kind all took longer
// (full fine-tuning on several GPUs with 2023-24 stacks), the range runs from it to them.
Range range_of(const std::vector<double>& log_residuals) {
  if (log_residuals.empty()) return {};
  const double tail = (1 - kCoverage) / 2;
  return {std::min(1.0, std::exp(-quantile(log_residuals, 1 - tail))), std::max(1.0, std::exp(-quantile(log_residuals, tail)))};
}
bool inside(double log_residual, const Range& r) {
  const double ratio = std::exp(log_residual);  // predicted / published: published = predicted / ratio
  return 1 / ratio >= r.low * (1 - 1e-9) && 1 / ratio <= r.high * (1 + 1e-9);
}

// Each held-out set's runs predicted with constants fitted on the other runs: by source (the
// paper or organization, whole_runs.csv's source_group) or by run.
using KeyOf = std::string (*)(const RunCase&);
std::string by_source(const RunCase& c) { return c.row->group; }
std::string by_run(const RunCase& c) { return c.row->model; }

struct Held {
  std::vector<double> model;     // log(predicted / published), constants fitted without the run's key
  std::vector<double> constant;  // the same for a constant utilization fitted on the same runs
  std::vector<double> steady;    // the planner's tuned steady state alone, nothing fitted
  std::vector<bool> covered;     // inside the range of the other keys' held-out residuals
  Range range;                   // of the held-out residuals of the runs fitted on
};

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
  // Coverage as a user meets it: each key's runs against the range the other keys' give.
  for (const std::string& k : keys) {
    for (std::size_t i = 0; i < cases.size(); ++i) {
      if (key(cases[i]) != k) continue;
      std::vector<double> same_kind;
      const bool pre = pretraining(cases[i]);
      for (std::size_t j = 0; j < cases.size(); ++j)
        if (key(cases[j]) != k && range_kind_of(cases[j]) == range_kind_of(cases[i]) && (fit_on(cases[j]) || !pre))
          same_kind.push_back(h.model[j]);
      h.covered[i] = inside(h.model[i], range_of(same_kind));
    }
  }
  return h;
}

// The figures of a held-out set of runs (`which` selects them).
struct Summary {
  std::size_t runs = 0;
  double median_pct = 0, worst = 1, shape_pct = 0, coverage_pct = 0;
  int within = 0;
};
Summary summarize_runs(const std::vector<double>& log_ratios, const std::vector<bool>* covered = nullptr) {
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

void print_run_summary(const char* label, const Summary& s, bool coverage) {
  std::printf("  %-44s median |error| %5.1f%%  worst %.2fx  within 1.5x %2d/%-3zu  shape error %4.1f%%", label, s.median_pct,
              s.worst, s.within, s.runs, s.shape_pct);
  if (coverage) std::printf("  in range %3.0f%%", s.coverage_pct);
  std::printf("\n");
}

// The held-out residuals of the runs `keep` selects.
template <class Keep>
std::vector<double> pick(const std::vector<RunCase>& cases, const std::vector<double>& values, Keep keep) {
  std::vector<double> out;
  for (std::size_t i = 0; i < cases.size(); ++i)
    if (keep(cases[i])) out.push_back(values[i]);
  return out;
}
template <class Keep>
std::vector<bool> pick_covered(const std::vector<RunCase>& cases, const std::vector<bool>& values, Keep keep) {
  std::vector<bool> out;
  for (std::size_t i = 0; i < cases.size(); ++i)
    if (keep(cases[i])) out.push_back(values[i]);
  return out;
}

// Every run: published, steady-state and whole-run GPU-hours with all runs fitted, and the
// ratio when its source, and when the run alone, was left out of the fit.
void print_runs(const std::vector<RunCase>& cases, const Calibration& cal, const Held& source, const Held& run) {
  std::printf("\n%-24s %-26s %-10s %6s %-3s %12s %12s %12s %7s %7s\n", "whole run", "source", "gpu", "gpus", "fit",
              "published", "steady", "predicted", "source", "run");
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const RunRow& r = *cases[i].row;
    const double predicted = predict_run_gpu_hours(r, cases[i].steady, cal);
    std::printf("%-24.24s %-26.26s %-10s %6d %-3s %12.6g %12.6g %12.6g %7.3f %7.3f\n", r.model.c_str(), r.group.c_str(),
                r.gpu.c_str(), r.gpus, r.fit ? "yes" : "no", r.published_gpu_hours, cases[i].steady.gpu_hours, predicted,
                std::exp(source.model[i]), std::exp(run.model[i]));
  }
}

const char* kind_name(RangeKind k) {
  return k == RangeKind::pretraining ? "pre-training" : k == RangeKind::finetuning ? "fine-tuning on one GPU or of adapters"
                                                                                  : "full fine-tuning on several GPUs";
}

// The headline figures, by the kind of run a range is stated for: the runs fitted on with their
// source left out (and, beside it, each run alone left out), pre-training against a constant
// utilization and the tuned steady state alone; every published run of the kind (the reported
// ones too); and the range, with how often it held.
void print_whole_run_figures(const std::vector<RunCase>& cases, const Held& source, const Held& run) {
  for (const RangeKind k : {RangeKind::pretraining, RangeKind::finetuning, RangeKind::sharded_finetuning}) {
    auto fitted = [k](const RunCase& c) { return fit_on(c) && range_kind_of(c) == k; };
    auto every = [k](const RunCase& c) { return range_kind_of(c) == k; };
    const auto all = pick(cases, source.model, every);
    if (all.empty()) continue;
    std::set<std::string> sources, sources_all;
    for (const RunCase& c : cases) {
      if (fitted(c)) sources.insert(c.row->group);
      if (every(c)) sources_all.insert(c.row->group);
    }
    const auto held = pick(cases, source.model, fitted);
    std::printf("\n%s: %zu runs fitted on from %zu sources, %zu published runs from %zu sources\n", kind_name(k), held.size(),
                sources.size(), all.size(), sources_all.size());
    if (!held.empty()) {
      const auto covered = pick_covered(cases, source.covered, fitted);
      print_run_summary("fitted on, leave-one-source-out", summarize_runs(held, &covered), true);
      const auto covered_run = pick_covered(cases, run.covered, fitted);
      print_run_summary("fitted on, leave-one-run-out", summarize_runs(pick(cases, run.model, fitted), &covered_run), true);
    }
    if (k == RangeKind::pretraining) {
      print_run_summary("constant utilization, leave-one-source-out", summarize_runs(pick(cases, source.constant, fitted)), false);
      print_run_summary("tuned steady state alone (nothing fitted)", summarize_runs(pick(cases, source.steady, fitted)), false);
    }
    const auto covered_all = pick_covered(cases, source.covered, every);
    print_run_summary("every published run, leave-one-source-out", summarize_runs(all, &covered_all), true);
    const Range r = range_of(k == RangeKind::pretraining ? held : all);
    const auto& judged = k == RangeKind::pretraining ? held : all;
    const auto judged_covered = pick_covered(cases, source.covered, k == RangeKind::pretraining ? std::function<bool(const RunCase&)>(fitted) : std::function<bool(const RunCase&)>(every));
    std::printf("  range: the central %.0f %% of the leave-one-source-out residuals, x%.2f to x%.2f (%.2fx wide);"
                " held by %.0f %% of them, each judged by the other sources' range\n",
                100 * kCoverage, r.low, r.high, r.high / r.low, summarize_runs(judged, &judged_covered).coverage_pct);
  }
}

// The steady-state constants, each within the range public benchmarks allow (an efficiency
// above what the hardware reaches would only fit noise).
void fit_steady_once(const std::vector<SteadyRow>& rows, Calibration& cal) {
  // Lower bounds: what current kernels reach (cuBLAS; FlashAttention-2 / cuDNN attention),
  // so rows from older kernels (llm-foundry's Triton attention at 32K-65K tokens) cannot
  // drag the prediction for today's frameworks below what they deliver.
  fit({{&cal.ampere.gemm, 0.7, 0.9},
       {&cal.ampere.attention, 0.45, 0.75},
       {&cal.hopper.gemm, 0.65, 0.85},
       {&cal.hopper.gemm_fp8, 0.45, 0.8},
       {&cal.hopper.attention, 0.35, 0.75},
       {&cal.ampere.tp_overlap, 0.0, 0.9},
       {&cal.hopper.tp_overlap, 0.0, 0.9},
       {&cal.hbm_efficiency, 0.5, 0.9},
       {&cal.nvlink_efficiency, 0.5, 0.9},
       {&cal.network_efficiency, 0.5, 0.9},
       {&cal.dp_overlap, 0.3, 1.0},
       {&cal.layer_overhead_s, 5e-6, 500e-6},
       {&cal.gemm_half_flops, 1e7, 1e11},
       {&cal.zero3_compute_efficiency, 0.5, 1.0},
       {&cal.zero3_layer_overhead_s, 1e-6, 2e-3},
       {&cal.nic_pooling, 0.0, 1.0},
       {&cal.moe_layer_overhead_s, 1e-6, 5e-3},
       {&cal.moe_comm_overlap, 0.0, 0.9}},
      [&] { return score_steady(rows, cal, false).loss; }, 80);
}

// Coordinate descent finds a local minimum; start it from the priors and from a few
// deterministic perturbations of them and keep the best.
void fit_steady(const std::vector<SteadyRow>& rows, Calibration& cal) {
  const Calibration start = cal;
  Calibration best = cal;
  fit_steady_once(rows, best);
  double best_loss = score_steady(rows, best, false).loss;
  const double shakes[][3] = {{0.9, 1.1, 0.8}, {1.1, 0.9, 1.2}, {0.95, 1.05, 0.6}, {1.05, 0.95, 1.5}};
  for (const auto& k : shakes) {
    Calibration c = start;
    c.ampere.gemm *= k[0];
    c.hopper.gemm *= k[1];
    c.ampere.attention *= k[2];
    c.hopper.attention *= k[2];
    c.zero3_compute_efficiency = std::min(1.0, c.zero3_compute_efficiency * k[1]);
    c.layer_overhead_s *= k[2];
    c.hopper.tp_overlap = 0.3 * k[2];
    c.moe_comm_overlap = 0.3 * k[2];
    fit_steady_once(rows, c);
    const double l = score_steady(rows, c, false).loss;
    if (l < best_loss) {
      best_loss = l;
      best = c;
    }
  }
  cal = best;
}

// Leave one framework group out: fit on the others, score the group left out.
void cross_validate(const std::vector<SteadyRow>& rows) {
  std::map<std::string, std::vector<SteadyRow>> groups;
  for (const SteadyRow& r : rows) groups[group_of(r)].push_back(r);
  std::printf("leave-one-group-out (fitted without the group, then scored on it):\n");
  std::vector<double> all;
  for (const auto& [name, held_out] : groups) {
    std::vector<SteadyRow> rest;
    for (const SteadyRow& r : rows)
      if (group_of(r) != name) rest.push_back(r);
    Calibration cal = default_calibration();
    fit_steady(rest, cal);
    const SteadyScore s = score_steady(held_out, cal, false);
    for (const auto& [g, errors] : s.errors)
      for (double e : errors) all.push_back(std::fabs(e) * 100);
    std::printf("  %-46s %4zu rows  mean |error| %5.1f%%\n", name.c_str(), held_out.size(), s.mean_abs_pct);
  }
  double sum = 0;
  for (double e : all) sum += e;
  std::printf("  all held-out rows: mean |error| %.1f%%, median %.1f%%\n\n", sum / all.size(), median(all));
}

// ---- fine-tuning (finetune_steady.csv) ----------------------------------------------------

void print_finetune_constants(const Calibration& cal) {
  std::printf("fitted fine-tuning constants (for core/src/calibration.cpp):\n");
  std::printf("    c.eager_layer_overhead_s = %.3g;\n    c.eager_zero3_layer_overhead_s = %.3g;\n",
              cal.eager_layer_overhead_s, cal.eager_zero3_layer_overhead_s);
  std::printf("    c.eager_micro_batch_overhead_s = %.3g;\n    c.eager_step_overhead_s = %.3g;\n",
              cal.eager_micro_batch_overhead_s, cal.eager_step_overhead_s);
  std::printf("    c.eager_memory_factor = %.3f;\n    c.eager_dp_overlap = %.3f;\n", cal.eager_memory_factor,
              cal.eager_dp_overlap);
  std::printf("    c.qlora_dequant_efficiency = %.3f;\n    c.pcie_efficiency = %.3f;\n\n", cal.qlora_dequant_efficiency,
              cal.pcie_efficiency);
}

// The summary figures of predicted vs measured (signed relative errors, one per row).
struct ErrorSummary {
  std::size_t rows = 0;
  double mean_abs_pct = 0, median_abs_pct = 0, worst_ratio = 0;
};

ErrorSummary summarize(const std::vector<double>& errors) {
  ErrorSummary s;
  std::vector<double> abs_pct;
  for (double e : errors) {
    abs_pct.push_back(std::fabs(e) * 100);
    s.worst_ratio = std::max(s.worst_ratio, std::max(1 + e, 1 / (1 + e)));
  }
  s.rows = errors.size();
  if (s.rows) {
    double sum = 0;
    for (double a : abs_pct) sum += a;
    s.mean_abs_pct = sum / s.rows;
    s.median_abs_pct = median(abs_pct);
  }
  return s;
}

void print_summary(const char* label, const std::vector<double>& errors) {
  const ErrorSummary s = summarize(errors);
  std::printf("  %-34s %4zu rows  mean |error| %5.1f%%  median %5.1f%%  worst %.3fx\n", label, s.rows, s.mean_abs_pct,
              s.median_abs_pct, s.worst_ratio);
}

// QLoRA against LoRA where a source measured both on the same model, GPUs and sequence length:
// measured and predicted ratio of a LoRA row's throughput to its QLoRA twin's (how much longer
// a QLoRA step takes per token).
void report_qlora_ratios(const std::vector<SteadyRow>& rows, const Calibration& cal) {
  bool header = false;
  for (const SteadyRow& q : rows) {
    if (q.training.mode != Mode::qlora) continue;
    for (const SteadyRow& l : rows) {
      if (l.training.mode != Mode::lora || l.framework != q.framework || l.spec.name != q.spec.name || l.gpu != q.gpu ||
          l.gpus != q.gpus || l.training.seq_len != q.training.seq_len || l.par.zero != q.par.zero)
        continue;
      const double measured = l.measured_tokens_per_s_per_gpu / q.measured_tokens_per_s_per_gpu;
      const double predicted = predict_steady(l, cal) / predict_steady(q, cal);
      if (!header) std::printf("QLoRA / LoRA time per token (same source, model, GPUs, sequence length):\n");
      header = true;
      std::printf("  %-44s measured %.2f  predicted %.2f\n", q.id.c_str(), measured, predicted);
    }
  }
  if (header) std::printf("\n");
}

// Predicted vs measured fine-tuning throughput, all rows and single-GPU rows.
void report_finetune(const std::vector<SteadyRow>& rows, const Calibration& cal, bool print) {
  const SteadyScore s = score_steady(rows, cal, print, finetune_group);
  std::vector<double> all, single;
  for (const SteadyRow& r : rows) {
    const double e = predict_steady(r, cal) / r.measured_tokens_per_s_per_gpu - 1;
    all.push_back(e);
    if (r.gpus == 1) single.push_back(e);
  }
  std::printf("\nfine-tuning steady state:\n");
  print_summary("all", all);
  print_summary("single GPU", single);
  for (const auto& [name, errors] : s.errors) print_summary(name.substr(0, 34).c_str(), errors);
  std::printf("\n");
}

// Published fine-tuning runs (finetune_runs.csv): the steady-state hours of the planner's
// layout against the published wall-clock hours (reported, not fitted: what a run adds to its
// steady state is the whole-run model's part).
void report_finetune_runs(const std::vector<FinetuneRunRow>& rows, const Calibration& cal) {
  std::printf("%-44s %-10s %5s %12s %10s %10s\n", "fine-tuning run", "gpu", "gpus", "published h", "steady h",
              "published / steady");
  for (const FinetuneRunRow& r : rows) {
    const double steady = predict_finetune_run_steady_hours(r, cal);
    std::printf("%-44.44s %-10s %5d %12.3f %10.3f %10.2f\n", r.id.c_str(), r.gpu.c_str(), r.gpus, r.published_wall_hours,
                steady, steady > 0 ? r.published_wall_hours / steady : 0.0);
  }
  std::printf("\n");
}

// Leave one fine-tuning group out: fit the fine-tuning constants on the other groups, score
// the group left out; the pre-training constants stay as `base` has them.
void cross_validate_finetune(const std::vector<SteadyRow>& rows, const Calibration& base) {
  std::printf("fine-tuning, leave-one-group-out (fitted without the group, then scored on it):\n");
  std::vector<double> all, single;
  for (const HeldOut& held : leave_one_group_out(rows, base)) {
    print_summary(held.group.substr(0, 34).c_str(), held.errors);
    for (std::size_t i = 0; i < held.rows.size(); ++i) {
      all.push_back(held.errors[i]);
      if (held.rows[i]->gpus == 1) single.push_back(held.errors[i]);
    }
    std::vector<SteadyRow> group;
    for (const SteadyRow* r : held.rows) group.push_back(*r);
    report_qlora_ratios(group, held.fitted);
  }
  print_summary("all held-out rows", all);
  print_summary("held-out single-GPU rows", single);
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  std::string steady_path = GPUSIZER_CALIBRATION_DIR "/steady_state.csv";
  std::string runs_path = GPUSIZER_CALIBRATION_DIR "/whole_runs.csv";
  std::string finetune_path = GPUSIZER_CALIBRATION_DIR "/finetune_steady.csv";
  bool do_fit = false, quiet = false, do_cv = false, print_requests = false, fit_finetune_only = false, fit_runs_only = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--fit")) do_fit = true;
    else if (!std::strcmp(argv[i], "--fit-finetune")) fit_finetune_only = true;
    else if (!std::strcmp(argv[i], "--fit-runs")) fit_runs_only = true;
    else if (!std::strcmp(argv[i], "--cross-validate")) do_cv = true;
    else if (!std::strcmp(argv[i], "--quiet")) quiet = true;
    else if (!std::strcmp(argv[i], "--steady") && i + 1 < argc) steady_path = argv[++i];
    else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs_path = argv[++i];
    else if (!std::strcmp(argv[i], "--finetune") && i + 1 < argc) finetune_path = argv[++i];
    else if (!std::strcmp(argv[i], "--requests")) print_requests = true;
    else {
      std::fprintf(stderr,
                   "usage: gpusizer-calibrate [--fit | --fit-finetune | --fit-runs] [--cross-validate] [--quiet] [--steady FILE] [--runs FILE] "
                   "[--finetune FILE] [--requests]\n");
      return 1;
    }
  }
  // Fitting always uses the calibration files; --steady/--runs choose what is reported
  // (e.g. the validation files, which no constant is fitted on).
  const auto steady = load_steady(GPUSIZER_CALIBRATION_DIR "/steady_state.csv");
  const auto finetune = load_steady(GPUSIZER_CALIBRATION_DIR "/finetune_steady.csv");
  const auto report_finetune_rows = load_steady(finetune_path);
  const auto finetune_runs = load_finetune_runs(GPUSIZER_CALIBRATION_DIR "/finetune_runs.csv");
  // Whole runs: the published pre-training runs and the fine-tuning runs (wall hours x GPUs),
  // which alone say what a short run spends outside its iterations.
  auto with_finetune_runs = [&](std::vector<RunRow> rows) {
    for (const FinetuneRunRow& f : finetune_runs) rows.push_back(as_run(f));
    return rows;
  };
  const auto runs = with_finetune_runs(load_runs(GPUSIZER_CALIBRATION_DIR "/whole_runs.csv"));
  const auto report_steady = load_steady(steady_path);
  const auto report_runs = runs_path == GPUSIZER_CALIBRATION_DIR "/whole_runs.csv" ? runs : load_runs(runs_path);
  if (print_requests) {
    // Each row as the request it becomes: `gpusizer estimate` answers it with the same layout.
    for (const auto* rows : {&report_steady, &report_finetune_rows})
      for (const SteadyRow& r : *rows) std::printf("%s\t%s\n", r.id.c_str(), r.request_json.c_str());
    for (const RunRow& r : report_runs) std::printf("%s\t%s\n", r.model.c_str(), r.request_json.c_str());
    for (const FinetuneRunRow& r : finetune_runs) std::printf("%s\t%s\n", r.id.c_str(), r.request_json.c_str());
    return 0;
  }
  if (do_cv) cross_validate(steady);
  Calibration cal = default_calibration();

  // The whole-run constants on every run fitted on, and each range from the held-out residuals
  // of its kind of run (each source left out), so it says how far a run of a source the fit
  // has not seen strays.
  auto fit_whole_runs = [&](Calibration& c) {
    const std::vector<RunCase> cases = run_cases(runs, c);
    std::vector<const RunCase*> fitted;
    for (const RunCase& rc : cases)
      if (fit_on(rc)) fitted.push_back(&rc);
    const Held held = hold_out(cases, c, by_source);
    fit_runs(fitted, c);
    // Pre-training: the runs fitted on. Fine-tuning: every published run of its kind, the few
    // there are.
    auto of_kind = [&](RangeKind k, bool fitted_only) {
      return range_of(pick(cases, held.model, [&](const RunCase& rc) { return range_kind_of(rc) == k && (fit_on(rc) || !fitted_only); }));
    };
    const Range pre = of_kind(RangeKind::pretraining, true), fine = of_kind(RangeKind::finetuning, false),
                sharded = of_kind(RangeKind::sharded_finetuning, false);
    c.run_range_low = pre.low;
    c.run_range_high = pre.high;
    c.finetune_range_low = fine.low;
    c.finetune_range_high = fine.high;
    c.sharded_finetune_range_low = sharded.low;
    c.sharded_finetune_range_high = sharded.high;
  };
  auto print_run_constants = [](const Calibration& c) {
    std::printf("whole-run constants (for core/src/training/calibration.cpp):\n");
    std::printf("    c.run_gap = %.4f;\n    c.run_startup_hours = %.4f;\n", c.run_gap, c.run_startup_hours);
    std::printf("    c.run_range_low = %.3f;\n    c.run_range_high = %.3f;\n", c.run_range_low, c.run_range_high);
    std::printf("    c.finetune_range_low = %.3f;\n    c.finetune_range_high = %.3f;\n", c.finetune_range_low,
                c.finetune_range_high);
    std::printf("    c.sharded_finetune_range_low = %.3f;\n    c.sharded_finetune_range_high = %.3f;\n\n",
                c.sharded_finetune_range_low, c.sharded_finetune_range_high);
  };
  if (do_fit) {
    fit_steady(steady, cal);
    fit_finetune(finetune, cal);
    fit_whole_runs(cal);
    std::printf("fitted constants (for core/src/training/calibration.cpp):\n");
    std::printf("    c.ampere = {%.3f, %.3f, %.3f, %.3f};\n", cal.ampere.gemm, cal.ampere.gemm_fp8, cal.ampere.attention,
                cal.ampere.tp_overlap);
    std::printf("    c.hopper = {%.3f, %.3f, %.3f, %.3f};\n", cal.hopper.gemm, cal.hopper.gemm_fp8, cal.hopper.attention,
                cal.hopper.tp_overlap);
    std::printf("    c.gemm_half_flops = %.3g;\n    c.hbm_efficiency = %.3f;\n    c.nvlink_efficiency = %.3f;\n",
                cal.gemm_half_flops, cal.hbm_efficiency, cal.nvlink_efficiency);
    std::printf("    c.network_efficiency = %.3f;\n    c.nic_pooling = %.3f;\n    c.dp_overlap = %.3f;\n",
                cal.network_efficiency, cal.nic_pooling, cal.dp_overlap);
    std::printf("    c.layer_overhead_s = %.3g;\n    c.zero3_compute_efficiency = %.3f;\n    c.zero3_layer_overhead_s = %.3g;\n",
                cal.layer_overhead_s, cal.zero3_compute_efficiency, cal.zero3_layer_overhead_s);
    std::printf("    c.moe_layer_overhead_s = %.3g;\n    c.moe_comm_overlap = %.3f;\n", cal.moe_layer_overhead_s,
                cal.moe_comm_overlap);
    print_run_constants(cal);
    print_finetune_constants(cal);
  } else if (fit_runs_only) {
    // The whole-run constants alone, on the compiled steady-state constants.
    fit_whole_runs(cal);
    print_run_constants(cal);
  } else if (fit_finetune_only) {
    // The fine-tuning constants alone, on the compiled pre-training constants.
    fit_finetune(finetune, cal);
    print_finetune_constants(cal);
  }
  const SteadyScore s = score_steady(report_steady, cal, !quiet);
  const std::vector<RunCase> report_cases = run_cases(report_runs, cal);
  const Held by_source_held = hold_out(report_cases, cal, by_source);
  const Held by_run_held = hold_out(report_cases, cal, by_run);
  if (!quiet) print_runs(report_cases, cal, by_source_held, by_run_held);
  std::printf("\nsteady state: %zu rows, mean |error| %.1f%%, median %.1f%%, max %.1f%%\n", report_steady.size(),
              s.mean_abs_pct, s.median_abs_pct, s.max_abs_pct);
  for (const auto& [name, errors] : s.errors) {
    double mean_abs = 0, mean = 0;
    for (double e : errors) {
      mean_abs += std::fabs(e);
      mean += e;
    }
    std::printf("  %-30s %4zu rows  mean |error| %5.1f%%  bias %+5.1f%%\n", name.c_str(), errors.size(),
                100 * mean_abs / errors.size(), 100 * mean / errors.size());
  }
  std::printf("\nwhole runs: %zu\n", report_cases.size());
  print_whole_run_figures(report_cases, by_source_held, by_run_held);
  std::printf("\n");
  report_finetune(report_finetune_rows, cal, !quiet);
  report_qlora_ratios(report_finetune_rows, cal);
  report_finetune_runs(finetune_runs, cal);
  if (do_cv) cross_validate_finetune(finetune, default_calibration());
  return 0;
}
