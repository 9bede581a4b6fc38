// Deadline and budget solving, the cost/time frontier and the renter's advice, end to end.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

#include "support.hpp"

using gpusizer::test::run;
using nlohmann::json;

namespace {

json seventy_b(json goal) {
  return {{"model", {{"preset", "llama-2-70b"}}}, {"training", {{"tokens", "2T"}}}, {"goal", std::move(goal)}};
}

bool usable(const json& o) { return o["fits"] == true && o["meetsGoal"] == true; }

// The cheapest cover of `hours` by brute force over the offer's own unit prices.
double brute_force(const json& o, double hours) {
  const char* names[] = {"hour", "day", "month", "year"};
  const double len[] = {1, 24, 720, 8760};
  double price[4];
  long limit[4];
  for (int i = 0; i < 4; ++i) {
    price[i] = o["unitPrices"].value(names[i], -1.0);
    limit[i] = price[i] > 0 ? static_cast<long>(hours / len[i]) + 1 : 0;
  }
  const double min_term = o["minTermHours"].get<double>();
  double best = std::numeric_limits<double>::infinity();
  for (long y = 0; y <= limit[3]; ++y)
    for (long m = 0; m <= limit[2]; ++m)
      for (long d = 0; d <= limit[1]; ++d) {
        double covered = y * 8760.0 + m * 720.0 + d * 24.0;
        const double need = std::max(hours, min_term);
        double h = 0;
        if (covered + 1e-6 < need) {
          if (price[0] <= 0) continue;
          h = std::ceil(need - covered - 1e-6);
        }
        const double cost = y * std::max(price[3], 0.0) + m * std::max(price[2], 0.0) + d * std::max(price[1], 0.0) +
                            h * std::max(price[0], 0.0);
        best = std::min(best, cost);
      }
  return best * o["units"].get<double>();
}

}  // namespace

TEST_CASE("a 30-day deadline: every usable offer meets it and the cheapest is marked", "[rental]") {
  const json r = run(seventy_b({{"days", 30}, {"currency", "CNY"}}))["result"];
  std::vector<json> ok;
  for (const json& o : r["options"])
    if (usable(o)) ok.push_back(o);
  REQUIRE(ok.size() >= 5);
  for (const json& o : ok) CHECK(o["wallDays"].get<double>() <= 30);
  const auto cheapest = std::min_element(ok.begin(), ok.end(), [](const json& a, const json& b) {
    return a["cost"]["amount"].get<double>() < b["cost"]["amount"].get<double>();
  });
  const auto fastest = std::min_element(ok.begin(), ok.end(), [](const json& a, const json& b) {
    return a["wallDays"].get<double>() < b["wallDays"].get<double>();
  });
  CHECK(r["choices"]["cheapest"] == (*cheapest)["offerId"]);
  CHECK(r["choices"]["fastest"] == (*fastest)["offerId"]);
}

TEST_CASE("billing mixes are the true minimum for their terms", "[rental]") {
  const json r = run(seventy_b({{"days", 30}}))["result"];
  int checked = 0;
  for (const json& o : r["options"]) {
    if (!usable(o)) continue;
    INFO(o["offerId"]);
    const double brute = brute_force(o, o["wallDays"].get<double>() * 24);
    CHECK(o["cost"]["amount"].get<double>() <= brute * 1.0001 + 1);
    ++checked;
  }
  CHECK(checked >= 5);
}

TEST_CASE("the frontier holds exactly the options no other beats on cost and time", "[rental]") {
  // Offers that tie on cost, on time or on both (the same machine at the same price): a tie
  // dominates nothing.
  json twins = json::array();
  for (int i = 0; i < 6; ++i)
    twins.push_back({{"id", "twin-" + std::to_string(i)}, {"provider", "P"}, {"gpu", i < 4 ? "h100-80gb" : "a100-80gb"},
                     {"gpusPerUnit", 8}, {"currency", "CNY"}, {"prices", {{"hour", i < 2 ? 20 : i < 4 ? 21 : 20}}},
                     {"interconnect", {{"interUnit", "infiniband"}}}});
  json tied = seventy_b({{"days", 45}});
  tied["catalog"] = {{"offers", twins}, {"includeDefaultOffers", true}};
  for (const json& request : {seventy_b({{"days", 45}}), tied}) {
    const json r = run(request)["result"];
    std::vector<std::string> expected;
    for (const json& o : r["options"]) {
      if (!usable(o)) continue;
      bool dominated = false;
      for (const json& p : r["options"]) {
        if (!usable(p) || p["offerId"] == o["offerId"]) continue;
        const double c = o["cost"]["amount"], d = o["wallDays"], c2 = p["cost"]["amount"], d2 = p["wallDays"];
        if (c2 <= c && d2 <= d && (c2 < c || d2 < d)) dominated = true;
      }
      if (!dominated) expected.push_back(o["offerId"]);
    }
    std::vector<std::string> frontier = r["frontier"];
    std::vector<std::string> sorted = frontier;
    std::sort(sorted.begin(), sorted.end());
    std::sort(expected.begin(), expected.end());
    CHECK(sorted == expected);
    // Fastest first.
    double last = 0;
    for (const std::string& id : frontier)
      for (const json& o : r["options"])
        if (o["offerId"] == id) {
          CHECK(o["wallDays"].get<double>() >= last);
          last = o["wallDays"];
        }
  }
}

