#include <catch2/catch.hpp>

#include "support.hpp"

using gpusizer::test::run;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using nlohmann::json;

namespace {

json worked_example() {
  // 8.4e22 FLOPs at 180 TFLOP/s effective per A100 (MFU 180/312), finished in 5 days.
  return {{"model", {{"params", "7B"}}},
          {"training", {{"tokens", "2T"}}},
          {"hardware", {{"gpu", "a100-80gb"}}},
          {"goal", {{"days", 5}}},
          {"efficiency", {{"mfu", 180.0 / 312.0}}}};
}

}  // namespace

TEST_CASE("the renters' guide's worked example needs about 1080 A100s, not 1.08", "[estimate]") {
  const json r = run(worked_example());
  REQUIRE(r["ok"] == true);
  const json& e = r["result"]["estimate"];
  CHECK_THAT(r["result"]["compute"]["flopsTotal"].get<double>(), WithinRel(8.4e22, 1e-9));
  // 8.4e22 / (180e12 x 432,000 s) = 1080.2, rounded up to whole GPUs.
  CHECK(e["count"] == 1081);
  CHECK(e["countFromGoal"] == true);
  CHECK(e["wallDays"].get<double>() <= 5.0);
  // At a fixed MFU the GPU-hours do not depend on the count: 8.4e22 / 180e12 / 3600.
  CHECK_THAT(e["gpuHours"].get<double>(), WithinRel(8.4e22 / 180e12 / 3600, 1e-5));
  CHECK(e["fits"] == true);
}

TEST_CASE("GPU-hours equal wall-clock hours times the GPU count", "[estimate]") {
  const json r = run({{"model", {{"preset", "llama-2-13b"}}},
                      {"training", {{"tokens", "1T"}}},
                      {"hardware", {{"gpu", "h100-80gb"}, {"count", 64}}}});
  const json& e = r["result"]["estimate"];
  CHECK_THAT(e["gpuHours"].get<double>(), WithinRel(e["wallDays"].get<double>() * 24 * 64, 1e-5));
  CHECK(e["count"] == 64);
  CHECK(e["countFromGoal"] == false);
}

TEST_CASE("options are sorted by cost with exactly one recommended and lines summing to cost", "[estimate]") {
  const json r = run({{"model", {{"preset", "llama-2-70b"}}},
                      {"training", {{"tokens", "2T"}}},
                      {"goal", {{"days", 30}, {"currency", "CNY"}}}});
  const json& options = r["result"]["options"];
  REQUIRE(options.size() >= 10);
  int recommended = 0;
  double last_cost = 0;
  bool in_feasible = true;
  for (const json& o : options) {
    const bool feasible = o["fits"] == true && o["meetsGoal"] == true;
    if (!feasible) in_feasible = false;
    CHECK((feasible || !in_feasible));  // feasible rows come first
    if (o["recommended"] == true) ++recommended;
    if (!o.contains("cost")) continue;
    // The whole bill is the sum of its lines; the billing's periods and set-up fee are its GPU
    // and set-up-fee lines.
    double sum = 0, billed = 0, rental = 0;
    for (const json& line : o["cost"]["lines"]) {
      sum += line["amount"].get<double>();
      if (line["kind"] == "gpu" || line["item"] == "setup-fee") rental += line["amount"].get<double>();
    }
    for (const json& line : o["cost"]["billing"]) billed += line["amount"].get<double>();
    CHECK_THAT(sum, WithinAbs(o["cost"]["amount"].get<double>(), 0.006));
    CHECK_THAT(billed, WithinAbs(rental, 0.006));
    if (feasible) {
      CHECK(o["cost"]["amount"].get<double>() >= last_cost);
      last_cost = o["cost"]["amount"].get<double>();
      CHECK(o["wallDays"].get<double>() <= 30);
    }
  }
  CHECK(recommended == 1);
  CHECK(options[0]["recommended"] == true);
}

TEST_CASE("an offer that cannot hold the job says why", "[estimate]") {
  const json r = run({{"model", {{"preset", "llama-2-70b"}}}, {"training", {{"tokens", "2T"}}}});
  bool saw_single_card = false;
  for (const json& o : r["result"]["options"]) {
    if (o["offerId"] != "aliyun-gn7e-1x-a100-80gb") continue;
    saw_single_card = true;
    CHECK(o["fits"] == false);
    REQUIRE_FALSE(o["warnings"].empty());
  }
  CHECK(saw_single_card);
}

TEST_CASE("costs come in the request's currency at the catalog's dated rate, or the user's", "[estimate]") {
  auto cost_of = [](const json& r, const std::string& id) {
    for (const json& o : r["result"]["options"])
      if (o["offerId"] == id) return o["cost"]["amount"].get<double>();
    return -1.0;
  };
  json req = {{"model", {{"preset", "llama-2-7b"}}},
              {"training", {{"tokens", "100B"}}},
              {"hardware", {{"gpu", "h100-80gb"}, {"count", 8}}}};
  req["goal"] = {{"currency", "USD"}};
  const double usd = cost_of(run(req), "lambda-8x-h100-80gb");
  req["goal"] = {{"currency", "CNY"}};
  const json cny_response = run(req);
  CHECK_THAT(cost_of(cny_response, "lambda-8x-h100-80gb"), WithinRel(usd * 6.6921, 1e-6));
  req["goal"] = {{"currency", "CNY"}, {"usdCny", 7.1}};
  CHECK_THAT(cost_of(run(req), "lambda-8x-h100-80gb"), WithinRel(usd * 7.1, 1e-6));
}

TEST_CASE("explanation steps come in the request's language", "[estimate]") {
  json req = worked_example();
  const json en = run(req);
  REQUIRE(en["result"]["steps"].size() == 7);
  CHECK(en["result"]["steps"][1]["text"].get<std::string>().find("6 × 7e9 × 2e12 = 8.4e22") != std::string::npos);
  CHECK(en["result"]["steps"][2]["text"].get<std::string>().find("1,081 GPUs") != std::string::npos);
  req["lang"] = "zh";
  const json zh = run(req);
  CHECK(zh["result"]["steps"][0]["title"] == "参数与数据量");
  CHECK(zh["result"]["steps"][2]["text"].get<std::string>().find("1,081 张 GPU") != std::string::npos);
}

TEST_CASE("a budget marks the options above it as missing the goal", "[estimate]") {
  const json r = run({{"model", {{"preset", "llama-2-7b"}}},
                      {"training", {{"tokens", "2T"}}},
                      {"goal", {{"days", 30}, {"budget", 1500000}, {"currency", "CNY"}}}});
  for (const json& o : r["result"]["options"])
    if (o["meetsGoal"] == true) CHECK(o["cost"]["amount"].get<double>() <= 1500000);
}
