// The explanation steps: every figure of the result, with its numbers substituted (internal).
#pragma once

#include <vector>

#include "request.hpp"
#include "result.hpp"

namespace gpusizer {

std::vector<Step> explain(const Request& request, const Result& result);

}  // namespace gpusizer
