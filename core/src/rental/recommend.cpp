#include "rental/recommend.hpp"

#include <algorithm>
#include <cmath>

#include "catalog/places.hpp"
#include "common/numbers.hpp"
#include "diagnostics/duration.hpp"
#include "diagnostics/messages.hpp"

namespace gpusizer {
namespace {

bool usable(const Option& o) { return o.fits && o.meets_goal && o.cost.has_value(); }
double amount(const Option& o) { return o.cost ? o.cost->amount : HUGE_VAL; }
int broken(unsigned outside) { return __builtin_popcount(outside); }

// Better first: cheaper (or, preferring speed, faster), then the other, then the id.
bool better(const Option& a, const Option& b, bool prefer_fastest) {
  if (prefer_fastest && a.run.wall_days != b.run.wall_days) return a.run.wall_days < b.run.wall_days;
  if (amount(a) != amount(b)) return amount(a) < amount(b);
  if (a.run.wall_days != b.run.wall_days) return a.run.wall_days < b.run.wall_days;
  return a.offer->id < b.offer->id;
}

unsigned outside_of(const Asked& req, const Catalog& cat, const Offer& offer) {
  unsigned out = 0;
  if (!req.gpu.empty() && offer.gpu != req.gpu) out |= constraint::gpu;
  if (req.goal.sensitive_data && offer.isolation != "private" && offer.isolation != "physical")
    out |= constraint::isolation;
  if (!req.allow_non_cuda && std::string(software_stack(*cat.find_gpu(offer.gpu))) != "cuda") out |= constraint::stack;
  if (offer.confidence == "low") out |= constraint::confidence;
  // In the place asked: an offer's region that lies in it. One stating only a wider place
  // ("CN" for Jiangsu) or none is not known to be there, so it is outside too.
  if (!req.goal.region.empty()) {
    const Place* asked = find_place(req.goal.region);
    const Place* where = find_place(offer.place);
    if (asked && !(where && place_within(*where, *asked))) out |= constraint::region;
  }
  return out;
}

std::string asked_region(const Asked& req) {
  const Place* p = find_place(req.goal.region);
  return p ? place_name(*p, req.lang) : req.goal.region;
}

// "A100 SXM4 80GB, private isolation (sensitive data), CUDA, 30-day deadline".
std::string constraints_text(const Asked& req, unsigned which) {
  const Lang lang = req.lang;
  std::vector<std::string> parts;
  if ((which & constraint::gpu) && !req.gpu.empty()) parts.push_back(req.catalog.find_gpu(req.gpu)->name.in(lang));
  if ((which & constraint::isolation) && req.goal.sensitive_data) parts.push_back(say(lang, msg::constraint_isolation));
  if ((which & constraint::stack) && !req.allow_non_cuda) parts.push_back(say(lang, msg::constraint_cuda));
  if (which & constraint::confidence) parts.push_back(say(lang, msg::constraint_confidence));
  if ((which & constraint::region) && !req.goal.region.empty())
    parts.push_back(say(lang, msg::constraint_region, {{"region", asked_region(req)}}));
  if (which == ~0u) {
    if (req.assumed_days > 0) parts.push_back(say(lang, msg::constraint_deadline, {{"days", format_sig(req.assumed_days, 3)}}));
    if (req.goal.budget) parts.push_back(say(lang, msg::constraint_budget, {{"budget", format_money(lang, *req.goal.budget, req.currency)}}));
  }
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : say(lang, msg::list_separator)) + p;
  return out;
}

// Why an option is outside: "another GPU (H100 SXM5 80GB)", "ROCm, not CUDA", ...
std::string outside_text(const Asked& req, const Option& o) {
  const Lang lang = req.lang;
  std::vector<std::string> parts;
  const Gpu& gpu = *req.catalog.find_gpu(o.offer->gpu);
  if (o.outside & constraint::gpu) parts.push_back(say(lang, msg::outside_gpu, {{"gpu", gpu.name.in(lang)}}));
  if (o.outside & constraint::stack)
    parts.push_back(say(lang, msg::outside_stack, {{"stack", std::string(software_stack(gpu)) == "rocm" ? "ROCm" : "CANN"}}));
  if (o.outside & constraint::isolation) parts.push_back(say(lang, msg::outside_isolation));
  if (o.outside & constraint::confidence) parts.push_back(say(lang, msg::outside_confidence));
  if (o.outside & constraint::region) {
    // Elsewhere, or only a wider place stated ("CN" when Jiangsu was asked), or none at all.
    const Place* asked = find_place(req.goal.region);
    const Place* where = find_place(o.offer->place);
    const std::string stated = o.offer->region.empty() ? say(lang, msg::region_not_stated) : o.offer->region.in(lang);
    parts.push_back(say(lang, where && asked && place_within(*asked, *where) ? msg::outside_region_wider : msg::outside_region,
                        {{"where", stated}, {"region", asked_region(req)}}));
  }
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : say(lang, msg::list_separator)) + p;
  return out;
}

