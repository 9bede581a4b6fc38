#include "gpusizer/estimate.hpp"

#include <algorithm>
#include <cmath>

#include "explain.hpp"
#include "gpusizer/numbers.hpp"
#include "text.hpp"

namespace gpusizer {
namespace {

constexpr double kSecondsPerDay = 86400;

struct Peak {
  double tflops = 0;
  Precision used = Precision::bf16;
};

// The dense peak at the requested precision, falling back to fp16/bf16 where the GPU has
// no such tensor mode (fp8 before Hopper/Ada, bf16 on V100).
Peak peak_for(const Gpu& gpu, Precision wanted) {
  for (Precision p : {wanted, Precision::bf16, Precision::fp16})
    if (gpu.peak_tflops.at(p) > 0) return {gpu.peak_tflops.at(p), p};
  return {};
}

class Estimator {
 public:
  explicit Estimator(const Request& request) : req_(request), cat_(*request.catalog) {}

  Result run() {
    Result r;
    r.catalog_version = cat_.version;
    r.model = req_.model;
    r.training = req_.training;
    r.warnings = req_.warnings;
    r.currency = req_.goal.currency;
    r.usd_cny = req_.goal.usd_cny.value_or(cat_.fx.usd_cny);
    r.compute = estimate_compute(req_.model, req_.training);
    flops_ = r.compute.flops_total;
    if (!req_.model.architecture_known)
      r.warnings.push_back({"architecture_inferred", "/model",
                            tr(req_.lang,
                               "layers, hidden size and heads were inferred from the parameter count for the "
                               "memory estimate; give them (or a preset) for an exact figure",
                               "层数、隐藏维度和注意力头数由参数量推断，仅用于显存估算；提供它们（或选择预设模型）可得到精确值")});
    for (const Gpu& gpu : cat_.gpus) r.fits.push_back({gpu.id, min_fit(gpu, default_placement(gpu))});

    const bool sized_by_count = req_.count.has_value() && !req_.goal.days;
    r.assumed_days = req_.goal.days.value_or(sized_by_count ? 0 : kDefaultDeadlineDays);
    if (!req_.goal.days && !req_.count)
      r.warnings.push_back({"default_deadline", "/goal/days",
                            tr(req_.lang, "no deadline or GPU count given: options are sized to finish in 30 days",
                               "未给出工期或 GPU 数量：按 30 天内完成来配置各方案")});
    if (!req_.gpu.empty()) r.estimate = make_estimate(r);
    price_offers(r);
    r.steps = explain(req_, r);
    return r;
  }

 private:
  const Request& req_;
  const Catalog& cat_;
  double flops_ = 0;

  static Placement default_placement(const Gpu& gpu) { return {gpu.gpus_per_node, true}; }

  std::optional<int> min_fit(const Gpu& gpu, const Placement& placement) const {
    return min_gpus_to_fit(req_.model, req_.training, gpu, placement);
  }

  double mfu_for(const Gpu& gpu, std::string& source) const {
    source = req_.mfu ? "request" : "catalog";
    return req_.mfu.value_or(gpu.default_mfu);
  }

  // GPUs needed to finish `flops_` within `days` at the GPU's effective rate.
  int count_for_days(const Gpu& gpu, double days) const {
    std::string source;
    const double rate = peak_for(gpu, req_.training.precision).tflops * 1e12 * mfu_for(gpu, source);
    const double gpus = flops_ / (rate * days * kSecondsPerDay);
    if (!(gpus < kMaxGpus)) return kMaxGpus;
    return std::max(1, static_cast<int>(std::ceil(gpus - 1e-9)));
  }

  TrainingRun train_on(const Gpu& gpu, int count, const Placement& placement) const {
    TrainingRun run;
    run.gpu = gpu.id;
    run.count = count;
    run.layout = choose_layout(req_.model, req_.training, gpu, count, placement);
    run.mfu = mfu_for(gpu, run.mfu_source);
    run.peak_tflops = peak_for(gpu, req_.training.precision).tflops;
    run.seconds = flops_ / (count * run.peak_tflops * 1e12 * run.mfu);
    run.wall_days = round_sig(run.seconds / kSecondsPerDay, 6);
    run.gpu_hours = round_sig(run.wall_days * 24 * count, 6);
    return run;
  }

  void precision_warning(const Gpu& gpu, std::vector<Warning>& out) const {
    const Peak peak = peak_for(gpu, req_.training.precision);
    if (peak.used != req_.training.precision)
      out.push_back({"precision_fallback", "/training/precision",
                     tr(req_.lang,
                        gpu.id + " has no " + precision_name(req_.training.precision) + " tensor cores; timed at " +
                            precision_name(peak.used),
                        gpu.id + " 不支持 " + precision_name(req_.training.precision) + "，按 " +
                            precision_name(peak.used) + " 计算")});
  }

  Estimate make_estimate(Result& r) const {
    const Gpu& gpu = *cat_.find_gpu(req_.gpu);
    const Placement placement = default_placement(gpu);
    Estimate e;
    int count = 0;
    if (req_.count) {
      count = *req_.count;
    } else {
      count = count_for_days(gpu, r.assumed_days);
      const auto fit = min_fit(gpu, placement);
      if (fit && *fit > count) count = *fit;
      e.count_from_goal = true;
    }
    e.run = train_on(gpu, count, placement);
    precision_warning(gpu, r.warnings);
    if (!e.run.layout.fits)
      r.warnings.push_back({"does_not_fit", "/hardware/count",
                            tr(req_.lang, "the job does not fit in the memory of " + std::to_string(count) + " × " +
                                              gpu.id,
                               "任务在 " + std::to_string(count) + " 张 " + gpu.id + " 上显存不足")});
    return e;
  }

