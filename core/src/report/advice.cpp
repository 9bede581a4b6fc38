#include "report/advice.hpp"

#include <algorithm>

#include "common/dates.hpp"
#include "common/numbers.hpp"
#include "diagnostics/duration.hpp"
#include "diagnostics/messages.hpp"
#include "estimate/option_warnings.hpp"
#include "rental/recommend.hpp"

namespace gpusizer {

namespace {

struct Tier {
  const char* id;
  double max_params;
  int min_gpus, max_gpus;
  msg::Id suggestion;
};

// The tiers renters' guides give (the Changzhou article's among them), with the GPU counts they
// imply. The bounds sit between nominal sizes, so a model lands where its name puts it whether
// its size is typed or exact: Llama 2 7B (6.74B) and "7B" are both 7-13B, Llama 3 70B (70.6B) 13-70B.
constexpr Tier kTiers[] = {
    {"<7B", 6.5e9, 1, 4, msg::tier_small},
    {"7-13B", 13.5e9, 4, 8, msg::tier_medium},
    {"13-70B", 75e9, 8, 8, msg::tier_large},
    {">70B", 1e30, 16, 1 << 30, msg::tier_huge},
};

const Option* recommended(const Result& r) {
  for (const Option& o : r.options)
    if (o.recommended) return &o;
  return nullptr;
}

}  // namespace

Advice make_advice(const Request& req, const Result& r) {
  const Lang lang = req.lang;
  Advice a;
  const double params = r.model.params;
  const Tier* tier = &kTiers[3];
  for (const Tier& t : kTiers)
    if (params < t.max_params) {
      tier = &t;
      break;
    }
  a.tier = tier->id;
  a.suggestion = say(lang, tier->suggestion);
  const Option* best = recommended(r);
  const int gpus = best ? best->units * best->offer->gpus_per_unit : r.estimate ? r.estimate->run.count : 0;
  const std::string gpu_id = best ? best->offer->gpu : r.estimate ? r.estimate->run.gpu : "";
  const Gpu* gpu = req.catalog->find_gpu(gpu_id);
  const std::string plan_gpu = gpu ? gpu->name.in(lang) : gpu_id;
  const double wall_days = best ? best->run.wall_days : r.estimate ? r.estimate->run.wall_days : 0;
  if (gpus == 0) {
    a.agrees = false;
    a.message = say(lang, msg::rule_no_plan);
  } else if (wall_days > kLongRunDays) {
    // A plan of years is no plan: the rule's GPU count fits the model, not the schedule.
    a.agrees = false;
    a.message = say(lang, msg::rule_impractical,
                    {{"plan", say(lang, msg::rule_plan, {{"gpus", gpus}, {"gpu", plan_gpu}, {"duration", duration_text(lang, wall_days)}})},
                     {"tier", tier->id}, {"suggestion", a.suggestion}, {"limit", kLongRunDays}});
  } else {
    a.agrees = gpus >= tier->min_gpus && gpus <= tier->max_gpus;
    const std::string plan = say(lang, msg::rule_plan, {{"gpus", gpus}, {"gpu", plan_gpu}, {"duration", duration_text(lang, wall_days)}});
    if (a.agrees)
      a.message = say(lang, msg::rule_agrees, {{"plan", plan}, {"tier", tier->id}, {"suggestion", a.suggestion}});
    else if (gpus > tier->max_gpus)
      a.message = say(lang, msg::rule_more_than_tier,
                      {{"plan", plan}, {"tier", tier->id}, {"suggestion", a.suggestion},
                       {"tokens", format_sig(r.compute.tokens_total, 3)}});
    else
      a.message = say(lang, r.training.is_adapter() ? msg::rule_fewer_adapter : msg::rule_fewer_small,
                      {{"plan", plan}, {"tier", tier->id}, {"suggestion", a.suggestion}});
  }

  // Notes a renter needs, from the recommended option.
  auto note = [&](const char* code, const char* path, msg::Id id, std::initializer_list<Arg> args = {}) {
    a.notes.push_back({code, path, say(lang, id, args)});
  };
  if (best && best->cost && best->cost->trial_then_monthly) {
    const Cost& c = *best->cost;
    const Cost::Trial& t = *c.trial_then_monthly;
    if (t.trial_offer.empty())
      note(warnc::trial_week, "", msg::note_trial_week,
           {{"trial", format_money(lang, t.amount, c.currency)}, {"cheapest", format_money(lang, c.billed(), c.currency)}});
    else
      note(warnc::trial_week, "", msg::note_trial_week_across,
           {{"trial_offer", t.trial_offer}, {"units", t.trial_units}, {"offer", best->offer->id},
            {"trial", format_money(lang, t.amount, c.currency)}, {"cheapest", format_money(lang, c.billed(), c.currency)}});
  } else if (best && best->cost && best->run.wall_days * 24 > 7 * 24) {
    // No plan of a week by the hour then months on this offer or its provider: say so, and
    // where the week could be rented instead.
    const Option* hourly = nullptr;
    for (const Option& o : r.options)
      if (o.offer->gpu == best->offer->gpu && o.offer->prices[static_cast<int>(Period::hour)] && o.offer->min_term_hours <= 0 &&
          o.offer->confidence != "low" && (!hourly || o.unit_prices[0] < hourly->unit_prices[0]))
        hourly = &o;
    const Gpu* g = req.catalog->find_gpu(best->offer->gpu);
    if (hourly)
      note(warnc::no_trial_plan, "", msg::note_no_trial_plan,
           {{"offer", best->offer->id}, {"gpu", g ? g->name.in(lang) : best->offer->gpu}, {"hourly", hourly->offer->id}});
    else
      note(warnc::no_trial_plan, "", msg::note_no_trial_anywhere, {{"gpu", g ? g->name.in(lang) : best->offer->gpu}});
  }
  if (best && best->cost && best->cost->break_even_hours_per_month) {
    const double h = *best->cost->break_even_hours_per_month;
    note(warnc::break_even, "", msg::note_break_even,
         {{"offer", best->offer->id}, {"hours", format_sig(h, 3)}, {"days", format_sig(h / 24, 3)}});
  }
  if (req.goal.sensitive_data) {
    int isolated = 0;
    std::string first;
    for (const Option& o : r.options)
      if (o.offer->deployment == "local-dc" && o.offer->isolation == "private" && o.fits) {
        if (!isolated++) first = o.offer->id;
      }
    if (isolated)
      note(warnc::sensitive_data, "/goal/sensitiveData", msg::note_sensitive_data, {{"count", isolated}, {"example", first}});
    else
      note(warnc::sensitive_data, "/goal/sensitiveData", msg::note_sensitive_data_none);
  }
  int stale = 0;
  for (const Option& o : r.options)
    if (o.price_stale) ++stale;
  if (stale) note(warnc::stale_prices, "", msg::note_stale_prices, {{"count", stale}, {"days", kStalePriceDays}});
  return a;
}

}  // namespace gpusizer
