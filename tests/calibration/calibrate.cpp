// gpusizer-calibrate: predicted vs measured throughput (steady_state.csv) and predicted vs
// published whole-run GPU-hours (whole_runs.csv), with summary errors; --fit searches the
// calibration constants (core/src/calibration.cpp) that minimize the error.
// usage: gpusizer-calibrate [--fit] [--cross-validate] [--steady FILE] [--runs FILE] [--quiet]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "dataset.hpp"
#include "fitting.hpp"
#include "training/run_model.hpp"

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

SteadyScore score_steady(const std::vector<SteadyRow>& rows, const Calibration& cal, bool print) {
  SteadyScore s;
  std::map<std::string, std::pair<double, int>> group_loss;
  std::vector<double> abs_pct;
  if (print) std::printf("%-34s %-10s %5s %-22s %10s %10s %7s\n", "steady state", "gpu", "gpus", "layout", "measured", "predicted", "error");
  for (const SteadyRow& r : rows) {
    const double predicted = predict_steady(r, cal);
    const double error = predicted / r.measured_tokens_per_s_per_gpu - 1;
    const double log_error = std::log(predicted / r.measured_tokens_per_s_per_gpu);
    auto& g = group_loss[group_of(r)];
    g.first += log_error * log_error;
    g.second += 1;
    s.errors[group_of(r)].push_back(error);
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

struct RunScore {
  double loss = 0, median_abs_pct = 0, max_ratio = 0;
  std::vector<double> log_ratios;  // log(predicted / published)
};

RunScore score_runs(const std::vector<RunRow>& rows, const Calibration& cal, bool print) {
  RunScore s;
  std::vector<double> abs_pct;
  if (print) std::printf("\n%-20s %-10s %6s %-6s %12s %12s %12s %7s\n", "whole run", "gpu", "gpus", "known", "published", "steady", "predicted", "ratio");
  for (const RunRow& r : rows) {
    const double steady = predict_run_steady_gpu_hours(r, cal);
    if (steady <= 0) {
      if (print) std::printf("%-20s does not fit\n", r.model.c_str());
      continue;
    }
    const double predicted = steady * run_overhead_factor(r.gpus, cal);
    const double ratio = predicted / r.published_gpu_hours;
    s.log_ratios.push_back(std::log(ratio));
    abs_pct.push_back(std::fabs(ratio - 1) * 100);
    s.max_ratio = std::max(s.max_ratio, std::max(ratio, 1 / ratio));
    if (print)
      std::printf("%-20.20s %-10s %6d %-6s %12.0f %12.0f %12.0f %7.3f\n", r.model.c_str(), r.gpu.c_str(), r.gpus,
                  r.count_known ? "yes" : "no", r.published_gpu_hours, steady, predicted, ratio);
  }
  // Absolute log error: the median run matters more than the few outliers the data holds.
  for (double l : s.log_ratios) s.loss += std::fabs(l);
  s.loss /= std::max<std::size_t>(1, s.log_ratios.size());
  s.median_abs_pct = median(abs_pct);
  return s;
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

}  // namespace

int main(int argc, char** argv) {
  std::string steady_path = GPUSIZER_CALIBRATION_DIR "/steady_state.csv";
  std::string runs_path = GPUSIZER_CALIBRATION_DIR "/whole_runs.csv";
  bool do_fit = false, quiet = false, do_cv = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--fit")) do_fit = true;
    else if (!std::strcmp(argv[i], "--cross-validate")) do_cv = true;
    else if (!std::strcmp(argv[i], "--quiet")) quiet = true;
    else if (!std::strcmp(argv[i], "--steady") && i + 1 < argc) steady_path = argv[++i];
    else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs_path = argv[++i];
    else {
      std::fprintf(stderr, "usage: gpusizer-calibrate [--fit] [--cross-validate] [--quiet] [--steady FILE] [--runs FILE]\n");
      return 1;
    }
  }
  // Fitting always uses the calibration files; --steady/--runs choose what is reported
  // (e.g. the validation files, which no constant is fitted on).
  const auto steady = load_steady(GPUSIZER_CALIBRATION_DIR "/steady_state.csv");
  const auto runs = load_runs(GPUSIZER_CALIBRATION_DIR "/whole_runs.csv");
  const auto report_steady = load_steady(steady_path);
  const auto report_runs = load_runs(runs_path);
  if (do_cv) cross_validate(steady);
  Calibration cal = default_calibration();

  if (do_fit) {
    fit_steady(steady, cal);
    // The whole-run overhead, with the steady-state model fixed: least squares in log space.
    cal.run_overhead_small_scale = std::max(cal.run_overhead_small_scale, 0.05);  // let the search move it
    fit({{&cal.run_overhead_fixed, 0.0, 3.0}, {&cal.run_overhead_per_1k_gpus, 0.0, 1.0},
         {&cal.run_overhead_small_scale, 0.0, 5.0}},
        [&] { return score_runs(runs, cal, false).loss; }, 80);
    const RunScore r = score_runs(runs, cal, false);
    cal.run_range_low = std::exp(-quantile(r.log_ratios, 0.9));
    cal.run_range_high = std::exp(-quantile(r.log_ratios, 0.1));
    std::printf("fitted constants (for core/src/calibration.cpp):\n");
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
    std::printf("    c.run_overhead_fixed = %.4f;\n    c.run_overhead_per_1k_gpus = %.4f;\n", cal.run_overhead_fixed,
                cal.run_overhead_per_1k_gpus);
    std::printf("    c.run_overhead_small_scale = %.4f;\n", cal.run_overhead_small_scale);
    std::printf("    c.run_range_low = %.3f;\n    c.run_range_high = %.3f;\n\n", cal.run_range_low, cal.run_range_high);
  }
  const SteadyScore s = score_steady(report_steady, cal, !quiet);
  const RunScore r = score_runs(report_runs, cal, !quiet);
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
  std::printf("whole runs: %zu rows, median |error| %.1f%%, worst ratio %.2fx\n", r.log_ratios.size(), r.median_abs_pct,
              r.max_ratio);
  return 0;
}
