#include "estimate/stages.hpp"

#include <algorithm>
#include <cmath>

#include "common/numbers.hpp"
#include "diagnostics/duration.hpp"
#include "diagnostics/messages.hpp"
#include "rental/sizing.hpp"

namespace gpusizer {

Estimate estimate_on_gpu(EstimateContext& ctx, Result& r) {
  const Gpu& gpu = *ctx.cat.find_gpu(ctx.req.gpu);
  const Cluster c = ctx.timer.cluster_for(gpu);
  const bool fixed = ctx.req.parallelism.has_value();
  Estimate e;
  int count = 0;
  if (ctx.req.count) {
    count = *ctx.req.count;
  } else if (fixed) {
    count = ctx.req.parallelism->gpus();
  } else {
    // A budget-only request sizes the offers to the budget; the GPU estimate still needs a
    // duration, its own (the options' sizing must not see it).
    e.deadline_days = r.assumed_days > 0 ? r.assumed_days : kDefaultDeadlineDays;
    if (r.assumed_days <= 0) {
      r.warnings.push_back({warnc::estimate_default_deadline, "/goal/days",
                            say(ctx.req.lang, msg::warning_estimate_default_deadline,
                                {{"gpu", gpu.name.in(ctx.req.lang)}, {"days", format_sig(kDefaultDeadlineDays, 3)}})});
    }
    e.count_from_goal = true;
    const auto fit = ctx.fewest_that_fit(gpu, {c.gpus_per_node, c.multi_node()});
    if (ctx.req.mfu) {
      // A stated utilization: the exact count, ceil(FLOPs / (peak x MFU x seconds)).
      const double rate = peak_for(gpu, ctx.req.training.precision).tflops * 1e12 * *ctx.req.mfu;
      const double exact = ctx.flops / (rate * e.deadline_days * kSecondsPerDay);
      count = exact < kMaxGpus ? std::max(1, static_cast<int>(std::ceil(exact - 1e-9))) : kMaxGpus;
      if (fit && *fit > count) count = *fit;
    } else {
      // Single GPUs up to a node, whole nodes beyond (how clusters are rented and planned).
      const int node = c.gpus_per_node;
      const long min_units = fit ? *fit : 1;
      const Sizing within_node = units_for_days(ctx.timer, c, 1, min_units, node, e.deadline_days);
      if (within_node.met) {
        count = static_cast<int>(within_node.units);
      } else if (c.multi_node()) {
        const long min_nodes = fit ? (*fit + node - 1) / node : 1;
        count = static_cast<int>(units_for_days(ctx.timer, c, node, min_nodes, kMaxGpus / node, e.deadline_days).units * node);
      } else {
        count = static_cast<int>(within_node.units);
      }
    }
  }
  e.run = ctx.timer.train_on(c, count, fixed, true);
  ctx.precision_warning(gpu, r.warnings);
  if (!e.run.fits())
    r.warnings.push_back({warnc::does_not_fit, "/hardware/count",
                          say(ctx.req.lang, msg::warning_estimate_does_not_fit, {{"count", count}, {"gpu", gpu.name.in(ctx.req.lang)}})});
  else if (e.run.wall_days > kLongRunDays)
    r.warnings.push_back({warnc::long_run, "/hardware/count",
                          say(ctx.req.lang, msg::warning_long_run,
                              {{"duration", duration_text(ctx.req.lang, e.run.wall_days)}, {"limit", kLongRunDays}})});
  if (e.run.fits() && e.count_from_goal && e.run.wall_days > e.deadline_days) {
    // The real cause: a global batch with too few sequences for more data-parallel replicas
    // (fine-tuning's default is small), not the network; say the batch that would lift it.
    // Data parallelism divides the step's sequences, so the time falls about as the batch grows.
    // Capped when the replicas cannot double: each takes at least micro-batch sequences a step.
    const int batch = e.run.plan.time.global_batch;
    const Parallelism& par = e.run.plan.par;
    if (batch > 0 && (e.run.plan.batch_limited || 2L * par.dp * par.micro_batch >= batch)) {
      const long needed = static_cast<long>(std::ceil(batch * e.run.wall_days / e.deadline_days / 64.0)) * 64;
      r.warnings.push_back({warnc::misses_deadline, "/hardware/parallelism/globalBatch",
                            say(ctx.req.lang, msg::warning_estimate_batch_limited,
                                {{"gpu", gpu.name.in(ctx.req.lang)}, {"batch", batch}, {"needed", needed},
                                 {"days", format_sig(e.deadline_days, 3)}})});
    } else {
      r.warnings.push_back({warnc::misses_deadline, "/goal/days",
                            say(ctx.req.lang, msg::warning_estimate_misses_deadline, {{"gpu", gpu.name.in(ctx.req.lang)}})});
    }
  }
  return e;
}

}  // namespace gpusizer
