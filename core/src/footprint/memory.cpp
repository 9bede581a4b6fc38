#include "footprint/memory.hpp"

#include <algorithm>
#include <cmath>

namespace gpusizer {
namespace {

double ceil_div(int a, int b) { return static_cast<double>((a + b - 1) / b); }

// LoRA adapter parameters of one layer: r * (in + out) per adapted matrix (Hu et al. 2021),
// every routed and shared expert's FFN matrices for MoE.
double layer_lora_params(const Model& m, int rank, unsigned targets) {
  const double h = m.hidden, q = m.heads * m.head_width(), kv = m.kv_heads * m.head_width();
  double attention = 0;
  if (targets & lora::q) attention += h + q;
  if (targets & lora::k) attention += h + kv;
  if (targets & lora::v) attention += h + kv;
  if (targets & lora::o) attention += q + h;
  const double copies = m.is_moe() ? m.experts + m.shared_experts : 1;
  const double f = m.is_moe() ? m.expert_ffn() : m.ffn_hidden;
  double ffn = 0;
  if (m.gated_mlp() && (targets & lora::gate)) ffn += h + f;
  if (targets & lora::up) ffn += h + f;
  if (targets & lora::down) ffn += f + h;
  return rank * (attention + ffn * copies);
}

// stage_param_fraction() from the model's layer and head parameters.
double stage_fraction(const Model& m, double layer_params, double head_params, int pp, double stage_layers) {
  if (pp <= 1 || m.layers <= 0 || m.params <= 0) return 1.0;
  const double stage = layer_params * stage_layers + head_params;
  return std::min(1.0, stage / m.params);
}

}  // namespace

double stage_param_fraction(const Model& m, int pp, double stage_layers) {
  return stage_fraction(m, m.layer_params(), static_cast<double>(m.vocab) * m.hidden, pp, stage_layers);
}

double trainable_params(const Model& model, const TrainingSpec& training) {
  if (!training.is_adapter()) return model.params;
  return layer_lora_params(model, training.lora_rank, training.lora_targets) * model.layers;
}

LayerActivations::LayerActivations(const Model& m, int seq_len, bool flash_attention)
    : s_(seq_len), h_(m.hidden), flash_attention_(flash_attention) {
  const double a = m.heads;
  const double kv_ratio = m.kv_heads ? static_cast<double>(m.kv_heads) / m.heads : 1.0;
  const double dropout_masks = m.dropout ? 2.0 : 0.0;
  // Not split by tensor parallelism unless sequence parallelism shards them: the two norm
  // inputs (4), the inputs of the QKV and first FFN matmuls (2 + 2), dropout masks.
  replicated_ = 4.0 + 2.0 + 2.0 + dropout_masks;
  // Split by t: Q (2), K and V (2 each, scaled for grouped-query attention), the input
  // of the output projection (2), and the FFN internals.
  const double attention = 2.0 + 4.0 * kv_ratio + 2.0;
  const double per_matrix = 2.0;  // bf16 bytes per element of an FFN intermediate
  double ffn = 0;
  if (m.is_moe()) {
    const double fe = m.expert_ffn_hidden ? m.expert_ffn_hidden : m.ffn_hidden;
    const double routed = m.experts_per_token + m.shared_experts;
    ffn = routed * (m.gated_mlp() ? 3 : 2) * per_matrix * fe / h_ + 2.0 * m.experts_per_token;
  } else {
    ffn = (m.gated_mlp() ? 3 : 2) * per_matrix * m.ffn_hidden / h_;
  }
  split_ = attention + ffn;
  // Attention scores: softmax output 2as^2b (+ dropout mask and output 3as^2b). FlashAttention
  // (Dao et al. 2022) and selective recomputation never store them.
  scores_ = (m.dropout ? 5.0 : 2.0) * a * s_ / h_;
}

double LayerActivations::bytes(int micro_batch, const Parallelism& par) const {
  const double b = micro_batch, t = par.tp;
  const double sbh = s_ * b * h_;
  if (par.recompute == Recompute::full) {
    // Only each layer's input is kept (Korthikanti et al. eq. 6: 2sbh, split by t under SP).
    return 2.0 * sbh / (par.sequence_parallel ? t : 1.0);
  }
  const bool scores_stored = !flash_attention_ && par.recompute == Recompute::none;
  const double scores = scores_stored ? scores_ : 0.0;
  const double per_sbh = (par.sequence_parallel ? replicated_ / t : replicated_) + (split_ + scores) / t;
  return per_sbh * sbh;
}

double layer_activation_bytes(const Model& m, int seq_len, int micro_batch, const Parallelism& par,
                              bool flash_attention) {
  return LayerActivations(m, seq_len, flash_attention).bytes(micro_batch, par);
}

MemoryModel::MemoryModel(const Model& m, const TrainingSpec& training)
    : m_(m),
      t_(training),
      activations_(m, training.seq_len, training.flash_attention),
      expert_params_(m.expert_params()),
      dense_params_(m.params - expert_params_),
      trainable_(trainable_params(m, training)),
      layer_params_(m.layer_params()),
      head_params_(static_cast<double>(m.vocab) * m.hidden) {}

MemoryBreakdown MemoryModel::per_gpu(const Parallelism& par) const {
  const Model& m = m_;
  const TrainingSpec& training = t_;
  MemoryBreakdown out;
  const double tp = par.tp, dp = par.dp, ep = par.ep;
  const double stage = stage_fraction(m, layer_params_, head_params_, par.pp, ceil_div(m.layers, par.pp));
  // Per GPU before ZeRO: dense weights split by t; routed experts spread over ep of the
  // t x dp ranks without tensor splitting (Megatron-Core MoE "parallel folding"). ZeRO then
  // shards dense states over dp and expert states over the t x dp / ep expert replicas, so
  // with ZeRO both end up divided by t x dp.
  const double experts = expert_params_ * stage / ep;
  const double dense = dense_params_ * stage / tp;
  const double expert_replicas = tp * dp / ep;
  auto per_gpu = [&](double dense_count, double expert_count, bool sharded) {
    return sharded ? dense_count / dp + expert_count / expert_replicas : dense_count + expert_count;
  };
  const double trainable = trainable_;
  const double adapters = trainable * stage / tp;  // LoRA adapters: small, dense
  const double frozen_bytes = training.mode == Mode::qlora ? kQloraWeightBytes : kWeightBytes;

  if (training.is_adapter()) {
    out.weights_bytes = per_gpu(dense * frozen_bytes + adapters * kWeightBytes, experts * frozen_bytes, par.zero >= 3);
    out.gradients_bytes = per_gpu(adapters, 0, par.zero >= 2) * kGradientBytes;
    out.optimizer_bytes = per_gpu(adapters, 0, par.zero >= 1) * kOptimizerBytes;
  } else {
    out.weights_bytes = per_gpu(dense, experts, par.zero >= 3) * kWeightBytes;
    out.gradients_bytes = per_gpu(dense, experts, par.zero >= 2) * kGradientBytes;
    out.optimizer_bytes = per_gpu(dense, experts, par.zero >= 1) * kOptimizerBytes;
  }

  // Activations: with 1F1B the first stage holds min(pp, m) micro-batches of its L/pp layers,
  // i.e. about L layers' worth (Korthikanti et al. sec. 4.2.3); interleaving adds (p-1)/(p v).
  const int stage_layers = static_cast<int>(ceil_div(m.layers, par.pp));
  int microbatches = par.global_batch > 0 ? par.global_batch / std::max(1, par.dp * par.micro_batch) : par.pp;
  const int in_flight = par.pp > 1 ? std::min(par.pp, std::max(1, microbatches)) : 1;
  const double interleave = (par.pp > 1 && par.interleave > 1)
                                ? 1.0 + static_cast<double>(par.pp - 1) / (static_cast<double>(par.pp) * par.interleave)
                                : 1.0;
  const double layer = activations_.bytes(par.micro_batch, par);
  double first_stage = layer * stage_layers * in_flight * interleave;
  if (par.recompute == Recompute::full) {
    // Recomputing one layer during backward needs its full activations once.
    Parallelism stored = par;
    stored.recompute = Recompute::selective;
    first_stage += activations_.bytes(par.micro_batch, stored);
  }
  // Output logits and their gradient in fp32 for the loss, vocabulary split by t.
  const double logits = 4.0 * training.seq_len * par.micro_batch * static_cast<double>(m.vocab) / tp;
  const double last_stage = par.pp > 1 ? first_stage / in_flight + logits : 0.0;
  out.activations_bytes = par.pp > 1 ? std::max(first_stage, last_stage) : first_stage + logits;

  // ZeRO-3 gathers a layer's weights before use and prefetches the next: two layers resident.
  const double gathered = par.zero >= 3 && par.dp > 1 ? 2.0 * layer_params_ * kWeightBytes / tp : 0.0;
  out.overhead_bytes = kRuntimeOverheadBytes + gathered;
  return out;
}

MemoryBreakdown memory_per_gpu(const Model& model, const TrainingSpec& training, const Parallelism& par) {
  return MemoryModel(model, training).per_gpu(par);
}

}  // namespace gpusizer
