// A transformer as the estimate sees it: one type for a catalog preset, a model described in a
// request, a Hugging Face config and a calibration row, with the rules that make it whole.
#pragma once

#include <string>
#include <vector>

#include "diagnostics/messages.hpp"
#include "diagnostics/warning.hpp"

namespace gpusizer {

// swiglu and geglu are gated (three FFN matrices: gate, up, down); gelu has two.
enum class Activation { swiglu, geglu, gelu };
const char* activation_name(Activation a);

struct Model {
  std::string id, name, source;  // id: the preset id; empty for a model described inline
  double params = 0;             // total parameters
  double active_params = 0;      // parameters used per token (MoE: fewer than params)
  int layers = 0, hidden = 0, heads = 0, kv_heads = 0, ffn_hidden = 0, vocab = 0;
  int seq_len = 0;               // the context it was trained with; training.seqLen's default
  int head_dim = 0;              // 0: hidden / heads (differs for MLA, e.g. DeepSeek-V3, and Gemma)
  Activation activation = Activation::swiglu;
  std::string attention = "mha";  // mha | gqa | mqa | mla: how the catalog describes it
  bool tied_embeddings = false;
  bool dropout = false;          // modern LLM pre-training runs without dropout
  int experts = 0, experts_per_token = 0, expert_ffn_hidden = 0, shared_experts = 0, dense_layers = 0;
  // True when the shape came from the user, a preset or a config; false when it was inferred
  // from the parameter count (then FLOPs use 6PD; memory and time use the inferred shape).
  bool architecture_known = false;
  std::string shape_source;      // preset | config | given | inferred: where the shape came from

  bool is_moe() const { return experts > 1; }
  bool gated_mlp() const { return activation != Activation::gelu; }
  bool has_shape() const { return layers > 0 && hidden > 0 && heads > 0; }
  // Megatron splits heads and key/value groups evenly over tensor-parallel ranks (or
  // replicates a group over several ranks when there are fewer groups than ranks).
  bool tensor_parallel_ok(int tp) const {
    return heads % tp == 0 && (kv_heads == 0 || kv_heads % tp == 0 || tp % kv_heads == 0);
  }
  double head_width() const { return head_dim ? head_dim : heads ? static_cast<double>(hidden) / heads : 0; }
  // Input embedding and (untied) output head.
  double embedding_params() const { return static_cast<double>(vocab) * hidden * (tied_embeddings ? 1 : 2); }
  int moe_layers() const { return is_moe() ? layers - dense_layers : 0; }
  double expert_ffn() const { return expert_ffn_hidden ? expert_ffn_hidden : ffn_hidden; }
  // Routed-expert weights, which expert parallelism splits (shared experts stay dense).
  double expert_params() const {
    return is_moe() ? static_cast<double>(moe_layers()) * experts * (gated_mlp() ? 3 : 2) * hidden * expert_ffn() : 0;
  }
  // Parameters of one transformer layer, averaged, consistent with the total.
  double layer_params() const { return layers ? (params - embedding_params()) / layers : 0; }
};

// Parameters of a decoder-only transformer summed from its shape: per layer attention
// (Q and O h x H, K and V h x kv d), FFN (3hF gated, 2hF not; MoE: every routed and shared
// expert plus the router), two norms; embeddings (x2 untied) and the final norm. Exact for the
// Llama, Mistral and Mixtral families (biases and MLA's low-rank projections are not shapes
// the Model holds: a Hugging Face config counts those itself).
double params_from_shape(const Model& m);
// The same, counting only the experts a token is routed to.
double active_params_from_shape(const Model& m);

// The defaults of a described shape: key/value heads = heads, the SwiGLU FFN width Llama
// rounds to, a 32,000-token vocabulary (with an assumed_value warning at `path`/vocab).
void complete_shape(Model& m, Lang lang, const std::string& path, std::vector<Warning>& warnings);

// Sizes beyond any model trained, refused (docs/hardening.md): the planner's work and memory
// grow with the layers and the experts (Switch-C had 2,048 experts, DeepNet 1,000 layers).
inline constexpr double kMaxModelParams = 1e15;
inline constexpr int kMaxLayers = 1000;
inline constexpr int kMaxExperts = 4096;

// The rules a model must satisfy; throws gpusizer::Error naming the field under `path`
// (e.g. "/model" or "/catalog/models/3").
void check_model(const Model& m, Lang lang, const std::string& path);

// Fills layers, hidden, heads, KV heads, FFN, vocabulary and activation for a model known
// only by its size (active parameters for MoE), the way the dense families of the default
// catalog are built (model/architecture.cpp). Leaves architecture_known false.
void infer_architecture(Model& m);

}  // namespace gpusizer
