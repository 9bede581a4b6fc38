#include <catch2/catch.hpp>

#include "footprint/compute.hpp"

using namespace gpusizer;
using Catch::Matchers::WithinRel;

TEST_CASE("the renters' guide's worked example: 6 x 7e9 x 2e12 = 8.4e22 FLOPs", "[compute]") {
  Model m;
  m.params = m.active_params = 7e9;
  TrainingSpec t;
  t.tokens = 2e12;
  const ComputeEstimate c = estimate_compute(m, t);
  CHECK(c.method == "6PD");
  CHECK_THAT(c.flops_total, WithinRel(8.4e22, 1e-15));
  CHECK_THAT(c.flops_per_token, WithinRel(4.2e10, 1e-15));
}

TEST_CASE("with the shape known, PaLM's 6N + 12LHQT counts attention", "[compute]") {
  Model m;  // Llama 2 7B
  m.params = m.active_params = 6738415616;
  m.layers = 32;
  m.hidden = 4096;
  m.heads = m.kv_heads = 32;
  m.vocab = 32000;
  m.architecture_known = true;
  TrainingSpec t;
  t.tokens = 2e12;
  t.seq_len = 4096;
  const ComputeEstimate c = estimate_compute(m, t);
  CHECK(c.method == "6N+12LHQT");
  const double n = 6738415616.0 - 32000.0 * 4096;  // the input embedding does no matmul
  const double per_token = 6 * n + 12.0 * 32 * 32 * 128 * 4096;
  CHECK_THAT(c.flops_per_token, WithinRel(per_token, 1e-15));
  CHECK_THAT(c.flops_6pd, WithinRel(6 * 6738415616.0 * 2e12, 1e-15));
}

TEST_CASE("epochs multiply the tokens and MoE counts active parameters", "[compute]") {
  Model m;
  m.params = 46.7e9;
  m.active_params = 12.9e9;
  TrainingSpec t;
  t.tokens = 1e12;
  t.epochs = 2;
  CHECK_THAT(estimate_compute(m, t).flops_total, WithinRel(6 * 12.9e9 * 2e12, 1e-15));
}

TEST_CASE("LoRA skips the frozen weights' gradients: 4N + 6 N_lora", "[compute]") {
  Model m;
  m.params = m.active_params = 7e9;
  m.layers = 32;
  m.hidden = 4096;
  m.heads = m.kv_heads = 32;
  m.ffn_hidden = 11008;
  TrainingSpec t;
  t.tokens = 1e9;
  t.mode = Mode::lora;
  const ComputeEstimate c = estimate_compute(m, t);
  CHECK(c.method == "4N+6Nlora");
  CHECK_THAT(c.flops_per_token, WithinRel(4 * 7e9 + 6 * c.trainable_params, 1e-15));
}
