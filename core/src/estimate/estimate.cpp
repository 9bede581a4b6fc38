#include "estimate/estimate.hpp"

#include "common/numbers.hpp"
#include "diagnostics/messages.hpp"
#include "estimate/context.hpp"
#include "estimate/stages.hpp"
#include "footprint/compute.hpp"
#include "gpusizer/error.hpp"
#include "rental/compare.hpp"
#include "rental/ownership.hpp"
#include "rental/pricing.hpp"
#include "rental/recommend.hpp"

namespace gpusizer {
namespace {

// The figures every answer starts from: the job, its FLOPs, the rate, the fewest GPUs of each
// type it fits on, and the deadline the options are sized to.
void describe_job(EstimateContext& ctx, Result& r) {
  const Request& req = ctx.req;
  r.lang = req.lang;
  r.catalog_version = ctx.cat.version;
  r.model = req.model;
  r.training = req.training;
  r.data = req.data;
  r.needs = ctx.needs;
  r.warnings = req.warnings;
  r.currency = ctx.money.currency;
  r.region = req.goal.region;
  r.usd_cny = ctx.money.usd_cny;
  r.fx_date = req.goal.usd_cny ? "request" : ctx.cat.fx.date;
  r.compute = estimate_compute(req.model, req.training);
  if (!req.model.architecture_known) {
    const Model& m = req.model;
    r.warnings.push_back({warnc::architecture_inferred, "/model",
                          say(req.lang, msg::warning_architecture_inferred,
                              {{"layers", m.layers}, {"hidden", m.hidden}, {"heads", m.heads}, {"kv", m.kv_heads},
                               {"ffn", m.ffn_hidden}, {"vocab", m.vocab}})});
  }
  for (const Gpu& gpu : ctx.cat.gpus) r.fits.push_back({gpu.id, ctx.fewest_that_fit(gpu, {gpu.gpus_per_node, true})});
  // Offers are sized to the deadline; else to the budget (the fastest plan within it); else
  // to hardware.count; else to the default deadline.
  const bool sized_by_count = req.count.has_value() && !req.goal.days && !ctx.budget_mode;
  r.assumed_days = req.goal.days.value_or(sized_by_count || ctx.budget_mode ? 0 : kDefaultDeadlineDays);
  if (!req.goal.days && !req.count && !ctx.budget_mode)
    r.warnings.push_back({warnc::default_deadline, "/goal/days",
                          say(req.lang, msg::warning_default_deadline, {{"days", format_sig(kDefaultDeadlineDays, 3)}})});
}

// Every offer of the catalog sized and priced, within the planner's bound (docs/hardening.md, "Limits"):
// the same count of work natively and in wasm, so both refuse the same requests.
void price_offers(EstimateContext& ctx, Result& r, double max_planning_work) {
  for (const Offer& offer : ctx.cat.offers) {
    r.options.push_back(price_offer(ctx, r, offer));
    if (ctx.timer.planning_work() > max_planning_work)
      throw Error(errc::invalid_value, "",
                  say(ctx.req.lang, msg::error_too_much_planning, {{"limit", format_exact(max_planning_work)}}));
  }
  add_trials_across_offers(r.options, ctx.money);
}

// Options in order, the choices and the frontier, and the one recommended under what was asked.
void rank_and_recommend(EstimateContext& ctx, Result& r) {
  const Ranking ranking = compare_options(r.options);
  r.cheapest = ranking.cheapest;
  r.fastest = ranking.fastest;
  r.frontier = ranking.frontier;
  const Request& req = ctx.req;
  const Asked asked{req.lang, ctx.cat, req.gpu, req.allow_non_cuda, req.goal, r.assumed_days, r.currency};
  r.recommendation = recommend(asked, r.options, ctx.budget_mode);
  r.within = choices_within(r.options);
}

}  // namespace

Result estimate(const Request& request, double max_planning_work) {
  EstimateContext ctx(request);
  Result r;
  describe_job(ctx, r);
  if (!request.gpu.empty()) r.estimate = estimate_on_gpu(ctx, r);
  price_offers(ctx, r, max_planning_work);
  rank_and_recommend(ctx, r);
  explain_budget(ctx, r);
  if (!r.estimate) search_figures_of_recommended(ctx, r);
  r.scaling = scaling_of_recommended(ctx, r);
  r.ownership = ownership(request.lang, ctx.cat, r.options, ctx.money);
  r.measured_modelled = ctx.timer.modelled_at_measurement();
  r.measured = request.measured;
  r.planning = {ctx.timer.searches(), ctx.timer.layouts_evaluated()};
  return r;
}

}  // namespace gpusizer
