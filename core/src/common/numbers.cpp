#include "common/numbers.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace gpusizer {

double round_sig(double x, int digits) {
  if (x == 0 || !std::isfinite(x)) return x;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", digits - 1, x);
  return std::strtod(buf, nullptr);
}

double round_to(double x, int decimals) {
  if (!std::isfinite(x)) return x;
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return std::strtod(buf, nullptr);
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

std::string format_money(double amount, const std::string& currency) {
  const std::string symbol = currency == "USD" ? "$" : currency == "CNY" ? "¥" : currency + " ";
  return symbol + format_int(amount);
}

std::string format_gib(double bytes) { return format_sig(bytes / static_cast<double>(1ull << 30), 3) + " GiB"; }

}  // namespace gpusizer
