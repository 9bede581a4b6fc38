// The typed result of an estimate; json_io turns it into contract v1.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "rental/compare.hpp"
#include "rental/option.hpp"
#include "rental/ownership.hpp"
#include "footprint/compute.hpp"
#include "footprint/fit.hpp"
#include "training/planner.hpp"
#include "training/run.hpp"
#include "footprint/memory.hpp"
#include "job/parallelism.hpp"
#include "estimate/request.hpp"
#include "diagnostics/warning.hpp"

namespace gpusizer {

struct GpuFit {
  std::string gpu;
  std::optional<int> min_count;  // nullopt: fits on no count
};

struct Estimate {
  TrainingRun run;
  bool count_from_goal = false;  // count derived from goal.days
  double deadline_days = 0;      // the deadline the count was sized to (budget-only: 30 days)
};

// A plan named for the budget (estimate/budget.cpp): an offer, its units, time and cost.
struct BudgetPlan {
  std::string offer_id;
  int units = 0;
  double wall_days = 0;
  double amount = 0;  // the request's currency
  double days = 0;    // the deadline it meets (0: none)
};

struct Result {
  Lang lang = Lang::en;
  std::string catalog_version;
  Model model;
  TrainingSpec training;
  DataSpec data;                // the dataset as the request gave it and as it was resolved
  BillNeeds needs;              // what every option stores and moves
  ComputeEstimate compute;
  std::vector<GpuFit> fits;     // fewest GPUs per catalog GPU type
  std::optional<Estimate> estimate;
  double assumed_days = 0;      // deadline the options were sized to
  std::vector<Option> options;
  std::vector<Warning> warnings;
  double usd_cny = 0;           // rate used
  std::string fx_date;          // the catalog rate's date, or "request" when goal.usdCny set it
  std::string currency;
  std::string region;           // goal.region's place id, "" when none was asked
  std::string cheapest, fastest;   // offer ids among the options meeting the goal
  Choices within;                  // the same among those also meeting every constraint (rental/compare.hpp)
  std::vector<std::string> frontier;  // offer ids on the cost/time frontier, fastest first (rental/compare.hpp)
  Recommendation recommendation;
  std::optional<Scaling> scaling;
  std::optional<BudgetPlan> budget_needed;  // the least plan that meets the goal, when the budget stops all
  std::optional<BudgetPlan> budget_buys;    // the fastest plan within the budget
  std::vector<Ownership> ownership;  // buying and hosting the machines instead (rental/ownership.hpp)
  double measured_modelled = 0;  // the modelled throughput where a measurement was taken
  std::optional<Measured> measured;
  // The planner's work for this estimate (not in the response; bench/ prints it): searches
  // run and layouts whose memory they checked.
  struct Planning {
    int searches = 0;
    long layouts = 0;
  } planning;
};

}  // namespace gpusizer
