// gpusizer-bench: how fast the engine answers, natively. Prints figures; asserts nothing
// (timings on a shared machine are noise for a test, not for a person reading the numbers).
// bench/wasm-bench.mjs prints the same figures through the built wasm module under Node.
//
//   gpusizer-bench [--runs N] [--cases bench/cases.json]
//
// 1. The first estimate of the process (the default catalog is parsed then).
// 2. Whole estimates of bench/cases.json (the page's requests): median of N, full response and
//    "response": {"options": "summary"}, and one option's detail after the summary.
// 3. The planner's work in each case: searches and the layouts they checked (the same on any
//    machine, whatever its load).
// 4. The planner alone on large jobs: layouts evaluated and milliseconds per plan.
// 5. What writing each full response through nlohmann's document would cost instead of the
//    streaming writer: the response as an ordered_json (its members in the written order)
//    built by copying one parsed from the text, then dump(), against the whole estimate, in
//    turns (docs/design.md, "JSON").
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "contract/default_catalog.hpp"
#include "contract/request_reader.hpp"
#include "estimate/estimate.hpp"
#include "gpusizer/api.hpp"
#include "model/model.hpp"
#include "training/planner.hpp"

using namespace gpusizer;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

template <class F>
double median_ms(int runs, F&& f) {
  f();  // warm
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) {
    const auto start = Clock::now();
    f();
    times.push_back(ms_since(start));
  }
  std::sort(times.begin(), times.end());
  const std::size_t n = times.size();
  return n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
}

Model preset(const char* id) { return *default_catalog()->find_model(id); }

// A figure of an error reply would time the wrong work: such a case stops the bench.
bool is_ok(const std::string& reply) { return reply.rfind("{\"ok\":true", 0) == 0; }

