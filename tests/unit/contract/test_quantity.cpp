#include <catch2/catch.hpp>

#include "contract/quantity.hpp"

using gpusizer::parse_quantity;

TEST_CASE("quantities are read as people write them", "[quantity]") {
  CHECK(parse_quantity("7e9") == 7e9);
  CHECK(parse_quantity("7B") == 7e9);
  CHECK(parse_quantity("7b") == 7e9);
  CHECK(parse_quantity("7000M") == 7e9);
  CHECK(parse_quantity("70亿") == 7e9);
  CHECK(parse_quantity("2T") == 2e12);
  CHECK(parse_quantity("2万亿") == 2e12);
  CHECK(parse_quantity("1.2e23") == 1.2e23);
  CHECK(parse_quantity("1,000,000") == 1e6);
  CHECK(parse_quantity("  13B ") == 13e9);
  CHECK(parse_quantity("1.5T") == 1.5e12);
  CHECK(parse_quantity("500K") == 5e5);
  CHECK(parse_quantity("3万") == 3e4);
  CHECK(parse_quantity("4千亿") == 4e11);
  CHECK(parse_quantity("7 B") == 7e9);
  CHECK(parse_quantity(".5") == 0.5);
  CHECK(parse_quantity("-5") == -5.0);  // the sign is the field's business
}

TEST_CASE("Chinese numerals written out are counts too", "[quantity]") {
  CHECK(parse_quantity("七十亿") == 7e9);
  CHECK(parse_quantity("两万亿") == 2e12);
  CHECK(parse_quantity("一千五百亿") == 1.5e11);
  CHECK(parse_quantity("一亿五千万") == 1.5e8);
  CHECK(parse_quantity("十五") == 15);
  CHECK(parse_quantity("三万五千") == 35000);
  CHECK_FALSE(parse_quantity("七十亿个").has_value());
  CHECK(parse_quantity("十") == 10);  // a leading unit reads as one of it
  CHECK_FALSE(parse_quantity("一亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿亿").has_value());  // 1e336 overflows
}

TEST_CASE("a suffix is folded into the exponent, so the result is correctly rounded", "[quantity]") {
  CHECK(parse_quantity("1.2B") == 1.2e9);
  CHECK(parse_quantity("0.1T") == 0.1e12);
  CHECK(parse_quantity("6.7亿") == 6.7e8);
}

TEST_CASE("anything else is rejected", "[quantity]") {
  for (const char* bad : {"", " ", "abc", "7X", "B", "1,00", "1,0000", "12,345,67", "7BB", "7亿亿", "1e", "e5", ".",
                          "7 000", "1e99999", "NaN", "inf", "0x10", "--5", "7B!", "1..2"}) {
    INFO(bad);
    CHECK_FALSE(parse_quantity(bad).has_value());
  }
}

TEST_CASE("a Chinese input method's full-width forms read as their ASCII twins", "[quantity]") {
  CHECK(parse_quantity("７Ｂ") == 7e9);
  CHECK(parse_quantity("１，０００，０００") == 1e6);
  CHECK(parse_quantity("1，000，000") == 1e6);
  CHECK(parse_quantity("２Ｔ") == 2e12);
  CHECK(parse_quantity("０．５") == 0.5);
  CHECK(parse_quantity("\xe3\x80\x80" "13B") == 13e9);  // ideographic space
  CHECK(parse_quantity("４０％") == 0.4);
}

TEST_CASE("English scale words and percentages", "[quantity]") {
  CHECK(parse_quantity("2 trillion") == 2e12);
  CHECK(parse_quantity("70 billion") == 7e10);
  CHECK(parse_quantity("1.5 Million") == 1.5e6);
  CHECK(parse_quantity("500 thousand") == 5e5);
  CHECK(parse_quantity("40%") == 0.4);
  CHECK(parse_quantity("12.5 %") == 0.125);
}

TEST_CASE("ambiguous groupings are refused, not guessed", "[quantity]") {
  for (const char* bad : {"1.000.000", "1,00,000", "7 billions", "2 trillion tokens", "40%%", "7B%", "１．０００．０００"}) {
    INFO(bad);
    CHECK_FALSE(parse_quantity(bad).has_value());
  }
}

TEST_CASE("sizes on disk are read with their unit of bytes, strictly", "[quantity][data]") {
  using gpusizer::parse_size;
  using gpusizer::SizeParse;
  auto bytes = [](const char* text) {
    const SizeParse p = parse_size(text);
    return p.status == SizeParse::ok ? p.bytes : -1.0;
  };
  CHECK(bytes("8TB") == 8e12);
  CHECK(bytes("8 TB") == 8e12);
  CHECK(bytes("500GB") == 5e11);
  CHECK(bytes("500 GB") == 5e11);
  CHECK(bytes("1.5TiB") == 1.5 * 1099511627776.0);
  CHECK(bytes("2 PB") == 2e15);
  CHECK(bytes("750 MB") == 7.5e8);
  CHECK(bytes("8 太字节") == 8e12);
  CHECK(bytes("500 吉字节") == 5e11);
  CHECK(bytes("八太字节") == 8e12);
  CHECK(bytes("８ＴＢ") == 8e12);  // typed with a Chinese input method
  CHECK(bytes("8000000000000") == 8e12);  // a plain number is bytes
  CHECK(bytes("1,500 GB") == 1.5e12);
  CHECK(bytes("-8TB") == -8e12);  // the range is the field's business
  CHECK(parse_size("8Tb").status == SizeParse::bits);
  CHECK(parse_size("8 gb").status == SizeParse::bits);
  CHECK(parse_size("8T").status == SizeParse::count);
  CHECK(parse_size("8 trillion").status == SizeParse::count);
  CHECK(parse_size("8万").status == SizeParse::count);
  CHECK(parse_size("8 Mbps").status == SizeParse::not_a_size);
  CHECK(parse_size("8TTB").status == SizeParse::not_a_size);
  CHECK(parse_size("1.5万GB").status == SizeParse::not_a_size);
  CHECK(parse_size("lots").status == SizeParse::not_a_size);
  CHECK(parse_size("").status == SizeParse::not_a_size);
}

TEST_CASE("a line's speed is read in Mbit/s, with its unit or as Chinese lines are sold", "[quantity][data]") {
  using gpusizer::parse_rate;
  CHECK(parse_rate("100") == 100);
  CHECK(parse_rate("100Mbps") == 100);
  CHECK(parse_rate("100 mbps") == 100);
  CHECK(parse_rate("1 Gbps") == 1000);
  CHECK(parse_rate("1Gbit/s") == 1000);
  CHECK(parse_rate("10 Gb/s") == 10000);
  CHECK(parse_rate("100 MB/s") == 800);  // bytes per second
  CHECK(parse_rate("百兆") == 100);
  CHECK(parse_rate("千兆") == 1000);
  CHECK(parse_rate("万兆") == 10000);
  CHECK(parse_rate("100M宽带") == 100);
  CHECK(parse_rate("500兆") == 500);
  CHECK_FALSE(parse_rate("fast").has_value());
  CHECK_FALSE(parse_rate("100 TB").has_value());
}
