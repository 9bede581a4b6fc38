// The failures of the "hardened" issue, each as it is answered now: refused with the path and
// the allowed range, or answered with finite, non-negative figures.
#include <catch2/catch.hpp>

#include "contract/request_reader.hpp"
#include "estimate/estimate.hpp"
#include "gpusizer/error.hpp"
#include "rental/billing.hpp"
#include "rental/pricing.hpp"
#include "support.hpp"

using gpusizer::test::run;
using nlohmann::json;

namespace {

json seven_b() { return {{"model", {{"preset", "llama-2-7b"}}}, {"training", {{"tokens", "2T"}}}}; }

json with(json request, const json& patch) {
  request.merge_patch(patch);
  return request;
}

void expect_refused(const json& request, const std::string& path, const std::string& says) {
  const json r = run(request);
  INFO(request.dump() << " -> " << r.dump());
  REQUIRE(r["ok"] == false);
  CHECK(r["error"]["code"] == "invalid_value");
  CHECK(r["error"]["path"] == path);
  CHECK_THAT(r["error"]["message"].get<std::string>(), Catch::Contains(says));
}

// A GPU with only the fields the schema requires, and an offer of it.
json bare_gpu_catalog() {
  return {{"gpus", {{{"id", "bare"}, {"memoryGiB", 80}, {"peakTflops", {{"bf16", 500}}}}}},
          {"offers",
           {{{"id", "bare-8x"}, {"provider", "P"}, {"gpu", "bare"}, {"gpusPerUnit", 8}, {"currency", "CNY"},
             {"prices", {{"hour", 100}}}, {"interconnect", {{"interUnit", "infiniband"}}}}}}};
}

}  // namespace

TEST_CASE("a utilization too small to finish is refused with its range (was a crash in billing)", "[hardening]") {
  expect_refused(with(seven_b(), {{"efficiency", {{"mfu", 1e-300}}}}), "/efficiency/mfu", "at least 0.01 and at most 1");
  expect_refused(with(seven_b(), {{"efficiency", {{"mfu", 0.009}}}}), "/efficiency/mfu", "at least 0.01");
  CHECK(run(with(seven_b(), {{"efficiency", {{"mfu", 0.01}}}}))["ok"] == true);
}

TEST_CASE("exchange rates, bandwidths, epochs, tokens and deadlines have realistic ranges", "[hardening]") {
  expect_refused(with(seven_b(), {{"goal", {{"usdCny", 1e-320}}}}), "/goal/usdCny", "at least 0.01 and at most 1,000");
  expect_refused(with(seven_b(), {{"goal", {{"usdCny", 5000}}}}), "/goal/usdCny", "at most 1,000");
  expect_refused(with(seven_b(), {{"catalog", {{"fx", {{"usdCny", 1e-9}}}}}}), "/catalog/fx/usdCny", "at least 0.01");
  expect_refused(with(seven_b(), {{"hardware", {{"gpu", "h100-80gb"}, {"count", 16}, {"interNodeGBps", 0}}}}),
                 "/hardware/interNodeGBps", "at least 0.1 and at most 1,000");
  expect_refused(with(seven_b(), {{"training", {{"epochs", 1e-300}}}}), "/training/epochs", "at least 0.01");
  expect_refused(with(seven_b(), {{"training", {{"tokens", 0.5}}}}), "/training/tokens", "at least 1");
  expect_refused(with(seven_b(), {{"goal", {{"days", 1e-9}}}}), "/goal/days", "at least 0.01 and at most 36,500");
}

TEST_CASE("a run longer than billing counts is answered without costs, and says why", "[hardening]") {
  // 1e18 tokens at 1% MFU on about 8 GPUs: millions of years on any offer.
  const json r = run({{"model", {{"preset", "llama-2-7b"}}},
                      {"training", {{"tokens", 1e18}}},
                      {"efficiency", {{"mfu", 0.01}}},
                      {"hardware", {{"gpu", "h100-80gb"}, {"count", 8}}}});
  REQUIRE(r["ok"] == true);
  for (const json& o : r["result"]["options"]) {
    INFO(o["offerId"]);
    CHECK_FALSE(o.contains("cost"));
    CHECK(o["meetsGoal"] == false);
    CHECK(o["recommended"] == false);
    bool said = false;
    for (const json& w : o["warnings"]) said = said || w["code"] == "not_priced";
    CHECK(said == (o["fits"] == true));
  }
  CHECK_FALSE(r["result"]["recommendation"].contains("offerId"));
}

