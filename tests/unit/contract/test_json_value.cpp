// The core's JSON value (contract/json_value.hpp): objects sorted by key, each key once, the
// last of a repeated key kept, as nlohmann's std::map kept them (readers meet keys, and the
// writer writes them, in that order).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "contract/json_parse.hpp"
#include "contract/json_value.hpp"
#include "contract/json_write.hpp"

using gpusizer::jsonio::parse_own;
using gpusizer::jsonio::Value;

namespace {

std::vector<std::string> keys(const Value& v) {
  std::vector<std::string> out;
  for (const Value::Member& m : v.members()) out.push_back(m.key);
  return out;
}

std::string text(const Value& v) {
  gpusizer::jsonio::Writer w;
  w.value(v);
  return w.take();
}

}  // namespace

TEST_CASE("members are set, found and erased in key order", "[json]") {
  Value o = Value::object();
  o.set("zeta", Value(1.5));
  o.set("alpha", Value("a"));
  o.set("mid", Value(true));
  CHECK(keys(o) == std::vector<std::string>{"alpha", "mid", "zeta"});
  o.set("mid", Value(false));  // replaced, not added
  CHECK(o.size() == 3);
  REQUIRE(o.find("mid"));
  CHECK(o.find("mid")->is_boolean());
  CHECK_FALSE(o.find("mid")->boolean());
  CHECK(o.find("nope") == nullptr);
  o.member("beta").set("inner", Value(std::int64_t{-2}));
  CHECK(text(o) == R"({"alpha":"a","beta":{"inner":-2},"mid":false,"zeta":1.5})");
  o.erase("alpha");
  o.erase("absent");
  CHECK(keys(o) == std::vector<std::string>{"beta", "mid", "zeta"});
  CHECK(Value(2.0).find("x") == nullptr);  // not an object: nothing to find
  CHECK(Value("s").number() == 0);
  CHECK(Value(std::uint64_t{7}).number() == 7);
}

TEST_CASE("a repeated key keeps the value read last, small objects and large", "[json]") {
  const Value small = parse_own(R"({"b":1,"a":2,"b":3,"a":{"x":4}})");
  CHECK(text(small) == R"({"a":{"x":4},"b":3})");
  // Over 16 members: the parser's stable_sort path, not its insertion sort.
  std::string big = "{";
  for (int i = 40; i > 0; --i) big += "\"k" + std::to_string(i % 20) + "\":" + std::to_string(i) + ",";
  big += "\"k3\":\"last\"}";
  const Value v = parse_own(big);
  CHECK(v.size() == 20);
  for (std::size_t i = 1; i < v.members().size(); ++i) CHECK(v.members()[i - 1].key < v.members()[i].key);
  REQUIRE(v.find("k3"));
  CHECK(v.find("k3")->string() == "last");
  REQUIRE(v.find("k5"));
  CHECK(v.find("k5")->number() == 5);  // 25 was read first, 5 last
}
