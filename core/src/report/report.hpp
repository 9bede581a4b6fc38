// The estimate in words: the rule of thumb weighed against the plan with the renter's notes,
// and every figure's explanation step, in the request's language (internal).
#pragma once

#include <vector>

#include "estimate/request.hpp"
#include "estimate/result.hpp"
#include "report/advice.hpp"
#include "report/explain.hpp"

namespace gpusizer {

struct Report {
  Advice advice;
  std::vector<Step> steps;
};

inline Report make_report(const Request& request, const Result& result) {
  return {make_advice(request, result), explain(request, result)};
}

}  // namespace gpusizer
