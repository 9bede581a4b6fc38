// A shape for a model known only by its size, built the way the dense families of the default
// catalog are (Llama 2 / 3, Qwen2.5, Mistral; configs on Hugging Face):
// - width grows with size as theirs does (anchors below), a multiple of 1,024 so the heads
//   and the eight key/value groups split evenly over tensor-parallel ranks;
// - 128-wide heads (64-wide below a 2,048 width, as Llama 3.2 1B and Qwen2.5 0.5B/1.5B);
// - grouped-query attention with 8 key/value heads, as Llama 3, Qwen2.5 and Mistral use at
//   every size (Llama 2 only from 34B), and the SwiGLU FFN of 8h/3 widened by 1.3 to keep the
//   parameters, rounded up to a multiple of 1,024 as Llama's `ffn_dim_multiplier` and
//   `multiple_of` do: 4096 -> 14336 (Llama 3 8B, Mistral 7B), 8192 -> 28672 (70B);
// - the layer count that gives the size, rounded to a multiple of 4 (Llama: 16, 32, 80), and
//   the FFN width (a multiple of 256) that brings the parameters back to the size;
// - a 32,000-token vocabulary (Llama 2, Mistral), embeddings tied below 2B (Llama 3.2 1B,
//   Qwen2.5 0.5B).
#include <algorithm>
#include <cmath>

#include "model/model.hpp"

namespace gpusizer {
namespace {

struct Anchor {
  double params;
  double hidden;
};

// Width by size: Qwen2.5 0.5B, Llama 3.2 1B, Llama 2 7B, 13B, 70B, Llama 3.1 405B.
constexpr Anchor kWidths[] = {{4.94e8, 896}, {1.24e9, 2048}, {6.74e9, 4096}, {1.30e10, 5120}, {6.90e10, 8192}, {4.06e11, 16384}};
constexpr int kAnchors = sizeof(kWidths) / sizeof(kWidths[0]);
constexpr double kTiedBelowParams = 2e9;

// Width for a size: linear between anchors; beyond them width grows as the cube root of the
// size (P ~ 12 L h^2 with L ~ h). The result is rounded to a multiple of 512 or 1,024, which
// also absorbs any last-bit difference of cbrt between platforms.
double width_for(double params) {
  if (params <= kWidths[0].params) return kWidths[0].hidden * std::cbrt(params / kWidths[0].params);
  for (int i = 1; i < kAnchors; ++i)
    if (params <= kWidths[i].params) {
      const Anchor& a = kWidths[i - 1];
      const Anchor& b = kWidths[i];
      return a.hidden + (params - a.params) / (b.params - a.params) * (b.hidden - a.hidden);
    }
  const Anchor& last = kWidths[kAnchors - 1];
  return last.hidden * std::cbrt(params / last.params);
}

int round_up(double x, int step) { return static_cast<int>(std::ceil(x / step - 1e-9)) * step; }

}  // namespace

void infer_architecture(Model& m) {
  const double p = m.active_params > 0 ? m.active_params : m.params;
  const int step = 1024;
  const int hidden = std::max(step, static_cast<int>(std::lround(width_for(p) / step)) * step);
  const int head = hidden < 2048 ? 64 : 128;
  m.hidden = hidden;
  m.heads = std::max(1, hidden / head);
  m.kv_heads = 1;
  for (int kv = 8; kv > 1; --kv)  // the most groups up to 8 that divide the heads
    if (m.heads % kv == 0) {
      m.kv_heads = kv;
      break;
    }
  m.head_dim = 0;
  m.activation = Activation::swiglu;
  m.attention = m.kv_heads < m.heads ? "gqa" : "mha";
  m.ffn_hidden = round_up(hidden * 8.0 / 3.0 * 1.3, 1024);
  m.vocab = 32000;
  m.tied_embeddings = p < kTiedBelowParams;
  m.experts = m.experts_per_token = m.expert_ffn_hidden = m.shared_experts = m.dense_layers = 0;
  // Layers that give the size: params_from_shape of one layer, the rest for embeddings.
  m.layers = 1;
  const double one_layer = params_from_shape(m) - m.embedding_params() - hidden;
  const double per_layer = one_layer;
  double layers = (p - m.embedding_params() - hidden) / per_layer;
  if (layers < 2 && m.embedding_params() > 0.5 * p) {  // tiny model: the vocabulary would be most of it
    m.vocab = 0;
    layers = (p - hidden) / per_layer;
  }
  m.layers = layers >= 8 ? std::max(8, static_cast<int>(std::lround(layers / 4)) * 4)
                         : std::max(1, static_cast<int>(std::lround(layers)));
  // Past about 2e14 parameters the cube-root width would need more layers than a model may
  // have (kMaxLayers): the FFN grows instead.
  m.layers = std::min(m.layers, kMaxLayers);
  // The layers were rounded: the FFN takes up the difference, so the shape holds the size typed
  // (7B: 32 layers with a 13,824-wide FFN, between Llama 2 7B's 11,008 and Mistral's 14,336).
  const int ffn = m.ffn_hidden;
  m.ffn_hidden = 0;
  const double without_ffn = params_from_shape(m);
  m.ffn_hidden = ffn;
  const double ffn_params_per_unit = (params_from_shape(m) - without_ffn) / ffn;  // 3 h L
  const double wanted = (p - without_ffn) / ffn_params_per_unit;
  if (wanted > hidden) m.ffn_hidden = static_cast<int>(std::lround(wanted / 256)) * 256;
  m.architecture_known = false;
}

}  // namespace gpusizer
