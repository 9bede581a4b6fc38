#include "report/claims.hpp"

#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>

#include "common/numbers.hpp"
#include "contract/json_write.hpp"
#include "gpusizer/api.hpp"

namespace gpusizer {
namespace {

using nlohmann::json;

// A claim: what the guide says, as a number range, and the request whose answer tests it.
struct Claim {
  const char* id;
  msg::Id text;          // the claim in the reader's language
  msg::Id claimed_text;  // the claimed figure as the guide words it
  double claimed_low, claimed_high;
  msg::Id unit;
  std::function<json()> request;
  // The computed figure from the response(s); `more` lets a claim run a second request.
  std::function<double(const json& response, const std::function<json(const json&)>& estimate)> computed;
};

std::string dump(const json& doc) {
  jsonio::Writer w;
  w.value(doc);
  return w.take();
}

json ask(const json& request) {
  const std::string reply = estimate_json(dump(request));
  return json::parse(reply.data(), reply.data() + reply.size());  // the parser limits.cpp uses
}

const json* recommended(const json& response) {
  for (const json& o : response["result"]["options"])
    if (o.value("recommended", false)) return &o;
  return nullptr;
}

double min_gpus(const json& response, const char* gpu) {
  for (const json& m : response["result"]["memory"]["minGpus"])
    if (m["gpu"] == gpu && m.value("fits", false)) return m["count"].get<double>();
  return 0;
}

// A computed figure as read: whole counts as counts, large ones in scientific notation.
std::string figure(double x) {
  if (x >= 1e6) return format_sci(x, 3);
  if (x == std::floor(x)) return format_int(x);
  return format_sig(x, 3);
}

// The guide's example: 6 x 7e9 x 2e12 FLOPs at 180 of the A100's 312 TFLOP/s (its "50-60 %").
constexpr double kGuideMfu = 180.0 / 312.0;

std::vector<Claim> claims() {
  const json seven_b = {{"params", "7B"}};
  return {
      {"gpus-for-5-days", msg::claim_gpus_for_5_days, msg::claimed_about_1_08, 1.08, 1.08, msg::unit_gpus,
       [=] {
         return json{{"model", seven_b}, {"training", {{"tokens", "2T"}}}, {"hardware", {{"gpu", "a100-80gb"}}},
                     {"goal", {{"days", 5}}}, {"efficiency", {{"mfu", kGuideMfu}}}};
       },
       [](const json& r, auto) { return r["result"]["estimate"]["count"].get<double>(); }},
      {"eight-a100-7b-2t", msg::claim_eight_a100_days, msg::claimed_3_to_5_days, 3, 5, msg::unit_days,
       [=] {
         return json{{"model", seven_b}, {"training", {{"tokens", "2T"}}}, {"hardware", {{"gpu", "a100-80gb"}, {"count", 8}}}};
       },
       [](const json& r, auto) { return r["result"]["estimate"]["wallDays"].get<double>(); }},
      {"one-a100-7b-2t", msg::claim_one_a100_days, msg::claimed_about_40_days, 40, 40, msg::unit_days,
       [=] {
         return json{{"model", seven_b}, {"training", {{"tokens", "2T"}}}, {"hardware", {{"gpu", "a100-80gb"}, {"count", 1}}}};
       },
       [](const json& r, auto) { return r["result"]["estimate"]["wallDays"].get<double>(); }},
      {"eight-a100-7b-1t", msg::claim_eight_a100_1t_days, msg::claimed_about_3_days, 3, 3, msg::unit_days,
       [=] {
         return json{{"model", seven_b}, {"training", {{"tokens", "1T"}}}, {"hardware", {{"gpu", "a100-80gb"}, {"count", 8}}}};
       },
       [](const json& r, auto) { return r["result"]["estimate"]["wallDays"].get<double>(); }},
      {"llama-3-8b-flops", msg::claim_llama3_flops, msg::claimed_1_2e23, 1.2e23, 1.2e23, msg::unit_flops,
       [] { return json{{"model", {{"preset", "llama-3-8b"}}}, {"training", {{"tokens", "15T"}}}}; },
       [](const json& r, auto) { return r["result"]["compute"]["flopsTotal"].get<double>(); }},
      {"llama-3-8b-one-a100", msg::claim_llama3_one_a100, msg::claimed_about_50_days, 50, 50, msg::unit_days,
       [] {
         // 1.2e23 FLOPs, the guide's figure, is 2.5T tokens of Llama 3 8B at 6 x 8.03e9 per token.
         return json{{"model", {{"preset", "llama-3-8b"}}}, {"training", {{"tokens", 1.2e23 / (6 * 8.03e9)}}},
                     {"hardware", {{"gpu", "a100-80gb"}, {"count", 1}}}};
       },
       [](const json& r, auto) { return r["result"]["estimate"]["wallDays"].get<double>(); }},
      {"seventy-b-min-a100", msg::claim_70b_min_a100, msg::claimed_at_least_8, 8, 8, msg::unit_gpus,
       [] { return json{{"model", {{"params", "70B"}}}, {"training", {{"tokens", "2T"}}}}; },
       [](const json& r, auto) { return min_gpus(r, "a100-80gb"); }},
      {"seven-b-min-a100", msg::claim_7b_min_a100, msg::claimed_2_to_3, 2, 3, msg::unit_gpus,
       [] { return json{{"model", {{"params", "7B"}}}, {"training", {{"tokens", "2T"}}}}; },
       [](const json& r, auto) { return min_gpus(r, "a100-80gb"); }},
      {"seventy-b-cost", msg::claim_70b_cost, msg::claimed_tens_of_wan, 1e5, 1e6, msg::unit_cny,
       [] {
         return json{{"model", {{"params", "70B"}}}, {"training", {{"tokens", "2T"}}}, {"goal", {{"days", 30}, {"currency", "CNY"}}}};
       },
       [](const json& r, auto) {
         const json* o = recommended(r);
         return o ? (*o)["cost"]["amount"].get<double>() : 0.0;
       }},
      {"ten-x-params", msg::claim_ten_x_params, msg::claimed_about_1000x, 1000, 1000, msg::unit_times,
       [] { return json{{"model", {{"params", "70B"}}}, {"training", {{"tokens", "2T"}}}}; },
       [](const json& r, const std::function<json(const json&)>& estimate) {
         const json small = estimate(json{{"model", {{"params", "7B"}}}, {"training", {{"tokens", "2T"}}}});
         return r["result"]["compute"]["flopsTotal"].get<double>() / small["result"]["compute"]["flopsTotal"].get<double>();
       }},
      {"finetune-7b-one-a100", msg::claim_finetune_7b, msg::claimed_under_1000_cny, 0, 1000, msg::unit_cny,
       [] {
         // A typical instruction-tuning set: 52,000 examples of about 350 tokens, 3 epochs (Alpaca).
         return json{{"model", {{"params", "7B"}}},
                     {"training", {{"mode", "lora"}, {"examples", 52000}, {"tokensPerExample", 350}, {"epochs", 3}, {"seqLen", 2048}}},
                     {"hardware", {{"gpu", "a100-80gb"}, {"count", 1}}},
                     {"goal", {{"currency", "CNY"}}}};
       },
       [](const json& r, auto) {
         double cheapest = 0;  // the cheapest single-A100 offer that runs it
         for (const json& o : r["result"]["options"])
           if (o["gpu"] == "a100-80gb" && o.value("fits", false) && o.contains("cost") && o["count"] == 1)
             if (cheapest == 0 || o["cost"]["amount"].get<double>() < cheapest) cheapest = o["cost"]["amount"].get<double>();
         return cheapest;
       }},
  };
}

}  // namespace

std::string claims_document(Lang lang) {
  json out = json::array();
  auto estimate = [lang](const json& request) {
    json r = request;
    r["lang"] = lang_name(lang);
    return ask(r);
  };
  for (const Claim& c : claims()) {
    json request = c.request();
    request["lang"] = lang_name(lang);
    const json response = ask(request);
    const bool ok = response.value("ok", false);
    const double computed = ok ? c.computed(response, estimate) : 0;
    // Within the claimed range widened by a quarter either way: a guide's round figure.
    const double low = c.claimed_low / 1.25, high = c.claimed_high * 1.25;
    const char* verdict = !ok || computed <= 0 ? "not_computed" : computed < low ? "too_high" : computed > high ? "too_low" : "agrees";
    const double factor = computed > high ? computed / c.claimed_high : computed > 0 && computed < low ? c.claimed_low / computed : 1;
    msg::Id explanation = std::string(verdict) == "agrees" ? msg::verdict_agrees
                          : std::string(verdict) == "too_low" ? msg::verdict_claim_too_low
                          : std::string(verdict) == "too_high" ? msg::verdict_claim_too_high
                                                               : msg::verdict_not_computed;
    std::string text = say(lang, explanation, {{"factor", factor >= 10 ? format_int(factor) : format_sig(factor, 2)},
                                                {"computed", figure(computed)}, {"unit", say(lang, c.unit)}});
    if (ok && response["result"].contains("estimate") && !response["result"]["estimate"].value("fits", true))
      text += say(lang, msg::verdict_does_not_fit);
    out.push_back({{"id", c.id},
                   {"claim", say(lang, c.text)},
                   {"claimed", c.claimed_low == c.claimed_high ? json(c.claimed_low) : json::array({c.claimed_low, c.claimed_high})},
                   {"claimedText", say(lang, c.claimed_text)},
                   {"computed", round_sig(computed, 4)},
                   {"unit", say(lang, c.unit)},
                   {"request", request},
                   {"verdict", verdict},
                   {"explanation", text}});
  }
  return dump(json{{"claims", out}});
}

}  // namespace gpusizer
