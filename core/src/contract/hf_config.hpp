// A Hugging Face `config.json` as a Model: the architecture a user already holds, for the
// common decoder families (Llama, Qwen2/3 and their MoE, Mistral/Mixtral, DeepSeek-V2/V3,
// GPT-NeoX, Falcon, Gemma) (internal to contract/).
#pragma once

#include <string>

#include "contract/json_read.hpp"
#include "model/model.hpp"

namespace gpusizer::jsonio {

// Reads the config at `path` (model.hfConfig) onto `model`: shape, activation, embeddings,
// experts, and the parameter count summed as the family builds its layers (biases, MLA's
// low-rank projections, norms). Keys it needs and cannot read are named in one error.
void read_hf_config(Reader& reader, const Value& config, const std::string& path, Model& model);

}  // namespace gpusizer::jsonio
