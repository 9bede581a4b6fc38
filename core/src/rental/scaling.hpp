// How many GPUs, seen: wall-clock time and cost against the GPU count for the recommended
// offer (or the chosen GPU), and where adding GPUs stops paying (internal).
#pragma once

#include "rental/pricing.hpp"
#include "training/timing.hpp"

namespace gpusizer {

// Counts from the fewest units that fit, two per doubling (and the recommended count), up to
// four times the recommended count or sixteen times the fewest, within `max_units`.
// `offer` null: no cost. The rule is rental/sizing.hpp's more_gpus_pay.
Scaling scaling_curve(RunTimer& timer, const Cluster& cluster, const Offer* offer, int unit, long min_units,
                      long max_units, long recommended_units, const Money& money,
                      const BillNeeds& needs);

}  // namespace gpusizer
