// The whole bill: the data as people have it (size <-> tokens), storage and transfer on each
// offer's terms, set-up and add-ons, every option's lines adding up to its cost, what a price
// list leaves out flagged, the upload warning, owning against renting, and bad values.
#include <catch2/catch.hpp>

#include <string>

#include "../support.hpp"
#include "job/text_bytes.hpp"

using gpusizer::test::run;
using nlohmann::json;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

const json* option(const json& r, const std::string& id) {
  for (const json& o : r["result"]["options"])
    if (o["offerId"] == id) return &o;
  return nullptr;
}

const json* line(const json& o, const std::string& item) {
  for (const json& l : o["cost"]["lines"])
    if (l["item"] == item) return &l;
  return nullptr;
}

bool warns(const json& o, const std::string& code) {
  for (const json& w : o["warnings"])
    if (w["code"] == code) return true;
  return false;
}

// One provider's offer, with the fields a test changes.
json offer(json fields) {
  json o = {{"id", "p-8x-h100"},        {"provider", "P"},   {"gpu", "h100-80gb"},     {"gpusPerUnit", 8},
            {"currency", "CNY"},       {"prices", {{"month", 80000}}}, {"deployment", "local-dc"},
            {"interconnect", {{"interUnit", "infiniband"}, {"interUnitGBpsPerGpu", 50}}}, {"priceDate", "2026-11-01"}};
  for (auto it = fields.begin(); it != fields.end(); ++it) o[it.key()] = it.value();
  return o;
}

json request(json data, json offer_json = offer({})) {
  return {{"model", {{"preset", "llama-3-8b"}}},
          {"training", {{"tokens", "100B"}}},
          {"data", data},
          {"goal", {{"days", 30}, {"currency", "CNY"}, {"asOf", "2026-12-01"}}},
          {"catalog", {{"offers", json::array({offer_json})}}}};
}

}  // namespace

TEST_CASE("every option's lines add up to its cost, the billing to its GPU and set-up lines", "[bill]") {
  for (const json& data : {json::object(), json{{"size", "8TB"}, {"kind", "en"}}, json{{"kind", "zh"}, {"uploadMbps", "千兆"}}}) {
    json req = {{"model", {{"preset", "llama-2-70b"}}}, {"training", {{"tokens", "2T"}}}, {"data", data}, {"goal", {{"days", 30}}}};
    const json r = run(req);
    REQUIRE(r["ok"] == true);
    int priced = 0;
    for (const json& o : r["result"]["options"]) {
      if (!o.contains("cost")) continue;
      ++priced;
      double sum = 0, rental = 0, billed = 0;
      for (const json& l : o["cost"]["lines"]) {
        CHECK(l["amount"].get<double>() >= 0);
        CHECK_FALSE(l["basis"].get<std::string>().empty());
        sum += l["amount"].get<double>();
        if (l["kind"] == "gpu" || l["item"] == "setup-fee") rental += l["amount"].get<double>();
      }
      for (const json& b : o["cost"]["billing"]) billed += b["amount"].get<double>();
      CHECK_THAT(sum, WithinAbs(o["cost"]["amount"].get<double>(), 0.006));
      CHECK_THAT(billed, WithinAbs(rental, 0.006));
      CHECK(o["cost"]["lines"][0]["kind"] == "gpu");
    }
    CHECK(priced > 10);
  }
}