TEST_CASE("billing counts no further than its horizon, and any time at all buys a period", "[hardening][billing]") {
  using namespace gpusizer;
  std::array<std::optional<double>, 4> prices;
  prices[static_cast<int>(Period::hour)] = 10.0;
  prices[static_cast<int>(Period::month)] = 5000.0;
  CHECK_FALSE(cheapest_billing(prices, 1e19, 0).possible);  // would overflow the counts
  CHECK_FALSE(cheapest_billing(prices, std::nan(""), 0).possible);
  CHECK(cheapest_billing(prices, kMaxBillableHours, 0).possible);
  const BillingMix tiny = cheapest_billing(prices, 1e-9, 0);  // a 1-token job: 3.6 µs
  REQUIRE(tiny.possible);
  CHECK(tiny.covered_hours == 1);
  CHECK(tiny.cost == 10);
  CHECK(cheapest_billing(prices, 0, 0).cost == 0);

  Offer o;
  o.gpus_per_unit = 1;
  o.currency = "CNY";
  o.prices = prices;
  for (double hours : {1e-9, 720.0000005, 168.0000001}) {
    const auto cost = price_run(o, 1, hours, {"CNY", 7.0});
    INFO(hours);
    REQUIRE(cost);
    CHECK(cost->amount > 0);
    CHECK(cost->idle_hours >= 0);
    REQUIRE(cost->trial_then_monthly);
    CHECK(cost->trial_then_monthly->amount > 0);
    CHECK(cost->trial_then_monthly->idle_hours >= 0);
  }
}

TEST_CASE("a 1-token job pays at least a period and idles no negative hours", "[hardening]") {
  const json r = run({{"model", {{"preset", "llama-2-7b"}}}, {"training", {{"tokens", 1}}}, {"efficiency", {{"mfu", 0.5}}}});
  REQUIRE(r["ok"] == true);
  for (const json& o : r["result"]["options"]) {
    if (!o.contains("cost")) continue;
    INFO(o["offerId"]);
    CHECK(o["cost"]["amount"] > 0);
    CHECK(o["cost"]["idleHours"] >= 0);
    if (o["cost"].contains("trialThenMonthly")) CHECK(o["cost"]["trialThenMonthly"]["idleHours"] >= 0);
  }
}

TEST_CASE("dates are real calendar dates, and a price dated after today is 0 days old", "[hardening]") {
  for (const char* bad : {"2026-13-45", "2026-02-30", "2026-11", "2026-1-01"})
    expect_refused(with(seven_b(), {{"goal", {{"asOf", bad}}}}), "/goal/asOf", "real calendar date");
  CHECK(run(with(seven_b(), {{"goal", {{"asOf", "2028-02-29"}}}}))["ok"] == true);
  for (const char* bad : {"2026-02-29", "9999", "0000-01", "2026-10 (about)"}) {
    expect_refused(with(seven_b(), {{"catalog", {{"asOf", bad}}}}), "/catalog/asOf", "real calendar date");
    expect_refused(with(seven_b(), {{"catalog", {{"fx", {{"usdCny", 7}, {"date", bad}}}}}}), "/catalog/fx/date",
                   "real calendar date");
    json catalog = bare_gpu_catalog();
    catalog["offers"][0]["priceDate"] = bad;
    expect_refused(with(seven_b(), {{"catalog", catalog}}), "/catalog/offers/0/priceDate", "YYYY-MM-DD, YYYY-MM or YYYY");
  }
  // Before the default catalog's prices were taken: every age is 0, none negative.
  const json r = run(with(seven_b(), {{"goal", {{"asOf", "2026-01-30"}}}}));
  REQUIRE(r["ok"] == true);
  for (const json& o : r["result"]["options"])
    if (o.contains("priceAgeDays")) CHECK(o["priceAgeDays"] >= 0);
}

