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

// A size on disk as people write it: a number (as above, without a magnitude of its own) and a
// unit of bytes: B, KB/kB, MB, GB, TB, PB (powers of 1000), KiB, MiB, GiB, TiB, PiB (of 1024),
// "bytes", or in Chinese 字节, 千字节, 兆字节, 吉字节, 太字节, 拍字节 ("8TB", "500 GB", "1.5 TiB",
// "8 太字节", "８ＴＢ"). A JSON-like plain number ("8000000000000") is bytes. Strict about the
// unit: a lower-case b is a bit ("8Tb"), a magnitude alone is a count ("8T"), anything else is
// not a size, each said apart so the message can tell which.
struct SizeParse {
  enum Status { ok, bits, count, not_a_size } status = not_a_size;
  double bytes = 0;
};
SizeParse parse_size(std::string_view text);

// A line's speed in Mbit/s: a plain number (Mbit/s), or with a unit of bits (kbps, Mbps, Gbps,
// Tbps; Mbit/s, Mb/s; any case of the prefix) or of bytes per second (KB/s, MB/s, GB/s: x 8), or
// as Chinese lines are sold: 百兆 (100), 千兆 (1000), 万兆 (10000), "100兆", "100M宽带". nullopt
// for anything else.
std::optional<double> parse_rate(std::string_view text);

}  // namespace gpusizer
