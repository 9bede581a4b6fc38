#include "claims/claims.hpp"

#include <cmath>
#include <initializer_list>

#include "common/numbers.hpp"
#include "contract/json_parse.hpp"
#include "contract/json.hpp"
#include "contract/json_write.hpp"
#include "contract/limits.hpp"
#include "gpusizer/api.hpp"

namespace gpusizer {
namespace {

using jsonio::Value;
using jsonio::find;

// A claim: what the guide says, as a number range, and the request whose answer tests it. The
// requests are JSON text, parsed when the claims are checked: built from initializer lists they
// cost the wasm module 9 KB gzipped (docs/performance.md).
using Estimate = Value (*)(const Value& request, Lang lang);
struct Claim {
  const char* id;
  msg::Id text;          // the claim in the reader's language
  msg::Id claimed_text;  // the claimed figure as the guide words it
  double claimed_low, claimed_high;
  msg::Id unit;
  const char* request;  // JSON, its keys in order (written back as parsed)
  // The computed figure from the response; `estimate` lets a claim run a second request.
  double (*computed)(const Value& response, Lang lang, Estimate estimate);
};

std::string dump(const Value& doc) {
  jsonio::Writer w;
  w.value(doc);
  return w.take();
}

Value ask(const Value& request, Lang lang) {
  Value r = request;
  r["lang"] = lang_name(lang);
  const std::string reply = estimate_json(dump(r));
  return jsonio::parse_own(reply);
}

// The value at `path` in the core's own reply, or null where the reply has none.
const Value& at(const Value& v, std::initializer_list<const char*> path) {
  static const Value none = Value();
  const Value* x = &v;
  for (const char* key : path)
    if (!(x = find(*x, key))) return none;
  return *x;
}
double number_at(const Value& v, std::initializer_list<const char*> path) { return at(v, path).get<double>(); }
bool flag(const Value& v, const char* key, bool fallback) {
  const Value& f = at(v, {key});
  return f.is_boolean() ? f.get<bool>() : fallback;
}
bool is_gpu(const Value& v, const char* gpu) { return at(v, {"gpu"}).get_ref<const std::string&>() == gpu; }  // "" when not a string

const Value* recommended(const Value& response) {
  for (const Value& o : at(response, {"result", "options"}))
    if (flag(o, "recommended", false)) return &o;
  return nullptr;
}

double min_gpus(const Value& response, const char* gpu) {
  for (const Value& m : at(response, {"result", "memory", "minGpus"}))
    if (is_gpu(m, gpu) && flag(m, "fits", false)) return number_at(m, {"count"});
  return 0;
}

// Every claim's figure is rounded once, to the four significant digits `computed` has, and
// written from that: the sentence and the number never disagree (1,361 beside 1,360). FLOPs as
// a power of ten; other large figures in the language's magnitudes ("611万", "6.11 million").
constexpr int kFigureDigits = 4;
std::string figure(double computed, msg::Id unit, Lang lang) {
  const double x = round_sig(computed, kFigureDigits);
  if (unit == msg::unit_flops) return format_power(x, kFigureDigits);
  if (x >= 1e6) return format_count(lang, x, kFigureDigits);
  if (x == std::floor(x)) return format_int(x);
  return format_sig(x, kFigureDigits);
}

double count(const Value& r, Lang, Estimate) { return number_at(r, {"result", "estimate", "count"}); }
double wall_days(const Value& r, Lang, Estimate) { return number_at(r, {"result", "estimate", "wallDays"}); }
double flops(const Value& r, Lang, Estimate) { return number_at(r, {"result", "compute", "flopsTotal"}); }
double min_a100s(const Value& r, Lang, Estimate) { return min_gpus(r, "a100-80gb"); }
double recommended_cost(const Value& r, Lang, Estimate) {
  const Value* o = recommended(r);
  return o ? number_at(*o, {"cost", "amount"}) : 0.0;
}
double flops_over_7b(const Value& r, Lang lang, Estimate estimate) {
  const Value small = estimate(jsonio::parse_own(R"({"model":{"params":"7B"},"training":{"tokens":"2T"}})"), lang);
  return flops(r, lang, estimate) / flops(small, lang, estimate);
}
double cheapest_one_a100(const Value& r, Lang, Estimate) {
  double cheapest = 0;  // the cheapest single-A100 offer that runs it
  for (const Value& o : at(r, {"result", "options"})) {
    const Value& cost = at(o, {"cost", "amount"});
    if (is_gpu(o, "a100-80gb") && flag(o, "fits", false) && cost.is_number() && number_at(o, {"count"}) == 1)
      if (cheapest == 0 || cost.get<double>() < cheapest) cheapest = cost.get<double>();
  }
  return cheapest;
}

// The guide's example: 6 x 7e9 x 2e12 FLOPs at 180 of the A100's 312 TFLOP/s (its "50-60 %"):
// mfu 0.5769230769230769 is 180.0 / 312.0. Llama 3 8B's 1.2e23 FLOPs, the guide's figure, are
// 2490660024906.6 tokens at 6 x 8.03e9 FLOPs per token. LoRA: a typical instruction-tuning set,
// 52,000 examples of about 350 tokens, 3 epochs (Alpaca).
const Claim kClaims[] = {
    {"gpus-for-5-days", msg::claim_gpus_for_5_days, msg::claimed_about_1_08, 1.08, 1.08, msg::unit_gpus,
     R"({"efficiency":{"mfu":0.5769230769230769},"goal":{"days":5},"hardware":{"gpu":"a100-80gb"},"model":{"params":"7B"},"training":{"tokens":"2T"}})",
     count},
    {"eight-a100-7b-2t", msg::claim_eight_a100_days, msg::claimed_3_to_5_days, 3, 5, msg::unit_days,
     R"({"hardware":{"count":8,"gpu":"a100-80gb"},"model":{"params":"7B"},"training":{"tokens":"2T"}})", wall_days},
    {"one-a100-7b-2t", msg::claim_one_a100_days, msg::claimed_about_40_days, 40, 40, msg::unit_days,
     R"({"hardware":{"count":1,"gpu":"a100-80gb"},"model":{"params":"7B"},"training":{"tokens":"2T"}})", wall_days},
    {"eight-a100-7b-1t", msg::claim_eight_a100_1t_days, msg::claimed_about_3_days, 3, 3, msg::unit_days,
     R"({"hardware":{"count":8,"gpu":"a100-80gb"},"model":{"params":"7B"},"training":{"tokens":"1T"}})", wall_days},
    {"llama-3-8b-flops", msg::claim_llama3_flops, msg::claimed_1_2e23, 1.2e23, 1.2e23, msg::unit_flops,
     R"({"model":{"preset":"llama-3-8b"},"training":{"tokens":"15T"}})", flops},
    {"llama-3-8b-one-a100", msg::claim_llama3_one_a100, msg::claimed_about_50_days, 50, 50, msg::unit_days,
     R"({"hardware":{"count":1,"gpu":"a100-80gb"},"model":{"preset":"llama-3-8b"},"training":{"tokens":2490660024906.6}})",
     wall_days},
    {"seventy-b-min-a100", msg::claim_70b_min_a100, msg::claimed_at_least_8, 8, 8, msg::unit_gpus,
     R"({"model":{"params":"70B"},"training":{"tokens":"2T"}})", min_a100s},
    {"seven-b-min-a100", msg::claim_7b_min_a100, msg::claimed_2_to_3, 2, 3, msg::unit_gpus,
     R"({"model":{"params":"7B"},"training":{"tokens":"2T"}})", min_a100s},
    {"seventy-b-cost", msg::claim_70b_cost, msg::claimed_tens_of_wan, 1e5, 1e6, msg::unit_cny,
     R"({"goal":{"currency":"CNY","days":30},"model":{"params":"70B"},"training":{"tokens":"2T"}})", recommended_cost},
    {"ten-x-params", msg::claim_ten_x_params, msg::claimed_about_1000x, 1000, 1000, msg::unit_times,
     R"({"model":{"params":"70B"},"training":{"tokens":"2T"}})", flops_over_7b},
    {"finetune-7b-one-a100", msg::claim_finetune_7b, msg::claimed_under_1000_cny, 0, 1000, msg::unit_cny,
     R"({"goal":{"currency":"CNY"},"hardware":{"count":1,"gpu":"a100-80gb"},"model":{"params":"7B"},)"
     R"("training":{"epochs":3,"examples":52000,"mode":"lora","seqLen":2048,"tokensPerExample":350}})",
     cheapest_one_a100},
};

}  // namespace

std::string claims_document(Lang lang) {
  jsonio::Writer w;
  w.begin_object().key("claims").begin_array();
  for (const Claim& c : kClaims) {
    Value request = jsonio::parse_own(c.request);
    request["lang"] = lang_name(lang);
    const Value response = ask(request, lang);
    const bool ok = flag(response, "ok", false);
    const double computed = ok ? c.computed(response, lang, ask) : 0;
    // Within the claimed range widened by a quarter either way: a guide's round figure.
    const double low = c.claimed_low / 1.25, high = c.claimed_high * 1.25;
    const char* verdict = !ok || computed <= 0 ? "not_computed" : computed < low ? "too_high" : computed > high ? "too_low" : "agrees";
    const double factor = computed > high ? computed / c.claimed_high : computed > 0 && computed < low ? c.claimed_low / computed : 1;
    msg::Id explanation = std::string(verdict) == "agrees" ? msg::verdict_agrees
                          : std::string(verdict) == "too_low" ? msg::verdict_claim_too_low
                          : std::string(verdict) == "too_high" ? msg::verdict_claim_too_high
                                                               : msg::verdict_not_computed;
    std::string text = say(lang, explanation, {{"factor", factor >= 10 ? format_int(factor) : format_sig(factor, 2)},
                                                {"computed", figure(computed, c.unit, lang)}, {"unit", say(lang, c.unit)}});
    if (ok && at(response, {"result", "estimate"}).is_object() && !flag(at(response, {"result", "estimate"}), "fits", true))
      text += say(lang, msg::verdict_does_not_fit);
    // Members in the order nlohmann's sorted objects wrote them before (the page and tests read
    // them by name; the bytes stay those of earlier versions).
    w.begin_object().str("claim", say(lang, c.text)).key("claimed");
    if (c.claimed_low == c.claimed_high)
      w.number(c.claimed_low);
    else
      w.begin_array().number(c.claimed_low).number(c.claimed_high).end_array();
    w.str("claimedText", say(lang, c.claimed_text))
        .num("computed", round_sig(computed, kFigureDigits))
        .str("explanation", text)
        .str("id", c.id)
        .key("request")
        .value(request)
        .str("unit", say(lang, c.unit))
        .str("verdict", verdict)
        .end_object();
  }
  return w.end_array().end_object().take();
}

}  // namespace gpusizer
