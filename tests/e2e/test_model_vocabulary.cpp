#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "gpusizer/api.hpp"

using nlohmann::json;

namespace {

json estimate(const json& model) {
  const json r = json::parse(gpusizer::estimate_json(
      json{{"model", model}, {"training", {{"tokens", "1T"}}}, {"hardware", {{"gpu", "h100-80gb"}, {"count", 64}}}}.dump()));
  REQUIRE(r["ok"] == true);
  return r["result"];
}

// What must not differ between two descriptions of the same model.
void same_answer(const json& a, const json& b) {
  CHECK(a["compute"] == b["compute"]);
  CHECK(a["memory"]["perGpu"] == b["memory"]["perGpu"]);
  CHECK(a["estimate"]["gpuHours"] == b["estimate"]["gpuHours"]);
  CHECK(a["estimate"]["parallelism"] == b["estimate"]["parallelism"]);
}

}  // namespace

TEST_CASE("every preset sent as its fields answers as the preset does", "[model]") {
  const json catalog = json::parse(gpusizer::catalog_json());
  REQUIRE(catalog["models"].size() >= 17);
  for (const json& preset : catalog["models"]) {
    json inline_model = preset;
    for (const char* key : {"id", "name", "source", "notes"}) inline_model.erase(key);
    INFO(preset["id"]);
    same_answer(estimate({{"preset", preset["id"]}}), estimate(inline_model));
  }
}

TEST_CASE("a Hugging Face config.json answers as the preset of the same model", "[model]") {
  const std::pair<const char*, json> cases[] = {
      {"llama-2-7b",
       {{"model_type", "llama"}, {"hidden_size", 4096}, {"intermediate_size", 11008}, {"num_attention_heads", 32},
        {"num_hidden_layers", 32}, {"num_key_value_heads", 32}, {"vocab_size", 32000}, {"hidden_act", "silu"}}},
      {"llama-3-8b",
       {{"model_type", "llama"}, {"hidden_size", 4096}, {"intermediate_size", 14336}, {"num_attention_heads", 32},
        {"num_hidden_layers", 32}, {"num_key_value_heads", 8}, {"vocab_size", 128256}, {"tie_word_embeddings", false}}},
      {"qwen2.5-7b",
       {{"model_type", "qwen2"}, {"hidden_size", 3584}, {"intermediate_size", 18944}, {"num_attention_heads", 28},
        {"num_hidden_layers", 28}, {"num_key_value_heads", 4}, {"vocab_size", 152064}, {"tie_word_embeddings", false}}},
      {"mixtral-8x7b",
       {{"model_type", "mixtral"}, {"hidden_size", 4096}, {"intermediate_size", 14336}, {"num_attention_heads", 32},
        {"num_hidden_layers", 32}, {"num_key_value_heads", 8}, {"num_local_experts", 8}, {"num_experts_per_tok", 2},
        {"vocab_size", 32000}}},
      {"deepseek-v3",
       {{"model_type", "deepseek_v3"}, {"hidden_size", 7168}, {"intermediate_size", 18432}, {"moe_intermediate_size", 2048},
        {"num_hidden_layers", 61}, {"num_attention_heads", 128}, {"num_key_value_heads", 128}, {"n_shared_experts", 1},
        {"n_routed_experts", 256}, {"num_experts_per_tok", 8}, {"first_k_dense_replace", 3}, {"q_lora_rank", 1536},
        {"kv_lora_rank", 512}, {"qk_nope_head_dim", 128}, {"qk_rope_head_dim", 64}, {"v_head_dim", 128},
        {"vocab_size", 129280}}},
  };
  for (const auto& [id, config] : cases) {
    INFO(id);
    const json preset = estimate({{"preset", id}});
    const json from_config = estimate({{"hfConfig", config}});
    CHECK(from_config["model"]["params"] == preset["model"]["params"]);
    CHECK(from_config["model"]["shapeSource"] == "config");
    CHECK(from_config["estimate"]["gpuHours"] == preset["estimate"]["gpuHours"]);
  }
}

TEST_CASE("a config.json the reader cannot use names the keys it could not read", "[model]") {
  const json r = json::parse(gpusizer::estimate_json(
      json{{"model", {{"hfConfig", {{"model_type", "llama"}, {"hidden_size", 4096}}}}}, {"training", {{"tokens", "1T"}}}}.dump()));
  REQUIRE(r["ok"] == false);
  CHECK(r["error"]["code"] == "missing_field");
  CHECK(r["error"]["path"] == "/model/hfConfig");
  const std::string message = r["error"]["message"];
  for (const char* key : {"num_hidden_layers", "num_attention_heads", "vocab_size", "intermediate_size"})
    CHECK(message.find(key) != std::string::npos);
}

TEST_CASE("adding experts to a dense preset recomputes its size, never leaves it inconsistent", "[model]") {
  const json dense = estimate({{"preset", "llama-2-7b"}});
  const json moe = estimate({{"preset", "llama-2-7b"}, {"experts", 8}, {"expertsPerToken", 2}});
  CHECK(moe["model"]["params"].get<double>() > 4 * dense["model"]["params"].get<double>());
  CHECK(moe["memory"]["perGpu"]["totalBytes"].get<double>() > 0);
}
