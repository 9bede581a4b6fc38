// How many units of an offer to rent: for a deadline, or the fastest within a budget (internal).
#pragma once

#include "rental/pricing.hpp"
#include "training/timing.hpp"

namespace gpusizer {

struct Sizing {
  long units = 0;
  bool met = false;  // false: no count meets the deadline; units is then the fastest seen
};

// The fewest units (of `unit` GPUs, between min_units and max_units) that finish within `days`.
Sizing units_for_days(RunTimer& timer, const Cluster& c, int unit, long min_units, long max_units, double days);

// The most units whose cost stays within `budget` while they still make the job faster.
long fastest_within_budget(RunTimer& timer, const Offer& offer, const Cluster& c, long min_units, long max_units,
                           double budget, const Money& money);

}  // namespace gpusizer
