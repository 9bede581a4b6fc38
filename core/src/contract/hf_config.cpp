#include "contract/hf_config.hpp"

#include <vector>

namespace gpusizer::jsonio {
namespace {

// The family conventions a config leaves unsaid (Hugging Face transformers' modeling files).
struct Family {
  const char* model_type;
  bool gated;          // gate + up + down FFN (SwiGLU/GeGLU) vs up + down (GELU)
  bool qkv_bias;       // biases on the Q, K, V projections (Qwen2)
  bool all_bias;       // biases on every linear layer and norm (GPT-NeoX)
  bool tied_default;   // tie_word_embeddings when the config omits it
  int norms_per_layer;
};

constexpr Family kFamilies[] = {
    {"llama", true, false, false, false, 2},        {"mistral", true, false, false, false, 2},
    {"mixtral", true, false, false, false, 2},      {"qwen2", true, true, false, false, 2},
    {"qwen2_moe", true, true, false, false, 2},     {"qwen3", true, false, false, false, 2},
    {"qwen3_moe", true, false, false, false, 2},    {"deepseek_v2", true, false, false, false, 2},
    {"deepseek_v3", true, false, false, false, 2},  {"gemma", true, false, false, true, 2},
    {"gemma2", true, false, false, true, 4},        {"gemma3_text", true, false, false, true, 4},
    {"gpt_neox", false, false, true, false, 2},     {"falcon", false, false, false, true, 2},
};

class ConfigReader {
 public:
  ConfigReader(Reader& r, const Value& c, const std::string& path) : r_(r), c_(c), path_(path) {}

  // A whole number at the first of `keys` present; remembers the first key as missing. A size
  // the architecture is built of (required, or `positive`) is at least 1, refused at its key.
  int whole(std::initializer_list<const char*> keys, bool required, int fallback = 0, int max = 100000000,
            bool positive = false) {
    for (const char* key : keys)
      if (const Value* v = find(c_, key); v && !v->is_null())
        return r_.read_int(*v, pointer(path_, key), required || positive ? 1 : 0, max);
    if (required) missing_.push_back(*keys.begin());
    return fallback;
  }
  bool flag(const char* key, bool fallback) {
    const Value* v = find(c_, key);
    return v && v->is_boolean() ? v->get<bool>() : fallback;
  }
  std::string text(const char* key) {
    const Value* v = find(c_, key);
    return v && v->is_string() ? v->get<std::string>() : std::string();
  }
  bool has(const char* key) const {
    const Value* v = find(c_, key);
    return v && !v->is_null();
  }
  void check() {
    if (missing_.empty()) return;
    std::string keys;
    for (const std::string& k : missing_) keys += (keys.empty() ? "" : say(r_.lang(), msg::list_separator)) + k;
    r_.fail(errc::missing_field, path_, msg::error_hf_config_keys, {{"keys", keys}, {"type", text("model_type")}});
  }

