#include <catch2/catch.hpp>

#include "footprint/memory.hpp"

using namespace gpusizer;
using Catch::Matchers::WithinRel;

namespace {

// GPT-3 175B as in Korthikanti et al. 2022, Table 3: a = 96, h = 12288, s = 2048, L = 96,
// GELU FFN of 4h, multi-head attention, dropout.
Model gpt3() {
  Model m;
  m.params = m.active_params = 175e9;
  m.layers = 96;
  m.hidden = 12288;
  m.heads = m.kv_heads = 96;
  m.ffn_hidden = 4 * 12288;
  m.vocab = 51200;
  m.activation = Activation::gelu;
  m.dropout = true;
  m.architecture_known = true;
  return m;
}

Parallelism tensor(int t, bool sp, Recompute r) {
  Parallelism p;
  p.tp = t;
  p.sequence_parallel = sp;
  p.recompute = r;
  return p;
}

}  // namespace

TEST_CASE("activations per layer match Korthikanti et al. eq. 1-5", "[memory]") {
  const Model m = gpt3();
  const double s = 2048, b = 1, h = 12288, a = 96;
  const double sbh = s * b * h;
  for (int t : {1, 2, 4, 8}) {
    INFO("t = " << t);
    // Tensor parallelism alone: sbh (10 + 24/t + 5as/(ht)).
    CHECK_THAT(layer_activation_bytes(m, 2048, 1, tensor(t, false, Recompute::none), false),
               WithinRel(sbh * (10 + 24.0 / t + 5 * a * s / (h * t)), 1e-12));
    // With sequence parallelism: sbh/t (34 + 5as/h).
    CHECK_THAT(layer_activation_bytes(m, 2048, 1, tensor(t, true, Recompute::none), false),
               WithinRel(sbh / t * (34 + 5 * a * s / h), 1e-12));
    // Selective recomputation drops the attention scores: 34 sbh / t.
    CHECK_THAT(layer_activation_bytes(m, 2048, 1, tensor(t, true, Recompute::selective), false),
               WithinRel(34 * sbh / t, 1e-12));
    // Full recomputation keeps the layer input only: 2 sbh / t.
    CHECK_THAT(layer_activation_bytes(m, 2048, 1, tensor(t, true, Recompute::full), false),
               WithinRel(2 * sbh / t, 1e-12));
  }
}

TEST_CASE("FlashAttention never stores the attention scores", "[memory]") {
  const Model m = gpt3();
  CHECK(layer_activation_bytes(m, 2048, 1, tensor(1, false, Recompute::none), true) ==
        layer_activation_bytes(m, 2048, 1, tensor(1, false, Recompute::selective), false));
}

TEST_CASE("grouped-query attention and gated FFNs change the per-layer count", "[memory]") {
  Model m = gpt3();
  m.dropout = false;
  m.kv_heads = 8;  // K and V shrink by kv/heads
  m.activation = Activation::swiglu;
  m.ffn_hidden = 28672;
  const double sbh = 4096.0 * 12288;
  // 8 replicated + attention (2 + 4 * 8/96 + 2) + gated FFN 6F/h.
  const double expected = sbh * (8 + (4 + 4.0 * 8 / 96) + 6.0 * 28672 / 12288);
  CHECK_THAT(layer_activation_bytes(m, 4096, 1, tensor(1, false, Recompute::none), true), WithinRel(expected, 1e-12));
}

TEST_CASE("model states take 16 bytes per parameter and ZeRO divides them by dp", "[memory]") {
  Model m = gpt3();
  TrainingSpec t;
  t.seq_len = 2048;
  Parallelism p;
  p.dp = 8;
  const double P = m.params;
  auto states = [&](int zero) {
    p.zero = zero;
    const MemoryBreakdown mb = memory_per_gpu(m, t, p);
    return std::array<double, 3>{mb.weights_bytes, mb.gradients_bytes, mb.optimizer_bytes};
  };
  CHECK(states(0) == std::array<double, 3>{2 * P, 2 * P, 12 * P});
  CHECK(states(1) == std::array<double, 3>{2 * P, 2 * P, 12 * P / 8});
  CHECK(states(2) == std::array<double, 3>{2 * P, 2 * P / 8, 12 * P / 8});
  CHECK(states(3) == std::array<double, 3>{2 * P / 8, 2 * P / 8, 12 * P / 8});
}

TEST_CASE("LoRA trains adapters only and QLoRA stores the base in 4 bits", "[memory]") {
  Model m;  // Llama 2 7B
  m.params = m.active_params = 6738415616;
  m.layers = 32;
  m.hidden = 4096;
  m.heads = m.kv_heads = 32;
  m.ffn_hidden = 11008;
  m.vocab = 32000;
  m.architecture_known = true;
  TrainingSpec t;
  t.mode = Mode::lora;
  t.lora_rank = 16;
  t.seq_len = 4096;
  // Rank 16 on q, k, v, o (4 x 16 x 8192) and gate, up, down (3 x 16 x 15104) per layer.
  const double per_layer = 4 * 16 * 8192.0 + 3 * 16 * (4096.0 + 11008);
  CHECK(trainable_params(m, t) == per_layer * 32);
  Parallelism p;
  const MemoryBreakdown lora = memory_per_gpu(m, t, p);
  CHECK_THAT(lora.weights_bytes, WithinRel(2 * m.params + 2 * per_layer * 32, 1e-12));
  CHECK_THAT(lora.optimizer_bytes, WithinRel(12 * per_layer * 32, 1e-12));
  t.mode = Mode::qlora;
  const MemoryBreakdown qlora = memory_per_gpu(m, t, p);
  CHECK_THAT(qlora.weights_bytes, WithinRel(4.127 / 8 * m.params + 2 * per_layer * 32, 1e-12));
}

TEST_CASE("pipeline stages hold their share of the layers plus an embedding", "[memory]") {
  Model m = gpt3();
  TrainingSpec t;
  t.seq_len = 2048;
  Parallelism p;
  p.pp = 8;
  const MemoryBreakdown mb = memory_per_gpu(m, t, p);
  const double stage_params = m.layer_params() * 12 + 51200.0 * 12288;
  CHECK_THAT(mb.weights_bytes, WithinRel(2 * stage_params, 1e-12));
}
