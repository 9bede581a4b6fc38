#include "estimate.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "report/advice.hpp"
#include "report/advice.hpp"
#include "rental/billing.hpp"
#include "rental/compare.hpp"
#include "rental/recommend.hpp"
#include "rental/scaling.hpp"
#include "report/explain.hpp"
#include "common/dates.hpp"
#include "common/numbers.hpp"
#include "gpusizer/error.hpp"
#include "rental/pricing.hpp"
#include "rental/sizing.hpp"
#include "diagnostics/duration.hpp"
#include "diagnostics/messages.hpp"
#include "training/timing.hpp"

namespace gpusizer {
namespace {

class Estimator {
 public:
  Estimator(const Request& request, double max_planning_work)
      : req_(request), cat_(*request.catalog), flops_(estimate_compute(request.model, request.training).flops_total),
        timer_(run_inputs(request), flops_), max_planning_work_(max_planning_work) {}

  Result run() {
    Result r;
    r.lang = req_.lang;
    r.catalog_version = cat_.version;
    r.model = req_.model;
    r.training = req_.training;
    r.warnings = req_.warnings;
    r.currency = req_.goal.currency;
    r.usd_cny = req_.goal.usd_cny.value_or(cat_.fx.usd_cny);
    r.fx_date = req_.goal.usd_cny ? "request" : cat_.fx.date;
    r.compute = estimate_compute(req_.model, req_.training);
    if (!req_.model.architecture_known) {
      const Model& m = req_.model;
      r.warnings.push_back({warnc::architecture_inferred, "/model",
                            say(req_.lang, msg::warning_architecture_inferred,
                                {{"layers", m.layers}, {"hidden", m.hidden}, {"heads", m.heads}, {"kv", m.kv_heads},
                                 {"ffn", m.ffn_hidden}, {"vocab", m.vocab}})});
    }
    for (const Gpu& gpu : cat_.gpus) r.fits.push_back({gpu.id, fewest_that_fit(gpu, {gpu.gpus_per_node, true})});

    // Offers are sized to the deadline; else to the budget (the fastest plan within it); else
    // to hardware.count; else to the default deadline.
    budget_mode_ = req_.goal.budget.has_value() && !req_.goal.days;
    const bool sized_by_count = req_.count.has_value() && !req_.goal.days && !budget_mode_;
    r.assumed_days = req_.goal.days.value_or(sized_by_count || budget_mode_ ? 0 : kDefaultDeadlineDays);
    money_ = {r.currency, r.usd_cny};
    today_ = day_number(req_.goal.as_of.empty() ? cat_.as_of : req_.goal.as_of);
    if (!req_.goal.days && !req_.count && !budget_mode_)
      r.warnings.push_back({warnc::default_deadline, "/goal/days",
                            say(req_.lang, msg::warning_default_deadline, {{"days", format_sig(kDefaultDeadlineDays, 3)}})});
    if (!req_.gpu.empty()) r.estimate = make_estimate(r);
    for (const Offer& offer : cat_.offers) {
      r.options.push_back(price_offer(r, offer));
      // Bounded however the machines and the model combine (README "Limits"); the same count
      // natively and in wasm, so both refuse the same requests.
      if (timer_.planning_work() > max_planning_work_)
        throw Error(errc::invalid_value, "", say(req_.lang, msg::error_too_much_planning, {{"limit", format_sig(max_planning_work_, 3)}}));
    }
    add_trials_across_offers(r);
    compare_options(r);
    recommend(req_, r, budget_mode_);
    if (!r.estimate) search_figures_of_recommended(r);
    r.scaling = make_scaling(r);
    r.measured_modelled = timer_.modelled_at_measurement();
    r.measured = req_.measured;
    r.advice = make_advice(req_, r);
    r.steps = explain(req_, r);
    r.planning = {timer_.searches(), timer_.layouts_evaluated()};
    return r;
  }

 private:
  const Request& req_;
  const Catalog& cat_;
  double flops_;
  RunTimer timer_;
  double max_planning_work_;
  bool budget_mode_ = false;
  Money money_;
  std::optional<long> today_;
  // min_gpus_to_fit by GPU and placement: offers of the same machines ask the same question.
  struct Fit {
    const Gpu* gpu;
    Placement placement;
    std::optional<int> count;
  };
  std::vector<Fit> fits_;

