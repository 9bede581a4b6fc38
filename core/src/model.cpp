#include "gpusizer/model.hpp"

#include <algorithm>
#include <cmath>

namespace gpusizer {

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
