#include <set>

#include <catch2/catch.hpp>

#include "support.hpp"

using gpusizer::test::run;
using gpusizer::test::run_text;
using nlohmann::json;

namespace {

json base() { return {{"model", {{"params", "7B"}}}, {"training", {{"tokens", "2T"}}}}; }

void expect_error(const json& response, const std::string& code, const std::string& path) {
  INFO(response.dump());
  REQUIRE(response["ok"] == false);
  CHECK(response["schemaVersion"] == 1);
  CHECK(response["error"]["code"] == code);
  CHECK(response["error"]["path"] == path);
  CHECK_FALSE(response["error"]["message"].get<std::string>().empty());
}

}  // namespace

TEST_CASE("malformed JSON is an error, not a crash", "[request]") {
  for (const char* text : {"", "{", "{not json", "[1,2", "\"\\u12\"", "{\"a\":}", "nul"}) {
    INFO(text);
    expect_error(run_text(text), "invalid_json", "");
  }
}

TEST_CASE("a parse error quoting half a character still answers (found by fuzzing)", "[request]") {
  // The parser's message quotes what it last read, which can end inside a UTF-8 sequence.
  const std::string broken = std::string("{\"model\": 亿") + "\xe4\xba";
  const json r = run_text(broken);
  CHECK(r["ok"] == false);
  CHECK(r["error"]["code"] == "invalid_json");
}

TEST_CASE("a request must be an object with a model and tokens", "[request]") {
  expect_error(run_text("[]"), "invalid_type", "");
  expect_error(run_text("42"), "invalid_type", "");
  expect_error(run({{"training", {{"tokens", "2T"}}}}), "missing_field", "/model");
  expect_error(run({{"model", {{"params", "7B"}}}}), "missing_field", "/training");
  expect_error(run({{"model", json::object()}, {"training", {{"tokens", "2T"}}}}), "missing_field", "/model/params");
  expect_error(run({{"model", {{"params", "7B"}}}, {"training", json::object()}}), "missing_field",
               "/training/tokens");
}

TEST_CASE("every bad value names its field", "[request]") {
  struct Case {
    const char* patch;  // merged into a good request (RFC 7386)
    const char* code;
    const char* path;
  };
  const Case cases[] = {
      {R"({"model": {"params": "-5"}})", "invalid_value", "/model/params"},
      {R"({"model": {"params": "abc"}})", "invalid_value", "/model/params"},
      {R"({"model": {"params": 0}})", "invalid_value", "/model/params"},
      {R"({"model": {"params": true}})", "invalid_type", "/model/params"},
      {R"({"model": {"params": 1e300}})", "invalid_value", "/model/params"},
      {R"({"model": {"preset": "llama-9"}})", "unknown_preset", "/model/preset"},
      {R"({"model": {"preset": 7}})", "invalid_type", "/model/preset"},
      {R"({"model": {"layers": 2.5}})", "invalid_value", "/model/layers"},
      {R"({"model": {"layers": 32, "hidden": 4096, "heads": 32, "kvHeads": 5}})", "invalid_value", "/model/kvHeads"},
      {R"({"model": {"activeParams": "8B"}})", "invalid_value", "/model/activeParams"},
      {R"({"training": {"tokens": "abc"}})", "invalid_value", "/training/tokens"},
      {R"({"training": {"mode": "rlhf"}})", "invalid_value", "/training/mode"},
      {R"({"training": {"precision": "fp4"}})", "invalid_value", "/training/precision"},
      {R"({"training": {"seqLen": -1}})", "invalid_value", "/training/seqLen"},
      {R"({"training": {"epochs": "zero"}})", "invalid_value", "/training/epochs"},
      {R"({"training": {"flashAttention": "yes"}})", "invalid_type", "/training/flashAttention"},
      {R"({"training": {"kernels": "triton"}})", "invalid_value", "/training/kernels"},
      {R"({"hardware": {"gpu": "no-such-gpu", "count": 1}})", "unknown_gpu", "/hardware/gpu"},
      {R"({"hardware": {"gpu": "a100-80gb", "count": 0}})", "invalid_value", "/hardware/count"},
      {R"({"hardware": {"count": 8}})", "missing_field", "/hardware/gpu"},
      {R"({"hardware": "a100"})", "invalid_type", "/hardware"},
      {R"({"goal": {"days": -3}})", "invalid_value", "/goal/days"},
      {R"({"goal": {"currency": "EUR"}})", "invalid_value", "/goal/currency"},
      {R"({"goal": {"budget": "lots"}})", "invalid_value", "/goal/budget"},
      {R"({"efficiency": {"mfu": 1.5}})", "invalid_value", "/efficiency/mfu"},
      {R"({"efficiency": {"mfu": 0}})", "invalid_value", "/efficiency/mfu"},
      {R"({"lang": "fr"})", "invalid_value", "/lang"},
      {R"({"schemaVersion": 2})", "unsupported_version", "/schemaVersion"},
      {R"({"catalog": {"offers": [{"id": "x"}]}})", "missing_field", "/catalog/offers/0/provider"},
      {R"({"catalog": {"offers": [{"id": "x", "provider": "P", "gpu": "nope"}]}})", "unknown_gpu",
       "/catalog/offers/0/gpu"},
      {R"({"catalog": {"gpus": [{"id": "x", "memoryGiB": 80, "peakTflops": {}}]}})", "invalid_value",
       "/catalog/gpus/0/peakTflops"},
  };
  for (const Case& c : cases) {
    json request = base();
    request.merge_patch(json::parse(c.patch));
    INFO(c.patch);
    expect_error(run(request), c.code, c.path);
  }
}

