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

// A plan of more units than this from an offer that states no stock is a question for the
// provider (stock_unknown): a machine or a few are usually free, dozens seldom on demand.
constexpr long kStockUnknownUnits = 8;

// The cheapest price per GPU-hour an offer quotes, in the request's currency.
double per_gpu_hour(const Offer& offer, const Money& money) {
  double best = HUGE_VAL;
  for (Period p : kPeriods)
    if (const auto& price = offer.prices[static_cast<int>(p)])
      best = std::min(best, convert_currency(*price, offer.currency, money.currency, money.usd_cny) / period_hours(p) /
                                offer.gpus_per_unit);
  return best;
}

// The offers that could make up `rest_gpus` more GPUs of `offer`'s GPU, cheapest per GPU-hour
// first, until their stated stock covers it (one that states none may): "A (64 units), B".
std::string make_up_the_rest(EstimateContext& ctx, const Offer& offer, long rest_gpus) {
  const Lang lang = ctx.req.lang;
  auto [cached, added] = ctx.stock_substitutes.try_emplace(offer.gpu);
  std::vector<const Offer*>& others = cached->second;
  if (added) {
    std::vector<std::pair<double, const Offer*>> priced;
    for (const Offer& o : ctx.cat.offers)
      if (o.gpu == offer.gpu && o.confidence != "low") priced.emplace_back(per_gpu_hour(o, ctx.money), &o);
    std::stable_sort(priced.begin(), priced.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& p : priced) others.push_back(p.second);
  }
  std::string out;
  long covered = 0;
  int named = 0;
  for (const Offer* o : others) {
    if (covered >= rest_gpus || named == 3) break;
    if (o == &offer) continue;
    out += (out.empty() ? "" : say(lang, msg::list_separator)) +
           (o->units_available ? say(lang, msg::stock_of, {{"offer", o->name.in(lang)}, {"units", *o->units_available}})
                               : say(lang, msg::stock_of_unknown, {{"offer", o->name.in(lang)}}));
    ++named;
    covered = o->units_available ? covered + static_cast<long>(*o->units_available) * o->gpus_per_unit : rest_gpus;
  }
  return out;
}

// Paid for but idle: whole periods the run leaves partly unused (a 10-day job billed a month).
// Past a fifth of the bill it is said, with what would use the time paid for: the deadline
// those periods cover, met with fewer units of this offer, and paying by the hour instead.
constexpr double kPaidIdleShare = 0.2;

