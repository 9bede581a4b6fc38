#pragma once

#include <string>

#include "gpusizer/codes.hpp"

namespace gpusizer {

// Something the user should know that does not stop the estimate.
struct Warning {
  std::string code;     // a warnc code (gpusizer/codes.hpp)
  std::string path;     // JSON pointer into the request, may be empty
  std::string message;  // in the request's language
};

}  // namespace gpusizer
