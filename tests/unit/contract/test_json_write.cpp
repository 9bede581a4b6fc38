// The streaming JSON writer writes what nlohmann/json's dump() writes: the golden files were made with it.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "contract/json_write.hpp"

using gpusizer::jsonio::Writer;
using nlohmann::json;

namespace {

std::string ours(const json& doc, int indent = -1) {
  Writer w(indent);
  w.value(doc);
  return w.take();
}

std::string theirs(const json& doc, int indent = -1) {
  return doc.dump(indent, ' ', false, json::error_handler_t::replace);
}

}  // namespace

TEST_CASE("numbers are written as nlohmann writes them", "[json]") {
  std::mt19937_64 rng(12345);
  std::uniform_int_distribution<int> exponent(-30, 30);
  std::uniform_real_distribution<double> mantissa(-10, 10);
  for (double x : {0.0, -0.0, 1.0, 0.1, 1e22, 1e23, 1e-7, 123456789.0, 9.2173e+22, 0.95, 2e12, 5e-324,
                   std::numeric_limits<double>::max(), std::numeric_limits<double>::infinity(),
                   std::numeric_limits<double>::quiet_NaN()}) {
    INFO(x);
    CHECK(ours(json(x)) == theirs(json(x)));
  }
  for (int i = 0; i < 20000; ++i) {
    const double x = mantissa(rng) * std::pow(10.0, exponent(rng));
    CHECK(ours(json(x)) == theirs(json(x)));
    const double rounded = std::round(x);
    CHECK(ours(json(rounded)) == theirs(json(rounded)));
  }
  for (long long i : {0LL, 1LL, -1LL, 42LL, -9223372036854775807LL - 1, 9223372036854775807LL})
    CHECK(ours(json(i)) == theirs(json(i)));
  CHECK(ours(json(18446744073709551615ULL)) == theirs(json(18446744073709551615ULL)));
}

TEST_CASE("strings are escaped as nlohmann escapes them, invalid UTF-8 replaced", "[json]") {
  const char* samples[] = {"", "plain", "quote \" backslash \\ slash /", "tab\tnewline\ncr\rff\fbs\b",
                           "\x01\x1f\x7f", "中文 ¥ €", "emoji 😀", "\xff", "a\xc3", "\xc3(", "\xe2\x82", "\xe2\x82(",
                           "\xf0\x9f\x98", "\xed\xa0\x80", "\xc0\xaf", "\xf4\x90\x80\x80", "\xe0\x80\xaf",
                           "\x80\x80x", "ok\xf0\x9f\x98\x80\xf0"};
  for (const char* s : samples) {
    INFO(s);
    CHECK(ours(json(std::string(s))) == theirs(json(std::string(s))));
  }
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> byte(0, 255), length(0, 12);
  const unsigned char pool[] = {0x00, 0x1f, 0x22, 0x41, 0x5c, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf,
                                0xc0, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff};
  std::uniform_int_distribution<std::size_t> pick(0, sizeof pool - 1);
  for (int i = 0; i < 50000; ++i) {
    std::string s;
    const int n = length(rng);
    for (int k = 0; k < n; ++k) s += static_cast<char>(i % 2 ? pool[pick(rng)] : byte(rng));
    INFO(i);
    REQUIRE(ours(json(s)) == theirs(json(s)));
  }
}

TEST_CASE("documents are written compact or pretty as nlohmann writes them", "[json]") {
  const json doc = json::parse(R"({"b":[1,2.5,{"x":[]},{},[],"s",true,false,null],"a":{"nested":{"deep":[[1],[2,[3]]]}},
                                  "e":{},"z":-3})");
  CHECK(ours(doc) == theirs(doc));
  CHECK(ours(doc, 2) == theirs(doc, 2));
  CHECK(ours(doc, 4) == theirs(doc, 4));
  CHECK(ours(json::array()) == theirs(json::array()));
  CHECK(ours(json::object(), 2) == theirs(json::object(), 2));
  Writer w;
  w.begin_object().str("k", "v").integer("i", 3).num("d", 3).flag("t", true).key("n").null().key("r").raw("[1]").end_object();
  CHECK(w.text() == R"({"k":"v","i":3,"d":3.0,"t":true,"n":null,"r":[1]})");
}
