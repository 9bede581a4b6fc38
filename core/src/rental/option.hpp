// An offer priced for this job, and what ranking the offers makes of them (internal).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "diagnostics/warning.hpp"
#include "rental/bill.hpp"
#include "rental/billing.hpp"
#include "training/run.hpp"

namespace gpusizer {

struct Cost {
  struct Line {
    Period period;
    long count;
    double amount;
  };
  double amount = 0;  // request currency: the whole bill, the sum of `lines`
  std::string currency;
  std::vector<Line> billing;   // the cheapest mix of the offer's periods (and the set-up fee)
  // The whole bill, line by line: the GPU time (the billing's periods), the set-up fee and
  // add-ons, storage and transfer; each to the cent, so `amount` is exactly their sum.
  std::vector<BillLine> lines;
  // The billing alone (GPU time and set-up fee), what the trial-week plan compares with.
  double billed() const {
    double sum = 0;
    for (const Line& l : billing) sum += l.amount;
    return sum;
  }
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
  std::optional<TransferPlan> transfer;             // how the data moves (a described dataset)
  unsigned outside = 0;                             // constraints it breaks (rental/recommend.hpp)
  std::optional<int> price_age_days;                // from the price date to goal.asOf
  bool price_stale = false;                         // older than the stale-price threshold
  std::vector<Warning> warnings;
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

}  // namespace gpusizer
