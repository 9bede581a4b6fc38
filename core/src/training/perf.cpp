#include "training/perf.hpp"

#include <algorithm>
#include <cmath>

#include "training/calibration.hpp"
#include "footprint/compute.hpp"
#include "footprint/memory.hpp"
#include "training/perf_model.hpp"

namespace gpusizer {

int default_global_batch(const Model& m, const TrainingSpec& t) {
  double tokens = 4194304;  // 2^22: Llama 2 (4M tokens), GPT-3 175B (3.2M)
  if (t.mode != Mode::pretrain) tokens = 131072;  // NeMo SFT/LoRA recipes: 32 x 4096
  else if (m.params < 3e9) tokens = 2097152;
  else if (m.params >= 1e11) tokens = 16777216;  // Llama 3 405B (16M), DeepSeek-V3 (up to 63M)
  return std::max(1, static_cast<int>(tokens / t.seq_len + 0.5));
}

namespace {

constexpr double kBf16Bytes = 2;
// Megatron-LM reduces bf16 gradients in fp32 (it forces accumulate_allreduce_grads_in_fp32
// for bf16); FSDP under "PURE" mixed precision reduces them in bf16.
constexpr double kGradReduceBytes = 4, kFsdpGradReduceBytes = 2;
// AdamW step per parameter: read fp32 grad, master, m, v; write master, m, v and the bf16 copy.
constexpr double kOptimizerStepBytes = 4 * 4 + 3 * 4 + 2;
// FlashAttention-2 backward does 2.5x the forward matmul work (5 matmuls vs 2; Dao 2023).
constexpr double kAttentionBackwardRatio = 2.5;

double gemm_seconds(double flops, double rate, double half_flops) {
  // Efficiency x / (x + x0): small GEMMs lose to launch latency and partial waves.
  return flops <= 0 ? 0 : (flops + half_flops) / rate;
}

}  // namespace

PerfModel::PerfModel(const Model& m, const TrainingSpec& t, const Cluster& c, const Calibration& cal)
    : m_(m), t_(t), c_(c), cal_(cal) {
  const ArchitectureEfficiency& arch = cal.architecture(c.gpu->architecture);
  const double bf16_peak = c.gpu->peak_tflops.at(Precision::bf16) > 0 ? c.gpu->peak_tflops.at(Precision::bf16)
                                                                       : c.gpu->peak_tflops.at(Precision::fp16);
  peak_flops_ = c.gpu->peak_tflops.at(c.precision) > 0 ? c.gpu->peak_tflops.at(c.precision) * 1e12 : bf16_peak * 1e12;
  const bool fp8 = c.precision == Precision::fp8 && c.gpu->peak_tflops.fp8 > 0;
  gemm_rate_ = fp8 ? c.gpu->peak_tflops.fp8 * 1e12 * arch.gemm_fp8 : bf16_peak * 1e12 * arch.gemm;
  attention_rate_ = bf16_peak * 1e12 * arch.attention;
  tp_overlap_ = c.gpus_per_node > 1 && c.intra_node_kind != "pcie" ? arch.tp_overlap : 0.0;
  hbm_rate_ = c.gpu->memory_bandwidth_tbps * 1e12 * cal.hbm_efficiency;
  dequant_rate_ = c.gpu->memory_bandwidth_tbps * 1e12 * cal.qlora_dequant_efficiency;
  eager_ = t.kernels == Kernels::eager;
  const double link_eff = c.intra_node_kind == "pcie" ? cal.pcie_efficiency : cal.nvlink_efficiency;
  intra_bw_ = c.intra_node_gbps / 2 * 1e9 * link_eff;  // vendors quote both directions
  inter_bw_ = c.inter_node_gbps * 1e9 * cal.network_efficiency;

  const double h = m.hidden, s = t.seq_len;
  const double attn_width = m.heads * m.head_width();
  const double kv_width = m.kv_heads * m.head_width();
  // Per token, forward, before tensor parallelism.
  qkv_flops_ = 2 * h * (attn_width + 2 * kv_width);
  proj_flops_ = 2 * attn_width * h;
  const double gate = m.gated_mlp() ? 2 : 1;
  dense_up_flops_ = 2 * h * m.ffn_hidden * gate;
  dense_down_flops_ = 2 * m.ffn_hidden * h;
  if (m.is_moe()) {
    const double fe = m.expert_ffn();
    const double routed = m.experts_per_token;
    moe_up_flops_ = 2 * h * fe * gate * (routed + m.shared_experts);
    moe_down_flops_ = 2 * fe * h * (routed + m.shared_experts);
    router_flops_ = 2 * h * m.experts;
  }
  // Causal FlashAttention skips the masked half of QK^T and AV: 4 s a d / 2 per token.
  const double causal = t.flash_attention ? 0.5 : 1.0;
  attention_flops_ = 4 * s * attn_width * causal;
  head_flops_ = 2 * h * m.vocab;
  // HBM traffic per token, forward: two norms (read + write, 8h), two residual adds (12h)
  // stay on the sequence-parallel shard; rotary on q and k, the FFN activation (SwiGLU reads
  // gate and up, writes the product: 6F; GELU 4F) split by t.
  norm_residual_bytes_ = 20 * h;
  const double act = m.gated_mlp() ? 6 : 4;
  dense_split_bytes_ = 4 * (attn_width + kv_width) + act * m.ffn_hidden;
  moe_split_bytes_ = 4 * (attn_width + kv_width) +
                     (m.is_moe() ? act * m.expert_ffn() * (m.experts_per_token + m.shared_experts) +
                                       2 * h * kBf16Bytes * m.experts_per_token
                                 : 0);
  // Without FlashAttention the s x s scores go through HBM: softmax read + write (4 a s per
  // token), dropout mask and output when the model uses dropout.
  scores_bytes_ = t.flash_attention ? 0 : (m.dropout ? 9 : 4) * m.heads * s;
  loss_bytes_ = 12.0 * m.vocab;  // fp32 logits: softmax read/write, gradient write
  model_flops_per_token_ = estimate_compute(m, t).flops_per_token;
  trainable_ = trainable_params(m, t);
  adapters_ = t.is_adapter();
}

double PerfModel::collective_seconds(double bytes, int ranks, int ranks_per_node) const {
  // A reduce-scatter or all-gather of `bytes` (the full buffer) over `ranks` GPUs, g of them
  // per node: (g - 1)/g of it moves over the intra-node link and (nodes - 1)/nodes over the
  // network, where NCCL drives the NICs of all g GPUs at once (one ring per rail), so the
  // network part runs at up to g x the per-GPU bandwidth (Calculon's two-tier network
  // model); nic_pooling says how much of that NCCL achieves.
  if (ranks <= 1) return 0;
  const double g = std::max(1, std::min(ranks, ranks_per_node));
  const double nodes = ranks / g;
  double seconds = (g - 1) / g * bytes / intra_bw_ + cal_.collective_latency_s;
  const double rails = 1 + (g - 1) * cal_.nic_pooling;
  if (nodes > 1) seconds += (nodes - 1) / nodes * bytes / (rails * inter_bw_) + cal_.network_latency_s;
  return seconds;
}

PerfModel::CollectiveCost PerfModel::collective_cost(int ranks, int ranks_per_node) const {
  // As collective_seconds(), its terms gathered by what multiplies the bytes.
  CollectiveCost c;
  if (ranks <= 1) return c;
  const double g = std::max(1, std::min(ranks, ranks_per_node));
  const double nodes = ranks / g;
  c.per_byte = (g - 1) / g / intra_bw_;
  c.fixed = cal_.collective_latency_s;
  const double rails = 1 + (g - 1) * cal_.nic_pooling;
  if (nodes > 1) {
    c.per_byte += (nodes - 1) / nodes / (rails * inter_bw_);
    c.fixed += cal_.network_latency_s;
  }
  return c;
}

double PerfModel::send_seconds(const Parallelism& par, bool spans) const {
  const double bw = spans ? inter_bw_ : intra_bw_;
  const double lat = spans ? cal_.network_latency_s : cal_.collective_latency_s;
  const double tokens_mb = static_cast<double>(par.micro_batch) * t_.seq_len;
  const double bytes = tokens_mb * m_.hidden * kBf16Bytes / (par.sequence_parallel ? static_cast<double>(par.tp) : 1.0);
  return 2 * (bytes / bw + lat) * par.interleave;
}

double PerfModel::step_overhead_seconds() const { return eager_ ? cal_.eager_step_overhead_s : 0.0; }

IterationTime PerfModel::evaluate(const Parallelism& par_in) const {
  IterationTime out;
  Parallelism par = par_in;
  const double tp = par.tp, pp = par.pp, dp = par.dp, ep = std::max(1, par.ep);
  const int gb_wanted = par.global_batch > 0 ? par.global_batch : default_global_batch(m_, t_);
  const int per_step = par.dp * par.micro_batch;
  const int microbatches = std::max(1, (gb_wanted + per_step - 1) / per_step);
  out.microbatches = microbatches;
  out.global_batch = microbatches * per_step;
  const double tokens_mb = static_cast<double>(par.micro_batch) * t_.seq_len;  // per micro-batch
  TimeBreakdown& br = out.breakdown;

  // ---- one layer, one micro-batch, forward, on one GPU ------------------------------------
  const double half = cal_.gemm_half_flops;
  auto gemm = [&](double flops_per_token, double shards) {
    return gemm_seconds(flops_per_token * tokens_mb / shards, gemm_rate_, half);
  };
  const double attn_gemm = gemm(qkv_flops_, tp) + gemm(proj_flops_, tp);
  const double attn_core = attention_flops_ * tokens_mb / tp / attention_rate_;
  const double dense_ffn = gemm(dense_up_flops_, tp) + gemm(dense_down_flops_, tp);
  double moe_ffn = 0;
  if (m_.is_moe()) {
    // Each GPU holds experts / ep experts and runs them on the tokens routed to them from
    // ep ranks, each of which holds 1/t of the micro-batch (sequence parallel): small grouped
    // GEMMs of tokens x k x ep / (experts x t) rows each.
    const double experts_here = static_cast<double>(m_.experts) / ep;
    const double share = (m_.experts_per_token + m_.shared_experts);
    const double per_expert_tokens = tokens_mb / tp * ep * m_.experts_per_token / m_.experts;
    const double per_expert = (moe_up_flops_ + moe_down_flops_) / share * per_expert_tokens;
    moe_ffn = experts_here * gemm_seconds(per_expert, gemm_rate_, half) +
              (m_.shared_experts ? gemm((moe_up_flops_ + moe_down_flops_) / share * m_.shared_experts, tp) : 0) +
              gemm(router_flops_, tp);
  }
  const double repl_div = par.sequence_parallel ? tp : 1.0;
  const double dense_bytes = tokens_mb * (norm_residual_bytes_ / repl_div + (dense_split_bytes_ + scores_bytes_) / tp);
  const double moe_bytes = tokens_mb * (norm_residual_bytes_ / repl_div + (moe_split_bytes_ + scores_bytes_) / tp);
  // Eager PyTorch runs the norms, rotary embedding, activation and residuals as separate
  // unfused kernels, each reading and writing its tensor (HF's RMSNorm alone: upcast, square,
  // mean, scale, downcast): more HBM traffic per token than the fused kernels.
  const double mem_factor = eager_ ? cal_.eager_memory_factor : 1.0;
  const double dense_mem = dense_bytes * mem_factor / hbm_rate_, moe_mem = moe_bytes * mem_factor / hbm_rate_;

  // Backward: dgrad + wgrad = 2x the forward GEMMs; LoRA/QLoRA skip the frozen wgrad.
  const double gemm_bwd = adapters_ ? 1.0 : 2.0;
  const int moe_layers = m_.moe_layers(), dense_layers = m_.layers - moe_layers;
  const double layers_total = m_.layers;
  // Average layer of this model (dense and MoE layers mixed as in the whole model).
  const double w_dense = dense_layers / layers_total, w_moe = moe_layers / layers_total;
  const double f_gemm = attn_gemm + w_dense * dense_ffn + w_moe * moe_ffn;
  const double f_mem = w_dense * dense_mem + w_moe * moe_mem;
  const double layer_matmul = f_gemm * (1 + gemm_bwd);
  const double layer_attention = attn_core * (1 + kAttentionBackwardRatio);
  double layer_mem = f_mem * 3;  // backward elementwise work is about twice the forward
  // QLoRA dequantizes every frozen NF4 weight to bf16 before its GEMM, in the forward, again
  // for the backward's input gradient and once more when full recomputation repeats the
  // forward: read 0.516 B, write 2 B per weight each time (Dettmers et al. 2023; bitsandbytes'
  // dequantize_4bit), at the share of HBM bandwidth those kernels reach.
  const double dequant = t_.mode == Mode::qlora
                             ? (kQloraWeightBytes + kBf16Bytes) * m_.layer_params() / tp / dequant_rate_
                             : 0.0;
  layer_mem += 2 * dequant;

  // Tensor parallelism: 4 collectives forward and 4 backward, each (t - 1)/t of the
  // activation (s b h, bf16) over the slowest link of the group (Korthikanti et al. sec. 4.2).
  double layer_tp = 0;
  if (par.tp > 1) {
    const double one = collective_seconds(tokens_mb * m_.hidden * kBf16Bytes, par.tp, par.tp);
    layer_tp = (8 * one + (par.recompute == Recompute::full ? 4 * one : 0)) * (1 - tp_overlap_);
  }
  // Expert parallelism: dispatch and combine all-to-alls, forward and backward.
  double layer_moe = 0;
  if (m_.is_moe() && par.ep > 1) {
    // An all-to-all sends (ep - 1)/ep of the routed tokens away; unlike a ring collective the
    // NICs cannot be pooled, so the part that leaves the node goes at one NIC's speed.
    const double routed = tokens_mb / tp * m_.experts_per_token * m_.hidden * kBf16Bytes;
    const int local = std::min(par.ep, c_.gpus_per_node);
    const double off_node = par.ep > local ? 1.0 - static_cast<double>(local) / par.ep : 0.0;
    const double on_node = (static_cast<double>(local) - 1) / par.ep;
    const double one = routed * (on_node / intra_bw_ + (off_node > 0 ? off_node / inter_bw_ : 0)) +
                       (off_node > 0 ? cal_.network_latency_s : cal_.collective_latency_s);
    layer_moe = w_moe * 4 * one * (1 - cal_.moe_comm_overlap);
  }
  double layer_recompute = 0;
  if (par.recompute == Recompute::full) layer_recompute = f_gemm + attn_core + f_mem + dequant;
  else if (par.recompute == Recompute::selective) layer_recompute = attn_core + tokens_mb * scores_bytes_ / tp / hbm_rate_;
  const bool fsdp = par.zero >= 3 && par.dp > 1;
  const double launches = eager_ ? cal_.eager_layer_overhead_s : cal_.layer_overhead_s;
  const double hooks = fsdp ? (eager_ ? cal_.eager_zero3_layer_overhead_s : cal_.zero3_layer_overhead_s) : 0.0;
  const double layer_overhead =
      (launches + hooks + w_moe * cal_.moe_layer_overhead_s) * (par.recompute == Recompute::full ? 4 : 3);
  // Per micro-batch outside the layers (eager stacks: collating and copying the batch, the
  // embedding and loss ops, autograd bookkeeping); per optimizer step (the optimizer's
  // per-tensor kernels, gradient clipping, zeroing, scheduler and logging in the Trainer loop).
  const double micro_batch_overhead = eager_ ? cal_.eager_micro_batch_overhead_s : 0.0;
  const double step_overhead = step_overhead_seconds();

  // ---- a pipeline stage, one micro-batch ---------------------------------------------------
  const int chunk_layers = (m_.layers + par.pp * par.interleave - 1) / (par.pp * par.interleave);
  const double stage_layers = static_cast<double>(chunk_layers) * par.interleave;
  const double loss_mem = tokens_mb * loss_bytes_ * mem_factor / tp / hbm_rate_;
  const double head = gemm(head_flops_, tp) * (1 + gemm_bwd) + loss_mem;
  // Neighbouring stages are tp x dp ranks apart (Megatron's rank order tp, dp, pp).
  const double p2p = par.pp > 1 ? send_seconds(par, par.tp * par.dp >= c_.gpus_per_node) : 0;
  const double compute_slowdown = fsdp ? 1.0 / cal_.zero3_compute_efficiency : 1.0;
  const double layer_device = (layer_matmul + layer_attention + layer_mem + layer_recompute) * compute_slowdown +
                              layer_tp + layer_moe;
  const double device_mb = stage_layers * layer_device + head;
  const double host_mb = stage_layers * layer_overhead + micro_batch_overhead;
  const double stage_mb = device_mb + host_mb + p2p;

  br.matmul = microbatches * (stage_layers * layer_matmul * compute_slowdown + gemm(head_flops_, tp) * (1 + gemm_bwd));
  br.attention = microbatches * stage_layers * layer_attention * compute_slowdown;
  br.memory_bound = microbatches * (stage_layers * layer_mem * compute_slowdown + loss_mem);
  br.recompute = microbatches * stage_layers * layer_recompute * compute_slowdown;
  br.tp_comm = microbatches * stage_layers * layer_tp;
  br.moe_comm = microbatches * stage_layers * layer_moe;
  br.pp_comm = microbatches * p2p;
  br.overhead = microbatches * host_mb + step_overhead;
  // 1F1B with v virtual stages: the bubble is (p - 1) / v micro-batch times (Narayanan et al.).
  br.bubble = par.pp > 1 ? (pp - 1) / par.interleave * stage_mb : 0;
  const double pipeline = microbatches * stage_mb + br.bubble;

  // ---- data parallelism and the optimizer ------------------------------------------------
  const double stage_fraction = stage_param_fraction(m_, par.pp, stage_layers);
  const double dense_local = (adapters_ ? trainable_ : m_.params - m_.expert_params()) * stage_fraction / tp;
  const double expert_local = adapters_ ? 0 : m_.expert_params() * stage_fraction / ep;
  const double weights_local = (m_.params - m_.expert_params()) * stage_fraction / tp +
                               m_.expert_params() * stage_fraction / ep;
  const double expert_replicas = tp * dp / ep;
  if (par.dp > 1) {
    // Data-parallel peers are tp ranks apart: node / tp of them share a node.
    const int dp_local = std::min(par.dp, std::max(1, c_.gpus_per_node / par.tp));
    const int ex_local = std::min(static_cast<int>(expert_replicas), std::max(1, c_.gpus_per_node / par.tp));
    auto dense_op = [&](double bytes) { return collective_seconds(bytes, par.dp, dp_local); };
    auto expert_op = [&](double bytes) {
      return expert_local > 0 ? collective_seconds(bytes, static_cast<int>(expert_replicas), ex_local) : 0.0;
    };
    double seconds = 0, window = 0;
    if (par.zero >= 3) {
      // FSDP: gather the weights for forward and again for backward, reduce-scatter the
      // gradients, every micro-batch; prefetching hides it behind all of the compute. QLoRA
      // shards and gathers the NF4 storage itself (Answer.AI's FSDP + QLoRA, torchtune).
      const double dense_w = adapters_ ? weights_local : dense_local;
      const double gathered_bytes = t_.mode == Mode::qlora ? kQloraWeightBytes : kBf16Bytes;
      seconds = microbatches * (2 * dense_op(gathered_bytes * dense_w) + dense_op(kFsdpGradReduceBytes * dense_local) +
                                2 * expert_op(kBf16Bytes * expert_local) + expert_op(kFsdpGradReduceBytes * expert_local));
      window = microbatches * stage_mb;
    } else {
      // All-reduce (ZeRO-0: twice a reduce-scatter's traffic) or reduce-scatter of the
      // gradients + all-gather of the updated weights (ZeRO-1/2, Megatron's distributed
      // optimizer), once per step, overlapped with the last micro-batch.
      const double grads = dense_op(kGradReduceBytes * dense_local) + expert_op(kGradReduceBytes * expert_local);
      const double gather = dense_op(kBf16Bytes * dense_local) + expert_op(kBf16Bytes * expert_local);
      seconds = par.zero >= 1 ? grads + gather : 2 * grads;
      window = stage_mb;
    }
    br.dp_comm = std::max(0.0, seconds - (eager_ ? cal_.eager_dp_overlap : cal_.dp_overlap) * window);
  }
  const double optimizer_shard = (dense_local / (par.zero >= 1 ? dp : 1.0)) +
                                 (expert_local / (par.zero >= 1 ? expert_replicas : 1.0));
  br.optimizer = optimizer_shard * kOptimizerStepBytes / hbm_rate_;

  out.seconds = pipeline + br.dp_comm + br.optimizer + step_overhead;
  const double gpus = static_cast<double>(par.gpus());
  const double tokens_iter = static_cast<double>(out.global_batch) * t_.seq_len;
  out.tokens_per_second_per_gpu = tokens_iter / out.seconds / gpus;
  out.mfu = model_flops_per_token_ * out.tokens_per_second_per_gpu / peak_flops_;
  const double recompute_flops =
      par.recompute == Recompute::full
          ? (qkv_flops_ + proj_flops_ + w_dense * (dense_up_flops_ + dense_down_flops_) +
             w_moe * (moe_up_flops_ + moe_down_flops_) + attention_flops_ / (t_.flash_attention ? 0.5 : 1.0)) *
                layers_total
          : par.recompute == Recompute::selective ? attention_flops_ / (t_.flash_attention ? 0.5 : 1.0) * layers_total
                                                  : 0;
  out.hfu = (model_flops_per_token_ + recompute_flops) * out.tokens_per_second_per_gpu / peak_flops_;
  return out;
}

}  // namespace gpusizer
