// How a job is laid out over GPUs (Megatron-LM / DeepSpeed vocabulary).
#pragma once

namespace gpusizer {

enum class Recompute { none, selective, full };
const char* recompute_name(Recompute r);

struct Parallelism {
  int tp = 1;               // tensor parallel, inside a node
  int pp = 1;               // pipeline stages
  int dp = 1;               // data-parallel replicas
  int micro_batch = 1;      // sequences per micro-batch
  int global_batch = 0;     // sequences per optimizer step (0: not chosen)
  int interleave = 1;       // virtual pipeline stages per GPU
  Recompute recompute = Recompute::none;
  bool sequence_parallel = false;
  int zero = 0;             // ZeRO stage 0-3 over the data-parallel group (3 = FSDP full shard)
  int ep = 1;               // expert parallel (MoE): experts split over ep data-parallel ranks

  int gpus() const { return tp * pp * dp; }
};

}  // namespace gpusizer