TEST_CASE("a dataset given by its size becomes tokens through the model's tokenizer on that kind of text", "[bill][data]") {
  json req = {{"model", {{"preset", "qwen2.5-7b"}}}, {"training", json::object()}, {"data", {{"size", "500 GB"}, {"kind", "zh"}}}};
  const json r = run(req);
  REQUIRE(r["ok"] == true);
  const json& d = r["result"]["data"];
  CHECK(d["tokenizer"] == "qwen");
  CHECK(d["tokensSource"] == "size");
  CHECK(d["bytesPerToken"]["value"] == 4.467);  // tokenizer-arena, cc100 Chinese web text
  CHECK(d["bytesPerToken"]["date"] == "2024-04-23");
  CHECK_THAT(r["result"]["training"]["tokens"].get<double>(), WithinRel(5e11 / 4.467, 1e-5));
  CHECK(d["sizeBytes"] == 5e11);
  // The same text takes twice the tokens with Llama 2's 32K vocabulary.
  req["data"]["tokenizer"] = "llama2";
  const json llama2 = run(req);
  CHECK_THAT(llama2["result"]["training"]["tokens"].get<double>(), WithinRel(5e11 / 1.976, 1e-5));
  // Every kind has a figure for the tokenizers measured on all four.
  for (const char* kind : {"zh", "en", "code", "mixed"}) {
    req["data"] = {{"size", "1TB"}, {"kind", kind}, {"tokenizer", "deepseek-v3"}};
    const json k = run(req);
    REQUIRE(k["ok"] == true);
    CHECK(k["result"]["data"]["bytesPerToken"]["fallback"] == false);
    const double bpt = k["result"]["data"]["bytesPerToken"]["value"];
    CHECK(bpt > 3.5);
    CHECK(bpt < 5);
  }
}

TEST_CASE("tokens given become bytes on disk; a tokenizer without a figure says so", "[bill][data]") {
  json req = {{"model", {{"preset", "llama-3-8b"}}}, {"training", {{"tokens", "1T"}}}, {"data", {{"kind", "code"}}}};
  const json r = run(req);
  REQUIRE(r["ok"] == true);
  CHECK(r["result"]["data"]["sizeSource"] == "tokens");
  CHECK_THAT(r["result"]["data"]["sizeBytes"].get<double>(), WithinRel(1e12 * 4.254, 1e-5));
  // GLM-4 has been measured on English only: code takes the median of the others, flagged.
  req["data"]["tokenizer"] = "glm4";
  const json glm = run(req);
  CHECK(glm["result"]["data"]["bytesPerToken"]["fallback"] == true);
  CHECK(glm["result"]["data"]["bytesPerToken"]["confidence"] == "low");
  bool warned = false;
  for (const json& w : glm["warnings"]) warned = warned || (w["code"] == "assumed_value" && w["path"] == "/data/tokenizer");
  CHECK(warned);
  // The explanation says where the figure comes from and when.
  for (const json& s : r["result"]["steps"])
    if (s["id"] == "data") CHECK(s["text"].get<std::string>().find("2026-12-04") != std::string::npos);
}

TEST_CASE("storage is priced on the offer's terms: its price, what it includes, the time rented", "[bill][storage]") {
  // 1 TB of data, 3 checkpoints of Llama 3 8B (8.03e9 x 14 B) and the weights (x 2 B), a month.
  const json r = run(request({{"size", "1TB"}, {"kind", "en"}, {"uploadMbps", 1000}},
                             offer({{"storagePricePerGBMonth", 0.3}, {"egressPricePerGB", 0}})));
  REQUIRE(r["ok"] == true);
  const json* o = option(r, "p-8x-h100");
  REQUIRE(o);
  const json* s = line(*o, "storage");
  REQUIRE(s);
  const double stored_gb = r["result"]["data"]["storedBytes"].get<double>() / 1e9;
  CHECK_THAT(stored_gb, WithinRel(1000 + 3 * 8.03026e9 * 14 / 1e9 + 8.03026e9 * 2 / 1e9, 1e-4));
  const double months = (*o)["cost"]["coveredHours"].get<double>() / 720;
  CHECK_THAT((*s)["amount"].get<double>(), WithinAbs(stored_gb * 0.3 * months, 0.02));
  CHECK((*s)["priced"] == true);
  CHECK_FALSE(warns(*o, "not_in_price_list"));
  // Included storage comes off; all of it included, nothing to pay.
  const json inc = run(request({{"size", "1TB"}, {"kind", "en"}}, offer({{"storagePricePerGBMonth", 0.3}, {"storageIncludedGB", 100000}})));
  CHECK((*line(*option(inc, "p-8x-h100"), "storage"))["amount"] == 0.0);
  // More checkpoints kept, more stored.
  const json ten = run(request({{"size", "1TB"}, {"kind", "en"}, {"checkpointsKept", 10}}, offer({{"storagePricePerGBMonth", 0.3}})));
  CHECK((*line(*option(ten, "p-8x-h100"), "storage"))["amount"].get<double>() > (*s)["amount"].get<double>());
}

