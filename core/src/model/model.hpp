// A transformer as the estimate sees it: parameter counts and, when known, its shape.
#pragma once

#include <string>

#include "catalog/catalog.hpp"

namespace gpusizer {

struct ModelSpec {
  std::string preset, name;
  double params = 0;         // total parameters
  double active_params = 0;  // parameters used per token (MoE: fewer than params)
  int layers = 0, hidden = 0, heads = 0, kv_heads = 0, ffn_hidden = 0, vocab = 0;
  int head_size = 0;         // 0: hidden / heads
  bool gated_mlp = true;     // SwiGLU (three FFN matrices) vs GELU (two)
  bool tied_embeddings = false;
  bool dropout = false;      // modern LLM pre-training runs without dropout
  int experts = 0, experts_per_token = 0, expert_ffn_hidden = 0, shared_experts = 0, dense_layers = 0;
  // True when the shape came from the user or a preset; false when it was inferred
  // from the parameter count (then only memory, never FLOPs, uses it).
  bool architecture_known = false;

  bool is_moe() const { return experts > 1; }
  // Megatron splits heads and key/value groups evenly over tensor-parallel ranks (or
  // replicates a group over several ranks when there are fewer groups than ranks).
  bool tensor_parallel_ok(int tp) const {
    return heads % tp == 0 && (kv_heads == 0 || kv_heads % tp == 0 || tp % kv_heads == 0);
  }
  double head_dim() const { return head_size ? head_size : heads ? static_cast<double>(hidden) / heads : 0; }
  // Input embedding and (untied) output head.
  double embedding_params() const { return static_cast<double>(vocab) * hidden * (tied_embeddings ? 1 : 2); }
  int moe_layers() const { return is_moe() ? layers - dense_layers : 0; }
  double expert_ffn() const { return expert_ffn_hidden ? expert_ffn_hidden : ffn_hidden; }
  // Routed-expert weights, which expert parallelism splits (shared experts stay dense).
  double expert_params() const {
    return is_moe() ? static_cast<double>(moe_layers()) * experts * (gated_mlp ? 3 : 2) * hidden * expert_ffn() : 0;
  }
  // Parameters of one transformer layer, averaged, consistent with the total.
  double layer_params() const { return layers ? (params - embedding_params()) / layers : 0; }
};

// The model a catalog preset describes (architecture known).
ModelSpec spec_of(const ModelPreset& preset);

// Fills layers/hidden/heads/ffn/vocab for a model known only by its size, with the
// aspect ratio of the Llama and GPT-3 families (hidden = 128 x layers, P = 12 L h^2),
// so activation memory can be estimated. Leaves architecture_known false.
void infer_architecture(ModelSpec& model);

}  // namespace gpusizer
