// The core's one JSON parser (contract/json_parse.cpp) must accept exactly the texts nlohmann's
// parser accepted (RFC 8259) and build the values it built, value type included (an integer read as
// a double would be written back as "8.0"); the golden files were written with nlohmann's.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <string>

#include "catalog/catalog_data.hpp"
#include "contract/json_parse.hpp"
#include "gpusizer/error.hpp"
#include "gpusizer/api.hpp"

using gpusizer::jsonio::parse_own;
using gpusizer::jsonio::parse_text;
using gpusizer::jsonio::ParseWatch;
using gpusizer::jsonio::Value;
using nlohmann::json;

namespace {

// The core's value and nlohmann's equal, of the same types all the way down, objects' members
// in the same order (nlohmann's std::map: sorted by key, each key once).
bool same(const Value& a, const json& b) {
  using T = Value::Type;
  switch (a.type()) {
    case T::null: return b.is_null();
    case T::boolean: return b.is_boolean() && a.boolean() == b.get<bool>();
    case T::integer: return b.is_number_integer() && !b.is_number_unsigned() && a.integer() == b.get<std::int64_t>();
    case T::unsigned_integer: return b.is_number_unsigned() && a.unsigned_integer() == b.get<std::uint64_t>();
    case T::real: {  // bit for bit: -0.0 is not 0.0
      const double x = a.number(), y = b.is_number_float() ? b.get<double>() : 0;
      return b.is_number_float() && std::memcmp(&x, &y, sizeof x) == 0;
    }
    case T::string: return b.is_string() && a.string() == b.get_ref<const std::string&>();
    case T::array:
      if (!b.is_array() || a.size() != b.size()) return false;
      for (std::size_t i = 0; i < a.size(); ++i)
        if (!same(a[i], b[i])) return false;
      return true;
    case T::object: {
      if (!b.is_object() || a.size() != b.size()) return false;
      auto ib = b.begin();
      for (const Value::Member& m : a.members()) {
        if (m.key != ib.key() || !same(m.value, *ib)) return false;
        ++ib;
      }
      return true;
    }
  }
  return false;
}

void check_text(const std::string& text) {
  INFO(text.substr(0, 300));
  CHECK(same(parse_own(text), json::parse(text)));
}

// Watched (a request's text): accepted exactly when nlohmann accepts it, with the same DOM.
void check_watched(const std::string& text) {
  INFO(text.substr(0, 300));
  const ParseWatch watch;
  const bool theirs = json::accept(text);
  try {
    const Value ours = parse_text(text, &watch);
    CHECK(theirs);
    if (theirs) CHECK(same(ours, json::parse(text)));
  } catch (const gpusizer::Error& e) {
    CHECK(!theirs);
    CHECK(e.code() == std::string("invalid_json"));
  }
}

// A random document of every JSON type, to a few levels.
json random_value(std::mt19937_64& rng, int depth) {
  std::uniform_int_distribution<int> kind(0, depth > 3 ? 5 : 7);
  switch (kind(rng)) {
    case 0: return nullptr;
    case 1: return rng() % 2 == 0;
    case 2: return static_cast<std::uint64_t>(rng() >> (rng() % 64));
    case 3: return -static_cast<std::int64_t>(rng() >> (1 + rng() % 63));
    case 4: {
      std::uniform_real_distribution<double> mant(-10, 10);
      return mant(rng) * std::pow(10.0, static_cast<int>(rng() % 40) - 20);
    }
    case 5: {
      static const char* pieces[] = {"a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\b", "\f", "\r", "\x01", "\x1f",
                                     "元", "算力", "é", "😀", "~", "{", "]"};
      std::string s;
      for (int i = static_cast<int>(rng() % 8); i > 0; --i) s += pieces[rng() % (sizeof pieces / sizeof *pieces)];
      return s;
    }
    case 6: {
      json a = json::array();
      for (int i = static_cast<int>(rng() % 5); i > 0; --i) a.push_back(random_value(rng, depth + 1));
      return a;
    }
    default: {
      json o = json::object();
      for (int i = static_cast<int>(rng() % 5); i > 0; --i)
        o["k" + std::to_string(rng() % 7)] = random_value(rng, depth + 1);
      return o;
    }
  }
}

}  // namespace

