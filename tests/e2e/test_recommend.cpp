#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <regex>

#include "gpusizer/api.hpp"

using nlohmann::json;

namespace {

json estimate(const json& request) {
  const json r = json::parse(gpusizer::estimate_json(request.dump()));
  REQUIRE(r["ok"] == true);
  return r["result"];
}

const json& recommended(const json& result) {
  for (const json& o : result["options"])
    if (o["recommended"] == true) return o;
  FAIL("no recommended option");
  static json none;
  return none;
}

}  // namespace

TEST_CASE("the recommendation runs on the GPU the user chose", "[recommend]") {
  for (const char* gpu : {"a100-80gb", "a100-40gb", "h100-80gb", "rtx-4090"}) {
    const json r = estimate({{"model", {{"preset", "llama-2-7b"}}},
                             {"training", {{"mode", "lora"}, {"tokens", "50M"}}},
                             {"hardware", {{"gpu", gpu}, {"count", 1}}}});
    INFO(gpu);
    CHECK(recommended(r)["gpu"] == gpu);
    CHECK(r["recommendation"]["qualifies"] == true);
    CHECK(r["recommendation"]["offerId"] == recommended(r)["offerId"]);
  }
}

TEST_CASE("a low-confidence price or a non-CUDA stack is never recommended silently", "[recommend]") {
  // Without a GPU choice the cheapest usable offer is an Ascend machine at a low-confidence price.
  const json r = estimate({{"model", {{"preset", "llama-2-70b"}}}, {"training", {{"mode", "qlora"}, {"tokens", "50M"}}}});
  const json& o = recommended(r);
  CHECK(o["confidence"] != "low");
  CHECK(o["gpu"] != "ascend-910b");
  CHECK(o["gpu"] != "mi300x-192gb");
  // ...but it is named as the cheaper alternative outside the constraints.
  REQUIRE(r["recommendation"].contains("alternative"));
  const json outside = r["recommendation"]["alternative"]["outside"];
  CHECK(std::find(outside.begin(), outside.end(), "confidence") != outside.end());
  // Allowing other stacks lets ROCm/CANN offers qualify (the low-confidence one still does not).
  const json allowed = estimate({{"model", {{"preset", "llama-2-70b"}}},
                                 {"training", {{"mode", "qlora"}, {"tokens", "50M"}}},
                                 {"hardware", {{"allowNonCuda", true}}}});
  CHECK(recommended(allowed)["confidence"] != "low");
}

TEST_CASE("sensitive data is recommended only private or physically isolated machines", "[recommend]") {
  const json r = estimate({{"model", {{"preset", "llama-2-13b"}}},
                           {"training", {{"mode", "full-finetune"}, {"tokens", "500M"}}},
                           {"goal", {{"budget", 50000}, {"sensitiveData", true}}}});
  const json& o = recommended(r);
  CHECK((o["isolation"] == "private" || o["isolation"] == "physical"));
  CHECK(r["recommendation"]["qualifies"] == true);
}

TEST_CASE("when nothing meets every constraint, the answer says which to relax", "[recommend]") {
  // Sensitive data on a GPU no private offer has: the GPU choice or the isolation must give.
  const json r = estimate({{"model", {{"preset", "llama-2-7b"}}},
                           {"training", {{"mode", "lora"}, {"tokens", "50M"}}},
                           {"hardware", {{"gpu", "a10-24gb"}, {"count", 1}}},
                           {"goal", {{"sensitiveData", true}}}});
  CHECK(r["recommendation"]["qualifies"] == false);
  REQUIRE(r["recommendation"].contains("relax"));
  CHECK(r["recommendation"]["relax"].size() >= 1);
  CHECK(recommended(r)["outside"].size() >= 1);
  CHECK(r["recommendation"]["reason"].get<std::string>().find("No offer meets everything asked") != std::string::npos);
}

TEST_CASE("the reason names the runner-up in the request's language", "[recommend]") {
  const json r = estimate({{"lang", "zh"},
                           {"model", {{"preset", "llama-2-7b"}}},
                           {"training", {{"mode", "lora"}, {"tokens", "50M"}}},
                           {"hardware", {{"gpu", "a100-80gb"}, {"count", 1}}}});
  const std::string reason = r["recommendation"]["reason"];
  CHECK(reason.find("推荐") != std::string::npos);
  CHECK(reason.find("次选") != std::string::npos);
  // Named by its name (provider, machine, GPU), never by its id.
  const std::string runner_up = r["recommendation"]["runnerUp"];
  CHECK(reason.find(runner_up) == std::string::npos);
  for (const json& o : r["options"])
    if (o["offerId"] == runner_up) CHECK(reason.find(o["name"].get<std::string>()) != std::string::npos);
}

TEST_CASE("no sentence names an offer by its id or a figure in e-notation, in either language", "[recommend][words]") {
  const std::regex e_notation("[0-9]e[+-]?[0-9]");
  for (const char* lang : {"en", "zh"}) {
    for (const json& request :
         {json{{"model", {{"preset", "llama-2-7b"}}}, {"training", {{"mode", "lora"}, {"tokens", "2T"}}}, {"goal", {{"days", 30}}}},
          json{{"model", {{"preset", "llama-2-70b"}}}, {"training", {{"tokens", "2T"}}}, {"goal", {{"days", 10}}}},
          json{{"model", {{"preset", "llama-2-7b"}}}, {"training", {{"tokens", "100B"}}}, {"goal", {{"days", 20}, {"sensitiveData", true}}}},
          json{{"model", {{"preset", "qwen2.5-7b"}}}, {"training", {{"mode", "lora"}, {"examples", "5万"}, {"tokensPerExample", 500}}},
               {"goal", {{"budget", "1000元"}}}}}) {
      json req = request;
      req["lang"] = lang;
      const json r = estimate(req);
      std::vector<std::string> texts = {r["recommendation"]["reason"], r["advice"]["ruleOfThumb"]["message"]};
      for (const json& n : r["advice"]["notes"]) texts.push_back(n["message"]);
      for (const json& s : r["steps"]) texts.push_back(s["text"]);
      for (const json& o : r["options"])
        for (const json& w : o["warnings"]) texts.push_back(w["message"]);
      for (const std::string& text : texts) {
        INFO(lang << ": " << text);
        CHECK_FALSE(std::regex_search(text, e_notation));
        for (const json& o : r["options"]) CHECK(text.find(o["offerId"].get<std::string>()) == std::string::npos);
      }
    }
  }
}

