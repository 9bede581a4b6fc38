// More GPUs never make a job slower, and a deadline gets the fewest that meet it.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "contract/default_catalog.hpp"
#include "contract/request_reader.hpp"
#include "footprint/compute.hpp"
#include "footprint/fit.hpp"
#include "rental/sizing.hpp"
#include "support.hpp"
#include "training/planner.hpp"
#include "training/run_model.hpp"
#include "training/timing.hpp"

using namespace gpusizer;
using gpusizer::test::run;
using nlohmann::json;

namespace {

// A request as the CLI reads it, and the timer an estimate sizes with.
struct Job {
  Request request;
  RunTimer timer;
  Cluster cluster;
  explicit Job(const json& r)
      : request(parse_request(r.dump())),
        timer(run_inputs(request), estimate_compute(request.model, request.training).flops_total),
        cluster(timer.cluster_for(*request.catalog->find_gpu(request.gpu))) {}
};

json job(json model, json training, const char* gpu) {
  return {{"model", std::move(model)}, {"training", std::move(training)}, {"hardware", {{"gpu", gpu}}}};
}

std::vector<json> jobs() {
  std::vector<json> out;
  for (const char* gpu : {"a100-80gb", "h100-80gb"}) {
    out.push_back(job({{"params", 7e9}}, {{"tokens", "2T"}}, gpu));
    out.push_back(job({{"preset", "llama-2-7b"}}, {{"tokens", "2T"}}, gpu));
    out.push_back(job({{"preset", "llama-2-70b"}}, {{"tokens", "2T"}}, gpu));
    out.push_back(job({{"preset", "mixtral-8x7b"}}, {{"tokens", "2T"}}, gpu));
    out.push_back(job({{"preset", "llama-2-7b"}}, {{"tokens", "1B"}, {"mode", "lora"}}, gpu));
  }
  return out;
}

// Every count from `first` to `last` in `step`s: the run's time never rises, and its layout
// uses at most the GPUs given.
void check_never_slower(const json& request, int first, int last, int step) {
  Job j(request);
  double best = HUGE_VAL;
  int best_at = 0, rises = 0;
  for (int count = first; count <= last; count += step) {
    const TrainingRun r = j.timer.train_on(j.cluster, count, false);
    CHECK(r.plan.gpus_used <= count);
    const double seconds = r.fits() ? r.seconds : HUGE_VAL;
    if (seconds > best * (1 + 1e-9)) {
      ++rises;
      UNSCOPED_INFO(request["model"].dump() << " on " << request["hardware"]["gpu"] << ": " << count << " GPUs take "
                                            << seconds / 86400 << " days, " << best_at << " took " << best / 86400);
    }
    if (seconds < best) {
      best = seconds;
      best_at = count;
    }
  }
  CHECK(rises == 0);
}

}  // namespace

TEST_CASE("more GPUs never make a job slower: whole nodes from 8 to 4096", "[scaling]") {
  for (const json& request : jobs()) check_never_slower(request, 8, 4096, 8);
}

TEST_CASE("more GPUs never make a job slower: one to a node's worth", "[scaling]") {
  for (const json& request : jobs()) check_never_slower(request, 1, 16, 1);
}

TEST_CASE("more GPUs never make a job slower on a slow network", "[scaling]") {
  json request = job({{"preset", "llama-2-70b"}}, {{"tokens", "2T"}}, "h100-80gb");
  request["hardware"]["interNodeGBps"] = 1.25;  // 10 GbE
  check_never_slower(request, 8, 2048, 8);
}

TEST_CASE("the quoted cases: 2,048 GPUs are not slower than 1,536", "[scaling]") {
  for (const json& request : {job({{"params", "7B"}}, {{"tokens", "2T"}}, "a100-80gb"),
                              job({{"preset", "mixtral-8x7b"}}, {{"tokens", "2T"}}, "h100-80gb")}) {
    Job j(request);
    const TrainingRun fewer = j.timer.train_on(j.cluster, 1536, false);
    const TrainingRun more = j.timer.train_on(j.cluster, 2048, false);
    REQUIRE(fewer.fits());
    REQUIRE(more.fits());
    CHECK(more.wall_days <= fewer.wall_days);
  }
}

TEST_CASE("a layout on fewer GPUs wins when it is faster, and all_gpus keeps every GPU", "[scaling]") {
  // 2,056 = 8 x 257 (prime): every layout of all of them is awkward; 2,048 is not.
  const Model m = *default_catalog()->find_model("llama-2-7b");
  TrainingSpec t;
  t.seq_len = 4096;
  t.tokens = 2e12;
  const Cluster c = default_cluster(*default_catalog()->find_gpu("a100-80gb"), Precision::bf16);
  PlanRequest r;
  r.gpus = 2056;
  const Plan best = plan_training(m, t, c, r);
  REQUIRE(best.fits);
  CHECK(best.gpus_used == best.par.gpus());
  CHECK(best.gpus_used < 2056);
  r.all_gpus = true;
  const Plan all = plan_training(m, t, c, r);
  REQUIRE(all.fits);
  CHECK(all.par.gpus() == 2056);
  CHECK(best.seconds_per_token() < all.seconds_per_token());
}