TEST_CASE("a custom GPU with only the required fields takes its class's figures", "[hardening][catalog]") {
  json request = with(seven_b(), {{"hardware", {{"gpu", "bare"}}}, {"catalog", bare_gpu_catalog()}});
  const json r = run(request);
  REQUIRE(r["ok"] == true);
  const json& e = r["result"]["estimate"];
  CHECK(e["iterationSeconds"].is_number());
  CHECK(e["iterationSeconds"] > 0);
  CHECK(e["tokensPerSecondPerGpu"] > 0);
  CHECK(e["wallDays"] > 0);
  const json& o = r["result"]["options"][0];
  REQUIRE(o.contains("cost"));
  CHECK(o["cost"]["amount"] > 0);
  CHECK(o["wallDays"] > 0);

  // The class is the architecture and the link: a Hopper SXM part gets NVLink and Hopper's
  // memory, faster than the unknown PCIe card, never faster than the slowest of its kind.
  auto days_of = [&](const json& gpu_fields) {
    json req = request;
    req["catalog"]["gpus"][0].merge_patch(gpu_fields);
    req["hardware"] = {{"gpu", "bare"}, {"count", 16}};
    const json answer = run(req);
    INFO(answer.dump().substr(0, 400));
    REQUIRE(answer["ok"] == true);
    return answer["result"]["estimate"]["wallDays"].get<double>();
  };
  const double unknown = days_of(json::object());
  const double hopper_sxm = days_of({{"architecture", "hopper"}, {"formFactor", "sxm"}});
  const double given = days_of({{"architecture", "hopper"},
                                {"formFactor", "sxm"},
                                {"memoryBandwidthTBps", 3.35},
                                {"intraNode", {{"kind", "nvlink"}, {"gbps", 400}}},
                                {"interNodeGBpsPerGpu", 50}});
  CHECK(hopper_sxm < unknown);
  CHECK(hopper_sxm == Approx(given).epsilon(1e-9));  // the lowest of Hopper SXM: H800's 400 GB/s NVLink

  // Bandwidths given must be real: > 0 and within reason.
  for (const auto& [field, value, path] :
       {std::tuple<const char*, json, const char*>{"memoryBandwidthTBps", 0, "/catalog/gpus/0/memoryBandwidthTBps"},
        {"interNodeGBpsPerGpu", 0, "/catalog/gpus/0/interNodeGBpsPerGpu"},
        {"interNodeGBpsPerGpu", 1e5, "/catalog/gpus/0/interNodeGBpsPerGpu"},
        {"intraNode", {{"gbps", 0}}, "/catalog/gpus/0/intraNode/gbps"}}) {
    json req = request;
    req["catalog"]["gpus"][0][field] = value;
    expect_refused(req, path, "must be at least");
  }
  json req = request;
  req["catalog"]["gpus"][0]["peakTflops"]["fp8"] = 1e-300;
  expect_refused(req, "/catalog/gpus/0/peakTflops/fp8", "must be 0 (none), or at least 1");
  req = request;
  req["catalog"]["offers"][0]["interconnect"]["interUnitGBpsPerGpu"] = 1e-300;
  expect_refused(req, "/catalog/offers/0/interconnect/interUnitGBpsPerGpu", "at least 0.1");
}

TEST_CASE("an unknown key names the one it most likely meant, in both languages", "[hardening][request]") {
  json catalog = bare_gpu_catalog();
  catalog["offers"][0]["gpuPerUnit"] = 8;    // a letter short
  catalog["offers"][0]["Currency"] = "CNY";  // case
  catalog["offers"][0]["price_date"] = "2026";  // snake case
  catalog["offers"][0]["zzz"] = 1;           // nothing near
  json request = with(seven_b(), {{"catalog", catalog}, {"training", {{"tokns", "2T"}}}});
  request["training"].erase("tokens");
  request["training"]["tokens"] = "2T";
  for (const char* lang : {"en", "zh"}) {
    request["lang"] = lang;
    const json r = run(request);
    REQUIRE(r["ok"] == true);
    std::map<std::string, std::string> said;
    int count = 0;
    for (const json& w : r["warnings"])
      if (w["code"] == "unknown_field") {
        said[w["path"]] = w["message"];
        ++count;
      }
    CHECK(count == 5);  // once per key
    INFO(lang);
    const std::string ask = lang == std::string("en") ? "did you mean " : "是否想写 ";
    CHECK_THAT(said["/catalog/offers/0/gpuPerUnit"], Catch::Contains(ask + "gpusPerUnit?") || Catch::Contains(ask + "gpusPerUnit？"));
    CHECK_THAT(said["/catalog/offers/0/Currency"], Catch::Contains(ask + "currency"));
    CHECK_THAT(said["/catalog/offers/0/price_date"], Catch::Contains(ask + "priceDate"));
    CHECK_THAT(said["/training/tokns"], Catch::Contains(ask + "tokens"));
    CHECK_THAT(said["/catalog/offers/0/zzz"], !Catch::Contains(ask));
  }
  // Equally near two keys ("tq": tp or pp?): no guess.
  json layout = with(seven_b(), {{"hardware", {{"gpu", "h100-80gb"}, {"count", 8}, {"parallelism", {{"xp", 2}}}}}});
  const json answer = run(layout);  // held: a range-for over a temporary's member would outlive it
  for (const json& w : answer["warnings"])
    if (w["path"] == "/hardware/parallelism/xp") CHECK_THAT(w["message"].get<std::string>(), !Catch::Contains("did you mean"));
}