TEST_CASE("an offer whose price list has no storage or egress price says so instead of charging nothing", "[bill][storage]") {
  const json r = run(request({{"size", "1TB"}, {"kind", "en"}}));
  const json* o = option(r, "p-8x-h100");
  REQUIRE(o);
  CHECK((*line(*o, "storage"))["priced"] == false);
  CHECK((*line(*o, "storage"))["amount"] == 0.0);
  CHECK((*line(*o, "egress"))["priced"] == false);
  CHECK(warns(*o, "not_in_price_list"));
  CHECK((*line(*o, "storage"))["basis"].get<std::string>().find("not in the price list") != std::string::npos);
  // In Chinese too.
  json zh = request({{"size", "1TB"}, {"kind", "en"}});
  zh["lang"] = "zh";
  const json rz = run(zh);
  CHECK((*line(*option(rz, "p-8x-h100"), "storage"))["basis"].get<std::string>().find("价目表中没有") != std::string::npos);
}

TEST_CASE("bandwidth sold by the Mbit/s-month is bought up to the user's line; egress is the results' download", "[bill][transfer]") {
  // 8 TB over a 1 Gbit/s line to a lease that includes 100 Mbit/s and sells more at ¥10.
  const json r = run(request({{"size", "8TB"}, {"kind", "en"}, {"uploadMbps", "1 Gbps"}},
                             offer({{"bandwidthPricePerMbpsMonth", 10}, {"includedMbps", 100}, {"egressPricePerGB", 0.5},
                                    {"publicIpPricePerMonth", 50}, {"setupFee", 1000}})));
  REQUIRE(r["ok"] == true);
  const json* o = option(r, "p-8x-h100");
  REQUIRE(o);
  CHECK((*o)["transfer"]["boughtMbps"] == 900.0);
  CHECK((*o)["transfer"]["mbps"] == 1000.0);
  CHECK_THAT((*o)["transfer"]["uploadHours"].get<double>(), WithinRel(8e12 * 8 / 1e9 / 3600, 1e-5));
  CHECK((*line(*o, "bandwidth"))["amount"] == 9000.0);  // 900 Mbit/s x ¥10 x 1 month
  CHECK_THAT((*line(*o, "egress"))["amount"].get<double>(), WithinAbs(8.03026e9 * 2 / 1e9 * 0.5, 0.01));
  CHECK((*line(*o, "public-ip"))["kind"] == "setup");
  CHECK((*line(*o, "setup-fee"))["kind"] == "setup");
  // Without a line of the user's, an offer that states its bandwidth sets the speed.
  const json own = run(request({{"size", "8TB"}, {"kind", "en"}}, offer({{"includedMbps", 100}})));
  CHECK((*option(own, "p-8x-h100"))["transfer"]["limitedBy"] == "offer");
  CHECK((*option(own, "p-8x-h100"))["transfer"]["mbps"] == 100.0);
}

TEST_CASE("moving the data for more than a tenth of the training warns, with what helps", "[bill][transfer]") {
  // 8 TB at 100 Mbit/s: 7.4 days against a training of about a month.
  const json slow = run(request({{"size", "8TB"}, {"kind", "en"}, {"uploadMbps", 100}}));
  const json* o = option(slow, "p-8x-h100");
  REQUIRE(o);
  CHECK(warns(*o, "slow_data_transfer"));
  for (const json& w : (*o)["warnings"])
    if (w["code"] == "slow_data_transfer") {
      CHECK(w["path"] == "/data/uploadMbps");
      CHECK(w["message"].get<std::string>().find("shipping disks") != std::string::npos);
    }
  // At 10 Gbit/s it takes under a day: no warning.
  const json fast = run(request({{"size", "8TB"}, {"kind", "en"}, {"uploadMbps", "10 Gbps"}}));
  CHECK_FALSE(warns(*option(fast, "p-8x-h100"), "slow_data_transfer"));
}

