#include "catalog/gpu_names.hpp"

namespace gpusizer {
namespace {

// The names rental listings and spreadsheets use for the default catalog's GPUs, beside their
// ids and catalog names (core/data/gpus.json), which are matched too, so a form that folds to
// one of them (A100-SXM4-80GB, nvidia-smi's name) needs no entry. Where the form factor is not written, the SXM
// board is meant (rental listings say "PCIe" when it is one: AutoDL, 恒源云, 阿里云 listings,
// Lambda and RunPod price pages, 2026); a memory size left out is the only one the GPU comes in,
// or, for H100 and H800, the SXM5 80GB board the catalog's offers are.
struct Alias {
  const char* gpu;
  const char* names;  // separated by '|'
};
constexpr Alias kAliases[] = {
    {"v100-32gb", "V100 32GB|V100 SXM2 32GB"},
    {"a100-40gb", "A100 40GB|A100 SXM 40GB|A100 40GB SXM"},
    {"a100-80gb", "A100 80GB|A100 SXM 80GB|A100 80GB SXM"},
    {"a100-80gb-pcie", "A100 PCIe 80GB|A100 80GB PCIe"},
    {"a800-80gb", "A800|A800 80GB|A800 SXM|A800 SXM4 80GB|A800 80GB SXM"},
    {"a800-80gb-pcie", "A800 PCIe|A800 PCIe 80GB|A800 80GB PCIe"},
    {"h100-80gb", "H100|H100 80GB|H100 SXM|H100 SXM5|H100 80GB HBM3|H100 80GB SXM"},
    {"h100-80gb-pcie", "H100 PCIe|H100 PCIe 80GB|H100 80GB PCIe"},
    {"h800-80gb", "H800|H800 80GB|H800 SXM|H800 SXM5|H800 SXM5 80GB|H800 80GB HBM3"},
    {"h20-96gb", "H20|H20 96GB"},
    {"h200-141gb", "H200|H200 141GB|H200 SXM|H200 SXM5 141GB"},
    {"b200-180gb", "B200|B200 180GB|B200 SXM|HGX B200|B200 192GB"},
    {"l40s-48gb", "L40S"},
    {"l20-48gb", "L20|L20 48GB"},
    {"a10-24gb", "A10"},
    {"rtx-a6000", "A6000|RTX A6000|A6000 48GB"},
    {"rtx-3090", "3090|RTX 3090|3090 24GB"},
    {"rtx-4090", "4090|RTX 4090|4090 24GB"},
    {"rtx-5090", "5090|RTX 5090|5090 32GB"},
    {"mi300x-192gb", "MI300X|MI300X OAM"},
    {"ascend-910b", "910B|Ascend 910B|昇腾910B|Atlas 800T A2|910B 64GB|Ascend 910B 64GB"},
};

// Words that name the maker or the kind of thing, not the GPU (folded, as they are removed).
constexpr const char* kBrandWords[] = {"nvidia", "geforce", "tesla", "huawei", "amd", "instinct", "英伟达",
                                       "华为", "显卡", "加速卡", "gpu", "卡"};

bool digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::string gpu_name_key(std::string_view written) {
  // Full-width ASCII forms (U+FF01-U+FF5E, EF BC 81 - EF BD 9E) and the ideographic space as ASCII; lower case.
  std::string text;
  for (std::size_t i = 0; i < written.size(); ++i) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(written[k]); };
    if (i + 2 < written.size() && b(i) == 0xEF && (b(i + 1) == 0xBC || b(i + 1) == 0xBD) && b(i + 2) >= 0x80 && b(i + 2) <= 0xBF) {
      const unsigned code = 0xFF00 + (b(i + 1) == 0xBD ? 0x40 : 0) + (b(i + 2) - 0x80);
      if (code >= 0xFF01 && code <= 0xFF5E) {
        text += static_cast<char>(code - 0xFF01 + 0x21);
        i += 2;
        continue;
      }
    }
    if (i + 2 < written.size() && b(i) == 0xE3 && b(i + 1) == 0x80 && b(i + 2) == 0x80) {  // U+3000
      text += ' ';
      i += 2;
      continue;
    }
    const char c = written[i];
    text += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  // Separators out: spaces, tabs, - _ / . , ( ) and the middle dot (U+00B7).
  std::string bare;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '-' || c == '_' || c == '/' || c == ',' || c == '(' || c == ')') continue;
    if (static_cast<unsigned char>(c) == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0xB7) {
      ++i;
      continue;
    }
    bare += c;
  }
  for (const char* word : kBrandWords)
    for (std::size_t at; (at = bare.find(word)) != std::string::npos;) bare.erase(at, std::char_traits<char>::length(word));
  // "80g" -> "80gb": a memory size in gigabytes written with G alone.
  std::string key;
  for (std::size_t i = 0; i < bare.size(); ++i) {
    key += bare[i];
    if (bare[i] == 'g' && i > 0 && digit(bare[i - 1]) && (i + 1 == bare.size() || bare[i + 1] != 'b')) key += 'b';
  }
  return key;
}

const Gpu* find_gpu_by_name(const Catalog& cat, std::string_view written) {
  if (const Gpu* exact = cat.find_gpu(std::string(written))) return exact;  // an id, as written
  const std::string key = gpu_name_key(written);
  if (key.empty()) return nullptr;
  for (const Gpu& g : cat.gpus)
    if (gpu_name_key(g.id) == key || gpu_name_key(g.name.en) == key || gpu_name_key(g.name.zh) == key) return &g;
  for (const Alias& a : kAliases)
    for (std::string_view names = a.names; !names.empty();) {
      const std::size_t bar = names.find('|');
      if (gpu_name_key(names.substr(0, bar)) == key) return cat.find_gpu(a.gpu);
      names = bar == std::string_view::npos ? std::string_view() : names.substr(bar + 1);
    }
  return nullptr;
}

}  // namespace gpusizer
