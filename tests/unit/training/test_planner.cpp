#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "catalog/catalog.hpp"
#include "model/model.hpp"
#include "training/planner.hpp"
#include "contract/default_catalog.hpp"

using namespace gpusizer;

namespace {

Model preset(const char* id) { return *default_catalog()->find_model(id); }

Cluster cluster(const char* gpu) { return default_cluster(*default_catalog()->find_gpu(gpu), Precision::bf16); }

TrainingSpec pretrain(int seq_len) {
  TrainingSpec t;
  t.seq_len = seq_len;
  t.tokens = 2e12;
  return t;
}

// Two plans with the same layout, time and memory.
void check_same_plan(const Plan& a, const Plan& b) {
  CHECK(a.fits == b.fits);
  CHECK(a.gpus_used == b.gpus_used);
  CHECK(a.par.tp == b.par.tp);
  CHECK(a.par.pp == b.par.pp);
  CHECK(a.par.dp == b.par.dp);
  CHECK(a.par.ep == b.par.ep);
  CHECK(a.par.micro_batch == b.par.micro_batch);
  CHECK(a.par.interleave == b.par.interleave);
  CHECK(a.par.recompute == b.par.recompute);
  CHECK(a.par.zero == b.par.zero);
  CHECK(a.par.global_batch == b.par.global_batch);
  CHECK(a.time.seconds == b.time.seconds);
  CHECK(a.memory.total_bytes() == b.memory.total_bytes());
}

}  // namespace

TEST_CASE("the planner's layout fits the same memory model and uses at most the GPUs given", "[planner]") {
  const Model m = preset("llama-2-70b");
  const TrainingSpec t = pretrain(4096);
  PlanRequest r;
  r.gpus = 1024;
  const Plan p = plan_training(m, t, cluster("a100-80gb"), r);
  REQUIRE(p.fits);
  CHECK(p.gpus_used == p.par.gpus());
  CHECK(p.gpus_used <= 1024);
  CHECK(p.gpus_used >= 1000);  // idle GPUs only where the layouts of all of them are slower
  CHECK(p.par.tp <= 8);        // tensor parallelism stays inside a node
  CHECK(p.memory.total_bytes() == memory_per_gpu(m, t, p.par).total_bytes());
  CHECK(p.memory.total_bytes() <= usable_memory_bytes(80));
  CHECK(p.configs_evaluated > 10);
  CHECK(p.configs_feasible > 0);
  CHECK(p.configs_feasible <= p.configs_evaluated);
  // Llama 2 70B on A100s trains at 35-60 % MFU in practice (Meta, MosaicML, NVIDIA tables).
  CHECK(p.time.mfu > 0.35);
  CHECK(p.time.mfu < 0.62);
}

TEST_CASE("no layout of the planner is faster than the one it returns", "[planner]") {
  const Model m = preset("llama-2-13b");
  const TrainingSpec t = pretrain(4096);
  const Cluster c = cluster("h100-80gb");
  PlanRequest r;
  r.gpus = 64;
  const Plan best = plan_training(m, t, c, r);
  REQUIRE(best.fits);
  for (int tp : {1, 2, 4, 8})
    for (int pp : {1, 2, 4})
      for (int zero : {1, 3}) {
        PlanRequest fixed = r;
        Parallelism par;
        par.tp = tp;
        par.pp = pp;
        par.dp = 64 / (tp * pp);
        par.zero = zero;
        par.sequence_parallel = tp > 1;
        par.global_batch = best.time.global_batch;
        fixed.fixed = par;
        const Plan p = plan_training(m, t, c, fixed);
        if (p.fits) CHECK(p.seconds_per_token() >= best.seconds_per_token() * (1 - 1e-9));
      }
}

TEST_CASE("a job that fits nowhere reports the least-memory layout", "[planner]") {
  const Model m = preset("llama-2-70b");
  const TrainingSpec t = pretrain(4096);
  Cluster c = cluster("rtx-4090");
  c.inter_node_gbps = 0;  // one machine
  PlanRequest r;
  r.gpus = 8;
  const Plan p = plan_training(m, t, c, r);
  CHECK_FALSE(p.fits);
  CHECK(p.par.gpus() == 8);
  CHECK(p.memory.total_bytes() > usable_memory_bytes(24));
}

TEST_CASE("more GPUs on a fast network mean less time per token", "[planner]") {
  const Model m = preset("llama-3-8b");
  const TrainingSpec t = pretrain(8192);
  PlanRequest r;
  double last = 1e30;
  for (int gpus : {8, 64, 512}) {
    r.gpus = gpus;
    const Plan p = plan_training(m, t, cluster("h100-80gb"), r);
    REQUIRE(p.fits);
    const double seconds_per_token_all = p.seconds_per_token() / gpus;
    CHECK(seconds_per_token_all < last);
    last = seconds_per_token_all;
  }
}

TEST_CASE("a slow network makes data parallelism across nodes expensive", "[planner]") {
  const Model m = preset("llama-2-7b");
  const TrainingSpec t = pretrain(4096);
  Cluster fast = cluster("a100-80gb");
  Cluster slow = fast;
  slow.inter_node_gbps = 1.25;  // 10 GbE
  PlanRequest r;
  r.gpus = 64;
  const Plan a = plan_training(m, t, fast, r);
  const Plan b = plan_training(m, t, slow, r);
  REQUIRE(a.fits);
  REQUIRE(b.fits);
  CHECK(b.time.mfu < a.time.mfu * 0.8);
}