TEST_CASE("the embedded catalog files are read as nlohmann reads them", "[json]") {
  check_text(gpusizer::data::kGpusJson);
  check_text(gpusizer::data::kOffersJson);
  check_text(gpusizer::data::kModelsJson);
}

TEST_CASE("the core's own replies are read as nlohmann reads them", "[json]") {
  check_text(gpusizer::catalog_json());
  check_text(gpusizer::estimate_json(R"({"model":{"params":"7B"},"training":{"tokens":"2T"},"lang":"zh"})"));
  check_text(gpusizer::estimate_json(R"({"model":{"preset":"nope"}})"));
}

TEST_CASE("escapes, numbers and nesting are read as nlohmann reads them", "[json]") {
  for (const char* text : {
           R"({"a":"x\"y\\z\/w\b\f\n\r\t","b":"\u0041\u00e9\u4e2d\ud83d\ude00","c":"\u001f"})",
           R"([0,-0,1,-1,18446744073709551615,-9223372036854775808,9223372036854775808])",
           R"([18446744073709551616,-9223372036854775809,1.0,-1.5,1e3,1E-3,2.5e+10,0.1,123456789.123456789])",
           R"( { "a" : [ ] , "b" : { } , "c" : [ [ [ ] ] ] , "d" : null , "e" : true , "f" : false } )",
           R"({"k":1,"k":2})",
           "\"plain\"",
           "[\"\xe7\xae\x97\xe5\x8a\x9b\"]",
       })
    check_text(text);
}

TEST_CASE("random documents are read as nlohmann reads them", "[json]") {
  std::mt19937_64 rng(20261201);
  for (int i = 0; i < 2000; ++i) {
    const json doc = random_value(rng, 0);
    check_text(doc.dump());
    check_text(doc.dump(2));
  }
}

TEST_CASE("malformed own text is a bug, reported as such", "[json]") {
  for (const char* text : {"", "{", "[1,", "{\"a\" 1}", "\"open", "tru", "[1] 2", "{\"a\":1,}", "\"\\x\"", "-", "\"\\ud83d\""})
    CHECK_THROWS_AS(parse_own(text), std::logic_error);
}

TEST_CASE("short decimals, read without strtod, are strtod's doubles", "[json]") {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 100000; ++i) {
    std::string text = rng() % 4 == 0 ? "-" : "";
    const int whole = 1 + static_cast<int>(rng() % 9), fraction = static_cast<int>(rng() % 10);
    for (int d = 0; d < whole; ++d) text += static_cast<char>('0' + (d == 0 && whole > 1 ? 1 + rng() % 9 : rng() % 10));
    if (fraction > 0 || rng() % 2 == 0) {
      text += '.';
      for (int d = 0; d <= fraction; ++d) text += static_cast<char>('0' + rng() % 10);
    }
    if (rng() % 3 == 0) text += (rng() % 2 ? "e-" : "E+") + std::to_string(rng() % 30);
    check_text("[" + text + "]");
  }
}

TEST_CASE("a request's text is accepted exactly when nlohmann accepted it", "[json]") {
  for (const char* text : {"", " ", "{", "}", "[", "[1,", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "{,}", "{\"a\"}", "{1:2}",
                           "\"open", "tru", "nul", "truex", "[1] 2", "\"\\x\"", "\"\\u12\"", "\"\\ud83d\"",
                           "\"\\udc00\"", "\"\\ud83d\\u0041\"", "\"a\x01b\"", "\"tab\there\"", "-", "-a", "01", "1.", ".5",
                           "+1", "1e", "1e+", "1.5e-3", "-0", "0e0", "1E400", "-1e400", "1e-400", "18446744073709551616",
                           "\xEF\xBB\xBF{}", "\xEF\xBB{}", "{} \xEF\xBB\xBF", "\"\xC0\xAF\"", "\"\xE0\x80\xAF\"",
                           "\"\xED\xA0\x80\"", "\"\xF4\x90\x80\x80\"", "\"\xF0\x9F\x98\x80\"", "\"\xE4\xBA\"",
                           "\"\x80\"", "\"\xFF\"", "[\"\xE4\xBA\xBF\"]", "\x7F", "\"\x7F\"", "[true,false,null]",
                           "{\"a\":{\"b\":[{}]}}", "\t\r\n[ ]\n", "[1\x0B]", "\xC2\xA0[]"})
    check_watched(text);
}