int fail(const nlohmann::json& c, const std::string& reply) {
  std::fprintf(stderr, "gpusizer-bench: case \"%s\" was not answered ok: %.300s\n",
               c.value("name", "").c_str(), reply.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 21;
  std::string cases_path = GPUSIZER_BENCH_CASES;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
    else if (std::strcmp(argv[i], "--cases") == 0 && i + 1 < argc) cases_path = argv[++i];
    else {
      std::fprintf(stderr, "usage: gpusizer-bench [--runs N] [--cases FILE]\n");
      return 1;
    }
  }
  std::ifstream in(cases_path);
  if (!in) {
    std::fprintf(stderr, "gpusizer-bench: cannot read %s\n", cases_path.c_str());
    return 1;
  }
  std::stringstream text;
  text << in.rdbuf();
  const nlohmann::json doc = nlohmann::json::parse(text.str());
  const auto& cases = doc.at("cases");

  // The first call of the process: the default catalog is parsed inside it.
  const std::string first = cases.at(0).at("request").dump();
  const auto start = Clock::now();
  const std::string first_reply = estimate_json(first);
  const double first_ms = ms_since(start);
  if (!is_ok(first_reply)) return fail(cases.at(0), first_reply);

  std::printf("gpusizer %s, native, median of %d\n", version(), runs);
  std::printf("first estimate (catalog parse included): %.1f ms (budget %g)\n\n", first_ms,
              doc.value("firstCallBudgetMs", 0.0));
  std::printf("%-50s %8s %6s %8s %6s %8s %7s\n", "case", "full ms", "KB", "summ ms", "KB", "detail", "budget");
  for (const auto& c : cases) {
    const std::string request = c.at("request").dump();
    nlohmann::json brief_doc = c.at("request");
    brief_doc["response"] = {{"options", "summary"}};
    const std::string brief = brief_doc.dump();
    std::string out;
    const double full = median_ms(runs, [&] { out = estimate_json(request); });
    const double full_kb = out.size() / 1024.0;
    if (!is_ok(out)) return fail(c, out);
    const double summary = median_ms(runs, [&] { out = estimate_json(brief); });
    const double summary_kb = out.size() / 1024.0;
    if (!is_ok(out)) return fail(c, out);
    const nlohmann::json answer = nlohmann::json::parse(out);
    const std::string offer = answer["result"]["recommendation"].value("offerId", "");
    const double detail = median_ms(runs, [&] { out = option_detail_json(brief, offer); });
    if (!is_ok(out)) return fail(c, out);
    std::printf("%-50s %8.1f %6.0f %8.1f %6.0f %8.2f %7g\n", c.at("name").get<std::string>().c_str(), full, full_kb,
                summary, summary_kb, detail, c.value("budgetMs", 0.0));
  }

  // The planner's work: what the timings above are mostly made of.
  std::printf("\n%-50s %9s %9s\n", "planner work in the case", "searches", "layouts");
  for (const auto& c : cases) {
    const Result r = estimate(parse_request(c.at("request").dump()));
    std::printf("%-50s %9d %9ld\n", c.at("name").get<std::string>().c_str(), r.planning.searches, r.planning.layouts);
  }

  // The response through nlohmann's document: building one (a copy of a parsed one stands for
  // building it member by member) and dump(), against the whole estimate, timed in turns.
  std::printf("\n%-50s %8s %8s %8s %7s\n", "response via nlohmann: case", "est. ms", "build ms", "dump ms", "share");
  for (const auto& c : cases) {
    const std::string request = c.at("request").dump();
    const nlohmann::ordered_json parsed = nlohmann::ordered_json::parse(estimate_json(request));
    std::vector<double> estimate_times, build_times, dump_times;
    std::string out;
    for (int i = 0; i <= runs; ++i) {
      auto t = Clock::now();
      out = estimate_json(request);
      const double e = ms_since(t);
      t = Clock::now();
      const nlohmann::ordered_json built = parsed;
      const double b = ms_since(t);
      t = Clock::now();
      out = built.dump();
      const double d = ms_since(t);
      if (i == 0) continue;  // warm
      estimate_times.push_back(e);
      build_times.push_back(b);
      dump_times.push_back(d);
    }
    const auto mid = [](std::vector<double> v) {
      std::sort(v.begin(), v.end());
      return v[v.size() / 2];
    };
    const double e = mid(estimate_times), b = mid(build_times), d = mid(dump_times);
    std::printf("%-50s %8.2f %8.2f %8.2f %6.0f%%\n", c.at("name").get<std::string>().c_str(), e, b, d, 100 * (b + d) / e);
  }

  // The planner alone: one plan of a large job on one cluster.
  struct Plans {
    const char* model;
    const char* gpu;
    int gpus;
    int seq_len;
  } plans[] = {{"llama-3-8b", "h100-80gb", 64, 8192},     {"llama-2-70b", "a100-80gb", 1024, 4096},
               {"llama-3.1-405b", "h100-80gb", 16384, 8192}, {"mixtral-8x7b", "h100-80gb", 256, 4096},
               {"deepseek-v3", "h800-80gb", 2048, 4096}};
  std::printf("\n%-16s %-10s %6s %9s %9s %10s %10s\n", "plan: model", "gpu", "gpus", "configs", "feasible", "ms",
              "us/config");
  for (const Plans& p : plans) {
    const Model m = preset(p.model);
    TrainingSpec t;
    t.seq_len = p.seq_len;
    t.tokens = 1e12;
    const Cluster cluster = default_cluster(*default_catalog()->find_gpu(p.gpu), Precision::bf16);
    PlanRequest r;
    r.gpus = p.gpus;
    Plan plan;
    const double ms = median_ms(runs, [&] { plan = plan_training(m, t, cluster, r); });
    std::printf("%-16s %-10s %6d %9d %9d %10.3f %10.3f\n", p.model, p.gpu, p.gpus, plan.configs_evaluated,
                plan.configs_feasible, ms, ms * 1000 / plan.configs_evaluated);
  }
  return 0;
}