 private:
  Reader& r_;
  const Value& c_;
  std::string path_;
  std::vector<std::string> missing_;
};

}  // namespace

void read_hf_config(Reader& r, const Value& config, const std::string& path, Model& m) {
  r.expect_object(config, path);
  ConfigReader c(r, config, path);
  const std::string type = c.text("model_type");
  const Family* family = nullptr;
  for (const Family& f : kFamilies)
    if (type == f.model_type) family = &f;
  if (!family) {
    static constexpr Family kLlamaLike = {"", true, false, false, false, 2};
    family = &kLlamaLike;
    r.warn(warnc::assumed_value, pointer(path, "model_type"), msg::warning_hf_config_family, {{"type", type}});
  }
  const bool falcon = type == "falcon", neox = type == "gpt_neox";
  const bool deepseek = type == "deepseek_v2" || type == "deepseek_v3";
  const bool qwen_moe = type == "qwen2_moe" || type == "qwen3_moe";

  Model out;
  out.name = c.text("_name_or_path");
  out.hidden = c.whole({"hidden_size", "n_embd", "d_model"}, true);
  out.layers = c.whole({"num_hidden_layers", "n_layer", "num_layers"}, true, 0, kMaxLayers);
  out.heads = c.whole({"num_attention_heads", "n_head"}, true);
  out.vocab = c.whole({"vocab_size"}, true);
  if (falcon) {
    // Falcon: the new decoder (40B, 180B) names its KV groups; the old one (7B) is multi-query.
    const bool new_arch = c.flag("new_decoder_architecture", false);
    out.kv_heads = new_arch ? c.whole({"num_kv_heads", "n_head_kv"}, true) : c.flag("multi_query", true) ? 1 : out.heads;
    out.ffn_hidden = c.whole({"ffn_hidden_size"}, false, 4 * out.hidden);
  } else {
    out.kv_heads = c.whole({"num_key_value_heads"}, false, out.heads, 100000000, true);
    out.ffn_hidden = c.whole({"intermediate_size", "ffn_hidden_size", "n_inner"}, !deepseek || c.has("first_k_dense_replace"),
                             4 * out.hidden, 100000000, true);
  }
  out.head_dim = c.whole({"head_dim"}, false);
  const std::string act = c.text("hidden_act").empty() ? c.text("hidden_activation") : c.text("hidden_act");
  out.activation = !family->gated ? Activation::gelu
                   : act.rfind("gelu", 0) == 0 ? Activation::geglu
                                               : Activation::swiglu;
  out.tied_embeddings = c.flag("tie_word_embeddings", family->tied_default);

  // Experts: Mixtral, Qwen-MoE and DeepSeek each name them differently.
  out.experts = c.whole({"num_local_experts", "num_experts", "n_routed_experts"}, false, 0, kMaxExperts);
  if (out.experts > 1) {
    out.experts_per_token = c.whole({"num_experts_per_tok", "moe_topk"}, true);
    out.expert_ffn_hidden = c.whole({"moe_intermediate_size"}, false, out.ffn_hidden);
    if (deepseek) {
      out.shared_experts = c.whole({"n_shared_experts"}, false);
      out.dense_layers = c.whole({"first_k_dense_replace"}, false);
    } else if (qwen_moe && out.expert_ffn_hidden > 0) {
      // One shared expert as wide as several routed ones: counted in routed-expert widths.
      out.shared_experts = c.whole({"shared_expert_intermediate_size"}, false) / out.expert_ffn_hidden;
    }
  }
  double attention_extra = 0;  // per layer, beyond what params_from_shape counts
  if (deepseek) {
    // Multi-head latent attention (DeepSeek-V2 sec. 2.1): low-rank Q (when q_lora_rank) and a
    // compressed KV of kv_lora_rank plus a shared rotary key, each with its norm.
    const double h = out.hidden, a = out.heads;
    const double q_lora = c.whole({"q_lora_rank"}, false), kv_lora = c.whole({"kv_lora_rank"}, true);
    const double nope = c.whole({"qk_nope_head_dim"}, true), rope = c.whole({"qk_rope_head_dim"}, true);
    const double v = c.whole({"v_head_dim"}, true);
    const double q = q_lora > 0 ? h * q_lora + q_lora + q_lora * a * (nope + rope) : h * a * (nope + rope);
    const double kv = h * (kv_lora + rope) + kv_lora + kv_lora * a * (nope + v);
    const double o = a * v * h;
    out.kv_heads = out.heads;
    out.attention = "mla";
    // The query-key and value head sizes differ; their mean makes 12 L H Q T count both matmuls.
    out.head_dim = static_cast<int>((nope + rope + v) / 2);
    c.check();
    attention_extra = q + kv + o;
    const double standard = params_from_shape(out);
    const double standard_attention = 2.0 * h * a * out.head_width() + 2.0 * h * out.kv_heads * out.head_width();
    out.params = standard + out.layers * (attention_extra - standard_attention);
    // DeepSeek-V3 adds a routing bias per expert (e_score_correction_bias).
    if (type == "deepseek_v3") out.params += static_cast<double>(out.moe_layers()) * out.experts;
  } else {
    c.check();
    out.params = params_from_shape(out);
  }
  if (out.kv_heads > 0 && out.kv_heads < out.heads) out.attention = out.kv_heads == 1 ? "mqa" : "gqa";
  const double h = out.hidden, d = out.head_width();
  if (family->qkv_bias) attention_extra = out.heads * d + 2.0 * out.kv_heads * d;
  if (family->all_bias) attention_extra = 3.0 * out.heads * d + h + out.ffn_hidden + h + 2 * h;  // + norm biases
  if (!deepseek) out.params += out.layers * attention_extra + (neox ? h : 0);  // NeoX final norm bias
  if (family->norms_per_layer > 2) out.params += (family->norms_per_layer - 2) * h * out.layers;
  if (type == "qwen3" || type == "qwen3_moe") out.params += 2.0 * d * out.layers;  // q_norm, k_norm
  out.active_params = out.is_moe() ? out.params - (params_from_shape(out) - active_params_from_shape(out)) : out.params;
  out.architecture_known = true;
  // Keep what the request had that a config does not say (its context length, a name given).
  out.seq_len = m.seq_len;
  if (out.name.empty()) out.name = m.name;
  m = out;
}

}  // namespace gpusizer::jsonio
