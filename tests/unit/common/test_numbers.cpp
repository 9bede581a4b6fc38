#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "common/numbers.hpp"
#include "diagnostics/messages.hpp"

using namespace gpusizer;

TEST_CASE("rounding keeps significant digits and decimals", "[numbers]") {
  CHECK(round_sig(8.400000000000001e22, 6) == 8.4e22);
  CHECK(round_sig(1080.2469135802469, 6) == 1080.25);
  CHECK(round_sig(0, 6) == 0);
  CHECK(round_to(612000.005, 2) == 612000.01);
  CHECK(round_to(1.004, 2) == 1.0);
}

namespace {
// What round_sig and round_to promise: printf's digits (exact, halves to even) read back by strtod.
double printf_sig(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", digits - 1, x);
  return std::strtod(buf, nullptr);
}
double printf_to(double x, int decimals) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return std::strtod(buf, nullptr);
}
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
}  // namespace

TEST_CASE("rounding is printf's and strtod's to the bit, with or without them", "[numbers]") {
  // Exact halves (ties to even), values a product by a power of ten rounds onto a half, powers
  // of ten and their neighbours, both signs, then 200,000 doubles of every magnitude the
  // fast path takes and beyond.
  std::vector<double> xs = {0.5, 1.5, 2.5, 0.125, 0.375, 1.25, 2.675, 1.005, 1.015, 612000.005, 999999.5,
                            9.9999995, 9.99999949999, 1e22, 1e-22, 9.999999999999999e21, 1e23, 5e-324,
                            1.7976931348623157e308, 123456.5, 0.1, 0.7, 3.0000005, 1080.2469135802469};
  for (double p = 1e-25; p < 1e25; p *= 10) {
    xs.push_back(p);
    xs.push_back(std::nextafter(p, 0.0));
    xs.push_back(std::nextafter(p, HUGE_VAL));
  }
  std::mt19937_64 rng(20261201);
  std::uniform_real_distribution<double> mantissa(1, 10);
  std::uniform_int_distribution<int> exponent(-30, 30);
  for (int i = 0; i < 200000; ++i) xs.push_back(mantissa(rng) * std::pow(10.0, exponent(rng)));
  std::uniform_int_distribution<int> halves(0, 1 << 20);
  for (int i = 0; i < 100000; ++i) xs.push_back(halves(rng) / 8.0);  // exact binary fractions
  long mismatches = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    for (double x : {xs[i], -xs[i]}) {
      const int digits = 1 + static_cast<int>(i % 17);
      const int decimals = static_cast<int>(i % 12);
      if (!same_bits(round_sig(x, digits), printf_sig(x, digits))) ++mismatches;
      if (std::fabs(x) < 1e30 && !same_bits(round_to(x, decimals), printf_to(x, decimals))) ++mismatches;
      if (!same_bits(round_sig(x, 6), printf_sig(x, 6))) ++mismatches;
      if (std::fabs(x) < 1e30 && !same_bits(round_to(x, 2), printf_to(x, 2))) ++mismatches;
    }
  }
  CHECK(mismatches == 0);
  CHECK(same_bits(round_to(-0.001, 2), printf_to(-0.001, 2)));  // -0.0, as printf's "-0.00"
  CHECK(same_bits(round_sig(-0.0, 6), -0.0));
}

TEST_CASE("numbers in explanation texts read naturally", "[numbers]") {
  CHECK(format_int(1081) == "1,081");
  CHECK(format_int(186966.4) == "186,966");
  CHECK(format_int(-1234567) == "-1,234,567");
  CHECK(format_sci(8.4e22, 3) == "8.4e22");
  CHECK(format_sci(1.25e14, 3) == "1.25e14");
  CHECK(format_sig(973.78, 4) == "973.8");
  CHECK(format_sig(23370.4, 4) == "23,370");
  CHECK(format_sig(2e12, 4) == "2 × 10¹²");
}

TEST_CASE("figures people read carry no e-notation: powers of ten, magnitudes, exact limits", "[numbers]") {
  CHECK(format_power(8.4e22, 3) == "8.4 × 10²²");
  CHECK(format_power(1.25e14, 3) == "1.25 × 10¹⁴");
  CHECK(format_power(2.5e-7, 2) == "2.5 × 10⁻⁷");
  CHECK(format_power(973.78, 4) == "973.8");
  CHECK(format_magnitude(2e12, 3, false) == "2 trillion");
  CHECK(format_magnitude(5.93e6, 3, false) == "5.93 million");
  CHECK(format_magnitude(6.74e9, 3, false) == "6.74 billion");
  CHECK(format_magnitude(52000, 3, false) == "52,000");
  CHECK(format_magnitude(1.2e23, 2, false) == "1.2 × 10²³");
  CHECK(format_magnitude(2e12, 3, true) == "2万亿");
  CHECK(format_magnitude(5.93e6, 3, true) == "593万");
  CHECK(format_magnitude(6.74e9, 3, true) == "67.4亿");
  CHECK(format_magnitude(9999.6e4, 3, true) == "1亿");  // rounded first, then named
  CHECK(format_magnitude(350, 3, true) == "350");
  CHECK(format_magnitude(4e7, 3, true) == "4000万");
  CHECK(format_magnitude(1.2e23, 2, true) == "1.2 × 10²³");
  CHECK(format_exact(1048576) == "1,048,576");
  CHECK(format_exact(1048577) == "1,048,577");
  CHECK(format_exact(0.01) == "0.01");
  CHECK(format_exact(2.5) == "2.5");
  CHECK(format_exact(1e15) == "1,000,000,000,000,000");
  CHECK(format_exact(1.5e-5) == "0.000015");
  CHECK(format_exact(1e-300) == "1 × 10⁻³⁰⁰");
  CHECK(format_exact(0.1 + 0.2) == "0.30000000000000004");  // exactly what was given, not rounded alike
  CHECK(gpusizer::format_count(gpusizer::Lang::zh, 2e12) == "2万亿");
  CHECK(gpusizer::format_count(gpusizer::Lang::en, 2e12) == "2 trillion");
  // As the page's Intl writes them in each language.
  CHECK(gpusizer::format_money(gpusizer::Lang::zh, 612000, "CNY") == "¥612,000");
  CHECK(gpusizer::format_money(gpusizer::Lang::en, 612000, "CNY") == "CN¥612,000");
  CHECK(gpusizer::format_money(gpusizer::Lang::en, 1234.4, "USD") == "$1,234");
  CHECK(gpusizer::format_money(gpusizer::Lang::zh, 1234.4, "USD") == "US$1,234");
}
