// Shared by the Catch2 tests: run a request through the boundary and read the answer.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "gpusizer/api.hpp"

namespace gpusizer::test {

inline nlohmann::json run(const nlohmann::json& request) {
  return nlohmann::json::parse(estimate_json(request.dump()));
}

inline nlohmann::json run_text(const std::string& request) { return nlohmann::json::parse(estimate_json(request)); }

}  // namespace gpusizer::test