  std::optional<int> fewest_that_fit(const Gpu& gpu, const Placement& placement) {
    for (const Fit& f : fits_)
      if (f.gpu == &gpu && f.placement.gpus_per_node == placement.gpus_per_node &&
          f.placement.multi_node == placement.multi_node)
        return f.count;
    fits_.push_back({&gpu, placement, min_gpus_to_fit(req_.model, req_.training, gpu, placement)});
    return fits_.back().count;
  }
  void precision_warning(const Gpu& gpu, std::vector<Warning>& out) const {
    const Peak peak = peak_for(gpu, req_.training.precision);
    if (peak.used != req_.training.precision)
      out.push_back({warnc::precision_fallback, "/training/precision",
                     say(req_.lang, msg::warning_precision_fallback,
                         {{"gpu", gpu.name.in(req_.lang)}, {"precision", precision_name(req_.training.precision)}, {"used", precision_name(peak.used)}})});
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
      // A budget-only request sizes the offers to the budget; the GPU estimate still needs a
      // duration, its own (the options' sizing must not see it).
      e.deadline_days = r.assumed_days > 0 ? r.assumed_days : kDefaultDeadlineDays;
      if (r.assumed_days <= 0) {
        r.warnings.push_back({warnc::estimate_default_deadline, "/goal/days",
                              say(req_.lang, msg::warning_estimate_default_deadline,
                                  {{"gpu", gpu.name.in(req_.lang)}, {"days", format_sig(kDefaultDeadlineDays, 3)}})});
      }
      e.count_from_goal = true;
      const auto fit = fewest_that_fit(gpu, {c.gpus_per_node, c.multi_node()});
      if (req_.mfu) {
        // A stated utilization: the exact count, ceil(FLOPs / (peak x MFU x seconds)).
        const double rate = peak_for(gpu, req_.training.precision).tflops * 1e12 * *req_.mfu;
        const double exact = flops_ / (rate * e.deadline_days * kSecondsPerDay);
        count = exact < kMaxGpus ? std::max(1, static_cast<int>(std::ceil(exact - 1e-9))) : kMaxGpus;
        if (fit && *fit > count) count = *fit;
      } else {
        // Single GPUs up to a node, whole nodes beyond (how clusters are rented and planned).
        const int node = c.gpus_per_node;
        const long min_units = fit ? *fit : 1;
        const Sizing within_node = units_for_days(timer_, c, 1, min_units, node, e.deadline_days);
        if (within_node.met) {
          count = static_cast<int>(within_node.units);
        } else if (c.multi_node()) {
          const long min_nodes = fit ? (*fit + node - 1) / node : 1;
          count = static_cast<int>(units_for_days(timer_, c, node, min_nodes, kMaxGpus / node, e.deadline_days).units * node);
        } else {
          count = static_cast<int>(within_node.units);
        }
      }
    }
    e.run = timer_.train_on(c, count, fixed, true);
    precision_warning(gpu, r.warnings);
    if (!e.run.fits())
      r.warnings.push_back({warnc::does_not_fit, "/hardware/count",
                            say(req_.lang, msg::warning_estimate_does_not_fit, {{"count", count}, {"gpu", gpu.name.in(req_.lang)}})});
    else if (e.run.wall_days > kLongRunDays)
      r.warnings.push_back({warnc::long_run, "/hardware/count",
                            say(req_.lang, msg::warning_long_run,
                                {{"duration", duration_text(req_.lang, e.run.wall_days)}, {"limit", kLongRunDays}})});
    if (e.run.fits() && e.count_from_goal && e.run.wall_days > e.deadline_days)
      r.warnings.push_back({warnc::misses_deadline, "/goal/days",
                            say(req_.lang, msg::warning_estimate_misses_deadline, {{"gpu", gpu.name.in(req_.lang)}})});
    return e;
  }

