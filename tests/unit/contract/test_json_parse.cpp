// contract/json_parse.cpp reads every text through nlohmann's SAX parser into a document of its
// own building: it must accept exactly what nlohmann's parser accepts (RFC 8259), build the
// document nlohmann's DOM parser builds, and say what is wrong, and where, in each language.
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
using gpusizer::msg::Id;
using gpusizer::jsonio::parse_text;
using gpusizer::jsonio::ParseWatch;
using gpusizer::jsonio::Value;
using nlohmann::json;

namespace {

// The same document, value types included (an integer read as a double would be written back
// as "8.0", -0.0 as "-0.0"), objects' members in the same order: the same dump.
bool same(const Value& a, const json& b) { return a.dump() == b.dump(); }

void check_text(const std::string& text) {
  INFO(text.substr(0, 300));
  CHECK(same(parse_own(text), json::parse(text)));
}

// Watched (a request's text): accepted exactly when nlohmann's own parser accepts it, with the
// same document.
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

// nlohmann's messages name each kind of error; the parser turns each into one of the message
// table's, at the column where the token at fault begins (a new version of the package that
// words them otherwise fails here).
TEST_CASE("every kind of syntax error gets its own message and column", "[json]") {
  namespace msg = gpusizer::msg;
  struct Case {
    const char* text;
    long line, column;
    Id problem;
  };
  const Case cases[] = {
      {"", 1, 1, msg::json_ends_early},
      {"{\"model\": \n", 2, 1, msg::json_ends_early},
      {"\"open", 1, 6, msg::json_ends_early},
      {"tr", 1, 3, msg::json_ends_early},
      {"[1.", 1, 4, msg::json_ends_early},
      {"{\"a\":1}x", 1, 8, msg::json_expected_end},
      {"{\"a\":1} {\"b\":2}", 1, 9, msg::json_expected_end},
      {"{\"a\":1}\n\n  ]", 3, 3, msg::json_expected_end},
      {"[1] tru", 1, 5, msg::json_expected_end},
      {"{\"a\":1,}", 1, 8, msg::json_expected_key},
      {"{]", 1, 2, msg::json_expected_key},
      {"{\"pres\"t\": 1}", 1, 8, msg::json_expected_colon},
      {"{\"a\" 123}", 1, 6, msg::json_expected_colon},
      {"{\"a\":true false}", 1, 11, msg::json_expected_comma_or_brace},
      {"{\"k\":\"\xE5\x85\x83\"x}", 1, 9, msg::json_expected_comma_or_brace},
      {"{\"a\":\"x\" \"b\"}", 1, 10, msg::json_expected_comma_or_brace},
      {"{\"a\":1 \"b\\\"c\"}", 1, 8, msg::json_expected_comma_or_brace},
      {"[1 2]", 1, 4, msg::json_expected_comma_or_bracket},
      {"[1e5e5]", 1, 5, msg::json_expected_comma_or_bracket},
      {"{\"a\":[1,2}", 1, 10, msg::json_expected_comma_or_bracket},
      {"[1,]", 1, 4, msg::json_expected_value},
      {"{\"a\":}", 1, 6, msg::json_expected_value},
      {"[tx]", 1, 3, msg::json_expected_value},
      {"[.5]", 1, 2, msg::json_expected_value},
      {"\xEF\xBB{}", 1, 1, msg::json_expected_value},
      {"\"a\\x\"", 1, 4, msg::json_bad_escape},
      {"\"\\u12\"", 1, 6, msg::json_bad_escape},
      {"\"\\ud800\"", 1, 8, msg::json_bad_surrogate},
      {"\"\\udc00\"", 1, 8, msg::json_bad_surrogate},
      {"\"\\ud800\\u0041\"", 1, 14, msg::json_bad_surrogate},
      {"\"a\x01b\"", 1, 3, msg::json_control_character},
      {"\"\xFF\"", 1, 2, msg::json_bad_utf8},
      {"\"x\xE4\xBA\"", 1, 3, msg::json_bad_utf8},
      {"[-]", 1, 3, msg::json_bad_number},
      {"[1.x]", 1, 4, msg::json_bad_number},
      {"[1e+]", 1, 5, msg::json_bad_number},
      {"[1, 1e400]", 1, 5, msg::json_number_too_large},
  };
  for (const gpusizer::Lang lang : {gpusizer::Lang::en, gpusizer::Lang::zh}) {
    const ParseWatch watch{lang, false};
    for (const Case& c : cases) {
      INFO(c.text);
      const std::string detail = gpusizer::say(lang, msg::json_position, {{"line", c.line}, {"column", c.column}, {"problem", gpusizer::say(lang, c.problem)}});
      try {
        parse_text(c.text, &watch);
        FAIL("accepted");
      } catch (const gpusizer::Error& e) {
        CHECK(e.code() == std::string("invalid_json"));
        CHECK(std::string(e.what()) == gpusizer::say(lang, msg::error_invalid_json, {{"detail", detail}}));
      }
    }
  }
}

TEST_CASE("a NUL ends the text, as nlohmann's lexer has it", "[json]") {
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
  // 64 levels of containers are read, empty or holding a value, as README's limits say; a 65th
  // is too deep, refused where it opens (empty or not).
  const auto nested = [](int depth, const std::string& inner) {
    return std::string(static_cast<std::size_t>(depth), '[') + inner + std::string(static_cast<std::size_t>(depth), ']');
  };
  CHECK(fault(nested(64, "")).first.empty());
  CHECK(fault(nested(64, "1")).first.empty());
  std::string path64;
  for (int i = 0; i < 64; ++i) path64 += "/0";
  CHECK(fault(nested(65, "")) == std::make_pair(std::string("invalid_value"), path64));
  CHECK(fault(nested(65, "1")) == std::make_pair(std::string("invalid_value"), path64));
  CHECK(fault(nested(66, "")) == std::make_pair(std::string("invalid_value"), path64));
  // Objects count alike: 64 levels of {"a": ...} are read, 65 are not.
  const auto objects = [](int depth) {
    std::string text;
    for (int i = 0; i < depth; ++i) text += "{\"a\":";
    text += "1";
    return text + std::string(static_cast<std::size_t>(depth), '}');
  };
  CHECK(fault(objects(64)).first.empty());
  std::string path_a;
  for (int i = 0; i < 64; ++i) path_a += "/a";
  CHECK(fault(objects(65)) == std::make_pair(std::string("invalid_value"), path_a));
  // A string over 1,024 bytes: a value is blamed on its key or index, a key on its object.
  const std::string long_text(1025, 'x');
  CHECK(fault("{\"a\":{\"b\":\"" + long_text + "\"}}") == std::make_pair(std::string("invalid_value"), std::string("/a/b")));
  CHECK(fault("{\"a\":[1,\"" + long_text + "\"]}") == std::make_pair(std::string("invalid_value"), std::string("/a/1")));
  CHECK(fault("{\"a\":{\"" + long_text + "\":1}}") == std::make_pair(std::string("invalid_value"), std::string("/a")));
  CHECK(fault("{\"a\":\"" + std::string(1024, 'x') + "\"}").first.empty());
}

TEST_CASE("a key given twice is noted with its path; the document keeps the last value", "[json]") {
  std::vector<std::string> duplicates;
  ParseWatch watch;
  watch.duplicate_keys = &duplicates;
  const auto doc = parse_text(R"({"goal": {"days": 10, "budget": 5, "days": 30}, "lang": "en", "x": [{"a": 1, "a": 2}]})", &watch);
  CHECK(doc["goal"]["days"] == 30);
  CHECK(doc["x"][0]["a"] == 2);
  CHECK(duplicates == std::vector<std::string>{"/goal/days", "/x/0/a"});
  // Unwatched (the core's own text), nothing is noted.
  CHECK(parse_own(R"({"a": 1, "a": 2})")["a"] == 2);
}
