// The training job as the execution input (Calculon's "execution", beside the model and the
// system): what kind of training, on which kernels, over how many tokens, at which precision.
#pragma once

#include <optional>
#include <string>

#include "catalog/catalog.hpp"

namespace gpusizer {

enum class Mode { pretrain, full_finetune, lora, qlora };
const char* mode_name(Mode m);

// How the training stack runs a layer, as far as time is concerned. fused: one kernel per
// norm, rotary embedding, activation or adapter (Megatron-LM, NeMo, Megatron-Bridge, NeMo
// AutoModel and others on Transformer Engine, XTuner's dispatched kernels, torchtitan,
// llm-foundry); eager: Hugging Face's modeling code and PEFT's adapters op by op from Python
// (the Trainer, TRL, LLaMA-Factory, Axolotl, torchtune without compile, DeepSpeed and FSDP
// scripts around them). The default follows the mode: fused for pre-training, eager for
// fine-tuning, the way each is usually run.
enum class Kernels { fused, eager };
const char* kernels_name(Kernels k);
const char* precision_name(Precision p);

// The matrices LoRA adapts, as PEFT's target_modules names them in Llama-style models.
namespace lora {
enum Target : unsigned { q = 1, k = 2, v = 4, o = 8, gate = 16, up = 32, down = 64 };
inline constexpr unsigned kAttention = q | k | v | o;
inline constexpr unsigned kAllLinear = kAttention | gate | up | down;  // QLoRA's choice, LLaMA-Factory's "all"
}  // namespace lora
// "q_proj,v_proj", "attention", "all-linear": the PEFT names of the adapted matrices.
std::string lora_targets_name(unsigned targets);

enum class Padding { longest, max_length };

// The dataset as people know it: examples of an average length, packed into full sequences or
// padded (to the longest of a micro-batch, or to the sequence length).
struct Dataset {
  double examples = 0;
  double tokens_per_example = 0;  // average, before truncation to the sequence length
  bool packing = false;           // Hugging Face TRL and LLaMA-Factory default to unpacked SFT
  Padding padding = Padding::longest;
};

struct TrainingSpec {
  Mode mode = Mode::pretrain;
  Kernels kernels = Kernels::fused;
  double tokens = 0;  // processed per epoch (padding included)
  double epochs = 1;
  int seq_len = 0;      // length of the sequences the GPUs process (unpacked: padded length)
  int max_seq_len = 0;  // the sequence length asked for (packing length, truncation)
  Precision precision = Precision::bf16;
  bool flash_attention = true;
  int lora_rank = 16;
  unsigned lora_targets = lora::kAllLinear;
  std::optional<Dataset> dataset;  // when the job was described by examples

  double tokens_total() const { return tokens * epochs; }
  bool is_adapter() const { return mode == Mode::lora || mode == Mode::qlora; }
};

}  // namespace gpusizer
