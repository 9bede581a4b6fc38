// The efficiencies of the performance model and the whole-run overhead model.
//
// Fitted by `build/native/gpusizer-calibrate --fit` (tests/calibration/) on the steady-state
// rows of tests/calibration/steady_state.csv (Megatron-LM, NeMo / Megatron-Bridge, MosaicML
// llm-foundry, InternEvo) and the whole runs of tests/calibration/whole_runs.csv; the README
// shows the resulting table. Only Ampere and Hopper have measured rows: the other
// architectures carry priors from public GEMM benchmarks, stated beside each value.
#pragma once

#include <string>

namespace gpusizer {

struct ArchitectureEfficiency {
  double gemm = 0.75;       // fraction of the dense bf16/fp16 peak a large GEMM reaches
  double gemm_fp8 = 0.55;   // fraction of the fp8 peak a large fp8 GEMM reaches
  double attention = 0.5;   // fraction of the bf16 peak the FlashAttention kernels reach
  // Share of tensor-parallel communication hidden behind GEMMs (Transformer Engine's
  // userbuffer overlap, standard in NeMo on Hopper; Megatron-LM on Ampere hid none).
  double tp_overlap = 0.0;
};

struct Calibration {
  ArchitectureEfficiency ampere, hopper, blackwell, ada, volta, cdna3, davinci;
  double gemm_half_flops = 1e9;     // a GEMM of this many FLOPs runs at half its efficiency
  double hbm_efficiency = 0.7;      // achieved fraction of HBM bandwidth in elementwise kernels
  double nvlink_efficiency = 0.75;  // NCCL bus bandwidth / one-direction link bandwidth
  double pcie_efficiency = 0.5;     // PCIe peer traffic through a switch or the host
  double network_efficiency = 0.7;  // NCCL over InfiniBand/RoCE per GPU
  double nic_pooling = 0.5;         // share of the g NICs of a node a collective can use at once
  double collective_latency_s = 15e-6;
  double network_latency_s = 30e-6;
  double dp_overlap = 0.8;          // share of the backward pass that hides gradient traffic
  double layer_overhead_s = 40e-6;  // launches and syncs per layer per micro-batch, forward
  // A dropless MoE layer waits for the token counts (a device-to-host sync) before its
  // all-to-all and launches router, permute and grouped-GEMM kernels: per MoE layer, forward.
  double moe_layer_overhead_s = 200e-6;
  // Share of the expert all-to-all hidden behind other micro-batches' compute
  // (DeepSeek-V3's DualPipe, Megatron-Core's overlapped A2A).
  double moe_comm_overlap = 0.0;
  // FSDP / ZeRO-3 keeps NCCL gathers running beside every GEMM: they share the SMs and HBM,
  // so compute runs at this fraction of its speed (Megatron-style layouts run at 1).
  double zero3_compute_efficiency = 0.85;
  // ...and its eager per-module hooks (gather, free, reduce) add host-side time per layer.
  double zero3_layer_overhead_s = 100e-6;
  // The eager fine-tuning stacks (training.kernels "eager": Hugging Face's modeling code with
  // PEFT under the Trainer, LLaMA-Factory, torchtune, DeepSpeed and FSDP scripts) run unfused
  // PyTorch: every norm, rotary embedding, activation and LoRA adapter is a few separate
  // kernels launched from Python, where fused stacks take one (layer_overhead_s above). These
  // replace the fused values for such jobs; pre-training keeps those. The values here are the
  // fit's priors (tests/calibration/finetune.cpp); calibration.cpp holds the fitted ones.
  double eager_layer_overhead_s = 1e-3;         // launches per layer per micro-batch, forward
  double eager_zero3_layer_overhead_s = 1e-3;   // FSDP / DeepSpeed ZeRO-3 hooks per layer, forward
  double eager_micro_batch_overhead_s = 20e-3;  // per micro-batch outside the layers: batch, loss
  double eager_step_overhead_s = 50e-3;         // per optimizer step: optimizer, clipping, scheduler
  double eager_memory_factor = 2.0;             // elementwise HBM traffic, unfused / fused
  // Share of the backward that hides gradient traffic and ZeRO-3 gathers: DeepSpeed under the
  // Trainer prefetches less than a layer ahead, FSDP one unit, so at micro-batch 1 of short
  // sequences the gathers mostly wait (dp_overlap is Megatron's and llm-foundry's).
  double eager_dp_overlap = 0.3;
  // QLoRA dequantizes each NF4 weight to bf16 before its GEMM (bitsandbytes, torchao): the
  // fraction of HBM bandwidth those kernels reach, far below a streaming copy's.
  double qlora_dequant_efficiency = 0.2;
  // Whole runs (training/run_model.hpp): checkpoints and evaluation as a share of training time;
  // hours lost to failures per GPU-hour per GPU of the job (rate x hours lost each); seconds
  // per optimizer step; fixed start-up hours; the storage bandwidth weights load and save at.
  // Not fitted: BLOOM's evaluation took 0.7 % and its checkpoints well under 1 %; 3 % allows
  // for slower storage.
  double run_checkpoint_eval_share = 0.03;
  // Not fitted (published totals cannot separate it from the rest): Llama 3's 419 unexpected
  // interruptions in 54 days on 16,384 GPUs are 2.0e-5 per GPU-hour, and its "over 90 %
  // effective training time" puts about 0.3 h of lost work and restart on each (Dubey et al.
  // 2024 sec. 3.3.4): 6e-6 hours lost per GPU-hour per GPU of the job.
  double run_failure_hours_per_gpu_hour = 6e-6;
  // Pre-training below the benchmark layout: a x (GPUs rented / 1000)^b of the steady time.
  double run_below_benchmark = 0.3;
  double run_below_benchmark_exponent = -0.25;
  double run_startup_hours = 0.1;
  double run_storage_bytes_per_second = 1e9;
  // Spread of the whole-run residuals (log-space quantiles): the range reported to users.
  double run_range_low = 0.85, run_range_high = 1.25;

  const ArchitectureEfficiency& architecture(const std::string& arch) const;
};

const Calibration& default_calibration();

}  // namespace gpusizer
