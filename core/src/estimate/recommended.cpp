#include "estimate/stages.hpp"

#include "rental/scaling.hpp"

namespace gpusizer {

// The scaling curve of the recommended offer, else of the chosen GPU in its usual machines.
std::optional<Scaling> scaling_of_recommended(EstimateContext& ctx, const Result& r) {
  const Option* best = nullptr;
  for (const Option& o : r.options)
    if (o.recommended) best = &o;
  if (best) {
    const Offer& offer = *best->offer;
    const Cluster c = ctx.timer.cluster_for(offer, *ctx.cat.find_gpu(offer.gpu));
    const UnitRange range = unit_range(ctx, offer, c);
    return scaling_curve(ctx.timer, c, &offer, offer.gpus_per_unit, range.min, range.max, best->units, ctx.money, ctx.needs);
  }
  if (!r.estimate || !r.estimate->run.fits()) return std::nullopt;
  const Gpu& gpu = *ctx.cat.find_gpu(ctx.req.gpu);
  const Cluster c = ctx.timer.cluster_for(gpu);
  const int unit = r.estimate->run.count >= c.gpus_per_node ? c.gpus_per_node : 1;
  const auto fit = ctx.fewest_that_fit(gpu, {c.gpus_per_node, c.multi_node()});
  const long max_units = c.multi_node() ? kMaxGpus / unit : c.gpus_per_node / unit;
  return scaling_curve(ctx.timer, c, nullptr, unit, fit ? (*fit + unit - 1) / unit : 1, max_units,
                       r.estimate->run.count / unit, ctx.money, ctx.needs);
}

// Without a GPU estimate the explanation shows the recommended option's search: its figures
// are those of a search on exactly its GPUs (its plan may have been taken from a larger count's).
void search_figures_of_recommended(EstimateContext& ctx, Result& r) {
  for (Option& o : r.options) {
    if (!o.recommended || !o.fits) continue;
    const Offer& offer = *o.offer;
    const Cluster c = ctx.timer.cluster_for(offer, *ctx.cat.find_gpu(offer.gpu));
    const TrainingRun exact = ctx.timer.train_on(c, o.units * offer.gpus_per_unit, false, true);
    o.run.plan.configs_evaluated = exact.plan.configs_evaluated;
    o.run.plan.configs_feasible = exact.plan.configs_feasible;
  }
}

}  // namespace gpusizer