TEST_CASE("training.kernels follows the mode unless the request sets it", "[request]") {
  auto kernels = [](const json& training) {
    const json r = run({{"model", {{"preset", "llama-2-7b"}}}, {"training", training}});
    INFO(r.dump().substr(0, 300));
    REQUIRE(r["ok"] == true);
    return r["result"]["training"]["kernels"].get<std::string>();
  };
  CHECK(kernels({{"tokens", "1B"}}) == "fused");
  CHECK(kernels({{"tokens", "1B"}, {"mode", "lora"}}) == "eager");
  CHECK(kernels({{"tokens", "1B"}, {"mode", "full-finetune"}, {"kernels", "fused"}}) == "fused");
  CHECK(kernels({{"tokens", "1B"}, {"kernels", "eager"}}) == "eager");
}

TEST_CASE("a GPU may be named as people write it, when the name means one GPU", "[request]") {
  auto gpus_of = [](const std::string& written) {
    json req = base();
    req["hardware"] = {{"gpu", written}, {"count", 8}};
    const json r = run(req);
    INFO(r.dump().substr(0, 300));
    REQUIRE(r["ok"] == true);
    std::set<std::string> within;  // the options that meet every constraint, the GPU among them
    for (const json& o : r["result"]["options"])
      if (o["outside"].empty()) within.insert(o["gpu"].get<std::string>());
    return within;
  };
  CHECK(gpus_of("rtx-4090") == std::set<std::string>{"rtx-4090"});
  CHECK(gpus_of("RTX 4090") == std::set<std::string>{"rtx-4090"});
  CHECK(gpus_of("NVIDIA A100-SXM4-80GB") == std::set<std::string>{"a100-80gb"});
  CHECK(gpus_of("英伟达 H800") == std::set<std::string>{"h800-80gb"});
  // "A100" is the 40 GB and the 80 GB card: it names neither, and the error says what is known.
  json req = base();
  req["hardware"] = {{"gpu", "A100"}};
  const json r = run(req);
  expect_error(r, "unknown_gpu", "/hardware/gpu");
  CHECK(r["error"]["message"].get<std::string>().find("a100-80gb") != std::string::npos);
}

TEST_CASE("eager kernels cost a LoRA job on one GPU its launches", "[request]") {
  // A 7B LoRA, one 512-token sequence per micro-batch on one A100: Python's launches cost an
  // eager stack about as much as the GPU work (the Qwen README's 7B LoRA steps take 150 ms per
  // micro-batch at 256 tokens, 350 ms at 1024), a fused stack next to nothing.
  auto rate = [](const char* kernels) {
    const json r = run({{"model", {{"preset", "llama-2-7b"}}},
                        {"training", {{"tokens", "100M"}, {"mode", "lora"}, {"seqLen", 512}, {"kernels", kernels}}},
                        {"hardware",
                         {{"gpu", "a100-80gb"},
                          {"count", 1},
                          {"parallelism", {{"microBatch", 1}, {"globalBatch", 8}, {"recompute", "full"}}}}}});
    INFO(r.dump().substr(0, 300));
    REQUIRE(r["ok"] == true);
    return r["result"]["estimate"]["tokensPerSecondPerGpu"].get<double>();
  };
  const double eager = rate("eager"), fused = rate("fused");
  CHECK(eager < 0.8 * fused);
  CHECK(eager > 0.3 * fused);
}

TEST_CASE("unknown fields are reported as warnings, not ignored silently", "[request]") {
  json request = base();
  request["model"]["param"] = "7B";
  const json r = run(request);
  REQUIRE(r["ok"] == true);
  bool warned = false;
  for (const json& w : r["warnings"]) warned = warned || (w["code"] == "unknown_field" && w["path"] == "/model/param");
  CHECK(warned);
}

TEST_CASE("a JSON-pointer path escapes / and ~ in keys", "[request]") {
  json request = base();
  request["goal"] = {{"a/b~c", 1}};
  const json r = run(request);
  bool found = false;
  for (const json& w : r["warnings"]) found = found || w["path"] == "/goal/a~1b~0c";
  CHECK(found);
}

TEST_CASE("numbers may be strings, also in Chinese", "[request]") {
  json request = {{"model", {{"params", "70亿"}}},
                  {"training", {{"tokens", "2万亿"}, {"seqLen", "4,096"}}},
                  {"goal", {{"budget", "50万"}, {"days", "30"}}}};
  const json r = run(request);
  REQUIRE(r["ok"] == true);
  CHECK(r["result"]["model"]["params"] == 7e9);
  CHECK(r["result"]["training"]["tokens"] == 2e12);
  CHECK(r["result"]["training"]["seqLen"] == 4096);
}

TEST_CASE("no response ever holds NaN or Infinity", "[request]") {
  // Extremes that could divide by zero or overflow.
  for (const json& patch : {json{{"model", {{"params", 1}}}, {"training", {{"tokens", 1}}}},
                            json{{"model", {{"params", 1e15}}}, {"training", {{"tokens", 1e18}}}},
                            json{{"training", {{"tokens", "2T"}, {"seqLen", 10000000}}}},
                            json{{"goal", {{"days", 1e-9}}}}}) {
    json request = base();
    request.merge_patch(patch);
    const std::string text = gpusizer::estimate_json(request.dump());
    INFO(patch.dump());
    // nlohmann writes a non-finite double as null; the contract never has a null.
    CHECK(text.find("null") == std::string::npos);
    CHECK(text.find("NaN") == std::string::npos);
    CHECK(text.find("Infinity") == std::string::npos);
    CHECK(json::parse(text).is_object());
  }
}
