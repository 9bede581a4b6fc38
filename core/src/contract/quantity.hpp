// Quantities as people write them: "7e9", "7B", "7 billion", "70亿", "2T", "2万亿",
// "1,000,000", "40%", and the same typed with a Chinese input method ("７Ｂ", "1，000，000").
#pragma once

#include <optional>
#include <string_view>

namespace gpusizer {

// Parses a count written with an optional Latin (K, M, B, T; any case), English word
// (thousand, million, billion, trillion) or Chinese (千, 万, 百万, 千万, 亿, 十亿, 百亿, 千亿,
// 万亿) magnitude, or a trailing % (hundredths). Digits may be grouped by commas in threes.
// Chinese numerals written out (七十亿, 两万亿) are read too, and full-width digits, letters
// and punctuation as their ASCII twins. Returns nullopt for anything else, ambiguous forms
// included ("1.000.000", "1,00,000"); the caller names the field and the forms allowed.
// The result is correctly rounded: the suffix is folded into the decimal exponent before a
// single strtod, so "1.2B" is exactly the double nearest 1.2e9.
std::optional<double> parse_quantity(std::string_view text);

}  // namespace gpusizer
