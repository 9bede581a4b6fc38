// The efficiencies of the performance model and the whole-run overhead model.
//
// Fitted by `build/native/gpusizer-calibrate --fit` (tests/calibration/) on the steady-state
// rows of tests/calibration/steady_state.csv (Megatron-LM, NeMo / Megatron-Bridge, MosaicML
// llm-foundry, InternEvo) and the whole runs of tests/calibration/whole_runs.csv; docs/accuracy.md
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
  // Whole runs (training/run_model.hpp): what a run loses beside the steady-state iterations.
  // Evaluation passes and warm-up, a share of the training time: BLOOM's logbook gives 0.7 %
  // for evaluation (BigScience 2022, "BLOOM training chronicles"); 1 % allows for warm-up.
  double run_eval_share = 0.01;
  // Checkpoint saves that stall training: the training state every hour, each machine writing
  // its part at once at 2 GB/s (a node's share of a parallel file system: BLOOM wrote 2.3 TB in
  // about 40 s from 48 nodes, 1.2 GB/s a node; Llama 3's Tectonic sustained 2-7 TB/s from
  // 2,048 nodes, 1-3.4 GB/s a node, Dubey et al. 2024 sec. 3.3.4).
  double run_checkpoint_interval_hours = 1;
  double run_checkpoint_bytes_per_second_per_node = 2e9;
  // Failures: Llama 3's 419 unexpected interruptions in 54 days on 16,384 H100s are 2.0e-5 per
  // GPU-hour, and its "over 90 % effective training time" puts about 0.3 h of lost work and
  // restart on each (Dubey et al. 2024 sec. 3.3.4). Every interruption stops all the job's GPUs,
  // so the share of the run lost grows with the GPU count.
  double run_interruptions_per_gpu_hour = 2.0e-5;
  double run_hours_lost_per_interruption = 0.3;
  // Pre-training (fused kernels): published runs took this many times the planner's tuned
  // steady state (their stacks, layouts, data loading, stragglers, what the reports count).
  // Fitted leave-one-source-out on tests/calibration/whole_runs.csv: the median of the
  // published runs' ratio once the terms above are counted. No feature of a job (its size, its
  // GPUs per billion parameters, its cluster, its year) predicts the ratio on the runs of a
  // source left out (docs/accuracy.md), so it is one number and the range carries the rest.
  double run_gap = 1.4;
  // Fine-tuning stacks (Hugging Face's Trainer, TRL, DeepSpeed and FSDP scripts) tokenize the
  // dataset before the first step, while the GPUs wait: Hugging Face's Rust tokenizers under
  // `datasets.map` in one process read about half a million tokens a second. They save a
  // checkpoint through one process (FSDP's full state dict, DeepSpeed's consolidated weights):
  // one machine's bandwidth, not all of them.
  double run_tokenize_tokens_per_second = 5e5;
  // Start-up and the final save: a constant (framework start, data index), fitted on the
  // fine-tuning runs, plus the weights read and written at the storage bandwidth.
  double run_startup_hours = 0.1;
  double run_storage_bytes_per_second = 1e9;
  // The range reported with every whole run: a central interval of the leave-one-source-out
  // residuals of the published runs (their 10th to 90th percentiles, wider where that holds
  // fewer than about 8 in 10 of a source left out), and the share of such runs it holds (0.8,
  // or less where even all the residuals hold fewer: tests/calibration/runs.hpp).
  // Pre-training runs, fine-tuning runs on one GPU or of adapters, and full fine-tuning on
  // several GPUs (whose published runs of 2023 stacks took several times what current stacks
  // take) each have their own.
  double run_range_low = 0.6, run_range_high = 1.6;
  double finetune_range_low = 0.6, finetune_range_high = 1.6;
  double sharded_finetune_range_low = 0.6, sharded_finetune_range_high = 1.6;
  double run_range_coverage = 0.8, finetune_range_coverage = 0.8, sharded_finetune_range_coverage = 0.8;

  const ArchitectureEfficiency& architecture(const std::string& arch) const;
};

const Calibration& default_calibration();

}  // namespace gpusizer