TEST_CASE("the whole bill ranks the options and holds the budget", "[bill][rental]") {
  // Two offers alike but for storage: the one that charges for 50 TB of it comes second.
  json req = request({{"size", "50TB"}, {"kind", "en"}, {"uploadMbps", "10 Gbps"}}, offer({{"storagePricePerGBMonth", 1.0}}));
  json cheap = offer({{"id", "q-8x-h100"}, {"prices", {{"month", 81000}}}, {"storagePricePerGBMonth", 0.01}});
  req["catalog"]["offers"].push_back(cheap);
  const json r = run(req);
  REQUIRE(r["ok"] == true);
  CHECK(r["result"]["choices"]["cheapest"] == "q-8x-h100");
  // Under a budget between their GPU costs and their whole bills, only the whole bill decides.
  const json* q = option(r, "q-8x-h100");
  req["goal"] = {{"budget", (*q)["cost"]["amount"].get<double>() + 1}, {"currency", "CNY"}, {"days", 30}};
  const json b = run(req);
  CHECK((*option(b, "p-8x-h100"))["meetsGoal"] == false);
  CHECK(warns(*option(b, "p-8x-h100"), "over_budget"));
}

TEST_CASE("without data the costs are GPU time and fees, and the response says what is left out", "[bill][data]") {
  const json r = run({{"model", {{"preset", "llama-2-7b"}}}, {"training", {{"tokens", "100B"}}}});
  REQUIRE(r["ok"] == true);
  CHECK(r["result"]["data"]["described"] == false);
  bool warned = false;
  for (const json& w : r["warnings"]) warned = warned || w["code"] == "data_not_described";
  CHECK(warned);
  for (const json& o : r["result"]["options"])
    if (o.contains("cost"))
      for (const json& l : o["cost"]["lines"]) CHECK((l["kind"] == "gpu" || l["kind"] == "setup"));
}

TEST_CASE("checkpoints are the training state, or the adapters for LoRA", "[bill][data]") {
  const json full = run({{"model", {{"preset", "llama-2-7b"}}}, {"training", {{"tokens", "1B"}}}, {"data", json::object()}});
  CHECK_THAT(full["result"]["data"]["checkpointBytes"].get<double>(), WithinRel(6.73842e9 * 14, 1e-4));
  CHECK(full["result"]["data"]["finalWeights"] == "weights");
  const json lora = run({{"model", {{"preset", "llama-2-7b"}}}, {"training", {{"tokens", "1B"}, {"mode", "lora"}}}, {"data", json::object()}});
  CHECK(lora["result"]["data"]["finalWeights"] == "adapters");
  CHECK(lora["result"]["data"]["checkpointBytes"].get<double>() < full["result"]["data"]["checkpointBytes"].get<double>() / 50);
}