TEST_CASE("mixture-of-experts layouts spread the experts", "[planner]") {
  const Model m = preset("deepseek-v3");
  TrainingSpec t = pretrain(4096);
  t.precision = Precision::fp8;
  PlanRequest r;
  r.gpus = 2048;
  Cluster c = default_cluster(*default_catalog()->find_gpu("h800-80gb"), Precision::fp8);
  const Plan p = plan_training(m, t, c, r);
  REQUIRE(p.fits);
  CHECK(p.par.ep > 1);
}

TEST_CASE("the plan of fewer GPUs is the plan of more GPUs whose layout runs on them", "[planner]") {
  // RunTimer takes the plan of a count from the plan of a larger count whose layout uses no
  // more GPUs (plan_on_fewer): it must be what a search on that count finds.
  struct Job {
    const char* model;
    const char* gpu;
    double inter_gbps;  // 0: the GPU's usual network
    int seq_len;
    std::vector<int> counts;
  } jobs[] = {{"llama-2-7b", "a100-80gb", 0, 4096, {64, 296, 1024, 2048}},
              {"llama-2-7b", "rtx-4090", 0.4, 4096, {448, 1856, 4856}},
              {"llama-2-70b", "h100-80gb", 1.25, 4096, {176, 424, 1200}},
              {"mixtral-8x7b", "h100-80gb", 0, 4096, {96, 520}},
              {"deepseek-v3", "h800-80gb", 0, 4096, {2752, 7064}}};
  for (const Job& j : jobs) {
    const Model m = preset(j.model);
    const TrainingSpec t = pretrain(j.seq_len);
    Cluster c = cluster(j.gpu);
    if (j.inter_gbps > 0) c.inter_node_gbps = j.inter_gbps;
    PlanCache cache;
    const int batch = default_global_batch(m, t);
    for (int n : j.counts) {
      PlanRequest r;
      r.gpus = n;
      r.cache = &cache;
      const Plan big = plan_training(m, t, c, r);
      if (!big.fits || big.gpus_used == n) continue;
      // Every count between the layout's GPUs and n (at most 24 of them, spread evenly).
      const int span = n - big.gpus_used;
      for (int k = 0; k <= std::min(span, 24); ++k) {
        const int count = big.gpus_used + (span <= 24 ? k : static_cast<int>(static_cast<long>(span) * k / 24));
        INFO(j.model << " on " << j.gpu << ": " << count << " of " << n);
        PlanRequest fewer = r;
        fewer.gpus = count;
        const Plan searched = plan_training(m, t, c, fewer);
        const Plan reused = plan_on_fewer(big, count, batch);
        check_same_plan(reused, searched);
        CHECK(reused.batch_limited == searched.batch_limited);
      }
    }
  }
}

TEST_CASE("seeds from other machines' plans bound a search without changing its answer", "[planner]") {
  // RunTimer seeds a search with the plans other machines of the same GPU memory, node size and
  // links found on as many GPUs or fewer: their cost here only prunes; the answer, ties
  // included, must be the unseeded search's. The eager LoRA job is where stale bounds (a step's
  // fixed cost counted for every micro-batch) once made a seed cut off a better layout.
  struct Job {
    const char* model;
    const char* gpu;       // the search's
    const char* seed_gpu;  // the seeds' (same memory and node size)
    double inter_gbps, seed_inter_gbps;
    bool lora;
    std::vector<int> counts;
  } jobs[] = {{"llama-2-7b", "h100-80gb", "a100-80gb", 50, 25, false, {8, 64, 296}},
              {"llama-2-70b", "a100-80gb", "h100-80gb", 1.25, 50, false, {176, 424}},
              {"qwen2.5-7b", "h100-80gb", "a100-80gb", 25, 25, true, {1, 8, 16}},
              {"deepseek-v3", "h800-80gb", "h100-80gb", 25, 50, false, {152, 1280}}};
  for (const Job& j : jobs) {
    const Model m = preset(j.model);
    TrainingSpec t = pretrain(j.lora ? 2048 : 4096);
    if (j.lora) {
      t.mode = Mode::lora;
      t.kernels = Kernels::eager;
      t.tokens = 5e8;
    }
    Cluster c = cluster(j.gpu), seed_cluster = cluster(j.seed_gpu);
    c.inter_node_gbps = j.inter_gbps;
    seed_cluster.inter_node_gbps = j.seed_inter_gbps;
    for (int n : j.counts) {
      INFO(j.model << " on " << n << " x " << j.gpu);
      std::vector<Parallelism> seeds;
      for (int seed_n : {n / 2, n, 2 * n}) {  // the last one's layout may not run on n GPUs
        PlanRequest r;
        r.gpus = std::max(1, seed_n);
        const Plan p = plan_training(m, t, seed_cluster, r);
        if (p.fits) seeds.push_back(p.par);
      }
      REQUIRE(!seeds.empty());
      PlanRequest plain;
      plain.gpus = n;
      PlanRequest seeded = plain;
      seeded.seeds = seeds.data();
      seeded.seed_count = static_cast<int>(seeds.size());
      const Plan a = plan_training(m, t, c, plain), b = plan_training(m, t, c, seeded);
      check_same_plan(a, b);
      CHECK(b.configs_evaluated <= a.configs_evaluated);
    }
  }
}
