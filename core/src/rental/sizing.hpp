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

// The diminishing-returns rule: going from `days_from` on `from` GPUs to `days_to` on `to` GPUs
// pays when it saves at least an hour and at least a quarter of the time per doubling of the
// GPUs (ideal scaling saves half: t ~ N^-0.415 is a quarter per doubling), so no GPU is rented
// to shave minutes off a job of hours or to buy a few per cent on a slow network.
inline constexpr double kPaysMinHours = 1;
inline constexpr double kPaysSpeedupExponent = 0.415;  // log2(4/3): 25 % shorter per doubling
bool more_gpus_pay(double from, double days_from, double to, double days_to);

// The most units whose cost stays within `budget` while they still pay by the rule above.
long fastest_within_budget(RunTimer& timer, const Offer& offer, const Cluster& c, long min_units, long max_units,
                           double budget, const Money& money, const BillNeeds& needs);

}  // namespace gpusizer
