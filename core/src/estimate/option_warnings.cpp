#include "estimate/option_warnings.hpp"

#include <algorithm>

#include "common/dates.hpp"
#include "common/numbers.hpp"
#include "diagnostics/messages.hpp"
#include "rental/recommend.hpp"

namespace gpusizer {

void add_option_warnings(const EstimateContext& ctx, const Gpu& gpu, Option& o) {
  const Lang lang = ctx.req.lang;
  const std::optional<long>& today = ctx.today;
  const Offer& offer = *o.offer;
  const int gpus = o.units * offer.gpus_per_unit;
  auto warn = [&](const char* code, msg::Id id, std::initializer_list<Arg> args = {}) {
    o.warnings.push_back({code, "", say(lang, id, args)});
  };
  if (offer.intra_unit == "pcie" && gpus > 1)
    warn(warnc::pcie_multi_gpu, msg::warning_pcie_multi_gpu, {{"gpus", gpus}, {"gbps", format_sig(gpu.intra_node_gbps / 2, 3)}});
  if (gpu.nvlink_capped && gpus > 1)
    warn(warnc::nvlink_capped, msg::warning_nvlink_capped, {{"gpu", gpu.name.in(lang)}, {"gbps", format_sig(gpu.intra_node_gbps, 3)}});
  if (o.units > 1 && offer.inter_unit == "ethernet" && offer.gpus_per_unit < gpus)
    warn(warnc::slow_interconnect, msg::warning_slow_interconnect,
         {{"gbps", format_sig(offer.inter_unit_gbps_per_gpu.value_or(gpu.inter_node_gbps_per_gpu), 3)}});
  if (gpus > kLargeClusterGpus && !offer.units_available) warn(warnc::large_cluster, msg::warning_large_cluster, {{"gpus", gpus}});
  if (offer.spot) warn(warnc::spot, msg::warning_spot);
  if (today) {
    if (const auto priced = day_number(offer.price_date)) {
      // A price dated after today (an earlier goal.asOf) is current: age 0, never negative.
      o.price_age_days = static_cast<int>(std::max(0L, *today - *priced));
      o.price_stale = *o.price_age_days > kStalePriceDays;
      // A year alone is counted from its middle (common/dates.hpp): its age in days would be
      // a precision the date does not have.
      if (o.price_stale && offer.price_date.size() == 4)
        warn(warnc::stale_price, msg::warning_stale_price_year, {{"date", offer.price_date}});
      else if (o.price_stale)
        warn(warnc::stale_price, msg::warning_stale_price, {{"date", offer.price_date}, {"age", *o.price_age_days}});
    }
  }
  if (offer.confidence == "low") warn(warnc::low_confidence, msg::warning_low_confidence);
  if (const std::string stack = software_stack(gpu); stack != "cuda")
    warn(warnc::non_cuda, stack == "rocm" ? msg::warning_port_rocm : msg::warning_port_cann);
}

}  // namespace gpusizer
