#include "gpusizer/estimate.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "advice.hpp"
#include "compare.hpp"
#include "explain.hpp"
#include "gpusizer/dates.hpp"
#include "gpusizer/numbers.hpp"
#include "gpusizer/pricing.hpp"
#include "gpusizer/run_model.hpp"
#include "text.hpp"

namespace gpusizer {
namespace {

constexpr double kSecondsPerDay = 86400;

// The dense peak at the requested precision, falling back to fp16/bf16 where the GPU has
// no such tensor mode (fp8 before Hopper/Ada, bf16 on V100).
struct Peak {
  double tflops = 0;
  Precision used = Precision::bf16;
};
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
    r.fx_date = req_.goal.usd_cny ? "request" : cat_.fx.date;
    r.compute = estimate_compute(req_.model, req_.training);
    flops_ = r.compute.flops_total;
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
  double flops_ = 0;
  bool budget_mode_ = false;
  Money money_;
  std::optional<long> today_;
  // Plans by (GPU, GPUs per node, network GB/s, link kind, count, fixed layout): offers
  // with the same hardware share them, which keeps a whole estimate to a few hundred plans.
  std::map<std::tuple<std::string, int, double, std::string, int, bool>, Plan> plans_;

  Cluster cluster_for(const Gpu& gpu) const {
    Cluster c = default_cluster(gpu, req_.training.precision);
    if (req_.inter_node_gbps) c.inter_node_gbps = *req_.inter_node_gbps;
    return c;
  }

  Cluster cluster_for(const Offer& offer, const Gpu& gpu) const {
    Cluster c = default_cluster(gpu, req_.training.precision);
    c.gpus_per_node = std::max(offer.gpus_per_unit, offer.max_gpus_per_node);
    if (!offer.intra_unit.empty()) c.intra_node_kind = offer.intra_unit;
    if (offer.inter_unit == "none") c.inter_node_gbps = 0;
    else if (offer.inter_unit_gbps_per_gpu) c.inter_node_gbps = *offer.inter_unit_gbps_per_gpu;
    return c;
  }

  const Plan& plan_for(const Cluster& c, int count, bool fixed) {
    const auto key = std::make_tuple(c.gpu->id, c.gpus_per_node, c.inter_node_gbps, c.intra_node_kind, count, fixed);
    auto it = plans_.find(key);
    if (it != plans_.end()) return it->second;
    PlanRequest pr;
    pr.gpus = count;
    if (fixed) pr.fixed = req_.parallelism;
    return plans_.emplace(key, plan_training(req_.model, req_.training, c, pr)).first->second;
  }

  TrainingRun train_on(const Cluster& c, int count, bool fixed) {
    TrainingRun run;
    run.gpu = c.gpu->id;
    run.count = count;
    run.plan = plan_for(c, count, fixed);
    run.peak_tflops = peak_for(*c.gpu, req_.training.precision).tflops;
    const double peak = run.peak_tflops * 1e12;
    run.steady_mfu = run.plan.time.mfu;
    run.hfu = run.plan.time.hfu;
    run.tokens_per_second_per_gpu = run.plan.time.tokens_per_second_per_gpu;
    if (req_.mfu) {
      // The user's utilization covers the whole run: no separate overhead on top.
      run.mfu = *req_.mfu;
      run.mfu_source = "request";
    } else {
      run.overhead_factor = run_overhead_factor(count, default_calibration());
      // Steady-state time x run overheads, expressed as the utilization that gives it.
      run.mfu = run.steady_mfu > 0 ? run.steady_mfu / run.overhead_factor : 0;
      run.mfu_source = "model";
    }
    run.seconds = run.mfu > 0 ? flops_ / (count * peak * run.mfu) : HUGE_VAL;
    run.wall_days = std::isfinite(run.seconds) ? round_sig(run.seconds / kSecondsPerDay, 6) : 0;
    run.gpu_hours = round_sig(run.wall_days * 24 * count, 6);
    const Calibration& cal = default_calibration();
    const bool modeled = !req_.mfu;
    run.gpu_hours_low = round_sig(run.gpu_hours * (modeled ? cal.run_range_low : 1), 6);
    run.gpu_hours_high = round_sig(run.gpu_hours * (modeled ? cal.run_range_high : 1), 6);
    return run;
  }

  // Wall-clock days on `count` GPUs; infinite when the job cannot run there.
  double days_on(const Cluster& c, int count) {
    const TrainingRun run = train_on(c, count, false);
    return run.fits() && run.wall_days > 0 ? run.wall_days : HUGE_VAL;
  }

  struct Sizing {
    long units = 0;
    bool met = false;  // false: no count meets the deadline; units is then the fastest seen
  };

