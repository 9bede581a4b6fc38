#include "estimate.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "report/advice.hpp"
#include "rental/compare.hpp"
#include "report/explain.hpp"
#include "common/dates.hpp"
#include "common/numbers.hpp"
#include "rental/pricing.hpp"
#include "rental/sizing.hpp"
#include "report/text.hpp"
#include "training/timing.hpp"

namespace gpusizer {
namespace {

class Estimator {
 public:
  explicit Estimator(const Request& request)
      : req_(request), cat_(*request.catalog), flops_(estimate_compute(request.model, request.training).flops_total),
        timer_(request, flops_) {}

  Result run() {
    Result r;
    r.catalog_version = cat_.version;
    r.model = req_.model;
    r.training = req_.training;
    r.warnings = req_.warnings;
    r.currency = req_.goal.currency;
    r.usd_cny = req_.goal.usd_cny.value_or(cat_.fx.usd_cny);
    r.fx_date = req_.goal.usd_cny ? "request" : cat_.fx.date;
    r.compute = estimate_compute(req_.model, req_.training);
    if (!req_.model.architecture_known)
      r.warnings.push_back({"architecture_inferred", "/model",
                            tr(req_.lang,
                               "layers, hidden size and heads were inferred from the parameter count for the "
                               "memory and time model; give them (or a preset) for an exact figure",
                               "层数、隐藏维度和注意力头数由参数量推断，用于显存与时间模型；提供它们（或选择预设模型）可得到精确值")});
    for (const Gpu& gpu : cat_.gpus)
      r.fits.push_back({gpu.id, min_gpus_to_fit(req_.model, req_.training, gpu, {gpu.gpus_per_node, true})});

    // Offers are sized to the deadline; else to the budget (the fastest plan within it); else
    // to hardware.count; else to the default deadline.
    budget_mode_ = req_.goal.budget.has_value() && !req_.goal.days;
    const bool sized_by_count = req_.count.has_value() && !req_.goal.days && !budget_mode_;
    r.assumed_days = req_.goal.days.value_or(sized_by_count || budget_mode_ ? 0 : kDefaultDeadlineDays);
    money_ = {r.currency, r.usd_cny};
    today_ = day_number(req_.goal.as_of.empty() ? cat_.as_of : req_.goal.as_of);
    if (!req_.goal.days && !req_.count && !budget_mode_)
      r.warnings.push_back({"default_deadline", "/goal/days",
                            tr(req_.lang, "no deadline or GPU count given: options are sized to finish in 30 days",
                               "未给出工期或 GPU 数量：按 30 天内完成来配置各方案")});
    if (!req_.gpu.empty()) r.estimate = make_estimate(r);
    for (const Offer& offer : cat_.offers) r.options.push_back(price_offer(r, offer));
    compare_options(r, budget_mode_);
    r.advice = make_advice(req_, r);
    r.steps = explain(req_, r);
    return r;
  }

 private:
  const Request& req_;
  const Catalog& cat_;
  double flops_;
  RunTimer timer_;
  bool budget_mode_ = false;
  Money money_;
  std::optional<long> today_;
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

  Estimate make_estimate(Result& r) {
    const Gpu& gpu = *cat_.find_gpu(req_.gpu);
    const Cluster c = timer_.cluster_for(gpu);
    const bool fixed = req_.parallelism.has_value();
    Estimate e;
    int count = 0;
    if (req_.count) {
      count = *req_.count;
    } else if (fixed) {
      count = req_.parallelism->gpus();
    } else {
      if (r.assumed_days <= 0) {  // budget-only request: the GPU estimate still needs a duration
        r.assumed_days = kDefaultDeadlineDays;
        r.warnings.push_back({"estimate_default_deadline", "/goal/days",
                              tr(req_.lang,
                                 "no deadline: the " + gpu.id +
                                     " estimate is sized to finish in 30 days; the options to the budget",
                                 "未给出工期：" + gpu.id + " 的估算按 30 天内完成配置；各租用方案按预算配置")});
      }
      e.count_from_goal = true;
      const auto fit = min_gpus_to_fit(req_.model, req_.training, gpu, {c.gpus_per_node, c.multi_node()});
      if (req_.mfu) {
        // A stated utilization: the exact count, ceil(FLOPs / (peak x MFU x seconds)).
        const double rate = peak_for(gpu, req_.training.precision).tflops * 1e12 * *req_.mfu;
        const double exact = flops_ / (rate * r.assumed_days * kSecondsPerDay);
        count = exact < kMaxGpus ? std::max(1, static_cast<int>(std::ceil(exact - 1e-9))) : kMaxGpus;
        if (fit && *fit > count) count = *fit;
      } else {
        // Single GPUs up to a node, whole nodes beyond (how clusters are rented and planned).
        const int node = c.gpus_per_node;
        const long min_units = fit ? *fit : 1;
        const Sizing within_node = units_for_days(timer_, c, 1, min_units, node, r.assumed_days);
        if (within_node.met) {
          count = static_cast<int>(within_node.units);
        } else if (c.multi_node()) {
          const long min_nodes = fit ? (*fit + node - 1) / node : 1;
          count = static_cast<int>(units_for_days(timer_, c, node, min_nodes, kMaxGpus / node, r.assumed_days).units * node);
        } else {
          count = static_cast<int>(within_node.units);
        }
      }
    }
    e.run = timer_.train_on(c, count, fixed);
    precision_warning(gpu, r.warnings);
    if (!e.run.fits())
      r.warnings.push_back({"does_not_fit", "/hardware/count",
                            tr(req_.lang, "the job does not fit in the memory of " + std::to_string(count) + " × " + gpu.id,
                               "任务在 " + std::to_string(count) + " 张 " + gpu.id + " 上显存不足")});
    else if (e.count_from_goal && e.run.wall_days > r.assumed_days)
      r.warnings.push_back({"misses_deadline", "/goal/days",
                            tr(req_.lang, "no number of " + gpu.id + " finishes within the deadline on this network",
                               "在该网络条件下，任何数量的 " + gpu.id + " 都无法在工期内完成")});
    return e;
  }