  void price_offers(Result& r) const {
    for (const Offer& offer : cat_.offers) r.options.push_back(price_offer(r, offer));
    // Usable options by cost, then those missing the goal, then those that cannot run.
    auto rank = [](const Option& o) { return !o.fits ? 2 : !o.meets_goal ? 1 : 0; };
    std::stable_sort(r.options.begin(), r.options.end(), [&](const Option& a, const Option& b) {
      if (rank(a) != rank(b)) return rank(a) < rank(b);
      const double ca = a.cost ? a.cost->amount : HUGE_VAL, cb = b.cost ? b.cost->amount : HUGE_VAL;
      if (ca != cb) return ca < cb;
      if (a.run.wall_days != b.run.wall_days) return a.run.wall_days < b.run.wall_days;
      return a.offer->id < b.offer->id;
    });
    if (!r.options.empty() && rank(r.options.front()) == 0) r.options.front().recommended = true;
  }

  Option price_offer(const Result& r, const Offer& offer) const {
    const std::string& lang = req_.lang;
    Option o;
    o.offer = &offer;
    const Gpu& gpu = *cat_.find_gpu(offer.gpu);
    const bool joinable = offer.inter_unit != "none";
    const Placement placement{std::max(offer.gpus_per_unit, offer.max_gpus_per_node), joinable};
    const auto fit = min_fit(gpu, placement);

    int wanted = r.assumed_days > 0 ? count_for_days(gpu, r.assumed_days) : req_.count.value_or(1);
    if (fit && *fit > wanted) wanted = *fit;
    long units = (wanted + offer.gpus_per_unit - 1) / offer.gpus_per_unit;
    long max_units = joinable ? kMaxGpus / offer.gpus_per_unit
                              : std::max(1, placement.gpus_per_node / offer.gpus_per_unit);
    if (offer.units_available) max_units = std::min<long>(max_units, *offer.units_available);
    if (units > max_units) {
      const bool by_stock = offer.units_available && *offer.units_available == max_units;
      o.warnings.push_back(
          {by_stock ? "units_limited" : "single_node_only", "",
           by_stock ? tr(lang,
                         "needs " + std::to_string(units) + " units, only " + std::to_string(max_units) +
                             " available",
                         "需要 " + std::to_string(units) + " 台/份，仅有 " + std::to_string(max_units) + " 可租")
                    : tr(lang,
                         "needs " + std::to_string(wanted) + " GPUs but this offer cannot join machines (at most " +
                             std::to_string(max_units * offer.gpus_per_unit) + ")",
                         "需要 " + std::to_string(wanted) + " 张卡，但该方案无法多机互联（最多 " +
                             std::to_string(max_units * offer.gpus_per_unit) + " 张）")});
      units = max_units;
    }
    o.units = static_cast<int>(units);
    o.run = train_on(gpu, o.units * offer.gpus_per_unit, placement);
    o.fits = o.run.layout.fits;
    if (!o.fits)
      o.warnings.push_back(
          {"does_not_fit", "",
           fit ? tr(lang, "does not fit in memory: needs at least " + std::to_string(*fit) + " × " + gpu.id,
                    "显存不足：至少需要 " + std::to_string(*fit) + " 张 " + gpu.id)
               : tr(lang, "does not fit in the memory of any number of " + gpu.id + " on this offer",
                    "在该方案的任意数量 " + gpu.id + " 上都放不下")});
    precision_warning(gpu, o.warnings);

    const BillingMix mix = cheapest_billing(offer.prices, o.run.wall_days * 24, offer.min_term_hours);
    if (mix.possible) {
      Cost cost;
      cost.currency = r.currency;
      const double rate = convert_currency(1.0, offer.currency, r.currency, r.usd_cny);
      for (const BillingLine& line : mix.lines) {
        const double amount = round_to(static_cast<double>(line.count) * line.unit_price * o.units * rate, 2);
        cost.billing.push_back({line.period, line.count, amount});
        cost.amount += amount;
      }
      cost.amount = round_to(cost.amount, 2);
      cost.covered_hours = round_sig(mix.covered_hours, 9);
      cost.idle_hours = round_sig(mix.covered_hours - o.run.wall_days * 24, 6);
      o.cost = cost;
    }
    o.meets_goal = o.fits && o.cost.has_value();
    if (o.fits && r.assumed_days > 0 && o.run.wall_days > r.assumed_days) {
      o.meets_goal = false;
      o.warnings.push_back({"misses_deadline", "/goal/days",
                            tr(lang, "takes " + format_sig(o.run.wall_days, 3) + " days, over the " +
                                         format_sig(r.assumed_days, 3) + "-day deadline",
                               "需要 " + format_sig(o.run.wall_days, 3) + " 天，超过 " +
                                   format_sig(r.assumed_days, 3) + " 天的工期")});
    }
    if (o.cost && req_.goal.budget && o.cost->amount > *req_.goal.budget) {
      o.meets_goal = false;
      o.warnings.push_back({"over_budget", "/goal/budget",
                            tr(lang, "costs " + format_money(o.cost->amount, r.currency) + ", over the budget",
                               "费用 " + format_money(o.cost->amount, r.currency) + "，超出预算")});
    }
    return o;
  }
};

}  // namespace

double convert_currency(double amount, const std::string& from, const std::string& to, double usd_cny) {
  if (from == to) return amount;
  if (from == "USD" && to == "CNY") return amount * usd_cny;
  if (from == "CNY" && to == "USD") return amount / usd_cny;
  return amount;  // json_io only admits CNY and USD
}

Result estimate(const Request& request) { return Estimator(request).run(); }

}  // namespace gpusizer
