// Typed Result -> response JSON (contract v1, extended, never renamed); errors as JSON.
#pragma once

#include <string>

#include "gpusizer/error.hpp"
#include "result.hpp"

namespace gpusizer {

std::string write_response(const Result& result);
std::string write_error(const Error& error);

}  // namespace gpusizer
