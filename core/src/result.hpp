// The typed result of an estimate; json_io turns it into contract v1.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "rental/billing.hpp"
#include "footprint/compute.hpp"
#include "footprint/fit.hpp"
#include "training/planner.hpp"
#include "training/run.hpp"
#include "footprint/memory.hpp"
#include "job/parallelism.hpp"
#include "request.hpp"
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

struct Cost {
  struct Line {
    Period period;
    long count;
    double amount;
  };
  double amount = 0;  // request currency, equals the sum of lines
  std::string currency;
  std::vector<Line> billing;   // the cheapest mix of the offer's periods
  double idle_hours = 0;       // paid but unused, per unit
  double covered_hours = 0;    // per unit
  // The plan renters are told to follow: a trial week by the hour, then whole months
  // (offers with both an hourly and a monthly price).
  struct Trial {
    std::vector<Line> billing;
    double amount = 0;
    double idle_hours = 0;
    std::string trial_offer;  // the same provider's hourly offer the week is rented on, when not this one
    int trial_units = 0;      // its units for the week
  };
  std::optional<Trial> trial_then_monthly;
  // Hours of use per month above which the monthly price beats paying by the hour.
  std::optional<double> break_even_hours_per_month;
};

struct Option {
  const Offer* offer = nullptr;
  int units = 0;
  TrainingRun run;
  bool fits = false;
  bool meets_goal = false;
  bool recommended = false;
  std::optional<Cost> cost;
  std::array<std::optional<double>, 4> unit_prices;  // per unit per period, request currency
  double cost_per_billion_tokens = 0;
  unsigned outside = 0;                             // constraints it breaks (rental/recommend.hpp)
  std::optional<int> price_age_days;                // from the price date to goal.asOf
  bool price_stale = false;                         // older than the stale-price threshold
  std::vector<Warning> warnings;
};

// The rule of thumb renters are told, and whether the computed plan agrees with it.
struct Advice {
  std::string tier;        // "<7B" | "7-13B" | "13-70B" | ">70B"
  std::string suggestion;  // what the rule says, in the request's language
  bool agrees = true;
  std::string message;     // the reasoned agreement or disagreement
  std::vector<Warning> notes;  // trial week, break-even, sensitive data, old prices
};

// How many GPUs, seen: time and cost against the GPU count (rental/scaling.hpp).
struct ScalePoint {
  int count = 0;  // GPUs
  long units = 0;
  double wall_days = 0, gpu_hours = 0;
  std::optional<double> cost;  // with an offer, in the request's currency
};

struct Scaling {
  std::string gpu, offer_id;  // offer_id empty: the chosen GPU in its usual machines, no prices
  int unit_gpus = 1;
  std::vector<ScalePoint> points;  // ascending counts, every one that fits
  int recommended_count = 0;
  std::optional<int> stops_paying;  // the first count from which doubling no longer pays
};

// The recommended offer and why (rental/recommend.hpp).
struct Recommendation {
  std::string offer_id;          // empty: no offer can run the job
  bool qualifies = false;        // it meets every constraint asked
  int qualifying = 0;            // usable options meeting every constraint
  std::string runner_up;         // the next one under the same constraints
  std::string alternative;       // the cheapest usable option outside them, when cheaper
  unsigned alternative_outside = 0;
  unsigned relax = 0;            // when none qualifies: constraints whose relaxing alone would do
  std::string reason;            // one paragraph, the request's language
};

struct Step {
  std::string id;     // params | flops | time | memory | cost
  std::string title;  // in the request's language
  std::string text;   // the step with its numbers substituted
};

struct Result {
  Lang lang = Lang::en;
  std::string catalog_version;
  Model model;
  TrainingSpec training;
  ComputeEstimate compute;
  std::vector<GpuFit> fits;     // fewest GPUs per catalog GPU type
  std::optional<Estimate> estimate;
  double assumed_days = 0;      // deadline the options were sized to
  std::vector<Option> options;
  std::vector<Step> steps;
  std::vector<Warning> warnings;
  double usd_cny = 0;           // rate used
  std::string fx_date;          // the catalog rate's date, or "request" when goal.usdCny set it
  std::string currency;
  std::string cheapest, fastest;   // offer ids among the options meeting the goal
  std::vector<std::string> frontier;  // offer ids on the cost/time frontier, fastest first
  Advice advice;
  Recommendation recommendation;
  std::optional<Scaling> scaling;
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