TEST_CASE("the global batch stays near the recipe's, not rounded up to nearly twice it", "[scaling]") {
  CHECK(microbatches_for(1024, 1020) == 1);  // the ceiling would take 2: 2,040 sequences
  CHECK(microbatches_for(1024, 700) == 1);
  CHECK(microbatches_for(1024, 650) == 2);
  CHECK(microbatches_for(1024, 1) == 1024);
  CHECK(microbatches_for(1024, 3) == 341);
  for (int per_step = 1; per_step <= 1024; ++per_step) {
    const double batch = static_cast<double>(microbatches_for(1024, per_step)) * per_step;
    CHECK(batch > 1024 * 2.0 / 3);
    CHECK(batch <= 1024 * 4.0 / 3);
  }
  // The planner's layouts: 7B pre-training on A100s, 1,024 sequences of 4,096 tokens.
  Job j(job({{"params", "7B"}}, {{"tokens", "2T"}}, "a100-80gb"));
  for (int count : {1536, 1864, 2040, 2048, 2056, 3000, 4000, 4096}) {
    const TrainingRun r = j.timer.train_on(j.cluster, count, false);
    INFO(count << " GPUs: global batch " << r.plan.time.global_batch);
    CHECK(r.plan.time.global_batch > 1024 * 2.0 / 3);
    CHECK(r.plan.time.global_batch <= 1024 * 4.0 / 3);
  }
}

// What the planner's search relies on to skip layouts (descend(), planner_search.cpp): memory
// only grows as dp shrinks, and a step takes at least (m + (pp - 1)/v) times the stage's work.
TEST_CASE("the models keep the properties the planner's bounds rely on", "[scaling]") {
  const Model m = *default_catalog()->find_model("llama-2-70b");
  TrainingSpec t;
  t.seq_len = 4096;
  t.tokens = 2e12;
  for (const char* gpu : {"a100-80gb", "h100-80gb"}) {
    Cluster c = default_cluster(*default_catalog()->find_gpu(gpu), Precision::bf16);
    for (double network : {c.inter_node_gbps, 1.25}) {
      c.inter_node_gbps = network;
      for (int tp : {1, 4, 8})
        for (int pp : {1, 2, 5})
          for (int zero : {1, 3})
            for (Recompute rc : {Recompute::none, Recompute::full}) {
              double last_bytes = 0, first_work = 0;
              for (int dp = 64; dp >= (zero == 3 ? 2 : 1); dp -= 7) {
                Parallelism par;
                par.tp = tp;
                par.pp = pp;
                par.dp = dp;
                par.micro_batch = 2;
                par.recompute = rc;
                par.sequence_parallel = tp > 1;
                par.zero = dp > 1 ? zero : 0;
                par.interleave = pp > 1 ? 2 : 1;
                const int m_count = microbatches_for(1024, dp * 2);
                par.global_batch = m_count * dp * 2;
                const double bytes = memory_per_gpu(m, t, par).total_bytes();
                CHECK(bytes >= last_bytes);
                last_bytes = bytes;
                PlanRequest r;
                r.gpus = par.gpus();
                r.fixed = par;
                const Plan p = plan_training(m, t, c, r);
                const TimeBreakdown& b = p.time.breakdown;
                const double work = (b.matmul + b.attention + b.memory_bound + b.recompute + b.tp_comm + b.moe_comm +
                                     b.overhead) / p.time.microbatches;
                const double bubble = pp > 1 ? (pp - 1.0) / par.interleave : 0.0;
                CHECK(p.time.seconds >= (p.time.microbatches + bubble) * work * (1 - 1e-12));
                if (first_work == 0) first_work = work;
                CHECK(work == Approx(first_work).epsilon(1e-12));  // the same at every dp
              }
            }
    }
  }
}

// The planner times only the widest dp of each micro-batch count once data parallelism
// spans two nodes: a wider dp there must never be slower over the whole run.
TEST_CASE("from two nodes on, a wider dp at the same micro-batch count is never slower", "[scaling]") {
  TrainingSpec t;
  t.seq_len = 4096;
  t.tokens = 2e12;
  for (const char* id : {"llama-2-70b", "mixtral-8x7b"}) {
    const Model m = *default_catalog()->find_model(id);
    Cluster c = default_cluster(*default_catalog()->find_gpu("a100-80gb"), Precision::bf16);
    for (double network : {c.inter_node_gbps, 1.25, 0.4}) {
      c.inter_node_gbps = network;
      for (int tp : {1, 2, 8})
        for (int pp : {1, 2, 4})
          for (int ep : {1, 8}) {
            if (ep > 1 && !m.is_moe()) continue;
            for (int zero : {1, 3})
              for (int mb : {1, 4}) {
                const int multi_node = 2 * std::max(1, c.gpus_per_node / tp) * std::max(1, ep / tp);
                double last_cost = HUGE_VAL;
                int last_m = 0;
                for (int dp = multi_node; dp * mb <= 1024; dp += ep) {
                  Parallelism par;
                  par.tp = tp;
                  par.pp = pp;
                  par.dp = dp;
                  par.ep = ep;
                  par.micro_batch = mb;
                  par.sequence_parallel = tp > 1;
                  par.zero = zero;
                  par.recompute = Recompute::full;
                  const int micro = microbatches_for(1024, dp * mb);
                  par.global_batch = micro * dp * mb;
                  PlanRequest r;
                  r.gpus = par.gpus();
                  r.fixed = par;
                  const Plan p = plan_training(m, t, c, r);
                  const double cost = p.time.seconds / p.time.global_batch *
                                      run_time_factor(par.gpus(), default_calibration());
                  INFO(id << " " << network << " GB/s: tp " << tp << " pp " << pp << " ep " << ep << " ZeRO-" << zero
                          << " mb " << mb << ", dp " << dp);
                  if (micro == last_m) CHECK(cost <= last_cost * (1 + 1e-12));
                  last_cost = cost;
                  last_m = micro;
                }
              }
          }
    }
  }
}