  struct Sized {
    long units = 0;
    long needed = 0;  // units the goal would take, when more than the offer can give
    bool deadline_out_of_reach = false;
  };

  // Units of the offer to price: the fewest that meet the deadline; in budget mode the most
  // whose cost stays within the budget while they still make the job faster; else the
  // requested GPU count.
  Sized size_offer(const Result& r, const Offer& offer, const Cluster& c, long min_units, long max_units) {
    const int unit = offer.gpus_per_unit;
    Sized out;
    if (r.assumed_days > 0) {
      const Sizing s = units_for_days(timer_, c, unit, min_units, max_units, r.assumed_days);
      out.units = s.units;
      out.deadline_out_of_reach = !s.met;
    } else if (budget_mode_) {
      out.units = fastest_within_budget(timer_, offer, c, min_units, max_units, *req_.goal.budget, money_);
    } else {
      const long wanted = (*req_.count + unit - 1) / unit;
      out.units = std::min(std::max(wanted, min_units), max_units);
      if (std::max(wanted, min_units) > max_units) out.needed = std::max(wanted, min_units);
    }
    if (min_units > max_units) out.needed = std::max(out.needed, min_units);
    return out;
  }

  Option price_offer(const Result& r, const Offer& offer) {
    const std::string& lang = req_.lang;
    Option o;
    o.offer = &offer;
    const Gpu& gpu = *cat_.find_gpu(offer.gpu);
    const Cluster c = timer_.cluster_for(offer, gpu);
    const auto fit = min_gpus_to_fit(req_.model, req_.training, gpu, {c.gpus_per_node, c.multi_node()});
    const int unit = offer.gpus_per_unit;
    long max_units = c.multi_node() ? kMaxGpus / unit : std::max(1, c.gpus_per_node / unit);
    if (offer.units_available) max_units = std::min<long>(max_units, *offer.units_available);
    const long min_units = fit ? (*fit + unit - 1) / unit : 1;

    const Sized sized = size_offer(r, offer, c, min_units, max_units);
    if (sized.needed > max_units) {
      const bool by_stock = offer.units_available && *offer.units_available == max_units;
      if (by_stock)
        o.warnings.push_back({"units_limited", "",
                              tr(lang, "needs more than the " + std::to_string(max_units) + " units available",
                                 "可租数量（" + std::to_string(max_units) + "）不够")});
      else
        o.warnings.push_back({"single_node_only", "",
                              tr(lang,
                                 "needs more than " + std::to_string(max_units * unit) +
                                     " GPUs but this offer cannot join machines into one job",
                                 "需要超过 " + std::to_string(max_units * unit) + " 张卡，但该方案无法多机互联")});
    }
    o.units = static_cast<int>(std::min(sized.units, max_units));
    o.run = timer_.train_on(c, o.units * unit, false);
    o.fits = o.run.fits();
    if (sized.deadline_out_of_reach && o.fits && sized.units < max_units)
      o.warnings.push_back({"deadline_out_of_reach", "/goal/days",
                            tr(lang, "more units stop helping here (network or batch size): this is the fastest it gets",
                               "再增加机器也不会更快（受网络或批大小限制）：这已是最快的配置")});
    if (o.run.plan.batch_limited)
      o.warnings.push_back({"batch_limited", "",
                            tr(lang, "more GPUs than the global batch has sequences to share",
                               "GPU 数量超过了全局批次的序列数，无法全部利用")});
    o.unit_prices = unit_prices(offer, money_);
    if (!o.fits)
      o.warnings.push_back(
          {"does_not_fit", "",
           fit ? tr(lang, "does not fit in memory: needs at least " + std::to_string(*fit) + " × " + gpu.id,
                    "显存不足：至少需要 " + std::to_string(*fit) + " 张 " + gpu.id)
               : tr(lang, "does not fit in the memory of any number of " + gpu.id + " on this offer",
                    "在该方案的任意数量 " + gpu.id + " 上都放不下")});
    precision_warning(gpu, o.warnings);
    add_option_warnings(req_, gpu, today_, o);

    if (o.fits) {
      o.cost = price_run(offer, o.units, o.run.wall_days * 24, money_);
      if (o.cost) o.cost_per_billion_tokens = round_to(o.cost->amount / (r.compute.tokens_total / 1e9), 2);
    }
    o.meets_goal = o.fits && o.cost.has_value();
    if (o.fits && r.assumed_days > 0 && o.run.wall_days > r.assumed_days) {
      o.meets_goal = false;
      o.warnings.push_back({"misses_deadline", "/goal/days",
                            tr(lang,
                               "takes " + format_sig(o.run.wall_days, 3) + " days, over the " +
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

Result estimate(const Request& request) { return Estimator(request).run(); }

}  // namespace gpusizer
