// What a renter should be told beside the numbers (internal).
#pragma once

#include <optional>

#include "request.hpp"
#include "result.hpp"

namespace gpusizer {

// PCIe-only cards across several GPUs, export parts with capped NVLink, prices older than
// 90 days, preemptible capacity, machines joined by a slow network.
void add_option_warnings(const Request& request, const Gpu& gpu, std::optional<long> today, Option& option);

// The rule-of-thumb tiers (below 7B: a few cards; 7-13B: 4-8 A100s; 13-70B: an 8xA100
// machine; above 70B: an H100/A100 cluster), agreement with the computed plan, and notes:
// the trial week, the hourly/monthly break-even, sensitive data, old prices.
Advice make_advice(const Request& request, const Result& result);

inline constexpr int kStalePriceDays = 90;
// A run longer than this is impractical (hardware and the model are outdated before it ends;
// published pre-training runs of 2023-2025 took weeks to about three months).
inline constexpr int kLongRunDays = 180;
// Beyond this, few providers have the capacity on demand (the catalog rarely says).
inline constexpr int kLargeClusterGpus = 4096;

}  // namespace gpusizer