  // Without a GPU estimate the explanation shows the recommended option's search: its figures
  // are those of a search on exactly its GPUs (its plan may have been taken from a larger count's).
  void search_figures_of_recommended(Result& r) {
    for (Option& o : r.options) {
      if (!o.recommended || !o.fits) continue;
      const Offer& offer = *o.offer;
      const Cluster c = timer_.cluster_for(offer, *cat_.find_gpu(offer.gpu));
      const TrainingRun exact = timer_.train_on(c, o.units * offer.gpus_per_unit, false, true);
      o.run.plan.configs_evaluated = exact.plan.configs_evaluated;
      o.run.plan.configs_feasible = exact.plan.configs_feasible;
    }
  }

  struct Sized {
    long units = 0;
    long needed = 0;  // units the goal would take, when more than the offer can give
    bool deadline_out_of_reach = false;
  };

  // Units of the offer to price: the fewest that meet the deadline; in budget mode the most
  // whose cost stays within the budget while they still make the job faster; else the
  // requested GPU count.
  Sized size_offer(const Result& r, const Offer& offer, const Cluster& c, long min_units, long max_units,
                   bool fits_somewhere) {
    const int unit = offer.gpus_per_unit;
    Sized out;
    if (r.assumed_days > 0 && !fits_somewhere) {
      // No count of these machines holds the job: nothing to size (a search per probe).
      out.units = std::min(min_units, max_units);
      out.deadline_out_of_reach = true;
    } else if (r.assumed_days > 0) {
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

  // The renters' trial week where an offer sells only months: the same provider's hourly offer of
  // the same GPU for the first week, then this offer's months.
  void add_trials_across_offers(Result& r) {
    for (Option& o : r.options) {
      if (!o.cost || o.cost->trial_then_monthly || !o.offer->prices[static_cast<int>(Period::month)]) continue;
      const int count = o.units * o.offer->gpus_per_unit;
      for (const Option& h : r.options) {
        const Offer& hourly = *h.offer;
        if (&h == &o || hourly.gpu != o.offer->gpu || hourly.provider.en != o.offer->provider.en) continue;
        const int units = (count + hourly.gpus_per_unit - 1) / hourly.gpus_per_unit;
        if (hourly.units_available && units > *hourly.units_available) continue;
        if (hourly.inter_unit == "none" && units > 1) continue;
        if (auto trial = trial_across(hourly, units, *o.offer, o.units, o.run.wall_days * 24, money_)) {
          o.cost->trial_then_monthly = *trial;
          break;
        }
      }
    }
  }

  // The units of an offer a plan may rent: from the fewest the job fits on (rounded up to whole
  // units) to what the offer's machines and network allow and its units available.
  struct UnitRange {
    long min, max;
    std::optional<int> fit;  // the fewest GPUs the job fits on, if any
  };
  UnitRange unit_range(const Offer& offer, const Cluster& c) {
    const int unit = offer.gpus_per_unit;
    const auto fit = fewest_that_fit(*c.gpu, {c.gpus_per_node, c.multi_node()});
    long max_units = c.multi_node() ? kMaxGpus / unit : std::max(1, c.gpus_per_node / unit);
    if (offer.units_available) max_units = std::min<long>(max_units, *offer.units_available);
    return {fit ? (*fit + unit - 1) / unit : 1, max_units, fit};
  }

  // The scaling curve of the recommended offer, else of the chosen GPU in its usual machines.
  std::optional<Scaling> make_scaling(const Result& r) {
    const Option* best = nullptr;
    for (const Option& o : r.options)
      if (o.recommended) best = &o;
    if (best) {
      const Offer& offer = *best->offer;
      const Cluster c = timer_.cluster_for(offer, *cat_.find_gpu(offer.gpu));
      const UnitRange range = unit_range(offer, c);
      return scaling_curve(timer_, c, &offer, offer.gpus_per_unit, range.min, range.max, best->units, money_);
    }
    if (!r.estimate || !r.estimate->run.fits()) return std::nullopt;
    const Gpu& gpu = *cat_.find_gpu(req_.gpu);
    const Cluster c = timer_.cluster_for(gpu);
    const int unit = r.estimate->run.count >= c.gpus_per_node ? c.gpus_per_node : 1;
    const auto fit = fewest_that_fit(gpu, {c.gpus_per_node, c.multi_node()});
    const long max_units = c.multi_node() ? kMaxGpus / unit : c.gpus_per_node / unit;
    return scaling_curve(timer_, c, nullptr, unit, fit ? (*fit + unit - 1) / unit : 1, max_units,
                         r.estimate->run.count / unit, money_);
  }

  Option price_offer(const Result& r, const Offer& offer) {
    const Lang lang = req_.lang;
    Option o;
    o.offer = &offer;
    const Gpu& gpu = *cat_.find_gpu(offer.gpu);
    const Cluster c = timer_.cluster_for(offer, gpu);
    const int unit = offer.gpus_per_unit;
    const UnitRange range = unit_range(offer, c);
    const long min_units = range.min, max_units = range.max;
    const std::optional<int>& fit = range.fit;

    const Sized sized = size_offer(r, offer, c, min_units, max_units, fit.has_value());
    if (sized.needed > max_units) {
      const bool by_stock = offer.units_available && *offer.units_available == max_units;
      if (by_stock)
        o.warnings.push_back({warnc::units_limited, "", say(lang, msg::warning_units_limited, {{"units", max_units}})});
      else
        o.warnings.push_back({warnc::single_node_only, "", say(lang, msg::warning_single_node_only, {{"gpus", max_units * unit}})});
    }
    o.units = static_cast<int>(std::min(sized.units, max_units));
    o.run = timer_.train_on(c, o.units * unit, false);
    o.fits = o.run.fits();
    if (sized.deadline_out_of_reach && o.fits && sized.units < max_units)
      o.warnings.push_back({warnc::deadline_out_of_reach, "/goal/days", say(lang, msg::warning_deadline_out_of_reach)});
    if (o.run.plan.batch_limited)
      o.warnings.push_back({warnc::batch_limited, "", say(lang, msg::warning_batch_limited)});
    o.unit_prices = unit_prices(offer, money_);
    if (!o.fits)
      o.warnings.push_back({warnc::does_not_fit, "",
                            fit ? say(lang, msg::warning_does_not_fit, {{"count", *fit}, {"gpu", gpu.name.in(lang)}})
                                : say(lang, msg::warning_does_not_fit_any, {{"gpu", gpu.name.in(lang)}})});
    precision_warning(gpu, o.warnings);
    add_option_warnings(req_, gpu, today_, o);

    if (o.fits) {
      o.cost = price_run(offer, o.units, o.run.wall_days * 24, money_);
      if (o.cost) o.cost_per_billion_tokens = round_to(o.cost->amount / (r.compute.tokens_total / 1e9), 2);
      else if (o.run.wall_days * 24 > kMaxBillableHours)  // billing cannot count it: say so, price nothing
        o.warnings.push_back({warnc::not_priced, "", say(lang, msg::warning_not_priced,
                                                         {{"duration", duration_text(lang, o.run.wall_days)},
                                                          {"limit", static_cast<long>(kMaxBillableHours / 8760)}})});
    }
    o.meets_goal = o.fits && o.cost.has_value();
    if (o.fits && r.assumed_days > 0 && o.run.wall_days > r.assumed_days) {
      o.meets_goal = false;
      o.warnings.push_back({warnc::misses_deadline, "/goal/days",
                            say(lang, msg::warning_misses_deadline,
                                {{"duration", duration_text(lang, o.run.wall_days)}, {"deadline", format_sig(r.assumed_days, 3)}})});
    }
    // On an offer at its most units, "add GPUs or set a deadline" cannot be done.
    if (o.fits && o.run.wall_days > kLongRunDays)
      o.warnings.push_back({warnc::long_run, "",
                            say(lang, o.units >= max_units ? msg::warning_long_run_capped : msg::warning_long_run,
                                {{"duration", duration_text(lang, o.run.wall_days)}, {"limit", kLongRunDays}})});
    if (o.cost && req_.goal.budget && o.cost->amount > *req_.goal.budget) {
      o.meets_goal = false;
      o.warnings.push_back({warnc::over_budget, "/goal/budget",
                            say(lang, msg::warning_over_budget, {{"cost", format_money(lang, o.cost->amount, r.currency)}})});
    }
    return o;
  }
};

}  // namespace

Result estimate(const Request& request, double max_planning_work) { return Estimator(request, max_planning_work).run(); }

}  // namespace gpusizer
