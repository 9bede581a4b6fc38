#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "gpusizer/api.hpp"

using nlohmann::json;

TEST_CASE("every claim of the guide is computed now, with the request that tests it", "[claims]") {
  for (const char* lang : {"en", "zh"}) {
    const json doc = json::parse(gpusizer::claims_json(lang));
    REQUIRE(doc["claims"].size() >= 10);
    for (const json& c : doc["claims"]) {
      INFO(lang << " " << c.dump());
      for (const char* key : {"id", "claim", "claimed", "claimedText", "computed", "unit", "request", "verdict", "explanation"})
        CHECK(c.contains(key));
      CHECK(c["computed"].get<double>() > 0);
      CHECK(c["verdict"] != "not_computed");
      // The request answers by itself, as the page's "open in the form" sends it.
      const json response = json::parse(gpusizer::estimate_json(c["request"].dump()));
      CHECK(response["ok"] == true);
    }
  }
}

TEST_CASE("the guide's worked example is a thousand times off, and its memory figure for 7B holds", "[claims]") {
  const json doc = json::parse(gpusizer::claims_json("en"));
  std::map<std::string, json> by_id;
  for (const json& c : doc["claims"]) by_id[c["id"]] = c;
  // 8.4e22 / (180e12 x 432,000 s) = 1080.2: rounded up, 1,081 GPUs, not 1.08.
  CHECK(by_id["gpus-for-5-days"]["computed"] == 1081);
  CHECK(by_id["gpus-for-5-days"]["verdict"] == "too_low");
  CHECK(by_id["seven-b-min-a100"]["verdict"] == "agrees");
  CHECK(by_id["ten-x-params"]["computed"].get<double>() == Approx(10).epsilon(0.01));
  CHECK(by_id["eight-a100-7b-2t"]["computed"].get<double>() > 100);
}

TEST_CASE("one figure, one rounding: a claim's sentence states the figure it computed", "[claims][words]") {
  for (const char* lang : {"en", "zh"}) {
    const json doc = json::parse(gpusizer::claims_json(lang));
    for (const json& c : doc["claims"]) {
      const std::string text = c["explanation"], claim = c["claim"];
      INFO(lang << " " << c["id"] << ": " << text);
      const double computed = c["computed"];
      // The figure the sentence states, written as the sentence writes it, is the one computed.
      if (c["id"] == "one-a100-7b-2t" || c["id"] == "eight-a100-7b-2t") {
        char buf[32];
        std::snprintf(buf, sizeof buf, computed >= 1000 ? "%.0f" : "%.1f", computed);
        std::string digits = buf;
        if (computed >= 1000) digits.insert(digits.size() - 3, ",");
        CHECK(text.find(digits) != std::string::npos);
      }
      for (const std::string& s : {text, claim}) {
        CHECK(s.find("e+") == std::string::npos);
        CHECK(s.find("e2") == std::string::npos);
        CHECK(s.find("e9") == std::string::npos);
      }
    }
  }
}