  // The fewest units (of `unit` GPUs, between min_units and max_units) that finish within
  // `days`. Time falls roughly as 1/N, so secant steps reach a count that meets the deadline
  // in two or three plans; bisection between the last miss and that hit then finds the
  // boundary (the planner makes time nearly, not strictly, monotone). When time stops
  // falling (a slow network, a batch too small for more GPUs), the fastest count seen.
  Sizing units_for_days(const Cluster& c, int unit, long min_units, long max_units, double days) {
    if (min_units > max_units) return {max_units, false};
    long fastest = min_units;
    double fastest_days = HUGE_VAL;
    auto days_at = [&](long units) {
      const double d = days_on(c, static_cast<int>(units * unit));
      if (d < fastest_days) {
        fastest_days = d;
        fastest = units;
      }
      return d;
    };
    long lo = min_units - 1;  // below the fewest that fit: a miss
    long hi = min_units;
    double t = days_at(hi);
    int stalls = 0;
    while (!(t <= days)) {
      if (hi >= max_units || stalls >= 3) return {fastest, false};
      const double current = static_cast<double>(hi);
      const double guess = std::isfinite(t) ? std::ceil(current * t / days * 1.02) : 2.0 * current;
      lo = hi;
      hi = std::min(max_units, std::max(hi + 1, static_cast<long>(std::min(guess, 4.0 * current + 8))));
      const double before = fastest_days;
      t = days_at(hi);
      stalls = fastest_days < before * 0.98 ? 0 : stalls + 1;  // more GPUs no longer help
    }
    while (hi - lo > 1) {
      const long mid = lo + (hi - lo) / 2;
      (days_at(mid) <= days ? hi : lo) = mid;
    }
    return {hi, true};
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

  Estimate make_estimate(Result& r) {
    const Gpu& gpu = *cat_.find_gpu(req_.gpu);
    const Cluster c = cluster_for(gpu);
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
        const Sizing within_node = units_for_days(c, 1, min_units, node, r.assumed_days);
        if (within_node.met) {
          count = static_cast<int>(within_node.units);
        } else if (c.multi_node()) {
          const long min_nodes = fit ? (*fit + node - 1) / node : 1;
          count = static_cast<int>(units_for_days(c, node, min_nodes, kMaxGpus / node, r.assumed_days).units * node);
        } else {
          count = static_cast<int>(within_node.units);
        }
      }
    }
    e.run = train_on(c, count, fixed);
    precision_warning(gpu, r.warnings);
    if (fixed && e.run.plan.par.gpus() != count)
      r.warnings.push_back({"parallelism_count", "/hardware/parallelism",
                            tr(req_.lang, "tp x pp x dp differs from hardware.count", "tp × pp × dp 与 hardware.count 不一致")});
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
      const Sizing s = units_for_days(c, unit, min_units, max_units, r.assumed_days);
      out.units = s.units;
      out.deadline_out_of_reach = !s.met;
    } else if (budget_mode_) {
      out.units = fastest_within_budget(offer, c, min_units, max_units, *req_.goal.budget);
    } else {
      const long wanted = (*req_.count + unit - 1) / unit;
      out.units = std::min(std::max(wanted, min_units), max_units);
      if (std::max(wanted, min_units) > max_units) out.needed = std::max(wanted, min_units);
    }
    if (min_units > max_units) out.needed = std::max(out.needed, min_units);
    return out;
  }

  double cost_of(const Offer& offer, const Cluster& c, long units) {
    const TrainingRun run = train_on(c, static_cast<int>(units * offer.gpus_per_unit), false);
    if (!run.fits() || run.wall_days <= 0) return HUGE_VAL;
    const auto cost = price_run(offer, static_cast<int>(units), run.wall_days * 24, money_);
    return cost ? cost->amount : HUGE_VAL;
  }

  // More units finish sooner at roughly the same GPU-hours, until billing granularity,
  // scaling losses or the network make them dearer: double while within budget and faster,
  // then bisect for the last count that is.
  long fastest_within_budget(const Offer& offer, const Cluster& c, long min_units, long max_units, double budget) {
    if (min_units > max_units) return max_units;
    const int unit = offer.gpus_per_unit;
    if (cost_of(offer, c, min_units) > budget) return min_units;
    long good = min_units;
    double good_days = days_on(c, static_cast<int>(good * unit));
    long bad = 0;
    while (good < max_units) {
      const long next = std::min(max_units, good * 2);
      const double next_days = days_on(c, static_cast<int>(next * unit));
      if (cost_of(offer, c, next) > budget || !(next_days < good_days)) {
        bad = next;
        break;
      }
      good = next;
      good_days = next_days;
    }
    while (bad > good + 1) {
      const long mid = good + (bad - good) / 2;
      const double mid_days = days_on(c, static_cast<int>(mid * unit));
      if (cost_of(offer, c, mid) <= budget && mid_days < good_days) {
        good = mid;
        good_days = mid_days;
      } else {
        bad = mid;
      }
    }
    return good;
  }

  Option price_offer(const Result& r, const Offer& offer) {
    const std::string& lang = req_.lang;
    Option o;
    o.offer = &offer;
    const Gpu& gpu = *cat_.find_gpu(offer.gpu);
    const Cluster c = cluster_for(offer, gpu);
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
    o.run = train_on(c, o.units * unit, false);
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