void warn_paid_idle(EstimateContext& ctx, Option& o, const Cluster& c, long min_units, long max_units) {
  const Cost& cost = *o.cost;
  if (cost.covered_hours <= 0 || cost.idle_hours <= 0 || cost.amount <= 0) return;
  double periods = 0;  // the GPU time billed, without the one-time set-up fee
  for (const Cost::Line& l : cost.billing)
    if (l.period != Period::setup) periods += l.amount;
  const double idle_amount = periods * cost.idle_hours / cost.covered_hours;
  if (idle_amount <= kPaidIdleShare * cost.amount) return;
  const Lang lang = ctx.req.lang;
  const Offer& offer = *o.offer;
  const std::string& currency = ctx.money.currency;
  std::string use;
  const double covered_days = cost.covered_hours / 24;
  const Sizing fewer = units_for_days(ctx.timer, c, offer.gpus_per_unit, min_units, max_units, covered_days);
  if (fewer.met && fewer.units < o.units) {
    const TrainingRun run = ctx.timer.train_on(c, static_cast<int>(fewer.units * offer.gpus_per_unit), false);
    const std::optional<Cost> priced = run.fits() ? price_run(offer, static_cast<int>(fewer.units), run.wall_days * 24, ctx.money, ctx.needs)
                                                  : std::nullopt;
    if (priced && priced->amount < cost.amount)
      use += say(lang, msg::paid_idle_deadline,
                 {{"days", format_sig(covered_days, 3)},
                  {"units", fewer.units},
                  {"duration", duration_text(lang, run.wall_days)},
                  {"cost", format_money(lang, priced->amount, currency)},
                  {"saving", format_money(lang, cost.amount - priced->amount, currency)}});
  }
  if (const auto& hour = o.unit_prices[static_cast<int>(Period::hour)]; hour && offer.min_term_hours <= o.run.wall_days * 24) {
    const double hourly = *hour * o.units * std::ceil(o.run.wall_days * 24 - 1e-6);
    use += say(lang, msg::paid_idle_hourly, {{"cost", format_money(lang, round_to(hourly, 2), currency)}});
  }
  o.warnings.push_back({warnc::paid_idle, "/goal/days",
                        say(lang, msg::warning_paid_idle,
                            {{"idle", format_sig(cost.idle_hours, 3)},
                             {"covered", format_sig(cost.covered_hours, 3)},
                             {"amount", format_money(lang, round_to(idle_amount, 2), currency)},
                             {"share", static_cast<long>(std::lround(100 * idle_amount / cost.amount))},
                             {"use", use}})});
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
  const bool by_stock = offer.units_available && *offer.units_available == max_units;
  if (sized.needed > max_units) {
    if (by_stock)
      o.warnings.push_back({warnc::units_limited, "", say(lang, msg::warning_units_limited, {{"units", max_units}})});
    else
      o.warnings.push_back({warnc::single_node_only, "", say(lang, msg::warning_single_node_only, {{"gpus", max_units * unit}})});
  }
  // More units than the offer states: how many the goal needs, and who else has them.
  long needed = sized.needed;
  if (by_stock && fit && sized.deadline_out_of_reach && r.assumed_days > 0) {
    const long uncapped = c.multi_node() ? kMaxGpus / unit : std::max(1, c.gpus_per_node / unit);
    const Sizing s = units_for_days(ctx.timer, c, unit, min_units, uncapped, r.assumed_days);
    if (s.met && s.units > max_units) needed = s.units;
  }
  if (by_stock && needed > max_units) {
    const long rest = needed - max_units;
    const std::string others = make_up_the_rest(ctx, offer, rest * unit);
    o.warnings.push_back({warnc::stock_short, "",
                          others.empty() ? say(lang, msg::warning_stock_short_alone, {{"needed", needed}, {"stock", max_units}, {"rest", rest}})
                                         : say(lang, msg::warning_stock_short,
                                               {{"needed", needed}, {"stock", max_units}, {"rest", rest}, {"gpus", rest * unit},
                                                {"others", others}})});
  }
  o.units = static_cast<int>(std::min(sized.units, max_units));
  if (o.units > kStockUnknownUnits && !offer.units_available)
    o.warnings.push_back({warnc::stock_unknown, "", say(lang, msg::warning_stock_unknown, {{"units", o.units}})});
  o.run = ctx.timer.train_on(c, o.units * unit, false);
  o.fits = o.run.fits();
  if (sized.deadline_out_of_reach && o.fits && sized.units < max_units)
    o.warnings.push_back({warnc::deadline_out_of_reach, "/goal/days", say(lang, msg::warning_deadline_out_of_reach)});
  // With a deadline out of reach on an offer that joins machines, a batch whose replicas cannot
  // double is the cause: say the batch that would lift it.
  const int batch = o.run.plan.time.global_batch;
  const bool batch_capped = batch > 0 && 2L * o.run.plan.par.dp * o.run.plan.par.micro_batch >= batch;
  if (o.run.plan.batch_limited || (batch_capped && sized.deadline_out_of_reach && c.multi_node())) {
    if (batch_capped && sized.deadline_out_of_reach && r.assumed_days > 0 && o.run.wall_days > r.assumed_days) {
      const long needed = static_cast<long>(std::ceil(batch * o.run.wall_days / r.assumed_days / 64.0)) * 64;
      o.warnings.push_back({warnc::batch_limited, "/hardware/parallelism/globalBatch",
                            say(lang, msg::warning_batch_limited_deadline,
                                {{"batch", batch}, {"needed", needed}, {"days", format_sig(r.assumed_days, 3)}})});
    } else {
      o.warnings.push_back({warnc::batch_limited, "", say(lang, msg::warning_batch_limited)});
    }
  }
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
      warn_paid_idle(ctx, o, c, min_units, max_units);
      if (o.run.wall_days_high > o.run.wall_days_low && o.run.wall_days_low > 0) {
        const auto low = price_run(offer, o.units, o.run.wall_days_low * 24, ctx.money, ctx.needs);
        const auto high = price_run(offer, o.units, o.run.wall_days_high * 24, ctx.money, ctx.needs);
        if (low && high) o.cost->amount_range = std::make_pair(std::min(low->amount, o.cost->amount), std::max(high->amount, o.cost->amount));
      }
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
