#include "estimate/stages.hpp"

#include <algorithm>
#include <cmath>

#include "common/numbers.hpp"
#include "diagnostics/duration.hpp"
#include "diagnostics/messages.hpp"
#include "estimate/option_warnings.hpp"
#include "rental/sizing.hpp"

namespace gpusizer {

namespace {

struct Sized {
  long units = 0;
  long needed = 0;  // units the goal would take, when more than the offer can give
  bool deadline_out_of_reach = false;
};

// Units of the offer to price: the fewest that meet the deadline; in budget mode the most
// whose cost stays within the budget while they still make the job faster; else the
// requested GPU count.
Sized size_offer(EstimateContext& ctx, const Result& r, const Offer& offer, const Cluster& c, long min_units,
                 long max_units, bool fits_somewhere) {
  const int unit = offer.gpus_per_unit;
  Sized out;
  if (r.assumed_days > 0 && !fits_somewhere) {
    // No count of these machines holds the job: nothing to size (a search per probe).
    out.units = std::min(min_units, max_units);
    out.deadline_out_of_reach = true;
  } else if (r.assumed_days > 0) {
    const Sizing s = units_for_days(ctx.timer, c, unit, min_units, max_units, r.assumed_days);
    out.units = s.units;
    out.deadline_out_of_reach = !s.met;
  } else if (ctx.budget_mode) {
    out.units = fastest_within_budget(ctx.timer, offer, c, min_units, max_units, *ctx.req.goal.budget, ctx.money, ctx.needs);
  } else {
    const long wanted = (*ctx.req.count + unit - 1) / unit;
    out.units = std::min(std::max(wanted, min_units), max_units);
    if (std::max(wanted, min_units) > max_units) out.needed = std::max(wanted, min_units);
  }
  if (min_units > max_units) out.needed = std::max(out.needed, min_units);
  return out;
}

}  // namespace

UnitRange unit_range(EstimateContext& ctx, const Offer& offer, const Cluster& c) {
  const int unit = offer.gpus_per_unit;
  const auto fit = ctx.fewest_that_fit(*c.gpu, {c.gpus_per_node, c.multi_node()});
  long max_units = c.multi_node() ? kMaxGpus / unit : std::max(1, c.gpus_per_node / unit);
  if (offer.units_available) max_units = std::min<long>(max_units, *offer.units_available);
  return {fit ? (*fit + unit - 1) / unit : 1, max_units, fit};
}

Option price_offer(EstimateContext& ctx, const Result& r, const Offer& offer) {
  const Lang lang = ctx.req.lang;
  Option o;
  o.offer = &offer;
  const Gpu& gpu = *ctx.cat.find_gpu(offer.gpu);
  const Cluster c = ctx.timer.cluster_for(offer, gpu);
  const int unit = offer.gpus_per_unit;
  const UnitRange range = unit_range(ctx, offer, c);
  const long min_units = range.min, max_units = range.max;
  const std::optional<int>& fit = range.fit;

  const Sized sized = size_offer(ctx, r, offer, c, min_units, max_units, fit.has_value());
  if (sized.needed > max_units) {
    const bool by_stock = offer.units_available && *offer.units_available == max_units;
    if (by_stock)
      o.warnings.push_back({warnc::units_limited, "", say(lang, msg::warning_units_limited, {{"units", max_units}})});
    else
      o.warnings.push_back({warnc::single_node_only, "", say(lang, msg::warning_single_node_only, {{"gpus", max_units * unit}})});
  }
  o.units = static_cast<int>(std::min(sized.units, max_units));
  o.run = ctx.timer.train_on(c, o.units * unit, false);
  o.fits = o.run.fits();
  if (sized.deadline_out_of_reach && o.fits && sized.units < max_units)
    o.warnings.push_back({warnc::deadline_out_of_reach, "/goal/days", say(lang, msg::warning_deadline_out_of_reach)});
  if (o.run.plan.batch_limited)
    o.warnings.push_back({warnc::batch_limited, "", say(lang, msg::warning_batch_limited)});
  o.unit_prices = unit_prices(offer, ctx.money);
  if (!o.fits)
    o.warnings.push_back({warnc::does_not_fit, "",
                          fit ? say(lang, msg::warning_does_not_fit, {{"count", *fit}, {"gpu", gpu.name.in(lang)}})
                              : say(lang, msg::warning_does_not_fit_any, {{"gpu", gpu.name.in(lang)}})});
  ctx.precision_warning(gpu, o.warnings);
  add_option_warnings(ctx, gpu, o);

  if (o.fits) {
    o.cost = price_run(offer, o.units, o.run.wall_days * 24, ctx.money, ctx.needs);
    if (o.cost) {
      o.cost_per_billion_tokens = round_to(o.cost->amount / (r.compute.tokens_total / 1e9), 2);
      const std::string unpriced = describe_bill(lang, *o.cost, offer, o.units, gpu.name.in(lang), ctx.needs);
      if (!unpriced.empty())
        o.warnings.push_back({warnc::not_in_price_list, "", say(lang, msg::warning_not_in_price_list, {{"items", unpriced}})});
    }
    else if (o.run.wall_days * 24 > kMaxBillableHours)  // billing cannot count it: say so, price nothing
      o.warnings.push_back({warnc::not_priced, "", say(lang, msg::warning_not_priced,
                                                       {{"duration", duration_text(lang, o.run.wall_days)},
                                                        {"limit", static_cast<long>(kMaxBillableHours / 8760)}})});
  }
  // Moving the data: up at the start, the results down at the end (with a described dataset).
  if (ctx.needs.data_given && ctx.needs.dataset_bytes > 0) {
    o.transfer = plan_transfer(offer, ctx.needs);
    const double training_hours = o.run.wall_days * 24;
    if (o.fits && training_hours > 0 && o.transfer->hours() > 0.1 * training_hours) {
      const double ids = ctx.req.data.token_ids_bytes;
      o.warnings.push_back(
          {warnc::slow_data_transfer, "/data/uploadMbps",
           say(lang, msg::warning_slow_transfer,
               {{"duration", duration_text(lang, o.transfer->hours() / 24)},
                {"size", format_bytes(ctx.needs.dataset_bytes)},
                {"results", format_bytes(ctx.needs.final_bytes)},
                {"mbps", format_sig(o.transfer->mbps, 4)},
                {"training", duration_text(lang, o.run.wall_days)},
                {"ids", ids > 0 && ids < 0.9 * ctx.needs.dataset_bytes ? say(lang, msg::slow_transfer_ids, {{"size", format_bytes(ids)}})
                                                                      : std::string()}})});
    }
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
  if (o.cost && ctx.req.goal.budget && o.cost->amount > *ctx.req.goal.budget) {
    o.meets_goal = false;
    o.warnings.push_back({warnc::over_budget, "/goal/budget",
                          say(lang, msg::warning_over_budget, {{"cost", format_money(lang, o.cost->amount, r.currency)}})});
  }
  return o;
}

}  // namespace gpusizer