TEST_CASE("a measured throughput replaces the modelled one and re-plans the commitment", "[recommend][measured]") {
  const json base = {{"model", {{"preset", "llama-2-7b"}}}, {"training", {{"tokens", "2T"}}},
                     {"hardware", {{"gpu", "a100-80gb"}}}, {"goal", {{"days", 30}}}};
  const json modelled = estimate(base);
  json slow = base;
  slow["efficiency"] = {{"measuredTokensPerSecondPerGpu", 3000}};
  const json measured = estimate(slow);
  CHECK(measured["estimate"]["mfuSource"] == "measured");
  CHECK(measured["measured"]["ratio"].get<double>() < 1);
  // Slower than modelled: more GPUs for the same deadline, and the run losses still apply.
  CHECK(measured["estimate"]["count"].get<int>() > modelled["estimate"]["count"].get<int>());
  CHECK(measured["estimate"]["overheadFactor"].get<double>() > 1);
  CHECK(measured["estimate"]["tokensPerSecondPerGpu"].get<double>() < 3000);  // 3000 on 8 GPUs, scaled to the plan's count
  json impossible = base;
  impossible["efficiency"] = {{"measuredTokensPerSecondPerGpu", 1e6}};
  const json r = json::parse(gpusizer::estimate_json(impossible.dump()));
  CHECK(r["ok"] == false);
  CHECK(r["error"]["path"] == "/efficiency/measuredTokensPerSecondPerGpu");
}

TEST_CASE("the trial week is planned across a provider's hourly and monthly offers", "[recommend][trial]") {
  const json offer = {{"provider", "Acme"}, {"gpu", "h100-80gb"}, {"gpusPerUnit", 8}, {"currency", "CNY"},
                      {"interconnect", {{"interUnit", "infiniband"}, {"interUnitGBpsPerGpu", 50}}}};
  json hourly = offer, monthly = offer;
  hourly["id"] = "acme-hourly";
  hourly["prices"] = {{"hour", 300}};
  monthly["id"] = "acme-monthly";
  monthly["prices"] = {{"month", 150000}};
  monthly["minTermHours"] = 720;
  const json r = estimate({{"model", {{"preset", "llama-2-7b"}}}, {"training", {{"tokens", "1T"}}},
                           {"hardware", {{"gpu", "h100-80gb"}}}, {"goal", {{"days", 30}}},
                           {"catalog", {{"offers", {hourly, monthly}}}}});
  bool across = false;
  for (const json& o : r["options"])
    if (o["offerId"] == "acme-monthly") {
      REQUIRE(o["cost"].contains("trialThenMonthly"));
      const json& t = o["cost"]["trialThenMonthly"];
      CHECK(t["trialOfferId"] == "acme-hourly");
      CHECK(t["billing"][0]["period"] == "hour");
      double sum = 0;
      for (const json& l : t["billing"]) sum += l["amount"].get<double>();
      CHECK(sum == Approx(t["amount"].get<double>()));
      across = true;
    }
  CHECK(across);
}

TEST_CASE("the choices within the requirements are the cheapest and fastest of the options breaking none", "[recommend]") {
  // The cheapest usable offer here is outside the constraints (a low-confidence price): the
  // choices keep naming it, the choices within name the recommended one.
  const json r = estimate({{"model", {{"preset", "llama-2-70b"}}}, {"training", {{"mode", "qlora"}, {"tokens", "50M"}}}});
  const json* cheapest = nullptr;
  const json* fastest = nullptr;
  for (const json& o : r["options"]) {
    if (o["fits"] != true || o["meetsGoal"] != true || !o["outside"].empty()) continue;
    const double cost = o["cost"]["amount"], days = o["wallDays"];
    if (!cheapest || cost < double((*cheapest)["cost"]["amount"])) cheapest = &o;
    if (!fastest || days < double((*fastest)["wallDays"]) ||
        (days == double((*fastest)["wallDays"]) && cost < double((*fastest)["cost"]["amount"])))
      fastest = &o;
  }
  REQUIRE(cheapest);
  CHECK(r["choicesWithin"]["cheapest"] == (*cheapest)["offerId"]);
  CHECK(r["choicesWithin"]["fastest"] == (*fastest)["offerId"]);
  CHECK(r["choicesWithin"]["cheapest"] == recommended(r)["offerId"]);
  CHECK(r["choices"]["cheapest"] != r["choicesWithin"]["cheapest"]);
  // Nothing within: empty, while the closest plan is still recommended.
  const json none = estimate({{"model", {{"preset", "llama-2-7b"}}},
                              {"training", {{"mode", "lora"}, {"tokens", "50M"}}},
                              {"hardware", {{"gpu", "a10-24gb"}, {"count", 1}}},
                              {"goal", {{"sensitiveData", true}}}});
  REQUIRE(none["recommendation"]["qualifies"] == false);
  CHECK(none["choicesWithin"].empty());
}