TEST_CASE("owning: purchase, hosting and power, the job's bill and the month it beats the cheapest rental", "[bill][ownership]") {
  json req = request({{"kind", "en"}}, offer({{"purchasePrice", 2400000}, {"powerKw", 10}, {"hostingPricePerMonth", 9000},
                                             {"powerPricePerKwh", 0.8}, {"pue", 1.25}}));
  const json r = run(req);
  REQUIRE(r["ok"] == true);
  REQUIRE(r["result"].contains("ownership"));
  const json& own = r["result"]["ownership"][0];
  CHECK(own["gpu"] == "h100-80gb");
  CHECK(own["purchase"]["from"] == "p-8x-h100");
  CHECK(own["purchase"]["price"] == 2400000.0);
  CHECK(own["hostingPerMonth"] == 9000.0);
  CHECK(own["powerPerMonth"] == 10 * 1.25 * 720 * 0.8);  // ¥7,200
  CHECK(own["rental"]["offerId"] == "p-8x-h100");
  CHECK(own["rental"]["perMonth"] == 80000.0);
  // Kept: 2.4M / (80,000 - 16,200) = 37.6 -> 38 months. Sold at 0.965^m of the price: the first
  // month m with 2.4M (1 - 0.965^m) + 16,200 m <= 80,000 m.
  CHECK(own["cashBreakEvenMonths"] == 38);
  int m = 0;
  double kept = 1;
  for (int month = 1; month <= 120 && !m; ++month) {
    kept *= 0.965;
    if (2400000 * (1 - kept) + 16200.0 * month <= 80000.0 * month) m = month;
  }
  CHECK(own["breakEvenMonths"] == m);
  double sum = 0;
  for (const json& l : own["job"]["lines"]) sum += l["amount"].get<double>();
  CHECK_THAT(sum, WithinAbs(own["job"]["amount"].get<double>(), 0.006));
  CHECK(own["job"]["lines"][0]["kind"] == "purchase");
  CHECK(own["job"]["lines"][1]["kind"] == "hosting");
  CHECK(own["job"]["lines"][2]["kind"] == "power");
  // The default table where the catalog gives no price: dated, sourced, and in the request's market.
  const json usd = run({{"model", {{"preset", "llama-2-70b"}}}, {"training", {{"tokens", "2T"}}}, {"goal", {{"days", 60}, {"currency", "USD"}}}});
  bool h100 = false;
  for (const json& o : usd["result"]["ownership"])
    if (o["gpu"] == "h100-80gb") {
      h100 = true;
      CHECK(o["purchase"]["listedCurrency"] == "USD");
      CHECK(o["purchase"]["date"] == "2024-08");
      CHECK(o["purchase"]["from"] == "table");
      CHECK_FALSE(o["purchase"]["source"].get<std::string>().empty());
    }
  CHECK(h100);
}

TEST_CASE("bad data is refused naming the field, in the request's language", "[bill][errors]") {
  auto error = [](json data, const char* lang = "en") {
    json req = {{"lang", lang}, {"model", {{"preset", "llama-2-7b"}}}, {"training", {{"tokens", "2T"}}}, {"data", data}};
    return run(req);
  };
  const json negative = error({{"size", "-8TB"}});
  CHECK(negative["error"]["path"] == "/data/size");
  CHECK(negative["error"]["code"] == "invalid_value");
  const json count = error({{"size", "8T"}});
  CHECK(count["error"]["path"] == "/data/size");
  CHECK(count["error"]["message"].get<std::string>().find("is a count") != std::string::npos);
  const json bits = error({{"size", "8Tb"}}, "zh");
  CHECK(bits["error"]["message"].get<std::string>().find("比特") != std::string::npos);
  const json unit = error({{"size", "8 Mbps"}});
  CHECK(unit["error"]["message"].get<std::string>().find("is not a size") != std::string::npos);
  const json zero = error({{"uploadMbps", 0}}, "zh");
  CHECK(zero["error"]["path"] == "/data/uploadMbps");
  CHECK(zero["error"]["message"].get<std::string>().find("应大于 0") != std::string::npos);
  CHECK(error({{"uploadMbps", "fast"}})["error"]["path"] == "/data/uploadMbps");
  CHECK(error({{"kind", "chinese"}})["error"]["path"] == "/data/kind");
  CHECK(error({{"tokenizer", "gpt2"}})["error"]["path"] == "/data/tokenizer");
  CHECK(error({{"checkpointsKept", -1}})["error"]["path"] == "/data/checkpointsKept");
  CHECK(error({{"size", "2EB"}})["error"]["path"] == "/data/size");  // beyond 1 EB
  // A size to turn into tokens needs its kind of text.
  const json kindless = run({{"model", {{"preset", "llama-2-7b"}}}, {"training", json::object()}, {"data", {{"size", "8TB"}}}});
  CHECK(kindless["error"]["code"] == "missing_field");
  CHECK(kindless["error"]["path"] == "/data/kind");
}

TEST_CASE("the catalog's vocabulary lists the tokenizers the table has", "[bill][data]") {
  const json c = json::parse(gpusizer::catalog_json());
  std::vector<std::string> listed = c["contract"]["enums"]["tokenizer"];
  CHECK(listed == gpusizer::tokenizer_ids());
  CHECK(c["contract"]["enums"]["dataKind"] == json({"zh", "en", "code", "mixed"}));
}
