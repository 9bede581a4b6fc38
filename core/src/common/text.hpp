// Small string measures: the readers' "did you mean" hints, and UTF-8 as the parser, the
// writer and the price-list reader check it (internal).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gpusizer {

// Levenshtein distance between a and b, in bytes (two rows; the inputs are bounded by the
// reader's string limit).
std::size_t edit_distance(const std::string& a, const std::string& b);

// A UTF-8 lead byte as RFC 3629 allows it: the bytes of its character (1 for ASCII; 0 when it
// starts none: a continuation byte, C0, C1, F5-FF) and the range of the byte after it, which
// rules out overlong forms, surrogates and code points above U+10FFFF. The bytes after that
// one are 0x80-0xBF.
struct Utf8Lead {
  int length;
  unsigned char lo, hi;
};
constexpr Utf8Lead utf8_lead(unsigned char byte) {
  if (byte < 0x80) return {1, 0, 0};
  if (byte >= 0xC2 && byte <= 0xDF) return {2, 0x80, 0xBF};
  if (byte == 0xE0) return {3, 0xA0, 0xBF};  // no overlong forms
  if (byte == 0xED) return {3, 0x80, 0x9F};  // no surrogates
  if (byte >= 0xE1 && byte <= 0xEF) return {3, 0x80, 0xBF};
  if (byte == 0xF0) return {4, 0x90, 0xBF};  // no overlong forms
  if (byte == 0xF4) return {4, 0x80, 0x8F};  // nothing above U+10FFFF
  if (byte >= 0xF1 && byte <= 0xF3) return {4, 0x80, 0xBF};
  return {0, 0, 0};
}

// The bytes of the well-formed UTF-8 character at text[at] (1 for ASCII), 0 when none starts
// there (or it is cut off by the end of the text).
std::size_t utf8_length(std::string_view text, std::size_t at);

}  // namespace gpusizer
