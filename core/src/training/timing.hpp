// Timing a run on a cluster: the planner's layout, the steady-state iteration time and the
// run overheads, as a TrainingRun; plans memoized per hardware (internal).
#pragma once

#include <cmath>
#include <map>
#include <memory>
#include <vector>

#include "training/planner.hpp"
#include "training/run.hpp"

namespace gpusizer {

inline constexpr double kSecondsPerDay = 86400;

// The most planner work one estimate may take (RunTimer::planning_work(), about a second on a
// busy 2-core machine; docs/hardening.md, "Limits"). The hardest requests found take about 2e6 (a giant
// mixture of experts on a request catalog's 100 different machines), but what the bounds of the
// search prune depends on the machines and the model: the bound holds whatever they are.
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
  RunTimer(const RunInputs& inputs, double flops);

  // Measured / modelled steady throughput (1 without a measurement), and the modelled figure.
  double measured_ratio() const { return measured_ratio_; }
  double modelled_at_measurement() const { return modelled_at_measurement_; }

  // The GPU in its usual machine (or the request's network); an offer's machines and network.
  Cluster cluster_for(const Gpu& gpu) const;
  Cluster cluster_for(const Offer& offer, const Gpu& gpu) const;

  // `count` GPUs of the cluster, laid out by the planner (or the request's fixed layout).
  // exact_search: the plan's search figures (configs evaluated and feasible) are those of a
  // search on exactly `count` GPUs, not of a larger search whose layout it reuses.
  TrainingRun train_on(const Cluster& c, int count, bool fixed, bool exact_search = false);
  // Wall-clock days on `count` GPUs; infinite when the job cannot run there.
  double days_on(const Cluster& c, int count);
  // What the plans made so far tell about a deadline of `days`, without a search: days never
  // rise with the GPUs, so every count up to `miss` misses it and every count from `hit` on
  // meets it (0: no such count planned yet).
  struct Known {
    int miss = 0, hit = 0;
    double miss_days = HUGE_VAL, hit_days = HUGE_VAL;
  };
  Known known_for_days(const Cluster& c, double days);
  // An upper bound on the days on `count` GPUs, without a search (infinite when nothing tells):
  // from the plans of the nearest counts already planned below and above it, and their layouts'
  // families at the widest width the search weighs on `count` GPUs (plan_family_on). Each is a
  // layout the search on `count` GPUs weighs, so the plan it finds costs no more.
  double days_at_most(const Cluster& c, int count);
  // The GPUs the plan of `count` runs on, when that plan is already made (0 when it is not):
  // the same layout is the plan of every count from there to `count`, so their days cost no
  // search.
  int known_gpus_used(const Cluster& c, int count);
  // The planner's work so far: groups weighed, layouts whose memory was computed, and layouts
  // timed (counted twice: timing costs about two memory checks). About 0.1-0.2 µs a unit.
  double planning_work() const { return work_; }
  // Searches run so far and the layouts whose memory they checked.
  int searches() const { return searches_; }
  long layouts_evaluated() const { return layouts_; }

 private:
  RunInputs req_;
  double flops_;
  int global_batch_;
  double measured_ratio_ = 1, modelled_at_measurement_ = 0;
  // One per distinct hardware (GPU, GPUs per node, network GB/s, link kind): every offer with
  // the same machines and network shares its plans, whatever its price or unit, which keeps a
  // whole estimate to a few hundred plans.
  struct Hardware {
    const Gpu* gpu;
    int gpus_per_node;
    double inter_node_gbps;
    std::string intra_node_kind;
    PlanCache cache;  // what the plans share across counts
    struct Entry {
      Plan plan;
      // false: taken from the plan of a larger count (plan_on_fewer), or searched only above a
      // smaller one (PlanRequest::fewer): not a search on exactly this count
      bool searched;
    };
    std::map<int, Entry> plans;             // by GPU count, planner's layouts
    std::map<int, Plan> fixed;              // by GPU count, the request's layout
    std::map<int, double> days;             // days_on by GPU count
  };
  std::vector<std::unique_ptr<Hardware>> hardware_;
  std::vector<Parallelism> seeds_;  // seed()'s, for the search at hand
  Hardware* last_ = nullptr;
  double work_ = 0;
  int searches_ = 0;
  long layouts_ = 0;
  // Plans a layout and counts the planner's work (planning_work()).
  Plan search(const Cluster& c, const PlanRequest& pr);

  Hardware& hardware(const Cluster& c);
  const Plan& plan_for(Hardware& h, const Cluster& c, int count, bool fixed, bool exact_search);
  void seed(const Hardware& h, const Cluster& c, int count, PlanRequest& pr);
  // An upper bound on the days on `count` GPUs of any plan that costs the planner no more than
  // `plan`.
  double days_bound(const Plan& plan, const Gpu& gpu, int count) const;
  // The run of `count` GPUs under `plan`; days_only: just seconds and wall_days.
  void time_run(TrainingRun& run, const Plan& plan, const Gpu& gpu, int count, bool days_only) const;
};

}  // namespace gpusizer
