#include "finetune.hpp"

#include <cmath>
#include <map>

#include "fitting.hpp"

namespace gpusizer::calibration {

std::string finetune_group(const SteadyRow& row) { return row.framework; }

double finetune_loss(const std::vector<SteadyRow>& rows, const Calibration& cal) {
  std::map<std::string, std::pair<double, int>> groups;
  for (const SteadyRow& r : rows) {
    const double log_error = std::log(predict_steady(r, cal) / r.measured_tokens_per_s_per_gpu);
    auto& g = groups[finetune_group(r)];
    g.first += log_error * log_error;
    g.second += 1;
  }
  double loss = 0;
  for (const auto& [name, g] : groups) loss += g.first / g.second;
  return groups.empty() ? 0 : loss / groups.size();
}

namespace {

// Ranges: a PyTorch op costs 5-20 us to dispatch and an eager transformer layer with LoRA
// runs ~20-60 of them per pass (50 us - 5 ms); ZeRO-3 / FSDP hooks gather, free and reduce
// per module; outside the layers a micro-batch pays for its batch, embedding and loss
// (1-200 ms) and a step for the optimizer's per-tensor kernels, clipping and the scheduler
// (1-500 ms); unfused elementwise kernels move 1-6x the fused traffic; bitsandbytes' NF4
// dequantize-then-GEMM path reaches 12-35 % of HBM bandwidth in training (the per-micro-batch
// QLoRA - LoRA time of LitGPT's and ms-swift's tables on the same runs: 13-27 %; the Qwen
// table's GPTQ rows, ~11 %, cannot pull it below what bitsandbytes reaches); PCIe peer copies
// without NVLink (through the root complex or host memory) 10-90 %.
void fit_once(const std::vector<SteadyRow>& rows, Calibration& cal) {
  fit({{&cal.eager_layer_overhead_s, 50e-6, 5e-3},
       {&cal.eager_zero3_layer_overhead_s, 1e-6, 5e-3},
       {&cal.eager_micro_batch_overhead_s, 1e-3, 0.2},
       {&cal.eager_step_overhead_s, 1e-3, 0.5},
       {&cal.eager_memory_factor, 1.0, 6.0},
       {&cal.eager_dp_overlap, 0.0, 1.0},
       {&cal.qlora_dequant_efficiency, 0.12, 0.35},
       {&cal.pcie_efficiency, 0.1, 0.9}},
      [&] { return finetune_loss(rows, cal); }, 80);
}

}  // namespace

void fit_finetune(const std::vector<SteadyRow>& rows, Calibration& cal) {
  const Calibration priors;
  cal.eager_layer_overhead_s = priors.eager_layer_overhead_s;
  cal.eager_zero3_layer_overhead_s = priors.eager_zero3_layer_overhead_s;
  cal.eager_micro_batch_overhead_s = priors.eager_micro_batch_overhead_s;
  cal.eager_step_overhead_s = priors.eager_step_overhead_s;
  cal.eager_memory_factor = priors.eager_memory_factor;
  cal.eager_dp_overlap = priors.eager_dp_overlap;
  cal.qlora_dequant_efficiency = priors.qlora_dequant_efficiency;
  cal.pcie_efficiency = priors.pcie_efficiency;
  // Coordinate descent finds a local minimum: start from the priors and from a few
  // deterministic perturbations of them, keep the best.
  const Calibration start = cal;
  Calibration best = cal;
  fit_once(rows, best);
  double best_loss = finetune_loss(rows, best);
  for (double k : {0.5, 2.0, 0.25}) {
    Calibration c = start;
    c.eager_layer_overhead_s *= k;
    c.eager_micro_batch_overhead_s *= k;
    c.eager_step_overhead_s /= k;
    c.qlora_dequant_efficiency = std::min(0.35, c.qlora_dequant_efficiency * k);
    fit_once(rows, c);
    const double l = finetune_loss(rows, c);
    if (l < best_loss) {
      best_loss = l;
      best = c;
    }
  }
  cal = best;
}

std::vector<HeldOut> leave_one_group_out(const std::vector<SteadyRow>& rows, const Calibration& base) {
  std::map<std::string, HeldOut> groups;
  for (const SteadyRow& r : rows) groups[finetune_group(r)].rows.push_back(&r);
  std::vector<HeldOut> out;
  for (auto& [name, held] : groups) {
    std::vector<SteadyRow> rest;
    for (const SteadyRow& r : rows)
      if (finetune_group(r) != name) rest.push_back(r);
    held.group = name;
    held.fitted = base;
    fit_finetune(rest, held.fitted);
    for (const SteadyRow* r : held.rows)
      held.errors.push_back(predict_steady(*r, held.fitted) / r->measured_tokens_per_s_per_gpu - 1);
    out.push_back(std::move(held));
  }
  return out;
}

}  // namespace gpusizer::calibration
