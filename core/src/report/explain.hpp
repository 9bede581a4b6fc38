// The explanation steps: every figure of the result, with its numbers substituted (internal).
#pragma once

#include <string>
#include <vector>

#include "estimate/request.hpp"
#include "estimate/result.hpp"

namespace gpusizer {

struct Step {
  std::string id;     // params | flops | time | memory | cost
  std::string title;  // in the request's language
  std::string text;   // the step with its numbers substituted
};

std::vector<Step> explain(const Request& request, const Result& result);

}  // namespace gpusizer
