#include "training/timing.hpp"

#include <algorithm>
#include <cmath>

#include "common/numbers.hpp"
#include "gpusizer/error.hpp"
#include "diagnostics/messages.hpp"
#include "training/perf.hpp"
#include "training/run_model.hpp"

namespace gpusizer {

Peak peak_for(const Gpu& gpu, Precision wanted) {
  for (Precision p : {wanted, Precision::bf16, Precision::fp16})
    if (gpu.peak_tflops.at(p) > 0) return {gpu.peak_tflops.at(p), p};
  return {};
}

RunTimer::RunTimer(const RunInputs& inputs, double flops)
    : req_(inputs), flops_(flops), global_batch_(default_global_batch(inputs.model, inputs.training)) {
  if (!req_.measured) return;
  const Measured& m = *req_.measured;
  const Gpu& gpu = *req_.catalog.find_gpu(m.gpu);
  const Cluster c = cluster_for(gpu);
  PlanRequest pr;
  pr.gpus = m.count;
  pr.fixed = m.parallelism;
  pr.all_gpus = true;  // it ran on all of them
  const Plan plan = search(c, pr);
  const std::string path = "/efficiency/measuredTokensPerSecondPerGpu";
  if (!plan.fits || !(plan.time.tokens_per_second_per_gpu > 0))
    throw Error(errc::invalid_value, path,
                say(req_.lang, msg::error_measured_does_not_fit, {{"count", m.count}, {"gpu", gpu.name.in(req_.lang)}}));
  const double mfu = plan.time.mfu * m.tokens_per_second_per_gpu / plan.time.tokens_per_second_per_gpu;
  if (mfu > 1)
    throw Error(errc::invalid_value, path,
                say(req_.lang, msg::error_measured_above_peak,
                    {{"tps", format_sig(m.tokens_per_second_per_gpu, 4)}, {"mfu", format_sig(mfu, 3)}, {"gpu", gpu.name.in(req_.lang)}}));
  // The floor of efficiency.mfu (training/run.hpp).
  if (mfu < kMinMfu)
    throw Error(errc::invalid_value, path,
                say(req_.lang, msg::error_measured_below_floor,
                    {{"tps", format_sig(m.tokens_per_second_per_gpu, 4)},
                     {"mfu", format_sig(mfu, 3)},
                     {"gpu", gpu.name.in(req_.lang)},
                     {"min", format_sig(kMinMfu, 3)}}));
  modelled_at_measurement_ = plan.time.tokens_per_second_per_gpu;
  measured_ratio_ = m.tokens_per_second_per_gpu / plan.time.tokens_per_second_per_gpu;
}

Cluster RunTimer::cluster_for(const Gpu& gpu) const {
  Cluster c = default_cluster(gpu, req_.training.precision);
  if (req_.inter_node_gbps) c.inter_node_gbps = *req_.inter_node_gbps;
  return c;
}

Cluster RunTimer::cluster_for(const Offer& offer, const Gpu& gpu) const {
  Cluster c = default_cluster(gpu, req_.training.precision);
  c.gpus_per_node = std::max(offer.gpus_per_unit, offer.max_gpus_per_node);
  if (!offer.intra_unit.empty()) c.intra_node_kind = offer.intra_unit;
  if (offer.inter_unit == "none") c.inter_node_gbps = 0;
  else if (offer.inter_unit_gbps_per_gpu) c.inter_node_gbps = *offer.inter_unit_gbps_per_gpu;
  return c;
}

RunTimer::Hardware& RunTimer::hardware(const Cluster& c) {
  auto same = [&](const Hardware& h) {
    return h.gpu->id == c.gpu->id && h.gpus_per_node == c.gpus_per_node && h.inter_node_gbps == c.inter_node_gbps &&
           h.intra_node_kind == c.intra_node_kind;
  };
  if (last_ && same(*last_)) return *last_;
  for (auto& h : hardware_)
    if (same(*h)) return *(last_ = h.get());
  hardware_.push_back(std::make_unique<Hardware>(Hardware{c.gpu, c.gpus_per_node, c.inter_node_gbps, c.intra_node_kind, {}, {}, {}, {}}));
  return *(last_ = hardware_.back().get());
}

Plan RunTimer::search(const Cluster& c, const PlanRequest& pr) {
  Plan plan = plan_training(req_.model, req_.training, c, pr);
  work_ += plan.groups_searched + plan.configs_evaluated + 2.0 * plan.configs_feasible;
  ++searches_;
  layouts_ += plan.configs_evaluated;
  return plan;
}

const Plan& RunTimer::plan_for(Hardware& h, const Cluster& c, int count, bool fixed, bool exact_search) {
  PlanRequest pr;
  pr.gpus = count;
  pr.cache = &h.cache;
  if (fixed) {
    auto it = h.fixed.find(count);
    if (it != h.fixed.end()) return it->second;
    pr.fixed = req_.parallelism;
    return h.fixed.emplace(count, search(c, pr)).first->second;
  }
  // A search, with the layouts other machines' plans offer (seed()).
  auto seeded = [&]() -> Plan {
    seed(h, c, count, pr);
    return search(c, pr);
  };
  auto it = h.plans.lower_bound(count);
  if (it != h.plans.end() && it->first == count) {
    if (!exact_search || it->second.searched) return it->second.plan;
    it->second = {seeded(), true};
    return it->second.plan;
  }
  // A larger count already planned whose layout runs on `count` GPUs or fewer: the same plan.
  if (!exact_search && it != h.plans.end() && it->second.plan.fits && it->second.plan.gpus_used <= count)
    return h.plans.emplace_hint(it, count, Hardware::Entry{plan_on_fewer(it->second.plan, count, global_batch_), false})
        ->second.plan;
  // A smaller count already planned: only layouts on more GPUs than it can beat its plan.
  if (!exact_search && it != h.plans.begin() && std::prev(it)->second.plan.fits) {
    pr.fewer = &std::prev(it)->second.plan;
    pr.fewer_gpus = std::prev(it)->first;
    return h.plans.emplace_hint(it, count, Hardware::Entry{seeded(), false})->second.plan;
  }
  return h.plans.emplace_hint(it, count, Hardware::Entry{seeded(), true})->second.plan;
}

// PlanRequest::seeds for a search of `count` GPUs on h: of each other hardware with the same
// GPU memory, GPUs per node and multi-node links (the same layouts, fitting alike), the plan
// of the most GPUs up to `count` planned there. Deadline sizing probes the same counts on
// every offer's machines, so a count planned on one usually is on the next.
void RunTimer::seed(const Hardware& h, const Cluster& c, int count, PlanRequest& pr) {
  seeds_.clear();
  for (const auto& other : hardware_) {
    if (other.get() == &h || other->gpu->memory_gib != c.gpu->memory_gib || other->gpus_per_node != c.gpus_per_node ||
        (other->inter_node_gbps > 0) != c.multi_node())
      continue;
    auto at = other->plans.upper_bound(count);
    if (at == other->plans.begin()) continue;
    const Plan& plan = std::prev(at)->second.plan;
    if (plan.fits) seeds_.push_back(plan.par);
  }
  pr.seeds = seeds_.data();
  pr.seed_count = static_cast<int>(seeds_.size());
}

void RunTimer::time_run(TrainingRun& run, const Plan& plan, const Gpu& gpu, int count, bool days_only) const {
  // The layout may leave rented GPUs idle (more would not be faster). They are paid for, so
  // the whole-run MFU counts them; the run overheads come from the GPUs that train.
  const int used = plan.gpus_used > 0 ? std::min(plan.gpus_used, count) : count;
  run.peak_tflops = peak_for(gpu, req_.training.precision).tflops;
  const double peak = run.peak_tflops * 1e12;
  run.steady_mfu = plan.time.mfu * measured_ratio_;
  run.hfu = plan.time.hfu * measured_ratio_;
  run.tokens_per_second_per_gpu = plan.time.tokens_per_second_per_gpu * measured_ratio_;
  if (req_.mfu) {
    // The user's utilization covers the whole run: no separate overhead on top.
    run.mfu = *req_.mfu;
    if (!days_only) run.mfu_source = "request";
  } else if (run.tokens_per_second_per_gpu > 0) {
    // The layout may leave GPUs idle (more would not be faster): those in use set the pace and
    // fail; every rented one is paid for and counted in the whole-run MFU.
    const double tokens = req_.training.tokens_total();
    const double steady_seconds = tokens / (run.tokens_per_second_per_gpu * used);
    run.hours = whole_run_hours(steady_seconds, used, gpu.gpus_per_node, req_.model, req_.training, default_calibration());
    run.overhead_factor = run.hours.total() / run.hours.steady;
    // Steady-state time x run overheads, expressed as the utilization that gives it.
    run.mfu = run.steady_mfu * used / count / run.overhead_factor;
    if (!days_only) run.mfu_source = req_.measured ? "measured" : "model";
  } else if (!days_only) {
    run.mfu_source = "model";
  }
  run.seconds = run.mfu > 0 ? flops_ / (count * peak * run.mfu) : HUGE_VAL;
  run.wall_days = std::isfinite(run.seconds) ? round_sig(run.seconds / kSecondsPerDay, 6) : 0;
  if (days_only) return;
  run.gpu_hours = round_sig(run.wall_days * 24 * count, 6);
  // The range of what published runs took (training/calibration.hpp): pre-training runs and
  // fine-tuning runs each have their own. A user's utilization fixes the time: no range.
  const RunRange range = req_.mfu ? RunRange{} : run_range(default_calibration(), range_kind(req_.training.mode, used));
  run.gpu_hours_low = round_sig(run.gpu_hours * range.low, 6);
  run.gpu_hours_high = round_sig(run.gpu_hours * range.high, 6);
  run.wall_days_low = round_sig(run.wall_days * range.low, 6);
  run.wall_days_high = round_sig(run.wall_days * range.high, 6);
  run.range_coverage = range.coverage;
}

TrainingRun RunTimer::train_on(const Cluster& c, int count, bool fixed, bool exact_search) {
  TrainingRun run;
  run.gpu = c.gpu->id;
  run.count = count;
  run.plan = plan_for(hardware(c), c, count, fixed, exact_search);
  time_run(run, run.plan, *c.gpu, count, false);
  return run;
}

// Wall-clock days on `count` GPUs; infinite when the job cannot run there. Memoized: the
// offers of one hardware ask for the same counts.
double RunTimer::days_on(const Cluster& c, int count) {
  Hardware& h = hardware(c);
  auto it = h.days.find(count);
  if (it != h.days.end()) return it->second;
  const Plan& plan = plan_for(h, c, count, false, false);
  TrainingRun run;
  time_run(run, plan, *c.gpu, count, true);
  const double days = plan.fits && run.wall_days > 0 ? run.wall_days : HUGE_VAL;
  h.days.emplace(count, days);
  return days;
}

RunTimer::Known RunTimer::known_for_days(const Cluster& c, double days) {
  Known k;
  for (const auto& [count, d] : hardware(c).days) {
    if (d <= days) {
      k.hit = count;
      k.hit_days = d;
      break;  // by count: the first hit is the least
    }
    k.miss = count;
    k.miss_days = d;
  }
  return k;
}

// The planner ranks layouts by cost = steady time x (1 + evaluation share + failures x GPUs
// used), and the whole run is that x the gap to published runs (pre-training), plus the
// checkpoint saves and the start-up. A plan of cost at most `plan`'s trains no longer, so it
// makes no more saves; each takes at most what one machine writes alone. A user's MFU fixes
// the days outright.
double RunTimer::days_bound(const Plan& plan, const Gpu& gpu, int count) const {
  TrainingRun run;
  time_run(run, plan, gpu, count, true);
  if (!plan.fits || !std::isfinite(run.seconds) || !(run.seconds > 0)) return HUGE_VAL;
  double days = run.seconds / kSecondsPerDay;
  const RunHours& h = run.hours;
  if (!req_.mfu && h.total() > 0 && h.steady > 0) {
    const Calibration& cal = default_calibration();
    const double ranked = h.total() - h.checkpoint_stall - h.startup;
    const double one_machine = checkpoint_bytes(req_.model, req_.training) / cal.run_checkpoint_bytes_per_second_per_node / 3600;
    const double saves = std::floor(ranked / cal.run_checkpoint_interval_hours);
    days *= (ranked + saves * one_machine + h.startup) / h.total();
  }
  return days * (1 + 1e-6);  // and the display rounding of the days (6 significant digits)
}

double RunTimer::days_at_most(const Cluster& c, int count) {
  Hardware& h = hardware(c);
  double days = HUGE_VAL;
  auto it = h.plans.upper_bound(count);
  if (it != h.plans.end()) {  // the next count's layout, narrowed
    if (const auto narrowed = plan_family_on(req_.model, req_.training, c, it->second.plan, count, global_batch_))
      days = std::min(days, days_bound(*narrowed, *c.gpu, count));
  }
  if (it != h.plans.begin()) {  // the last count's layout as it is, and widened
    const Plan& below = std::prev(it)->second.plan;
    days = std::min(days, days_bound(below, *c.gpu, count));
    if (const auto widened = plan_family_on(req_.model, req_.training, c, below, count, global_batch_))
      days = std::min(days, days_bound(*widened, *c.gpu, count));
  }
  return days;
}

int RunTimer::known_gpus_used(const Cluster& c, int count) {
  Hardware& h = hardware(c);
  auto it = h.plans.find(count);
  if (it == h.plans.end()) return 0;
  const Plan& plan = it->second.plan;
  return plan.fits && plan.gpus_used > 0 ? std::min(plan.gpus_used, count) : count;
}

}  // namespace gpusizer
