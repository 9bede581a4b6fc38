// gpusizer-bench: how fast the planner is. Prints figures; asserts nothing (timings on a
// shared machine are noise for a test, not for a person reading the numbers).
// usage: gpusizer-bench [repeats]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "gpusizer/api.hpp"
#include "catalog/catalog.hpp"
#include "model/model.hpp"
#include "training/planner.hpp"
#include "contract/default_catalog.hpp"

using namespace gpusizer;
using Clock = std::chrono::steady_clock;

namespace {

Model preset(const char* id) { return *default_catalog()->find_model(id); }

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::atoi(argv[1]) : 20;
  struct Case {
    const char* model;
    const char* gpu;
    int gpus;
    int seq_len;
  } cases[] = {{"llama-3-8b", "h100-80gb", 64, 8192},     {"llama-2-70b", "a100-80gb", 1024, 4096},
               {"llama-3.1-405b", "h100-80gb", 16384, 8192}, {"mixtral-8x7b", "h100-80gb", 256, 4096},
               {"deepseek-v3", "h800-80gb", 2048, 4096}};
  std::printf("%-16s %-10s %6s %9s %9s %12s %12s\n", "model", "gpu", "gpus", "configs", "feasible", "plan ms",
              "us/config");
  for (const Case& c : cases) {
    const Model m = preset(c.model);
    TrainingSpec t;
    t.seq_len = c.seq_len;
    t.tokens = 1e12;
    const Cluster cluster = default_cluster(*default_catalog()->find_gpu(c.gpu), Precision::bf16);
    PlanRequest r;
    r.gpus = c.gpus;
    Plan plan;
    const auto start = Clock::now();
    for (int i = 0; i < repeats; ++i) plan = plan_training(m, t, cluster, r);
    const double ms = ms_since(start) / repeats;
    std::printf("%-16s %-10s %6d %9d %9d %12.3f %12.3f\n", c.model, c.gpu, c.gpus, plan.configs_evaluated,
                plan.configs_feasible, ms, ms * 1000 / plan.configs_evaluated);
  }
  // A whole estimate: every offer of the catalog sized to a 30-day deadline.
  const std::string request =
      R"({"model":{"preset":"llama-2-70b"},"training":{"tokens":"2T"},"hardware":{"gpu":"h100-80gb"},"goal":{"days":30}})";
  estimate_json(request);  // parse the catalog once
  const auto start = Clock::now();
  for (int i = 0; i < repeats; ++i) estimate_json(request);
  std::printf("\nwhole estimate (70B, 2T tokens, 30 days, %zu offers): %.1f ms\n", default_catalog()->offers.size(),
              ms_since(start) / repeats);
  return 0;
}
