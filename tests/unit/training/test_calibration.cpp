// The calibration datasets as tests: the performance model against measured steady-state
// throughput (pre-training and fine-tuning) and the whole-run model against published
// GPU-hours, with stated tolerances. The tolerances are what the model achieves today (README
// "How accurate it is"); a change that makes it worse fails here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "dataset.hpp"
#include "finetune.hpp"
#include "training/run_model.hpp"

using namespace gpusizer;
using namespace gpusizer::calibration;

namespace {

const std::vector<SteadyRow>& steady() {
  static const auto rows = load_steady(GPUSIZER_CALIBRATION_DIR "/steady_state.csv");
  return rows;
}

const std::vector<SteadyRow>& finetune() {
  static const auto rows = load_steady(GPUSIZER_CALIBRATION_DIR "/finetune_steady.csv");
  return rows;
}

const std::vector<RunRow>& runs() {
  static const auto rows = load_runs(GPUSIZER_CALIBRATION_DIR "/whole_runs.csv");
  return rows;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// Mean |relative error| of the throughput over the rows whose framework starts with `prefix`.
double mean_error(const char* prefix, std::size_t* count) {
  double sum = 0;
  *count = 0;
  for (const SteadyRow& r : steady()) {
    if (r.framework.rfind(prefix, 0) != 0) continue;
    sum += std::fabs(predict_steady(r, default_calibration()) / r.measured_tokens_per_s_per_gpu - 1);
    ++*count;
  }
  return *count ? sum / *count : 0;
}

// How far a prediction is off either way: 1.25 for 25 % too fast or 20 % too slow.
double off_by(double error) { return std::max(1 + error, 1 / (1 + error)); }

// The row of `rows` with this id (the tests name the rows they reason about).
const SteadyRow& row(const std::string& id) {
  for (const SteadyRow& r : finetune())
    if (r.id == id) return r;
  FAIL("no row " << id);
  throw;
}

}  // namespace

TEST_CASE("Megatron-LM iteration times (Narayanan 2021, Korthikanti 2022) within 10% on average", "[calibration]") {
  std::size_t n = 0;
  const double error = mean_error("Megatron-LM", &n);
  INFO(n << " rows, mean |error| " << error * 100 << "%");
  CHECK(n >= 25);
  CHECK(error < 0.10);
}

TEST_CASE("llm-foundry FSDP throughput within 16% on average", "[calibration]") {
  std::size_t n = 0;
  const double error = mean_error("MosaicML", &n);
  INFO(n << " rows, mean |error| " << error * 100 << "%");
  CHECK(n >= 200);
  CHECK(error < 0.16);
}

TEST_CASE("NVIDIA NeMo and Megatron-Bridge throughput within 10% on average", "[calibration]") {
  std::size_t n = 0;
  const double error = mean_error("NVIDIA", &n);
  INFO(n << " rows, mean |error| " << error * 100 << "%");
  CHECK(n >= 60);
  CHECK(error < 0.10);
}

TEST_CASE("every measured row is predicted within a factor of three", "[calibration]") {
  for (const SteadyRow& r : steady()) {
    const double ratio = predict_steady(r, default_calibration()) / r.measured_tokens_per_s_per_gpu;
    INFO(r.framework << " " << r.model << " on " << r.gpus << " " << r.gpu << ": ratio " << ratio);
    CHECK(ratio > 1.0 / 3);
    CHECK(ratio < 3);
  }
}

// How well whole runs are predicted is a measurement, the calibration tool's to print
// (gpusizer-calibrate, docs/accuracy.md), not a test's to assert. These check what the
// measurement rests on: every run plans through the contract, names its source, and the
// ranges the compiled constants state hold the point estimate.
TEST_CASE("published whole runs plan through the contract, each with its source", "[calibration]") {
  std::set<std::string> sources;
  std::size_t fitted = 0;
  for (const RunRow& r : runs()) {
    INFO(r.model << ": " << r.request_json);
    const RunSteady steady = predict_run_steady(r, default_calibration());
    CHECK(steady.gpu_hours > 0);
    CHECK(predict_run_gpu_hours(r, steady, default_calibration()) > steady.gpu_hours);
    CHECK_FALSE(r.group.empty());
    CHECK_FALSE(r.source.empty());
    CHECK(r.published_gpu_hours > 0);
    sources.insert(r.group);
    fitted += r.fit;
  }
  CHECK(sources.size() >= 25);
  CHECK(fitted >= 50);
  const Calibration& c = default_calibration();
  for (const auto& [low, high] : {std::pair{c.run_range_low, c.run_range_high}, std::pair{c.finetune_range_low, c.finetune_range_high},
                                  std::pair{c.sharded_finetune_range_low, c.sharded_finetune_range_high}}) {
    CHECK(low <= 1);
    CHECK(high >= 1);
    CHECK(low > 0);
  }
  CHECK(c.run_range_coverage > 0);
  CHECK(c.run_range_coverage < 1);
}

TEST_CASE("fine-tuning rows are requests of every mode, eager and fused, on one GPU and many", "[calibration]") {
  std::size_t eager = 0, single = 0, qlora = 0, lora = 0, full = 0;
  for (const SteadyRow& r : finetune()) {
    INFO(r.id << ": " << r.request_json);
    CHECK(r.request_json.find("\"kernels\"") != std::string::npos);
    CHECK(r.training.mode != Mode::pretrain);
    CHECK(r.par.gpus() == r.gpus);
    CHECK_FALSE(r.source.empty());
    eager += r.training.kernels == Kernels::eager;
    single += r.gpus == 1;
    qlora += r.training.mode == Mode::qlora;
    lora += r.training.mode == Mode::lora;
    full += r.training.mode == Mode::full_finetune;
  }
  CHECK(finetune().size() >= 40);
  CHECK(eager >= 25);
  CHECK(single >= 15);
  CHECK(qlora >= 10);
  CHECK(lora >= 15);
  CHECK(full >= 8);
}

TEST_CASE("fine-tuning throughput: every row within 1.45x, median error under 10%", "[calibration]") {
  std::vector<double> all, single;
  for (const SteadyRow& r : finetune()) {
    const double error = predict_steady(r, default_calibration()) / r.measured_tokens_per_s_per_gpu - 1;
    INFO(r.id << ": predicted / measured = " << 1 + error);
    CHECK(off_by(error) < 1.45);
    all.push_back(std::fabs(error));
    if (r.gpus == 1) single.push_back(std::fabs(error));
  }
  CHECK(median(all) < 0.10);
  CHECK(median(single) < 0.10);
}

TEST_CASE("fine-tuning held out by source: median under 12%, single-GPU median under 15%, all within 1.55x",
          "[calibration]") {
  // The fine-tuning constants refitted without each source, then that source predicted: how
  // the model does on a framework it has not seen.
  std::vector<double> all, single;
  for (const HeldOut& held : leave_one_group_out(finetune(), default_calibration())) {
    for (std::size_t i = 0; i < held.rows.size(); ++i) {
      INFO(held.group << " held out, " << held.rows[i]->id << ": predicted / measured = " << 1 + held.errors[i]);
      CHECK(off_by(held.errors[i]) < 1.55);
      all.push_back(std::fabs(held.errors[i]));
      if (held.rows[i]->gpus == 1) single.push_back(std::fabs(held.errors[i]));
    }
  }
  CHECK(all.size() == finetune().size());
  CHECK(median(all) < 0.12);
  CHECK(median(single) < 0.15);
}

TEST_CASE("a QLoRA step costs more than a LoRA step by about the measured factor", "[calibration]") {
  // Time per token of the QLoRA row over its LoRA twin (same table, model, GPU, length).
  auto ratios = [](const char* lora, const char* qlora) {
    const SteadyRow &l = row(lora), &q = row(qlora);
    const double measured = l.measured_tokens_per_s_per_gpu / q.measured_tokens_per_s_per_gpu;
    const double predicted = predict_steady(l, default_calibration()) / predict_steady(q, default_calibration());
    return std::pair<double, double>{measured, predicted};
  };
  // One 2048-token sequence per micro-batch on one A100 (Qwen README): dequantizing the
  // 4-bit weights in the forward, the recomputation and the backward adds 18-40 %.
  for (const auto& [lora, qlora] : {std::pair{"qwen-1.8b-lora-2048", "qwen-1.8b-qlora-2048"},
                                    std::pair{"qwen-7b-lora-2048", "qwen-7b-qlora-2048"},
                                    std::pair{"qwen-14b-lora-2048", "qwen-14b-qlora-2048"}}) {
    const auto [measured, predicted] = ratios(lora, qlora);
    INFO(qlora << ": measured " << measured << ", predicted " << predicted);
    CHECK(predicted > 1.08);
    CHECK(predicted == Approx(measured).epsilon(0.12));
  }
  // The dequantization is paid per micro-batch: at 8192 tokens it nearly vanishes (1.05
  // measured), at 256 it is most of the step (2.5 measured).
  const auto [long_measured, long_predicted] = ratios("qwen-7b-lora-8192", "qwen-7b-qlora-8192");
  CHECK(long_predicted < 1.1);
  CHECK(long_predicted == Approx(long_measured).epsilon(0.05));
  const auto [short_measured, short_predicted] = ratios("qwen-7b-lora-256", "qwen-7b-qlora-256");
  CHECK(short_predicted > 1.5);
  CHECK(short_predicted < short_measured);
  // Eight and ten 2048-token sequences per micro-batch on two 4090s (Answer.AI): about even.
  const auto [ddp_measured, ddp_predicted] =
      ratios("fsdpqlora-llama2-7b-lora-2x4090-ddp-bs4", "fsdpqlora-llama2-7b-qlora-2x4090-ddp-bs8");
  CHECK(ddp_predicted == Approx(ddp_measured).epsilon(0.05));
}

TEST_CASE("fine-tuning runs given as examples plan through the contract's dataset", "[calibration]") {
  const auto runs = load_finetune_runs(GPUSIZER_CALIBRATION_DIR "/finetune_runs.csv");
  REQUIRE(runs.size() >= 3);
  for (const FinetuneRunRow& r : runs) {
    INFO(r.id << ": " << r.request_json);
    REQUIRE(r.training.dataset.has_value());
    // Packed, the GPUs see the examples' own tokens; unpacked, each example at the length it
    // is padded to (training.seqLen).
    const double per_example = r.training.dataset->packing
                                   ? std::min(r.training.dataset->tokens_per_example, static_cast<double>(r.training.seq_len))
                                   : r.training.seq_len;
    CHECK(r.training.tokens == Approx(r.training.dataset->examples * per_example).epsilon(0.01));
    const double steady = predict_finetune_run_steady_hours(r, default_calibration());
    REQUIRE(steady > 0);
    // Published wall time is the steady state plus what the run adds (evaluation, saving):
    // never much less than the steady state (the best 2025 stacks run up to a quarter faster
    // than it; a row far below it has its hours or its dataset wrong).
    CHECK(r.published_wall_hours > 0.7 * steady);
    if (r.id == "peft-metamath-llama32-3b-lora-r32-l40s-run" || r.id == "fsdpqlora-llama2-70b-8xa100-40-run") {
      // Benchmarks timed over the training loop alone: the steady state is most of it.
      CHECK(r.published_wall_hours < 1.3 * steady);
    }
  }
}

TEST_CASE("the fine-tuning constants leave every pre-training prediction alone", "[calibration]") {
  // No steady_state.csv row runs eager kernels, QLoRA or PCIe links: its predictions must not
  // move whatever the fine-tuning fit does.
  Calibration changed = default_calibration();
  changed.eager_layer_overhead_s *= 3;
  changed.eager_zero3_layer_overhead_s *= 3;
  changed.eager_micro_batch_overhead_s *= 3;
  changed.eager_step_overhead_s *= 3;
  changed.eager_memory_factor *= 2;
  changed.eager_dp_overlap /= 2;
  changed.qlora_dequant_efficiency /= 2;
  changed.pcie_efficiency /= 2;
  for (const SteadyRow& r : steady()) {
    INFO(r.id);
    CHECK(predict_steady(r, changed) == predict_steady(r, default_calibration()));
  }
}
