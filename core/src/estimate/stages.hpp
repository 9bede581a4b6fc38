// The stages of an estimate after the request is read, in the order estimate() runs them,
// each in a file of its own (internal).
#pragma once

#include <optional>

#include "estimate/context.hpp"
#include "estimate/result.hpp"

namespace gpusizer {

// gpu_estimate.cpp: the run on hardware.gpu alone (result.estimate), at hardware.count, the
// user's layout, or the fewest GPUs that meet the deadline; its warnings go to the result.
Estimate estimate_on_gpu(EstimateContext& ctx, Result& result);

// options.cpp: one offer sized to the goal and priced, with its warnings. `result` gives the
// deadline the options are sized to and the job's tokens.
Option price_offer(EstimateContext& ctx, const Result& result, const Offer& offer);

// The units of an offer a plan may rent: from the fewest the job fits on (rounded up to whole
// units) to what the offer's machines and network allow and its units available.
struct UnitRange {
  long min, max;
  std::optional<int> fit;  // the fewest GPUs the job fits on, if any
};
UnitRange unit_range(EstimateContext& ctx, const Offer& offer, const Cluster& cluster);

// recommended.cpp: what the recommended option (or the GPU estimate) gets beyond the others:
// its scaling curve, and without a GPU estimate the figures of a search on exactly its GPUs,
// which the explanation shows.
std::optional<Scaling> scaling_of_recommended(EstimateContext& ctx, const Result& result);
void search_figures_of_recommended(EstimateContext& ctx, Result& result);

// budget.cpp: a budget that stops every plan, or buys only an impractically long one: the least
// budget that meets the goal (result.budgetNeeded) and what the budget buys (result.budgetBuys),
// said after the recommendation's reason.
void explain_budget(EstimateContext& ctx, Result& result);

}  // namespace gpusizer
