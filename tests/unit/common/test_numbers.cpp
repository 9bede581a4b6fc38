#include <catch2/catch.hpp>

#include "common/numbers.hpp"

using namespace gpusizer;

TEST_CASE("rounding keeps significant digits and decimals", "[numbers]") {
  CHECK(round_sig(8.400000000000001e22, 6) == 8.4e22);
  CHECK(round_sig(1080.2469135802469, 6) == 1080.25);
  CHECK(round_sig(0, 6) == 0);
  CHECK(round_to(612000.005, 2) == 612000.01);
  CHECK(round_to(1.004, 2) == 1.0);
}

TEST_CASE("numbers in explanation texts read naturally", "[numbers]") {
  CHECK(format_int(1081) == "1,081");
  CHECK(format_int(186966.4) == "186,966");
  CHECK(format_int(-1234567) == "-1,234,567");
  CHECK(format_sci(8.4e22, 3) == "8.4e22");
  CHECK(format_sci(1.25e14, 3) == "1.25e14");
  CHECK(format_sig(973.78, 4) == "973.8");
  CHECK(format_sig(23370.4, 4) == "23,370");
  CHECK(format_sig(2e12, 4) == "2e12");
  CHECK(format_money(612000, "CNY") == "¥612,000");
  CHECK(format_money(1234.4, "USD") == "$1,234");
}
