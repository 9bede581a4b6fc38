// What the stages of one estimate share: the request and its catalog, the time model with the
// plans it has made, the money options are priced in, today's date, and which GPU counts each
// machine can hold (internal).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "estimate/request.hpp"
#include "footprint/fit.hpp"
#include "rental/bill.hpp"
#include "rental/pricing.hpp"
#include "training/timing.hpp"

namespace gpusizer {

// Options are sized to this deadline when the request gives neither hardware.count nor
// goal.days: "within a month" is how the renters' guide (a Chinese article on renting GPU
// compute in Changzhou) phrases a training job.
inline constexpr double kDefaultDeadlineDays = 30;

// A run longer than this is impractical (hardware and the model are outdated before it ends;
// published pre-training runs of 2023-2025 took weeks to about three months).
inline constexpr int kLongRunDays = 180;

// The bill's inputs from the request: its data (data.*), the checkpoints and trained weights
// of its model and mode.
BillNeeds bill_needs(const Request& request);

class EstimateContext {
 public:
  explicit EstimateContext(const Request& request);

  const Request& req;
  const Catalog& cat;
  double flops;    // the job's training FLOPs
  RunTimer timer;  // every plan of this estimate, memoized per hardware
  // A budget and no deadline: offers are sized to the fastest plan within the budget.
  bool budget_mode = false;
  Money money;
  BillNeeds needs;  // what the job stores and moves (the data, checkpoints, trained weights)
  std::optional<long> today;  // goal.asOf, else the catalog's date, as a day number
  // Per GPU id, the catalog's offers of it that are not of low confidence, cheapest per
  // GPU-hour first: the offers a plan short of stock is pointed to (filled by options.cpp on
  // first use, so that 2,000 offers short of stock sort them once, not 2,000 times).
  std::map<std::string, std::vector<const Offer*>> stock_substitutes;

  // The fewest GPUs of `gpu` the job fits on in that placement (memoized: offers of the same
  // machines ask the same question).
  std::optional<int> fewest_that_fit(const Gpu& gpu, const Placement& placement);
  // precision_fallback when the GPU has no tensor mode at the precision asked.
  void precision_warning(const Gpu& gpu, std::vector<Warning>& out) const;

 private:
  struct Fit {
    const Gpu* gpu;
    Placement placement;
    std::optional<int> count;
  };
  std::vector<Fit> fits_;
};

}  // namespace gpusizer
