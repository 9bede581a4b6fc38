#include "model/model.hpp"

#include <algorithm>
#include <cmath>

namespace gpusizer {

ModelSpec spec_of(const ModelPreset& p) {
  ModelSpec spec;
  spec.preset = p.id;
  spec.name = p.name;
  spec.params = p.params;
  spec.active_params = p.active_params;
  spec.layers = p.layers;
  spec.hidden = p.hidden;
  spec.heads = p.heads;
  spec.kv_heads = p.kv_heads ? p.kv_heads : p.heads;
  spec.ffn_hidden = p.ffn_hidden;
  spec.vocab = p.vocab;
  spec.head_size = p.head_dim;
  spec.gated_mlp = p.activation == "swiglu";
  spec.tied_embeddings = p.tied_embeddings;
  spec.experts = p.experts;
  spec.experts_per_token = p.experts_per_token;
  spec.expert_ffn_hidden = p.expert_ffn_hidden;
  spec.shared_experts = p.shared_experts;
  spec.dense_layers = p.dense_layers;
  spec.architecture_known = p.layers > 0 && p.hidden > 0 && p.heads > 0;
  return spec;
}

void infer_architecture(ModelSpec& m) {
  // P = 12 L h^2 with L = h / 128  =>  h = cbrt(128 P / 12), rounded to a multiple of 128
  // (the rounding also absorbs any last-bit difference between libm implementations).
  const double h_exact = std::cbrt(128.0 * m.params / 12.0);
  const int hidden = std::max(128, static_cast<int>(std::lround(h_exact / 128.0)) * 128);
  m.hidden = hidden;
  m.layers = std::max(1, hidden / 128);
  m.heads = std::max(1, hidden / 128);
  m.kv_heads = m.heads;
  m.gated_mlp = true;
  m.ffn_hidden = std::max(256, static_cast<int>(std::lround(hidden * 8.0 / 3.0 / 256.0)) * 256);
  m.vocab = 32000;
  if (m.embedding_params() > 0.5 * m.params) m.vocab = 0;  // tiny model: ignore the vocabulary
  m.architecture_known = false;
}

}  // namespace gpusizer