TEST_CASE("mutated documents are accepted exactly when nlohmann accepted them", "[json]") {
  std::mt19937_64 rng(42);
  static const char bytes[] = "{}[],:\"\\ \n0123456789.-+eEtrufalsn/bu\x01\x7F\x80\xBF\xC3\xE4\xED\xF0\xF4\xFF";
  for (int i = 0; i < 20000; ++i) {
    std::string text = random_value(rng, 0).dump(rng() % 2 ? -1 : 1);
    for (int m = 1 + static_cast<int>(rng() % 3); m > 0 && !text.empty(); --m) {
      const std::size_t at = rng() % text.size();
      const char b = bytes[rng() % (sizeof bytes - 1)];
      switch (rng() % 3) {
        case 0: text[at] = b; break;
        case 1: text.insert(text.begin() + static_cast<long>(at), b); break;
        default: text.erase(at, 1);
      }
    }
    check_watched(text);
  }
}

TEST_CASE("a syntax error says where, in the request's language", "[json]") {
  const ParseWatch zh{gpusizer::Lang::zh, false}, en{gpusizer::Lang::en, true};
  try {
    parse_text("{\"model\": {\n  \"params\": 7B}}", &zh);
    FAIL("no error");
  } catch (const gpusizer::Error& e) {
    CHECK(std::string(e.what()) == "请求不是有效的 JSON：第 2 行第 14 列：此处应为 ',' 或对象的右花括号");
  }
  try {
    parse_text("[\"算力\", tru]", &en);
    FAIL("no error");
  } catch (const gpusizer::Error& e) {
    CHECK(std::string(e.what()) == "the catalog is not valid JSON: line 1, column 11: expected a value (an object, array, string, number, true, false or null)");
  }
}

TEST_CASE("a NUL ends the text after a value, as it did for nlohmann", "[json]") {
  using namespace std::string_literals;
  for (const std::string& text : {"{}\0junk"s, "[1]\0"s, "1 \0"s, "[1\0]"s, "\0"s, " \0{}"s, "{\"a\0\":1}"s})
    check_watched(text);
}

TEST_CASE("the depth and string limits name the value at fault", "[json]") {
  const ParseWatch watch;
  const auto fault = [&](const std::string& text) -> std::pair<std::string, std::string> {
    try {
      parse_text(text, &watch);
    } catch (const gpusizer::Error& e) {
      return {e.code(), e.path()};
    }
    return {"", ""};
  };
  // 65 levels of containers, empty, are read; a 66th, or a value on level 65, is too deep.
  const auto nested = [](int depth, const std::string& inner) {
    return std::string(static_cast<std::size_t>(depth), '[') + inner + std::string(static_cast<std::size_t>(depth), ']');
  };
  CHECK(fault(nested(65, "")).first.empty());
  std::string path64;
  for (int i = 0; i < 64; ++i) path64 += "/0";
  CHECK(fault(nested(66, "")) == std::make_pair(std::string("invalid_value"), path64));
  CHECK(fault(nested(65, "1")) == std::make_pair(std::string("invalid_value"), path64));  // its array's path
  // A string over 1,024 bytes: a value is blamed on its key or index, a key on its object.
  const std::string long_text(1025, 'x');
  CHECK(fault("{\"a\":{\"b\":\"" + long_text + "\"}}") == std::make_pair(std::string("invalid_value"), std::string("/a/b")));
  CHECK(fault("{\"a\":[1,\"" + long_text + "\"]}") == std::make_pair(std::string("invalid_value"), std::string("/a/1")));
  CHECK(fault("{\"a\":{\"" + long_text + "\":1}}") == std::make_pair(std::string("invalid_value"), std::string("/a")));
  CHECK(fault("{\"a\":\"" + std::string(1024, 'x') + "\"}").first.empty());
}
