#include "model/model.hpp"

#include <algorithm>

#include "common/numbers.hpp"
#include "gpusizer/error.hpp"

namespace gpusizer {
namespace {

double attention_params(const Model& m) {
  const double h = m.hidden, q = m.heads * m.head_width(), kv = m.kv_heads * m.head_width();
  return h * q + 2 * h * kv + q * h;  // Q, K, V, O
}

double ffn_params(const Model& m, double width, double matrices_of_width) {
  return (m.gated_mlp() ? 3 : 2) * m.hidden * width * matrices_of_width;
}

// Every layer's parameters with `routed` experts counted per MoE layer.
double sum_layers(const Model& m, double routed) {
  const double h = m.hidden;
  const double per_layer = attention_params(m) + 2 * h;  // two norms
  double total = per_layer * m.layers;
  if (m.is_moe()) {
    total += ffn_params(m, m.ffn_hidden, 1) * m.dense_layers;
    const double moe = ffn_params(m, m.expert_ffn(), routed + m.shared_experts) + h * m.experts;  // + router
    total += moe * m.moe_layers();
  } else {
    total += ffn_params(m, m.ffn_hidden, 1) * m.layers;
  }
  return total + m.embedding_params() + h;  // + final norm
}

}  // namespace

const char* activation_name(Activation a) {
  switch (a) {
    case Activation::swiglu: return "swiglu";
    case Activation::geglu: return "geglu";
    case Activation::gelu: return "gelu";
  }
  return "swiglu";
}

double params_from_shape(const Model& m) { return sum_layers(m, m.experts); }

double active_params_from_shape(const Model& m) { return sum_layers(m, m.experts_per_token); }

void complete_shape(Model& m, Lang lang, const std::string& path, std::vector<Warning>& warnings) {
  if (!m.kv_heads) m.kv_heads = m.heads;
  if (!m.ffn_hidden) {
    // Llama's FFN width: 2/3 of 4h for the gated form, rounded up to a multiple of 256; 4h
    // for GELU (GPT-2/3, GPT-NeoX).
    const int gated = (m.hidden * 8 / 3 + 255) / 256 * 256;
    m.ffn_hidden = m.gated_mlp() ? gated : 4 * m.hidden;
  }
  if (!m.vocab) {
    m.vocab = 32000;
    warnings.push_back({warnc::assumed_value, path + "/vocab", say(lang, msg::warning_vocab_assumed, {{"vocab", 32000}})});
  }
}

void check_model(const Model& m, Lang lang, const std::string& path) {
  auto fail = [&](const char* code, const char* field, msg::Id id, std::initializer_list<Arg> args = {}) {
    throw Error(code, path + "/" + field, say(lang, id, args));
  };
  auto at_most = [&](const char* field, int got, int min, int max) {
    if (got > max)
      fail(errc::invalid_value, field, msg::error_range_inclusive,
           {{"min", min}, {"max", format_int(max)}, {"got", format_int(got)}});
  };
  at_most("layers", m.layers, 1, kMaxLayers);
  at_most("experts", m.experts, 0, kMaxExperts);
  // A shape can describe more than the largest count a request may give.
  if (m.params > kMaxModelParams)
    fail(errc::invalid_value, "params", msg::error_params_too_many,
         {{"got", format_exact(round_sig(m.params, 3))}, {"max", format_exact(kMaxModelParams)}});
  if (m.has_shape()) {
    // Key/value heads must divide the heads; blame heads when it is the smaller one (a preset's
    // key/value heads kept while its heads were changed).
    if (m.kv_heads > m.heads)
      fail(errc::invalid_value, "heads", msg::error_heads_below_kv, {{"kv", m.kv_heads}, {"got", m.heads}});
    if (m.heads % m.kv_heads != 0)
      fail(errc::invalid_value, "kvHeads", msg::error_kv_heads_divide, {{"heads", m.heads}, {"got", m.kv_heads}});
    if (!m.head_dim && m.hidden % m.heads != 0)
      fail(errc::invalid_value, "heads", msg::error_heads_divide_hidden, {{"hidden", m.hidden}, {"got", m.heads}});
  }
  if (m.experts > 1) {
    if (m.experts_per_token < 1) fail(errc::missing_field, "expertsPerToken", msg::error_moe_needs_top_k);
    if (m.experts_per_token > m.experts) fail(errc::invalid_value, "expertsPerToken", msg::error_top_k_exceeds_experts);
    if (m.has_shape() && m.dense_layers >= m.layers)
      fail(errc::invalid_value, "denseLayers", msg::error_dense_layers, {{"layers", m.layers}});
  } else if (m.experts_per_token > 1) {
    fail(errc::invalid_value, "expertsPerToken", msg::error_top_k_exceeds_experts);
  }
  if (m.active_params > m.params) fail(errc::invalid_value, "activeParams", msg::error_active_exceeds_params);
  if (m.has_shape()) {
    if (m.embedding_params() >= m.params) fail(errc::invalid_value, "params", msg::error_params_below_embeddings);
    if (m.expert_params() >= m.params) fail(errc::invalid_value, "params", msg::error_params_below_experts);
  }
}

}  // namespace gpusizer
