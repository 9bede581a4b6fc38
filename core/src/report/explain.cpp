#include "report/explain.hpp"

#include "common/numbers.hpp"
#include "report/text.hpp"

namespace gpusizer {
namespace {

std::string sci(double x) { return format_sci(x, 3); }
std::string num(double x) { return format_sig(x, 4); }

std::string params_step(const std::string& lang, const Result& r) {
  const ModelSpec& m = r.model;
  const TrainingSpec& t = r.training;
  std::string en = "Parameters P = " + sci(m.params);
  std::string zh = "参数量 P = " + sci(m.params);
  if (m.active_params != m.params) {
    en += " (active per token " + sci(m.active_params) + ")";
    zh += "（每个 token 激活 " + sci(m.active_params) + "）";
  }
  if (t.is_adapter()) {
    en += "; trainable LoRA rank " + std::to_string(t.lora_rank) + ": " + sci(r.compute.trainable_params);
    zh += "；可训练 LoRA（秩 " + std::to_string(t.lora_rank) + "）：" + sci(r.compute.trainable_params);
  }
  en += ". Tokens D = " + sci(t.tokens) + " × " + num(t.epochs) + " epoch(s) = " + sci(r.compute.tokens_total) +
        ", sequence length " + std::to_string(t.seq_len) + ".";
  zh += "。训练 token 数 D = " + sci(t.tokens) + " × " + num(t.epochs) + " 轮 = " + sci(r.compute.tokens_total) +
        "，序列长度 " + std::to_string(t.seq_len) + "。";
  return tr(lang, en, zh);
}

std::string flops_step(const std::string& lang, const Result& r) {
  const ComputeEstimate& c = r.compute;
  const ModelSpec& m = r.model;
  if (c.method == "6PD")
    return tr(lang, "FLOPs = 6 × P × D = 6 × " + sci(m.active_params) + " × " + sci(c.tokens_total) + " = " +
                        sci(c.flops_total) + ".",
              "总计算量 = 6 × P × D = 6 × " + sci(m.active_params) + " × " + sci(c.tokens_total) + " = " +
                  sci(c.flops_total) + " FLOPs。");
  const std::string attention = std::to_string(m.layers) + " × " + std::to_string(m.heads) + " × " +
                                num(m.head_dim()) + " × " + std::to_string(r.training.seq_len);
  std::string formula = c.method == "6N+12LHQT" ? "6N + 12·L·H·Q·T" : c.method == "4N+6Nlora" ? "4N + 6·N_lora"
                                                                                                 : "4N + 6·N_lora + 12·L·H·Q·T";
  std::string en = "FLOPs per token = " + formula + " = " + sci(c.flops_per_token);
  std::string zh = "每 token 计算量 = " + formula + " = " + sci(c.flops_per_token);
  if (c.method.find("LHQT") != std::string::npos) {
    en += " (attention 12 × " + attention + ")";
    zh += "（注意力项 12 × " + attention + "）";
  }
  en += "; × D " + sci(c.tokens_total) + " = " + sci(c.flops_total) + " FLOPs (the 6PD rule gives " +
        sci(c.flops_6pd) + ").";
  zh += "；× D " + sci(c.tokens_total) + " = " + sci(c.flops_total) + " FLOPs（6PD 经验公式为 " + sci(c.flops_6pd) +
        "）。";
  return tr(lang, en, zh);
}

const TrainingRun* reference_run(const Result& r, const Option** option) {
  *option = nullptr;
  if (r.estimate) return &r.estimate->run;
  for (const Option& o : r.options)
    if (o.recommended) {
      *option = &o;
      return &o.run;
    }
  return nullptr;
}

std::string layout_text(const std::string& lang, const Parallelism& p) {
  std::string s = "tp " + std::to_string(p.tp) + ", pp " + std::to_string(p.pp) + ", dp " + std::to_string(p.dp);
  if (p.ep > 1) s += ", ep " + std::to_string(p.ep);
  s += ", ZeRO-" + std::to_string(p.zero) + tr(lang, ", micro-batch ", "，微批 ") + std::to_string(p.micro_batch);
  if (p.interleave > 1) s += tr(lang, ", interleave ", "，交错 ") + std::to_string(p.interleave);
  static const char* const kRecomputeZh[] = {"无", "选择性", "全部"};
  return s + tr(lang, ", recompute ", "，重计算 ") +
         tr(lang, recompute_name(p.recompute), kRecomputeZh[static_cast<int>(p.recompute)]);
}

std::string time_step(const std::string& lang, const Result& r) {
  const Option* option = nullptr;
  const TrainingRun* run = reference_run(r, &option);
  if (!run) return tr(lang, "No GPU type or usable offer to time the job on.", "没有可用于计算时间的 GPU 或方案。");
  const double rate = run->peak_tflops * run->mfu;
  const double gpu_seconds = rate > 0 ? r.compute.flops_total / (rate * 1e12) : 0;
  std::string en, zh;
  if (run->mfu_source == "model") {
    const IterationTime& it = run->plan.time;
    en = "The planner tried " + format_int(run->plan.configs_evaluated) + " layouts of " + format_int(run->count) +
         " × " + run->gpu + "; the fastest that fits (" + layout_text(lang, run->plan.par) + ") takes " +
         num(it.seconds) + " s per step of " + format_int(it.global_batch) + " sequences: " +
         format_int(run->tokens_per_second_per_gpu) + " tokens/s per GPU, MFU " + num(run->steady_mfu) +
         ". Whole runs lose time to restarts, checkpoints and evaluation: × " + num(run->overhead_factor) +
         " (calibrated on published runs), so the effective MFU is " + num(run->mfu) + ". ";
    zh = "规划器在 " + format_int(run->count) + " 张 " + run->gpu + " 上尝试了 " + format_int(run->plan.configs_evaluated) +
         " 种并行方式；放得下且最快的是（" + layout_text(lang, run->plan.par) + "），每步 " + format_int(it.global_batch) +
         " 条序列用时 " + num(it.seconds) + " 秒：每卡每秒 " + format_int(run->tokens_per_second_per_gpu) +
         " 个 token，MFU " + num(run->steady_mfu) + "。整个训练还会因重启、检查点和评估损失时间：× " +
         num(run->overhead_factor) + "（由公开训练记录校准），有效 MFU 为 " + num(run->mfu) + "。";
  }
  en += "On " + run->gpu + ": " + num(run->peak_tflops) + " TFLOP/s peak × MFU " + num(run->mfu) + " = " + num(rate) +
        " TFLOP/s per GPU. GPU time = " + sci(r.compute.flops_total) + " / " + sci(rate * 1e12) + " = " +
        sci(gpu_seconds) + " s = " + format_int(gpu_seconds / 3600) + " GPU-hours.";
  zh += "在 " + run->gpu + " 上：峰值 " + num(run->peak_tflops) + " TFLOP/s × MFU " + num(run->mfu) + " = 每卡 " + num(rate) +
        " TFLOP/s。GPU 时间 = " + sci(r.compute.flops_total) + " / " + sci(rate * 1e12) + " = " + sci(gpu_seconds) +
        " 秒 = " + format_int(gpu_seconds / 3600) + " GPU 小时。";
  if (r.estimate && r.estimate->count_from_goal) {
    const double exact = gpu_seconds / (r.assumed_days * 86400);
    en += " To finish in " + num(r.assumed_days) + " days (" + format_int(r.assumed_days * 86400) + " s): " +
          sci(gpu_seconds) + " / " + format_int(r.assumed_days * 86400) + " = " + num(exact) + " → " +
          format_int(run->count) + " GPUs";
    zh += " 要在 " + num(r.assumed_days) + " 天（" + format_int(r.assumed_days * 86400) + " 秒）内完成：" +
          sci(gpu_seconds) + " / " + format_int(r.assumed_days * 86400) + " = " + num(exact) + " → " +
          format_int(run->count) + " 张 GPU";
    if (run->count > exact + 1) {
      en += " (whole nodes, or the fewest on which it fits in memory)";
      zh += "（按整机计，或显存放得下的最少卡数）";
    }
    en += ", taking " + num(run->wall_days) + " days.";
    zh += "，用时 " + num(run->wall_days) + " 天。";
  } else {
    en += " On " + format_int(run->count) + " GPUs: " + format_int(gpu_seconds / 3600) + " / " +
          format_int(run->count) + " = " + num(run->wall_days * 24) + " h = " + num(run->wall_days) + " days.";
    zh += " 使用 " + format_int(run->count) + " 张卡：" + format_int(gpu_seconds / 3600) + " / " +
          format_int(run->count) + " = " + num(run->wall_days * 24) + " 小时 = " + num(run->wall_days) + " 天。";
  }
  if (run->mfu_source == "model") {
    en += " Published runs spread around such estimates: " + format_int(run->gpu_hours_low) + " to " +
          format_int(run->gpu_hours_high) + " GPU-hours.";
    zh += " 公开训练记录相对此类估算的离散范围：" + format_int(run->gpu_hours_low) + " 至 " +
          format_int(run->gpu_hours_high) + " GPU 小时。";
  }
  return tr(lang, en, zh);
}

std::string memory_step(const std::string& lang, const Result& r) {
  const Option* option = nullptr;
  const TrainingRun* run = reference_run(r, &option);
  std::string en = "Mixed-precision AdamW stores 16 B per trainable parameter (2 weights + 2 gradients + 12 "
                   "optimizer).";
  std::string zh = "混合精度 AdamW 每个可训练参数占 16 字节（权重 2 + 梯度 2 + 优化器 12）。";
  if (run) {
    const Parallelism& p = run->plan.par;
    const MemoryBreakdown& mb = run->plan.memory;
    const std::string layout = layout_text(lang, p);
    const std::string sums = format_gib(mb.weights_bytes) + " + " + format_gib(mb.gradients_bytes) + " + " +
                             format_gib(mb.optimizer_bytes) + " + " + format_gib(mb.activations_bytes) + " + " +
                             format_gib(mb.overhead_bytes) + " = " + format_gib(mb.total_bytes());
    en += " Per GPU on " + format_int(run->count) + " × " + run->gpu + " (" + layout +
          "): weights + gradients + optimizer + activations + runtime = " + sums + (run->plan.fits ? ": fits." : ": does not fit.");
    zh += " 在 " + format_int(run->count) + " 张 " + run->gpu + " 上（" + layout + "）每卡：权重 + 梯度 + 优化器 + 激活 + 运行时 = " +
          sums + (run->plan.fits ? "，放得下。" : "，放不下。");
  }
  std::string en_fit, zh_fit;
  int shown = 0;
  for (const GpuFit& f : r.fits) {
    if (!f.min_count || shown >= 6) continue;
    if (shown++) {
      en_fit += ", ";
      zh_fit += "，";
    }
    en_fit += f.gpu + " " + std::to_string(*f.min_count);
    zh_fit += f.gpu + " " + std::to_string(*f.min_count) + " 张";
  }
  if (!en_fit.empty()) {
    en += " Fewest GPUs to fit: " + en_fit + ".";
    zh += " 最少需要：" + zh_fit + "。";
  }
  return tr(lang, en, zh);
}

std::string cost_step(const std::string& lang, const Result& r) {
  const Option* best = nullptr;
  for (const Option& o : r.options)
    if (o.recommended) best = &o;
  if (!best || !best->cost)
    return tr(lang, "No offer can run this job within the goal.", "没有方案能在目标内完成该任务。");
  const Offer& offer = *best->offer;
  std::string lines;
  for (const Cost::Line& l : best->cost->billing) {
    if (!lines.empty()) lines += " + ";
    static const char* const kZh[] = {"小时", "天", "个月", "年"};
    const std::string period = lang == "zh" ? kZh[static_cast<int>(l.period)] : std::string(" ") + period_name(l.period) + (l.count == 1 ? "" : "s");
    lines += std::to_string(l.count) + period + " " + format_money(l.amount, r.currency);
  }
  const bool fastest = r.fastest == offer.id && r.cheapest != offer.id;
  const std::string en = std::string(fastest ? "Fastest offer within the budget: " : "Cheapest usable offer: ") + offer.provider + " (" + offer.id + "), " +
                         std::to_string(best->units) + " unit(s) of " + std::to_string(offer.gpus_per_unit) + " × " +
                         offer.gpu + " for " + num(best->run.wall_days) + " days. Billing " + lines + " = " +
                         format_money(best->cost->amount, r.currency) + "; paid but idle " +
                         num(best->cost->idle_hours) + " h per unit.";
  const std::string zh = std::string(fastest ? "预算内最快的方案：" : "最便宜的可行方案：") + offer.provider + "（" + offer.id + "），" +
                         std::to_string(best->units) + " 份 × " + std::to_string(offer.gpus_per_unit) + " 张 " +
                         offer.gpu + "，用时 " + num(best->run.wall_days) + " 天。计费 " + lines + " = " +
                         format_money(best->cost->amount, r.currency) + "；每份闲置付费 " +
                         num(best->cost->idle_hours) + " 小时。";
  return tr(lang, en, zh);
}

}  // namespace

std::vector<Step> explain(const Request& req, const Result& r) {
  const std::string& l = req.lang;
  return {
      {"params", tr(l, "Parameters and tokens", "参数与数据量"), params_step(l, r)},
      {"flops", tr(l, "Total FLOPs", "总计算量"), flops_step(l, r)},
      {"time", tr(l, "GPUs and time", "GPU 数量与时间"), time_step(l, r)},
      {"memory", tr(l, "Memory check", "显存检查"), memory_step(l, r)},
      {"cost", tr(l, "Plan and cost", "方案与费用"), cost_step(l, r)},
  };
}

}  // namespace gpusizer
