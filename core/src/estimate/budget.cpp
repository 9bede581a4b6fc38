#include "estimate/stages.hpp"

#include "common/numbers.hpp"
#include "diagnostics/duration.hpp"
#include "diagnostics/messages.hpp"
#include "rental/sizing.hpp"

namespace gpusizer {
namespace {

// "Provider 8× A100: 4 units, 12 days, ¥300,000".
std::string plan_words(Lang lang, const Catalog& cat, const BudgetPlan& p, const std::string& currency) {
  std::string name = p.offer_id;
  for (const Offer& o : cat.offers)
    if (o.id == p.offer_id) name = o.name.in(lang);
  return say(lang, msg::budget_plan,
             {{"offer", name}, {"units", p.units}, {"duration", duration_text(lang, p.wall_days)},
              {"cost", format_money(lang, p.amount, currency)}});
}

// The fastest plan of one offer within `budget`, priced; nullopt when none fits it.
std::optional<BudgetPlan> fastest_on(EstimateContext& ctx, const Offer& offer, double budget) {
  const Cluster c = ctx.timer.cluster_for(offer, *ctx.cat.find_gpu(offer.gpu));
  const UnitRange range = unit_range(ctx, offer, c);
  if (!range.fit || range.min > range.max) return std::nullopt;
  const long units = fastest_within_budget(ctx.timer, offer, c, range.min, range.max, budget, ctx.money, ctx.needs);
  const TrainingRun run = ctx.timer.train_on(c, static_cast<int>(units * offer.gpus_per_unit), false);
  if (!run.fits()) return std::nullopt;
  const std::optional<Cost> cost = price_run(offer, static_cast<int>(units), run.wall_days * 24, ctx.money, ctx.needs);
  if (!cost || cost->amount > budget) return std::nullopt;
  return BudgetPlan{offer.id, static_cast<int>(units), run.wall_days, cost->amount, 0};
}

// The cheapest plan of one offer that finishes within `days`; nullopt when none does.
std::optional<BudgetPlan> cheapest_within(EstimateContext& ctx, const Offer& offer, double days) {
  const Cluster c = ctx.timer.cluster_for(offer, *ctx.cat.find_gpu(offer.gpu));
  const UnitRange range = unit_range(ctx, offer, c);
  if (!range.fit || range.min > range.max) return std::nullopt;
  const Sizing s = units_for_days(ctx.timer, c, offer.gpus_per_unit, range.min, range.max, days);
  if (!s.met) return std::nullopt;
  const TrainingRun run = ctx.timer.train_on(c, static_cast<int>(s.units * offer.gpus_per_unit), false);
  if (!run.fits() || run.wall_days > days) return std::nullopt;
  const std::optional<Cost> cost = price_run(offer, static_cast<int>(s.units), run.wall_days * 24, ctx.money, ctx.needs);
  if (!cost) return std::nullopt;
  return BudgetPlan{offer.id, static_cast<int>(s.units), run.wall_days, cost->amount, days};
}

}  // namespace

// A budget is no dead end. When it is what stops every plan that meets the rest of the goal:
// the least budget that would (result.budgetNeeded) and the fastest plan the budget does buy
// (result.budgetBuys). With a budget alone whose fastest plan runs past kLongRunDays: the least
// budget that finishes within that many days. Said in the recommendation's reason too.
void explain_budget(EstimateContext& ctx, Result& r) {
  const std::optional<double>& budget = ctx.req.goal.budget;
  if (!budget) return;
  const Lang lang = ctx.req.lang;
  const Option* rec = nullptr;
  for (const Option& o : r.options)
    if (o.recommended) rec = &o;
  // Offers within every other constraint asked (rental/recommend.hpp's outside).
  auto within_constraints = [](const Option& o) { return o.fits && !o.outside; };

  if (!rec || !r.recommendation.qualifies) {
    // The least: the cheapest option that meets everything else (the deadline, the constraints).
    const Option* least = nullptr;
    for (const Option& o : r.options) {
      if (!within_constraints(o) || !o.cost) continue;
      if (r.assumed_days > 0 && o.run.wall_days > r.assumed_days) continue;
      if (!least || o.cost->amount < least->cost->amount) least = &o;
    }
    if (!least || least->cost->amount <= *budget) return;  // the budget is not what blocks
    r.budget_needed = BudgetPlan{least->offer->id, least->units, least->run.wall_days, least->cost->amount, r.assumed_days};
    // A budget alone: the least plan at all may take years; the least that finishes within
    // kLongRunDays is the one to budget for.
    if (r.assumed_days <= 0) {
      std::optional<BudgetPlan> realistic;
      for (const Option& o : r.options)
        if (within_constraints(o))
          if (auto p = cheapest_within(ctx, *o.offer, kLongRunDays); p && (!realistic || p->amount < realistic->amount))
            realistic = p;
      if (realistic) r.budget_needed = realistic;
    }
    for (const Option& o : r.options)
      if (within_constraints(o))
        if (auto p = fastest_on(ctx, *o.offer, *budget); p && (!r.budget_buys || p->wall_days < r.budget_buys->wall_days))
          r.budget_buys = p;
    // Nothing within the constraints: what the budget buys is the closest plan, when it does.
    if (!r.budget_buys && rec && rec->cost && rec->cost->amount <= *budget)
      r.budget_buys = BudgetPlan{rec->offer->id, rec->units, rec->run.wall_days, rec->cost->amount, 0};
    std::string text = say(lang, r.budget_needed->days > 0 && r.assumed_days <= 0 ? msg::budget_needed_within : msg::budget_needed,
                           {{"budget", format_money(lang, *budget, r.currency)},
                            {"limit", kLongRunDays},
                            {"amount", format_money(lang, r.budget_needed->amount, r.currency)},
                            {"plan", plan_words(lang, ctx.cat, *r.budget_needed, r.currency)}});
    if (r.budget_buys)
      text += say(lang, r.budget_buys->wall_days > kLongRunDays ? msg::budget_buys_long : msg::budget_buys,
                  {{"plan", plan_words(lang, ctx.cat, *r.budget_buys, r.currency)}, {"limit", kLongRunDays}});
    else
      text += say(lang, msg::budget_buys_nothing);
    r.recommendation.reason += text;
    return;
  }
  // A budget alone that buys only an impractically long plan.
  if (r.assumed_days > 0 || rec->run.wall_days <= kLongRunDays) return;
  r.budget_buys = BudgetPlan{rec->offer->id, rec->units, rec->run.wall_days, rec->cost ? rec->cost->amount : 0, 0};
  for (const Option& o : r.options)
    if (within_constraints(o))
      if (auto p = cheapest_within(ctx, *o.offer, kLongRunDays); p && (!r.budget_needed || p->amount < r.budget_needed->amount))
        r.budget_needed = p;
  r.recommendation.reason += say(lang, r.budget_needed ? msg::budget_long_plan : msg::budget_long_plan_alone,
                                 {{"duration", duration_text(lang, rec->run.wall_days)},
                                  {"limit", kLongRunDays},
                                  {"amount", r.budget_needed ? format_money(lang, r.budget_needed->amount, r.currency) : std::string()},
                                  {"plan", r.budget_needed ? plan_words(lang, ctx.cat, *r.budget_needed, r.currency) : std::string()}});
}

}  // namespace gpusizer
