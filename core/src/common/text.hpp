// Small string measures shared by the readers' "did you mean" hints (internal).
#pragma once

#include <cstddef>
#include <string>

namespace gpusizer {

// Levenshtein distance between a and b, in bytes (two rows; the inputs are bounded by the
// reader's string limit).
std::size_t edit_distance(const std::string& a, const std::string& b);

}  // namespace gpusizer
