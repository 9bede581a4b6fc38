#include "training/planner.hpp"

#include "training/calibration.hpp"
#include "training/perf_model.hpp"

namespace gpusizer {
namespace {

class Search {
 public:
  Search(const Model& m, const TrainingSpec& t, const Cluster& c, const PlanRequest& r)
      : m_(m), t_(t), c_(c), r_(r), perf_(m, t, c, r.calibration ? *r.calibration : default_calibration()),
        usable_(usable_memory_bytes(c.gpu->memory_gib)),
        global_batch_(r.global_batch > 0 ? r.global_batch : default_global_batch(m, t)) {}

  Plan run() {
    if (r_.fixed) {
      Parallelism par = *r_.fixed;
      if (par.global_batch <= 0) par.global_batch = global_batch_;
      consider(par);
      return finish();
    }
    // The global batch is the recipe's, not the cluster's: data parallelism may not exceed
    // it (a bigger batch would change the training, and would let a slow network look fast
    // by amortizing gradient traffic over more tokens). More GPUs than that can use are
    // reported as batch-limited instead of planned.
    search();
    return finish();
  }

 private:
  const Model& m_;
  const TrainingSpec& t_;
  const Cluster& c_;
  const PlanRequest& r_;
  PerfModel perf_;
  double usable_;
  int global_batch_;
  Plan best_, least_;
  bool have_least_ = false;
  int evaluated_ = 0, feasible_ = 0;
  bool batch_limited_ = true;  // until a layout within the batch is seen
  int ep_buffer_[32] = {};

  void search() {
    const int n = r_.gpus;
    const int node = c_.gpus_per_node;
    if (!c_.multi_node() && n > node) return;  // machines that cannot be joined
    for (int tp = 1; tp <= n && tp <= node; tp *= 2) {
      if (n % tp != 0 || !m_.tensor_parallel_ok(tp)) continue;
      for (int pp = 1; pp <= m_.layers && tp * pp <= n; ++pp) {
        if ((n / tp) % pp != 0) continue;
        const int dp = n / (tp * pp);
        for (int ep : expert_degrees(tp * dp)) layouts(tp, pp, dp, ep);
      }
    }
  }

  struct Degrees {
    const int* begin_;
    const int* end_;
    const int* begin() const { return begin_; }
    const int* end() const { return end_; }
  };

  // Powers of two dividing the experts and the t x dp ranks; 1 for dense models.
  Degrees expert_degrees(int ranks) {
    int count = 0;
    ep_buffer_[count++] = 1;
    if (m_.is_moe())
      for (int ep = 2; ep <= m_.experts && ep <= ranks && count < 32; ep *= 2)
        if (m_.experts % ep == 0 && ranks % ep == 0) ep_buffer_[count++] = ep;
    return {ep_buffer_, ep_buffer_ + count};
  }

  void layouts(int tp, int pp, int dp, int ep) {
    const int chunks_max = pp > 1 ? 8 : 1;
    for (int mb = 1; mb <= 8; mb *= 2) {
      const int per_step = dp * mb;
      if (per_step > global_batch_) break;
      batch_limited_ = false;
      const int microbatches = (global_batch_ + per_step - 1) / per_step;
      for (int v = 1; v <= chunks_max; v *= 2) {
        // Interleaving needs a layer per chunk (uneven splits allowed, as Llama 3 did) and
        // micro-batches in multiples of pp (Megatron's interleaved 1F1B schedule).
        if (v > 1 && (m_.layers < pp * v || microbatches % pp != 0)) continue;
        for (int rc = 0; rc < 3; ++rc) {
          const Recompute recompute = static_cast<Recompute>(rc);
          if (recompute == Recompute::selective && t_.flash_attention) continue;  // nothing to drop
          for (int zero : {1, 3}) {
            if (dp == 1 && zero != 1) continue;
            Parallelism par;
            par.tp = tp;
            par.pp = pp;
            par.dp = dp;
            par.ep = ep;
            par.micro_batch = mb;
            par.global_batch = microbatches * per_step;
            par.interleave = v;
            par.recompute = recompute;
            par.sequence_parallel = tp > 1;
            par.zero = dp > 1 ? zero : 0;
            consider(par);
          }
        }
      }
    }
  }

  void consider(const Parallelism& par) {
    ++evaluated_;
    const MemoryBreakdown memory = memory_per_gpu(m_, t_, par);
    const double bytes = memory.total_bytes();
    if (bytes > usable_) {
      if (!have_least_ || bytes < least_.memory.total_bytes()) {
        least_.par = par;
        least_.memory = memory;
        least_.fits = false;
        have_least_ = true;
      }
      return;
    }
    ++feasible_;
    const IterationTime time = perf_.evaluate(par);
    const double per_token = time.seconds / time.global_batch;
    // Ties keep the earlier (simpler) layout: smaller tp, pp, no recomputation, ZeRO-1.
    if (!best_.fits || per_token < best_.seconds_per_token() * (1 - 1e-12)) {
      best_.par = par;
      best_.memory = memory;
      best_.time = time;
      best_.fits = true;
    }
  }

  Plan finish() {
    Plan out = best_.fits ? best_ : least_;
    if (!out.fits && have_least_) out.time = perf_.evaluate(out.par);
    out.configs_evaluated = evaluated_;
    out.configs_feasible = feasible_;
    out.batch_limited = batch_limited_ && !r_.fixed;
    if (out.batch_limited) {
      // Nothing was tried: describe the smallest data-parallel layout, which does not run.
      out.par = Parallelism{};
      out.par.tp = std::min(r_.gpus, c_.gpus_per_node);
      out.par.dp = std::max(1, r_.gpus / out.par.tp);
      out.par.global_batch = global_batch_;
      out.fits = false;
    }
    return out;
  }
};

}  // namespace

Plan plan_training(const Model& model, const TrainingSpec& training, const Cluster& cluster,
                   const PlanRequest& request) {
  return Search(model, training, cluster, request).run();
}

}  // namespace gpusizer
