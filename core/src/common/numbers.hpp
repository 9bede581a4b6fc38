// Rounding and formatting of numbers, identical natively and in WebAssembly: only
// correctly rounded conversions (snprintf/strtod), no libm transcendental functions.
#pragma once

#include <string>

namespace gpusizer {

// x rounded to `digits` significant decimal digits.
double round_sig(double x, int digits);
// x rounded to `decimals` places (money: 2).
double round_to(double x, int decimals);

// "1,081", "8.4e22", "61.2": formatting for explanation texts.
std::string format_int(double x);
std::string format_sig(double x, int digits);  // plain from 1e-4 to 1e6, else a power of ten ("8.4 × 10²²")
std::string format_sci(double x, int digits);  // always "8.4e22" (benchmarks and tests; no visible text)
std::string format_gib(double bytes);
// "8 TB", "98 GB", "27 MB": bytes in decimal units (1 GB = 1e9 bytes), 3 significant digits.
std::string format_bytes(double bytes);

// Figures in the sentences people read: never e-notation.
// x to `digits` significant digits as a power of ten, "8.4 × 10²²" (plain from 1e-4 to 1e6).
std::string format_power(double x, int digits);
// x exactly as a limit is stated: whole numbers with their thousands grouped ("1,048,576"),
// others with the fewest digits that read back as x ("0.01", "2.5"); below 1e-6 as a power
// of ten.
std::string format_exact(double x);
// A count to `digits` significant digits in the magnitudes a language reads: English
// "2 trillion", "5.93 million", "1,200"; Chinese (chinese true) "2万亿", "593万", "67.4亿".
// From 1e15 (English) or 1e16 (Chinese) on, a power of ten.
std::string format_magnitude(double x, int digits, bool chinese);

}  // namespace gpusizer