TEST_CASE("models beyond any trained are refused where they are described, and ids are never empty", "[hardening][model]") {
  const json training = {{"tokens", "2T"}};
  // Given layers and experts, inline, on a preset or in a config, name their own field.
  expect_refused({{"model", {{"layers", 1001}, {"hidden", 256}, {"heads", 4}}}, {"training", training}}, "/model/layers",
                 "at most 1,000");
  expect_refused({{"model", {{"preset", "llama-2-7b"}, {"layers", 5000}}}, {"training", training}}, "/model/layers",
                 "at most 1,000");
  expect_refused({{"model", {{"preset", "mixtral-8x7b"}, {"experts", 5000}}}, {"training", training}}, "/model/experts",
                 "at least 0 and at most 4,096");
  const json config = {{"model_type", "mixtral"}, {"hidden_size", 4096}, {"num_attention_heads", 32},
                       {"num_hidden_layers", 32},  {"vocab_size", 32000},   {"intermediate_size", 14336},
                       {"num_local_experts", 1e6}, {"num_experts_per_tok", 2}};
  expect_refused({{"model", {{"hfConfig", config}}}, {"training", training}}, "/model/hfConfig/num_local_experts",
                 "at most 4,096");
  // A shape that counts more parameters than may be given: blamed on params.
  expect_refused({{"model", {{"layers", 1000}, {"hidden", 8192}, {"heads", 64}, {"experts", 4096}, {"expertsPerToken", 8}}},
                  {"training", training}},
                 "/model/params", "at most 1,000,000,000,000,000");
  // The largest size allowed gets an inferred shape within the layer limit (the FFN widens).
  const json huge = run({{"model", {{"params", 1e15}}}, {"training", training}});
  REQUIRE(huge["ok"] == true);
  CHECK(huge["result"]["model"]["layers"] <= 1000);
  CHECK(huge["result"]["model"]["params"] == Approx(1e15).epsilon(0.01));

  json catalog = bare_gpu_catalog();
  catalog["offers"][0]["id"] = "";
  expect_refused(with(seven_b(), {{"catalog", catalog}}), "/catalog/offers/0/id", "non-empty");
  catalog = bare_gpu_catalog();
  catalog["gpus"][0]["id"] = "";
  expect_refused(with(seven_b(), {{"catalog", catalog}}), "/catalog/gpus/0/id", "non-empty");
}

TEST_CASE("a measured throughput implies an MFU within the range efficiency.mfu has", "[hardening]") {
  json request = with(seven_b(), {{"hardware", {{"gpu", "h100-80gb"}}}});
  for (double tps : {1e-300, 1e-3, 10.0}) {
    request["efficiency"] = {{"measuredTokensPerSecondPerGpu", tps}};
    expect_refused(request, "/efficiency/measuredTokensPerSecondPerGpu", "below 0.01");
  }
  request["efficiency"] = {{"measuredTokensPerSecondPerGpu", 3000}};
  CHECK(run(request)["ok"] == true);
}

