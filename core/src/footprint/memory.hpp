// Memory per GPU: model states (weights, gradients, optimizer) and activations.
//
// Byte convention, mixed-precision AdamW (Rajbhandari et al. 2020, ZeRO, sec. 3.1): per
// trainable parameter 2 B bf16 weights + 2 B bf16 gradients + 12 B optimizer state
// (fp32 master weights, Adam m and v) = 16 B. Frozen LoRA bases keep 2 B bf16 weights;
// QLoRA bases are NF4 with double quantization, 4.127 bits = 0.516 B (Dettmers et al. 2023).
// Activations follow Korthikanti et al. 2022, "Reducing Activation Recomputation in Large
// Transformer Models", generalized to GQA and gated FFNs.
#pragma once

#include "model/model.hpp"
#include "job/parallelism.hpp"
#include "job/job.hpp"

namespace gpusizer {

inline constexpr double kWeightBytes = 2, kGradientBytes = 2, kOptimizerBytes = 12;
inline constexpr double kQloraWeightBytes = 4.127 / 8;
// CUDA context, cuBLAS/NCCL workspaces: measured 0.5-1.5 GiB on A100/H100 with PyTorch.
inline constexpr double kRuntimeOverheadBytes = 1.0 * (1ull << 30);
// Share of HBM the caching allocator can actually hand out (fragmentation headroom).
inline constexpr double kUsableMemoryFraction = 0.95;

struct MemoryBreakdown {
  double weights_bytes = 0, gradients_bytes = 0, optimizer_bytes = 0;
  double activations_bytes = 0, overhead_bytes = 0;
  double total_bytes() const {
    return weights_bytes + gradients_bytes + optimizer_bytes + activations_bytes + overhead_bytes;
  }
};

// Parameters that receive gradients: all of them, or the LoRA adapters (rank r on the
// four attention projections and the FFN matrices of every layer, Hu et al. 2021).
double trainable_params(const Model& model, const TrainingSpec& training);

// Activation bytes of one transformer layer for one micro-batch of b sequences,
// per GPU under tensor parallelism t (Korthikanti et al. 2022, sec. 4).
double layer_activation_bytes(const Model& model, int seq_len, int micro_batch, const Parallelism& par,
                              bool flash_attention);

// Share of all parameters held by the busiest of `pp` pipeline stages when it runs
// `stage_layers` layers: its layers plus the embedding (first stage) or output head (last
// stage), Narayanan et al. 2021. 1 without pipelining.
double stage_param_fraction(const Model& model, int pp, double stage_layers);

// The busiest GPU of the layout (first pipeline stage for activations).
MemoryBreakdown memory_per_gpu(const Model& model, const TrainingSpec& training, const Parallelism& par);

// layer_activation_bytes() with what depends on the model and sequence length alone worked
// out once.
class LayerActivations {
 public:
  LayerActivations(const Model& model, int seq_len, bool flash_attention);
  double bytes(int micro_batch, const Parallelism& par) const;

 private:
  double s_, h_;
  bool flash_attention_;
  double replicated_ = 0;  // per s b h: kept whole unless sequence parallelism shards them
  double split_ = 0;       // per s b h: split by tensor parallelism, less the scores
  double scores_ = 0;      // per s b h: the attention scores, when stored
};

// memory_per_gpu() with what depends on the model and training alone worked out once: the
// planner asks it of tens of thousands of layouts of one job.
class MemoryModel {
 public:
  MemoryModel(const Model& model, const TrainingSpec& training);
  MemoryBreakdown per_gpu(const Parallelism& par) const;

 private:
  const Model& m_;
  const TrainingSpec& t_;
  LayerActivations activations_;
  double expert_params_, dense_params_, trainable_, layer_params_, head_params_;
};

inline double usable_memory_bytes(double memory_gib) {
  return memory_gib * static_cast<double>(1ull << 30) * kUsableMemoryFraction;
}

}  // namespace gpusizer
