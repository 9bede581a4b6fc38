// Timing a run on a cluster: the planner's layout, the steady-state iteration time and the
// run overheads, as a TrainingRun; plans memoized per hardware (internal).
#pragma once

#include <map>
#include <tuple>

#include "request.hpp"
#include "result.hpp"
#include "training/planner.hpp"

namespace gpusizer {

inline constexpr double kSecondsPerDay = 86400;

// The most planner work one estimate may take (RunTimer::planning_work(), about a second on a
// busy 2-core machine; README "Limits"): the default catalog's hardest requests (a 4,096-expert
// model with a budget) take under 4e6, but a giant mixture of experts on a request catalog's
// many machines could take minutes.
inline constexpr double kMaxPlanningWork = 5e6;

// The dense peak at the requested precision, falling back to fp16/bf16 where the GPU has
// no such tensor mode (fp8 before Hopper/Ada, bf16 on V100).
struct Peak {
  double tflops = 0;
  Precision used = Precision::bf16;
};
Peak peak_for(const Gpu& gpu, Precision wanted);

class RunTimer {
 public:
  // With a measured throughput (request.measured) every plan's steady throughput is scaled by
  // measured / modelled on the setup it was measured on; throws gpusizer::Error when that
  // setup cannot run the job or the measurement exceeds the GPU's peak.
  RunTimer(const Request& request, double flops);

  // Measured / modelled steady throughput (1 without a measurement), and the modelled figure.
  double measured_ratio() const { return measured_ratio_; }
  double modelled_at_measurement() const { return modelled_at_measurement_; }

  // The GPU in its usual machine (or the request's network); an offer's machines and network.
  Cluster cluster_for(const Gpu& gpu) const;
  Cluster cluster_for(const Offer& offer, const Gpu& gpu) const;

  // `count` GPUs of the cluster, laid out by the planner (or the request's fixed layout).
  TrainingRun train_on(const Cluster& c, int count, bool fixed);
  // Wall-clock days on `count` GPUs; infinite when the job cannot run there.
  double days_on(const Cluster& c, int count);
  // The planner's work so far: groups weighed, layouts whose memory was computed, and layouts
  // timed (counted twice: timing costs about two memory checks). About 0.1-0.2 µs a unit.
  double planning_work() const { return work_; }

 private:
  const Request& req_;
  double flops_;
  double measured_ratio_ = 1, modelled_at_measurement_ = 0;
  double work_ = 0;
  // Plans by (GPU, GPUs per node, network GB/s, link kind, count, fixed layout): offers
  // with the same hardware share them, which keeps a whole estimate to a few hundred plans.
  std::map<std::tuple<std::string, int, double, std::string, int, bool>, Plan> plans_;
  // What those plans share across counts, by the same key less count and layout.
  std::map<std::tuple<std::string, int, double, std::string>, PlanCache> caches_;

  const Plan& plan_for(const Cluster& c, int count, bool fixed);
};

}  // namespace gpusizer
