// The planner's public functions (planner.hpp); the search they run is planner_search.hpp's.
#include "training/planner.hpp"

#include <algorithm>
#include <numeric>
#include <optional>

#include "training/planner_search.hpp"

namespace gpusizer {

Plan plan_training(const Model& model, const TrainingSpec& training, const Cluster& cluster,
                   const PlanRequest& request) {
  {
    planner::Search search(model, training, cluster, request);
    Plan plan = search.run();
    if (!search.seeds_failed()) return plan;
  }
  PlanRequest unseeded = request;  // (never seen; a safeguard: see Search::seed())
  unseeded.seed_count = 0;
  return planner::Search(model, training, cluster, unseeded).run();
}

std::optional<Plan> plan_family_on(const Model& model, const TrainingSpec& training, const Cluster& cluster,
                                   const Plan& plan, int gpus, int global_batch) {
  // As Search::add_groups() builds the family's group on `gpus` GPUs and descend() takes its
  // widest width.
  Parallelism par = plan.par;
  const int node = cluster.gpus_per_node;
  const int n = cluster.multi_node() ? gpus : std::min(gpus, node);
  if (!plan.fits || par.tp > n || par.tp * par.pp > n) return std::nullopt;
  const int zero = par.zero >= 3 ? 3 : 1;  // dp = 1 ran without ZeRO: either family holds it
  const int top = std::min(n / (par.tp * par.pp), global_batch / par.micro_batch);
  const int step = par.ep / std::gcd(par.ep, par.tp);
  const int dp = top / step * step;
  if (dp < (zero >= 3 ? 2 : 1) || (zero >= 3 && top < 2)) return std::nullopt;
  const int m = microbatches_for(global_batch, dp * par.micro_batch);
  if (par.interleave > 1 && m % par.pp != 0) return std::nullopt;
  par.dp = dp;
  par.global_batch = m * dp * par.micro_batch;
  par.zero = dp > 1 ? zero : 0;
  PlanRequest request;
  request.gpus = gpus;
  request.fixed = par;
  request.global_batch = global_batch;
  Plan out = plan_training(model, training, cluster, request);
  if (!out.fits) return std::nullopt;
  return out;
}

bool batch_limited_on(const Plan& plan, int gpus, int global_batch) {
  // Idle GPUs because this layout's data parallelism already spans the batch.
  const int step = plan.par.ep / std::gcd(plan.par.ep, plan.par.tp);
  return plan.fits && plan.par.gpus() < gpus && (plan.par.dp + step) * plan.par.micro_batch > global_batch;
}

Plan plan_on_fewer(const Plan& plan, int gpus, int global_batch) {
  Plan out = plan;
  out.batch_limited = batch_limited_on(out, gpus, global_batch);
  return out;
}

}  // namespace gpusizer
