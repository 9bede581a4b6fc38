// The iteration-time model with everything that does not depend on the layout computed
// once, so the planner can evaluate a layout in well under a microsecond (internal).
#pragma once

#include "training/calibration.hpp"
#include "training/perf.hpp"

namespace gpusizer {

class PerfModel {
 public:
  PerfModel(const Model& model, const TrainingSpec& training, const Cluster& cluster, const Calibration& cal);
  IterationTime evaluate(const Parallelism& par) const;
  // What a step costs once whatever its micro-batches (eager stacks' optimizer loop and
  // logging): in IterationTime::breakdown.overhead beside the micro-batches' share.
  double step_overhead_seconds() const;
  double collective_seconds(double bytes, int ranks, int ranks_per_node) const;
  // collective_seconds() = per_byte x bytes + fixed, for many buffers over the same ranks.
  struct CollectiveCost {
    double per_byte = 0, fixed = 0;
    double seconds(double bytes) const { return per_byte * bytes + fixed; }
  };
  CollectiveCost collective_cost(int ranks, int ranks_per_node) const;
  // A pipeline stage's point-to-point sends for one micro-batch (the activation forward, its
  // gradient back, for each of its interleaved chunks), between nodes (spans) or inside one.
  double send_seconds(const Parallelism& par, bool spans) const;

 private:
  const Model& m_;
  const TrainingSpec& t_;
  const Cluster& c_;
  const Calibration& cal_;
  double peak_flops_ = 0, gemm_rate_ = 0, attention_rate_ = 0, hbm_rate_ = 0, dequant_rate_ = 0, intra_bw_ = 0,
         inter_bw_ = 0;
  double tp_overlap_ = 0;
  // Per token, forward, before tensor parallelism.
  double qkv_flops_ = 0, proj_flops_ = 0, dense_up_flops_ = 0, dense_down_flops_ = 0;
  double moe_up_flops_ = 0, moe_down_flops_ = 0, router_flops_ = 0, attention_flops_ = 0, head_flops_ = 0;
  double norm_residual_bytes_ = 0, dense_split_bytes_ = 0, moe_split_bytes_ = 0, scores_bytes_ = 0, loss_bytes_ = 0;
  double model_flops_per_token_ = 0, trainable_ = 0;
  bool adapters_ = false;
  bool eager_ = false;  // training.kernels eager: the eager stacks' overheads (calibration.hpp)
};

}  // namespace gpusizer
