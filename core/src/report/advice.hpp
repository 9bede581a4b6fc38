// What a renter should be told beside the numbers (internal).
#pragma once

#include <optional>

#include "estimate/option_warnings.hpp"
#include "estimate/request.hpp"
#include "estimate/result.hpp"

namespace gpusizer {

// The rule of thumb renters are told, and whether the computed plan agrees with it.
struct Advice {
  std::string tier;        // "<7B" | "7-13B" | "13-70B" | ">70B"
  std::string suggestion;  // what the rule says, in the request's language
  bool agrees = true;
  std::string message;     // the reasoned agreement or disagreement
  std::vector<Warning> notes;  // trial week, break-even, sensitive data, old prices
};

// The rule-of-thumb tiers (below 7B: a few cards; 7-13B: 4-8 A100s; 13-70B: an 8xA100
// machine; above 70B: an H100/A100 cluster), agreement with the computed plan, and notes:
// the trial week, the hourly/monthly break-even, sensitive data, old prices.
Advice make_advice(const Request& request, const Result& result);

}  // namespace gpusizer
