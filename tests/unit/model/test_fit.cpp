#include <catch2/catch.hpp>

#include "catalog/catalog.hpp"
#include "footprint/fit.hpp"
#include "contract/default_catalog.hpp"

using namespace gpusizer;

namespace {

Model llama2(double params, int layers, int hidden, int heads, int kv, int ffn) {
  Model m;
  m.params = m.active_params = params;
  m.layers = layers;
  m.hidden = hidden;
  m.heads = heads;
  m.kv_heads = kv;
  m.ffn_hidden = ffn;
  m.vocab = 32000;
  m.architecture_known = true;
  return m;
}

const Gpu& gpu(const char* id) { return *default_catalog()->find_gpu(id); }

}  // namespace

TEST_CASE("a 7B model needs two 80 GB GPUs to pre-train and one for QLoRA", "[fit]") {
  const Model m = llama2(6738415616, 32, 4096, 32, 32, 11008);
  TrainingSpec t;
  t.seq_len = 4096;
  const Placement node{8, true};
  // 16 B x 6.74e9 = 108 GB of model states alone.
  CHECK(min_gpus_to_fit(m, t, gpu("a100-80gb"), node) == 2);
  t.mode = Mode::qlora;
  CHECK(min_gpus_to_fit(m, t, gpu("a100-80gb"), node) == 1);
  CHECK(min_gpus_to_fit(m, t, gpu("rtx-4090"), node) == 1);
}

TEST_CASE("a 70B model needs whole 8-GPU nodes of 80 GB cards", "[fit]") {
  const Model m = llama2(68976648192, 80, 8192, 64, 8, 28672);
  TrainingSpec t;
  t.seq_len = 4096;
  const auto n = min_gpus_to_fit(m, t, gpu("a100-80gb"), Placement{8, true});
  REQUIRE(n.has_value());
  CHECK(*n % 8 == 0);
  CHECK(*n >= 16);  // 1.1 TB of model states over 76 GiB usable each
  CHECK(*n <= 24);
  // On one machine that cannot join others, it does not fit at all.
  CHECK_FALSE(min_gpus_to_fit(m, t, gpu("a100-80gb"), Placement{8, false}).has_value());
}