TEST_CASE("a deadline gets the fewest whole units that meet it", "[scaling]") {
  struct Case {
    json request;
    double days;
  };
  const std::vector<Case> cases = {
      {job({{"preset", "llama-2-70b"}}, {{"tokens", "2T"}}, "a100-80gb"), 21},  // three weeks for a 70B run
      {job({{"params", "7B"}}, {{"tokens", "2T"}}, "a100-80gb"), 5},
      {job({{"preset", "llama-2-70b"}}, {{"tokens", "2T"}}, "h100-80gb"), 30},
      {job({{"preset", "mixtral-8x7b"}}, {{"tokens", "2T"}}, "h100-80gb"), 14},
      {job({{"preset", "llama-2-13b"}}, {{"tokens", "1T"}}, "h100-80gb"), 45},
      {job({{"preset", "llama-2-7b"}}, {{"tokens", "1B"}, {"mode", "lora"}}, "a100-80gb"), 2},
  };
  for (const Case& k : cases) {
    Job j(k.request);
    const int node = j.cluster.gpus_per_node;
    const auto fit = min_gpus_to_fit(j.request.model, j.request.training, *j.cluster.gpu, {node, true});
    REQUIRE(fit);
    const long min_nodes = (*fit + node - 1) / node;
    const Sizing s = units_for_days(j.timer, j.cluster, node, min_nodes, kMaxGpus / node, k.days);
    INFO(k.request["model"].dump() << " on " << k.request["hardware"]["gpu"] << " in " << k.days << " days: " << s.units
                                   << " nodes");
    REQUIRE(s.met);
    CHECK(j.timer.days_on(j.cluster, static_cast<int>(s.units * node)) <= k.days);
    // No fewer nodes meet it (not only one fewer: a search that trusted a time rising with
    // GPUs could bisect past an earlier count that already met the deadline).
    int fewer_meeting = 0;
    for (long units = min_nodes; units < s.units; ++units)
      if (j.timer.days_on(j.cluster, static_cast<int>(units * node)) <= k.days) ++fewer_meeting;
    CHECK(fewer_meeting == 0);
    // The estimate's own answer, through the API: the same count, and one node fewer misses.
    json request = k.request;
    request["goal"] = {{"days", k.days}};
    request["catalog"] = {{"offers", json::array()}};
    const json e = run(request)["result"]["estimate"];
    CHECK(e["wallDays"].get<double>() <= k.days);
    if (e["count"].get<int>() - node >= *fit) {
      request.erase("goal");
      request["hardware"]["count"] = e["count"].get<int>() - node;
      CHECK(run(request)["result"]["estimate"]["wallDays"].get<double>() > k.days);
    }
  }
}

TEST_CASE("offers sized to a deadline take the fewest units, and to a budget rent no idle unit", "[scaling]") {
  const json by_deadline = run({{"model", {{"preset", "llama-2-70b"}}},
                                {"training", {{"tokens", "2T"}}},
                                {"goal", {{"days", 21}}}})["result"];
  int checked = 0;
  for (const json& o : by_deadline["options"]) {
    if (o["fits"] != true || o["meetsGoal"] != true) continue;
    INFO(o["offerId"]);
    CHECK(o["wallDays"].get<double>() <= 21);
    CHECK(o["gpusUsed"].get<int>() > o["count"].get<int>() - o["gpusPerUnit"].get<int>());
    ++checked;
  }
  CHECK(checked >= 5);
  std::vector<double> costs;
  for (const json& o : by_deadline["options"])
    if (o.contains("cost")) costs.push_back(o["cost"]["amount"]);
  REQUIRE(!costs.empty());
  const json by_budget = run({{"model", {{"preset", "llama-2-70b"}}},
                              {"training", {{"tokens", "2T"}}},
                              {"goal", {{"budget", costs[costs.size() / 2]}}}})["result"];
  checked = 0;
  for (const json& o : by_budget["options"]) {
    if (o["fits"] != true || !o.contains("cost")) continue;
    INFO(o["offerId"]);
    CHECK(o["gpusUsed"].get<int>() > o["count"].get<int>() - o["gpusPerUnit"].get<int>());
    ++checked;
  }
  CHECK(checked >= 5);
}
