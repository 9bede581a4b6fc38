// What a renter should be told about one option beside its numbers (internal).
#pragma once

#include "estimate/context.hpp"
#include "estimate/result.hpp"

namespace gpusizer {

inline constexpr int kStalePriceDays = 90;
// Beyond this, few providers have the capacity on demand (the catalog rarely says).
inline constexpr int kLargeClusterGpus = 4096;

// PCIe-only cards across several GPUs, export parts with capped NVLink, prices older than
// kStalePriceDays, preemptible capacity, machines joined by a slow network, ports off CUDA.
void add_option_warnings(const EstimateContext& ctx, const Gpu& gpu, Option& option);

}  // namespace gpusizer
