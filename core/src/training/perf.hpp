// Steady-state time of one training iteration for a transformer on a cluster under a
// parallel layout: compute, memory-bound kernels, communication, pipeline bubble, optimizer.
// The types of the answer; the model itself (src/perf_model.hpp) is reached through the
// planner, which evaluates many layouts of one job.
//
// The structure follows Narayanan et al. 2021 (Megatron-LM, SC'21) for the pipeline and
// tensor-parallel costs, Korthikanti et al. 2022 for sequence parallelism and recomputation,
// Rajbhandari et al. 2020 for ZeRO traffic and Isaev et al. 2023 (Calculon, SC'23) for the
// per-component accounting; the efficiencies are calibrated (calibration.hpp).
#pragma once

#include "training/cluster.hpp"
#include "model/model.hpp"
#include "job/parallelism.hpp"
#include "job/job.hpp"

namespace gpusizer {

// Seconds per iteration on the critical path, by cause.
struct TimeBreakdown {
  double matmul = 0;        // GEMMs of the transformer layers and the output head
  double attention = 0;     // the attention kernel (QK^T, softmax, AV)
  double memory_bound = 0;  // norms, activations, residuals, rotary, loss: HBM-bound
  double recompute = 0;     // forward work repeated for activation recomputation
  double tp_comm = 0;       // tensor-parallel all-gather / reduce-scatter (all-reduce)
  double pp_comm = 0;       // pipeline point-to-point sends
  double bubble = 0;        // pipeline fill and drain, (p - 1) / (v m) of the pipelined work
  double dp_comm = 0;       // data-parallel gradient reduction and ZeRO gathers, not hidden
  double moe_comm = 0;      // expert-parallel all-to-all
  double optimizer = 0;     // the AdamW step over this GPU's shard
  double overhead = 0;      // kernel launches and synchronization
};

struct IterationTime {
  double seconds = 0;
  int microbatches = 0;          // per pipeline per iteration
  int global_batch = 0;          // sequences per iteration (rounded to the layout)
  double tokens_per_second_per_gpu = 0;
  double mfu = 0;                // model FLOPs (PaLM convention) / peak
  double hfu = 0;                // hardware FLOPs incl. recomputation / peak
  TimeBreakdown breakdown;
};

// The default sequences per optimizer step when the request does not give one: about 4M
// tokens for pre-training models from 3B (Llama 2, GPT-3 scale), 2M below, 16M from 100B;
// 128K tokens for fine-tuning.
int default_global_batch(const Model& model, const TrainingSpec& training);

}  // namespace gpusizer
