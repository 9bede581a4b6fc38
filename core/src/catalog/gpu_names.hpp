// A GPU as people write it in a price list: "RTX 4090", "4090", "A100 80GB", "A100 80G",
// "NVIDIA A100-SXM4-80GB" (nvidia-smi), "H800", "英伟达 RTX 4090 显卡", "昇腾910B" (internal).
#pragma once

#include <string>
#include <string_view>

#include "catalog/catalog.hpp"

namespace gpusizer {

// The text compared: full-width forms as ASCII, lower case, brand words (NVIDIA, GeForce, Tesla,
// 英伟达, 华为, AMD, Instinct, 显卡, GPU ...) and separators (spaces, - _ / ·) left out, a memory
// size's "G" read as "GB": "NVIDIA GeForce RTX 4090 24G" -> "rtx409024gb".
std::string gpu_name_key(std::string_view written);

// The catalog's GPU the text names: by its id, by its name in either language, or by one of the
// aliases of gpu_names.cpp, each compared by its key; null when none. An alias names one GPU
// only: "A100" (40 or 80 GB) and "V100" (16 or 32 GB) name none, and a different card
// ("RTX 4090 D", "4090 48GB") is not read as the one it resembles.
const Gpu* find_gpu_by_name(const Catalog& cat, std::string_view written);

}  // namespace gpusizer
