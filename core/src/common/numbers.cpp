#include "common/numbers.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace gpusizer {

namespace {

// 10^0 to 10^22: each exact in a double.
constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                             1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
constexpr int kMaxPow10 = 22;

// a x 10^s (a > 0, |s| <= 22): one correctly rounded product or quotient of exact operands.
double scaled(double a, int s) { return s >= 0 ? a * kPow10[s] : a / kPow10[-s]; }

// The integer nearest the exact a x 10^s, halves to even, as printf rounds (the fast path of
// round_sig and round_to). q = scaled(a, s) is within half an ulp of the exact value, so q's
// rounding is the exact value's unless q's fraction is within an ulp of a half: then false,
// and the caller asks printf. a > 0, |s| <= 22.
bool nearest_integer(double a, int s, double& r) {
  const double q = scaled(a, s);
  if (!(q < 0x1p52)) return false;
  const double whole = std::floor(q);
  const double fraction = q - whole;  // exact
  const double ulp = q * 0x1p-52;     // at least q's ulp
  if (std::fabs(fraction - 0.5) <= 2 * ulp) return false;
  r = fraction > 0.5 ? whole + 1 : whole;
  return true;
}

// r x 10^-s correctly rounded, as strtod reads the digits printf wrote.
double unscaled(double r, int s) { return s >= 0 ? r / kPow10[s] : r * kPow10[-s]; }

double round_sig_by_printf(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", digits - 1, x);
  return std::strtod(buf, nullptr);
}

double round_to_by_printf(double x, int decimals) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return std::strtod(buf, nullptr);
}

}  // namespace

// The same double as printf's "%.*e" read back by strtod (both exact: the digits of the
// binary value rounded half to even, and the double nearest them), without them where the
// product by a power of ten tells the rounding: an estimate rounds a few thousand figures, and
// WebAssembly's printf and strtod work in software 128-bit floating point.
double round_sig(double x, int digits) {
  if (x == 0 || !std::isfinite(x)) return x;
  const double a = std::fabs(x);
  if (digits < 1 || digits > 15 || !(a >= 1e-22 && a < 1e22)) return round_sig_by_printf(x, digits);
  // e = floor(log10(a)), by comparisons with exact powers (no libm: the same bits in wasm);
  // an e one off where a x 10^-e rounds across a power is corrected below.
  int e = 0;
  if (a >= 1) {
    while (e < kMaxPow10 && kPow10[e + 1] <= a) ++e;
  } else {
    while (e > -kMaxPow10 && scaled(a, -e) < 1) --e;
  }
  int s = digits - 1 - e;  // a x 10^s has `digits` digits before the point
  for (int tries = 0; tries < 2; ++tries) {
    if (s < -kMaxPow10 || s > kMaxPow10) return round_sig_by_printf(x, digits);
    const double q = scaled(a, s);
    if (q >= kPow10[digits]) --s;
    else if (q < kPow10[digits - 1]) ++s;
    else break;
  }
  double r = 0;
  if (s < -kMaxPow10 || s > kMaxPow10 || !nearest_integer(a, s, r)) return round_sig_by_printf(x, digits);
  const double out = unscaled(r, s);
  return x < 0 ? -out : out;
}

// As round_sig, for printf's "%.*f".
double round_to(double x, int decimals) {
  if (x == 0 || !std::isfinite(x)) return x;
  double r = 0;
  if (decimals < 0 || decimals > kMaxPow10 || !nearest_integer(std::fabs(x), decimals, r))
    return round_to_by_printf(x, decimals);
  const double out = unscaled(r, decimals);
  return x < 0 ? -out : out;
}

std::string format_int(double x) {
  char buf[512];  // every digit of the largest double (1.8e308)
  std::snprintf(buf, sizeof buf, "%.0f", x);
  std::string digits = buf;
  std::string sign;
  if (!digits.empty() && digits[0] == '-') {
    sign = "-";
    digits.erase(0, 1);
  }
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return sign + out;
}

std::string format_sci(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", digits - 1, x);
  std::string s = buf;  // "8.40e+22"
  const auto e = s.find('e');
  std::string mantissa = s.substr(0, e);
  if (mantissa.find('.') != std::string::npos) {
    while (mantissa.back() == '0') mantissa.pop_back();
    if (mantissa.back() == '.') mantissa.pop_back();
  }
  int exponent = std::atoi(s.c_str() + e + 1);
  return mantissa + "e" + std::to_string(exponent);
}

std::string format_sig(double x, int digits) {
  if (std::fabs(x) >= 1e6) return format_sci(x, digits);
  const double r = round_sig(x, digits);
  if (std::fabs(r) >= 1000) return format_int(r);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, r);
  return buf;
}

std::string format_gib(double bytes) { return format_sig(bytes / static_cast<double>(1ull << 30), 3) + " GiB"; }

std::string format_bytes(double bytes) {
  static const struct {
    double size;
    const char* unit;
  } kUnits[] = {{1e18, "EB"}, {1e15, "PB"}, {1e12, "TB"}, {1e9, "GB"}, {1e6, "MB"}, {1e3, "KB"}};
  for (const auto& u : kUnits)
    if (std::fabs(round_sig(bytes, 3)) >= u.size) return format_sig(bytes / u.size, 3) + " " + u.unit;
  return format_sig(bytes, 3) + " B";
}

}  // namespace gpusizer