TEST_CASE("a catalog's offers run on at most 100 machines, and an estimate's planning is bounded", "[hardening][catalog]") {
  // 2,000 offers on a few machines are quick: offers of one machine share its plans.
  auto offers = [](int count, int machines) {
    json out = json::array();
    const char* gpus[] = {"h100-80gb", "a100-80gb", "rtx-4090", "mi300x-192gb", "b200-180gb"};
    for (int i = 0; i < count; ++i) {
      const int m = i % machines;
      out.push_back({{"id", "o" + std::to_string(i)}, {"provider", "P"}, {"gpu", gpus[m % 5]}, {"gpusPerUnit", 1 + m / 5 % 8},
                     {"currency", "CNY"}, {"prices", {{"hour", 10 + i % 7}}},
                     {"interconnect", {{"interUnit", "infiniband"}, {"interUnitGBpsPerGpu", 1 + m / 40}}}});
    }
    return out;
  };
  CHECK(run(with(seven_b(), {{"catalog", {{"offers", offers(2000, 100)}}}}))["ok"] == true);
  expect_refused(with(seven_b(), {{"catalog", {{"offers", offers(2000, 101)}}}}), "/catalog/offers/100", "at most 100");
  // The hardest request found, a giant mixture of experts on 100 different machines (sequences
  // of 1,024 tokens widen the global batch; 3T tokens put more machines near the 30-day
  // deadline), plans within kMaxPlanningWork (about 2e6 of its 5e6)...
  const json hardest = {{"model", {{"preset", "deepseek-v3"}}}, {"training", {{"tokens", "3T"}, {"seqLen", "1024"}}},
                        {"catalog", {{"offers", offers(100, 100)}}}};
  CHECK(run(hardest)["ok"] == true);
  // ...and past a bound, the whole request is refused (here a lower bound than the real one).
  try {
    gpusizer::estimate(gpusizer::parse_request(hardest.dump()), 1e5);
    FAIL("no refusal past the planning bound");
  } catch (const gpusizer::Error& e) {
    CHECK(e.code() == "invalid_value");
    CHECK(e.path() == "");
    CHECK_THAT(std::string(e.what()), Catch::Contains("fewer offers on different machines") && Catch::Contains("100,000"));
  }
}

TEST_CASE("a key over 1 KiB is blamed on its object, a string on itself", "[hardening][request]") {
  json catalog = bare_gpu_catalog();
  catalog["offers"][0][std::string(2000, 'k')] = 1;
  expect_refused(with(seven_b(), {{"catalog", catalog}}), "/catalog/offers/0", "at most 1,024");
  catalog = bare_gpu_catalog();
  catalog["offers"][0]["provider"] = std::string(2000, 'p');
  expect_refused(with(seven_b(), {{"catalog", catalog}}), "/catalog/offers/0/provider", "at most 1,024");
}

TEST_CASE("2 MB of empty objects is parsed in one pass (nlohmann's callback parser took minutes)", "[hardening][request]") {
  // The callback parser scanned an array after each of its objects: 600,000 objects in 2 MB
  // would take minutes. Read with the plain parser, this answers in a fraction of a second.
  std::string request = R"({"model": {"preset": "llama-2-7b"}, "training": {"tokens": "2T"}, "junk": [{})";
  while (request.size() < 2000000) request += ",{}";
  request += "]}";
  const json r = gpusizer::test::run_text(request);
  REQUIRE(r["ok"] == true);
  CHECK(r["warnings"][0]["path"] == "/junk");
}

// ---- a third set of hostile inputs: through the boundary, with the path and the real limit ----

TEST_CASE("a config.json with a size of 0 is refused at its key", "[hardening][model]") {
  const json training = {{"tokens", "2T"}};
  json config = {{"model_type", "llama"}, {"hidden_size", 4096}, {"num_attention_heads", 32}, {"num_hidden_layers", 32},
                 {"vocab_size", 32000},   {"intermediate_size", 11008}};
  for (const char* key : {"num_hidden_layers", "hidden_size", "num_attention_heads", "vocab_size", "intermediate_size",
                          "num_key_value_heads"}) {
    json c = config;
    c[key] = 0;
    expect_refused({{"model", {{"hfConfig", c}}}, {"training", training}}, std::string("/model/hfConfig/") + key,
                   "must be at least 1");
  }
  // And its error names the key in words, not only by its path.
  json c = config;
  c["num_hidden_layers"] = 0;
  const json r = run({{"lang", "zh"}, {"model", {{"hfConfig", c}}}, {"training", training}});
  CHECK(r["error"]["field"] == "model.hfConfig.num_hidden_layers");
  CHECK_THAT(r["error"]["message"].get<std::string>(), Catch::StartsWith("config.json 的 num_hidden_layers："));
}

TEST_CASE("a LoRA rank above the adapted matrices' size is refused with the limit", "[hardening]") {
  // Llama 2 7B: every matrix is at least 4,096 on a side; Llama 3 8B's k_proj and v_proj are
  // 4,096 x 1,024.
  expect_refused({{"model", {{"preset", "llama-2-7b"}}}, {"training", {{"tokens", "1B"}, {"mode", "lora"}, {"loraRank", 8192}}}},
                 "/training/loraRank", "at most 4,096");
  expect_refused({{"model", {{"preset", "llama-3-8b"}}}, {"training", {{"tokens", "1B"}, {"mode", "lora"}, {"loraRank", 2048}}}},
                 "/training/loraRank", "k_proj, 4,096 × 1,024): at most 1,024");
  CHECK(run({{"model", {{"preset", "llama-3-8b"}}},
             {"training", {{"tokens", "1B"}, {"mode", "lora"}, {"loraRank", 2048}, {"loraTargets", "q_proj,o_proj"}}}})["ok"] == true);
  CHECK(run({{"model", {{"preset", "llama-2-7b"}}}, {"training", {{"tokens", "1B"}, {"mode", "qlora"}, {"loraRank", 4096}}}})["ok"] ==
        true);
  // A rank given for full training adapts nothing: not checked.
  CHECK(run({{"model", {{"preset", "llama-2-7b"}}}, {"training", {{"tokens", "1B"}, {"loraRank", 65536}}}})["ok"] == true);
}

