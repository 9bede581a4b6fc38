// Quantities as people write them: "7e9", "7B", "7000M", "70亿", "2T", "2万亿", "1,000,000".
#pragma once

#include <optional>
#include <string_view>

namespace gpusizer {

// Parses a count written with an optional Latin (K, M, B, T; any case) or Chinese
// (千, 万, 百万, 千万, 亿, 十亿, 百亿, 千亿, 万亿) magnitude suffix. Digits may be grouped by
// commas in threes. Chinese numerals written out (七十亿, 两万亿) are read too. Returns nullopt for anything else; the caller names the field.
// The result is correctly rounded: the suffix is folded into the decimal exponent
// before a single strtod, so "1.2B" is exactly the double nearest 1.2e9.
std::optional<double> parse_quantity(std::string_view text);

}  // namespace gpusizer
