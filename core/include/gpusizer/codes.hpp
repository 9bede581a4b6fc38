// The stable codes of the JSON contract: error codes (error.code) and warning codes
// (warnings[].code, options[].warnings[].code, advice.notes[].code). Clients switch on these,
// never on message text. Never rename one; add new ones at the end of their list.
#pragma once

namespace gpusizer {

namespace errc {
inline constexpr const char* invalid_json = "invalid_json";          // request is not JSON
inline constexpr const char* invalid_type = "invalid_type";          // wrong JSON type at path
inline constexpr const char* invalid_value = "invalid_value";        // right type, value not allowed
inline constexpr const char* missing_field = "missing_field";        // a required field is absent
inline constexpr const char* unknown_preset = "unknown_preset";      // model.preset not in catalog
inline constexpr const char* unknown_gpu = "unknown_gpu";            // GPU id not in catalog
inline constexpr const char* unsupported_version = "unsupported_version";
inline constexpr const char* invalid_catalog = "invalid_catalog";    // a supplied catalog is malformed
inline constexpr const char* io_error = "io_error";                  // CLI could not read the request file
inline constexpr const char* internal_error = "internal_error";      // a bug: never expected
inline constexpr const char* unknown_offer = "unknown_offer";        // option_detail_json: no such option
}  // namespace errc

namespace warnc {
// About the request (result.warnings, with the path of the field concerned).
inline constexpr const char* unknown_field = "unknown_field";              // a key gpusizer does not read
inline constexpr const char* assumed_value = "assumed_value";              // a value was assumed
inline constexpr const char* architecture_inferred = "architecture_inferred";  // shape from the size
inline constexpr const char* default_deadline = "default_deadline";        // no deadline: 30 days
inline constexpr const char* estimate_default_deadline = "estimate_default_deadline";
inline constexpr const char* precision_fallback = "precision_fallback";    // no tensor cores for it
inline constexpr const char* more_warnings = "more_warnings";              // the list was cut at 50
inline constexpr const char* data_not_described = "data_not_described";    // no data: storage and transfer not priced
// About an option (options[].warnings) or the GPU estimate.
inline constexpr const char* does_not_fit = "does_not_fit";
inline constexpr const char* misses_deadline = "misses_deadline";
inline constexpr const char* over_budget = "over_budget";
inline constexpr const char* units_limited = "units_limited";
inline constexpr const char* single_node_only = "single_node_only";
inline constexpr const char* deadline_out_of_reach = "deadline_out_of_reach";
inline constexpr const char* batch_limited = "batch_limited";
inline constexpr const char* pcie_multi_gpu = "pcie_multi_gpu";
inline constexpr const char* nvlink_capped = "nvlink_capped";
inline constexpr const char* slow_interconnect = "slow_interconnect";
inline constexpr const char* large_cluster = "large_cluster";
inline constexpr const char* spot = "spot";
inline constexpr const char* stale_price = "stale_price";
inline constexpr const char* low_confidence = "low_confidence";
inline constexpr const char* non_cuda = "non_cuda";                        // ROCm or CANN: a port
inline constexpr const char* long_run = "long_run";                        // over 180 days
inline constexpr const char* not_priced = "not_priced";                    // beyond billing's 100 years: no cost
inline constexpr const char* not_in_price_list = "not_in_price_list";      // storage or egress the offer does not price
inline constexpr const char* slow_data_transfer = "slow_data_transfer";    // moving the data takes over a tenth of training
// Advice notes (advice.notes).
inline constexpr const char* trial_week = "trial_week";
inline constexpr const char* break_even = "break_even";
inline constexpr const char* sensitive_data = "sensitive_data";
inline constexpr const char* stale_prices = "stale_prices";
inline constexpr const char* no_trial_plan = "no_trial_plan";  // no week by the hour, then months
}  // namespace warnc

// Warnings of the provider kit only (catalog_from_csv, check_catalog), never in an estimate's
// response: a price far from the market for its GPU (rental/market.hpp states the rule). The kit
// also uses warnc::unknown_field and warnc::more_warnings.
namespace kitwarnc {
inline constexpr const char* price_below_market = "price_below_market";
inline constexpr const char* price_above_market = "price_above_market";
}  // namespace kitwarnc

}  // namespace gpusizer