TEST_CASE("a key given twice warns duplicate_key at its path", "[hardening]") {
  const json r = gpusizer::test::run_text(
      R"({"model": {"preset": "llama-2-7b"}, "training": {"tokens": "1B"}, "goal": {"days": 10, "days": 20}, "lang": "zh"})");
  REQUIRE(r["ok"] == true);
  CHECK(r["result"]["assumedDays"] == 20);  // the last value, as before, now said
  int found = 0;
  for (const json& w : r["warnings"])
    if (w["code"] == "duplicate_key") {
      ++found;
      CHECK(w["path"] == "/goal/days");
      CHECK(w["field"] == "goal.days");
      CHECK_THAT(w["message"].get<std::string>(), Catch::Contains("“days”"));
    }
  CHECK(found == 1);
}

TEST_CASE("a NUL inside a string is quoted whole, never cutting the message short", "[hardening]") {
  const json r = gpusizer::test::run_text(R"({"model": {"preset": "llama\u0000-2-7b"}, "training": {"tokens": "1B"}})");
  REQUIRE(r["ok"] == false);
  const std::string message = r["error"]["message"];
  CHECK(message.find('\0') == std::string::npos);
  CHECK_THAT(message, Catch::Contains("llama\\u0000-2-7b") && Catch::Contains("known:"));
  const json t = gpusizer::test::run_text(R"({"model": {"params": "7\u0000B"}, "training": {"tokens": "1B"}})");
  CHECK_THAT(t["error"]["message"].get<std::string>(), Catch::Contains("7\\u0000B") && Catch::Contains("write it like"));
}

TEST_CASE("a limit message states the limit and the value exactly", "[hardening]") {
  expect_refused(with(seven_b(), {{"hardware", {{"gpu", "a100-80gb"}, {"count", 1048577}}}}), "/hardware/count",
                 "at most 1,048,576, got 1,048,577");
  expect_refused(with(seven_b(), {{"training", {{"seqLen", 10000001}}}}), "/training/seqLen", "at most 10,000,000, got 10,000,001");
  expect_refused(with(seven_b(), {{"goal", {{"budget", 0}}}}), "/goal/budget", "more than 0 and at most 1,000,000,000,000,000, got 0");
  // The experts' own limit, where they are read (not the reader's 100,000,000 for other sizes).
  expect_refused({{"model", {{"layers", 32}, {"hidden", 4096}, {"heads", 32}, {"experts", 5000}, {"expertsPerToken", 2}}},
                  {"training", {{"tokens", "1T"}}}},
                 "/model/experts", "at least 0 and at most 4,096, got 5,000");
  for (const json& patch : {json{{"training", {{"tokens", 1e30}}}}, json{{"goal", {{"days", 1e9}}}}}) {
    const json r = run(with(seven_b(), patch));
    const std::string m = r["error"]["message"];
    INFO(m);
    for (const char* e : {"e+", "e1", "e2", "e3", "e9"}) CHECK(m.find(e) == std::string::npos);
  }
}

TEST_CASE("a NUL in a price list's cell is refused at its cell", "[hardening][catalog-kit]") {
  using namespace std::string_literals;
  const json r = json::parse(gpusizer::catalog_from_csv("provider,gpu,currency,hour\nAcme,h100-80gb,CNY,2\0" "0\n"s, "en"));
  REQUIRE(r["ok"] == false);
  CHECK(r["error"]["path"] == "/rows/2/hour");
  CHECK_THAT(r["error"]["message"].get<std::string>(), Catch::StartsWith("row 2, column hour: a NUL character"));
  const json zh = json::parse(gpusizer::catalog_from_csv("provider,gpu,currency,hour\n\0Acme,h100-80gb,CNY,2\n"s, "zh"));
  CHECK(zh["error"]["path"] == "/rows/2/provider");
}