// "CoreWeave 8× A100 SXM4 80GB: 136 units, 1,088 GPUs, for 4.96 days, CN¥2,359,046": the
// offer by its name (never its id), its units and GPUs, time and cost.
std::string plan_text(const Asked& req, const Option& o, const std::string& currency) {
  const Lang lang = req.lang;
  return say(lang, o.units == 1 ? msg::recommend_plan_one : msg::recommend_plan,
             {{"offer", o.offer->name.in(lang)},
              {"units", o.units},
              {"count", o.units * o.offer->gpus_per_unit},
              {"duration", duration_text(lang, o.run.wall_days)},
              {"cost", format_money(lang, amount(o), currency)}});
}

// " Its machines: shared machines of a marketplace (third-party hosts); region: global.": where the
// recommended offer runs and on whose machines, so a job is never sent abroad or to shared
// hosts without a word.
std::string where_text(const Asked& req, const Option& o) {
  const Lang lang = req.lang;
  const Offer& offer = *o.offer;
  const bool shared = offer.isolation == "shared";
  const msg::Id kind = offer.tier == "marketplace" && shared  ? msg::kind_marketplace
                       : offer.tier == "hyperscaler" && shared ? msg::kind_hyperscaler
                       : offer.tier == "neocloud" && shared    ? msg::kind_neocloud
                       : offer.tier == "baremetal-lease" && !shared ? msg::kind_baremetal
                       : shared                                     ? msg::kind_shared
                                                                    : msg::kind_private;
  const std::string where = offer.region.empty() ? say(lang, msg::where_unstated) : offer.region.in(lang);
  return say(lang, msg::recommend_where, {{"kind", say(lang, kind)}, {"where", where}});
}

}  // namespace

const char* software_stack(const Gpu& gpu) {
  if (gpu.vendor == "AMD") return "rocm";
  if (gpu.vendor == "Huawei") return "cann";
  return "cuda";
}

Recommendation recommend(const Asked& req, std::vector<Option>& options, bool prefer_fastest) {
  const Lang lang = req.lang;
  Recommendation rec;
  for (Option& o : options) o.outside = outside_of(req, req.catalog, *o.offer);

  // Among the usable options, the fewest constraints broken, then the best by cost or speed.
  Option* pick = nullptr;
  const Option* runner_up = nullptr;
  for (Option& o : options) {
    if (!usable(o)) continue;
    if (!o.outside) ++rec.qualifying;
    const bool first = !pick || broken(o.outside) < broken(pick->outside) ||
                       (broken(o.outside) == broken(pick->outside) && better(o, *pick, prefer_fastest));
    if (first) pick = &o;
  }
  if (!pick) {
    rec.reason = say(lang, msg::recommend_nothing_usable);
    return rec;
  }
  pick->recommended = true;
  rec.offer_id = pick->offer->id;
  rec.qualifies = !pick->outside;
  for (const Option& o : options)
    if (&o != pick && usable(o) && o.outside == pick->outside && (!runner_up || better(o, *runner_up, prefer_fastest)))
      runner_up = &o;
  // The cheapest usable option outside what was asked, when it is cheaper than the pick.
  const Option* alternative = nullptr;
  for (const Option& o : options)
    if (usable(o) && o.outside && o.outside != pick->outside && amount(o) < amount(*pick) &&
        (!alternative || amount(o) < amount(*alternative)))
      alternative = &o;
  if (runner_up) rec.runner_up = runner_up->offer->id;
  if (alternative) {
    rec.alternative = alternative->offer->id;
    rec.alternative_outside = alternative->outside;
  }

  const std::string asked = constraints_text(req, ~0u);
  if (rec.qualifies) {
    rec.reason = say(lang, prefer_fastest ? msg::recommend_fastest : msg::recommend_cheapest,
                     {{"plan", plan_text(req, *pick, req.currency)}, {"count", rec.qualifying}, {"asked", asked}});
  } else {
    // Which single constraint, relaxed, would leave a usable option.
    for (unsigned c : {constraint::gpu, constraint::stack, constraint::isolation, constraint::confidence, constraint::region})
      for (const Option& o : options)
        if (usable(o) && (o.outside & ~c) == 0 && (o.outside & c)) rec.relax |= c;
    rec.reason = say(lang, msg::recommend_none_qualifies,
                     {{"asked", asked}, {"relax", constraints_text(req, rec.relax ? rec.relax : pick->outside)},
                      {"plan", plan_text(req, *pick, req.currency)}, {"why", outside_text(req, *pick)}});
  }
  rec.reason += where_text(req, *pick);
  if (runner_up)
    rec.reason += say(lang, msg::recommend_runner_up,
                      {{"plan", plan_text(req, *runner_up, req.currency)},
                       {"more", format_money(lang, std::max(0.0, amount(*runner_up) - amount(*pick)), req.currency)}});
  if (alternative)
    rec.reason += say(lang, msg::recommend_alternative,
                      {{"plan", plan_text(req, *alternative, req.currency)}, {"why", outside_text(req, *alternative)}});
  return rec;
}

}  // namespace gpusizer