TEST_CASE("a budget alone returns the fastest plan within it", "[rental]") {
  const json by_deadline = run(seventy_b({{"days", 30}}))["result"];
  std::vector<double> costs;
  for (const json& o : by_deadline["options"])
    if (usable(o)) costs.push_back(o["cost"]["amount"]);
  std::sort(costs.begin(), costs.end());
  const double budget = costs[costs.size() / 2];
  const json r = run(seventy_b({{"budget", budget}}))["result"];
  const json* fastest = nullptr;
  for (const json& o : r["options"]) {
    if (!usable(o)) continue;
    CHECK(o["cost"]["amount"].get<double>() <= budget * 1.0001);
    if (!fastest || o["wallDays"].get<double>() < (*fastest)["wallDays"].get<double>()) fastest = &o;
  }
  REQUIRE(fastest);
  CHECK(r["choices"]["fastest"] == (*fastest)["offerId"]);
  for (const json& o : r["options"])
    if (o["recommended"] == true) CHECK(o["offerId"] == (*fastest)["offerId"]);
}

TEST_CASE("options carry unit prices, cost per billion tokens and the price's age", "[rental]") {
  json req = seventy_b({{"days", 30}, {"asOf", "2026-11-29"}});
  const json r = run(req)["result"];
  for (const json& o : r["options"]) {
    INFO(o["offerId"]);
    CHECK_FALSE(o["unitPrices"].empty());
    CHECK(o.contains("minTermHours"));
    CHECK(o.contains("priceDate"));
    CHECK(o.contains("isolation"));
    CHECK(o.contains("priceAgeDays"));
    if (o.contains("cost"))
      CHECK(o["costPerBillionTokens"].get<double>() ==
            Approx(o["cost"]["amount"].get<double>() / 2000).epsilon(1e-6).margin(0.01));
  }
}

TEST_CASE("renters get warned about PCIe-only multi-GPU, capped NVLink and old prices", "[rental]") {
  const json r = run(seventy_b({{"days", 30}, {"asOf", "2027-06-01"}}))["result"];
  auto has = [&](const char* code) {
    for (const json& o : r["options"])
      for (const json& w : o["warnings"])
        if (w["code"] == code) return true;
    return false;
  };
  CHECK(has("pcie_multi_gpu"));
  CHECK(has("nvlink_capped"));
  CHECK(has("stale_price"));
}

TEST_CASE("advice compares the plan with the rule of thumb and points sensitive data to isolated offers",
          "[rental]") {
  json req = seventy_b({{"days", 30}, {"sensitiveData", true}});
  const json a = run(req)["result"]["advice"];
  CHECK(a["ruleOfThumb"]["tier"] == "13-70B");
  CHECK(a["ruleOfThumb"]["agrees"] == false);  // 2T tokens in 30 days need far more than one machine
  bool sensitive = false;
  for (const json& n : a["notes"]) sensitive = sensitive || n["code"] == "sensitive_data";
  CHECK(sensitive);
  const json lora = run({{"model", {{"preset", "llama-2-7b"}}},
                         {"training", {{"mode", "qlora"}, {"tokens", "50M"}}},
                         {"goal", {{"days", 7}}}})["result"]["advice"];
  // Llama 2 7B (6.74B) lands where its name puts it, as a typed "7B" does.
  CHECK(lora["ruleOfThumb"]["tier"] == "7-13B");
  const json typed = run({{"model", {{"params", "7B"}}}, {"training", {{"mode", "qlora"}, {"tokens", "50M"}}},
                          {"goal", {{"days", 7}}}})["result"]["advice"];
  CHECK(typed["ruleOfThumb"]["tier"] == lora["ruleOfThumb"]["tier"]);
}
