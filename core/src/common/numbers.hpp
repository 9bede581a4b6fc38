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
std::string format_sig(double x, int digits);  // plain below 1e6, scientific above
std::string format_sci(double x, int digits);  // always "8.4e22"
std::string format_gib(double bytes);
// "8 TB", "98 GB", "27 MB": bytes in decimal units (1 GB = 1e9 bytes), 3 significant digits.
std::string format_bytes(double bytes);

}  // namespace gpusizer
