#pragma once

#include <string>

namespace gpusizer {

// Something the user should know that does not stop the estimate.
struct Warning {
  std::string code;     // stable id, e.g. "unknown_field", "pcie_multi_gpu"
  std::string path;     // JSON pointer into the request, may be empty
  std::string message;  // in the request's language
};

}  // namespace gpusizer
