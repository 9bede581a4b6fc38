// The dataset as bytes on disk: UTF-8 bytes per token of common tokenizers on each kind of
// text, sourced and dated (text_bytes.cpp holds the table and says where each figure comes
// from), and the data of a job as the bill sees it (data.* in the request).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostics/messages.hpp"
#include "model/model.hpp"

namespace gpusizer {

enum class TextKind { zh, en, code, mixed };
inline constexpr TextKind kTextKinds[] = {TextKind::zh, TextKind::en, TextKind::code, TextKind::mixed};
const char* text_kind_name(TextKind k);

// One figure of the table: bytes of UTF-8 text per token, on which text, from where, when.
struct BytesPerToken {
  double bytes = 0;
  std::string tokenizer;     // the table's id ("qwen"), or "typical" when none is known
  std::string corpus;        // the text it was measured on, in English (a citation)
  std::string source, date;  // a citation and its date (YYYY-MM-DD, YYYY-MM or YYYY)
  std::string confidence;    // high | medium | low
  bool fallback = false;     // no figure for this tokenizer on this kind: the median of the others
};

// The tokenizers of the table, by id, in its order ("llama2", "mistral", "llama3", "qwen", ...).
std::vector<std::string> tokenizer_ids();
bool known_tokenizer(std::string_view id);
// The tokenizer's display name in the reader's language ("Qwen1.5/2/2.5/3 (151K)").
std::string tokenizer_name(std::string_view id, Lang lang);

// The tokenizer a model uses, from its vocabulary size (and name, where Llama 2 and Mistral
// share 32,000 tokens); "typical" when the vocabulary is not one of the table's or was assumed.
std::string tokenizer_for(const Model& model);

// The figure for `tokenizer` on `kind`: the table's, else the median of every tokenizer's
// figure for that kind (fallback, low confidence).
BytesPerToken bytes_per_token(std::string_view tokenizer, TextKind kind);

// A token written as a token id: 2 bytes up to 65,536 ids, else 4 (uint16 / uint32 arrays, as
// Megatron's and nanoGPT's preprocessing write them).
double token_id_bytes(int vocab);

// What the request says about the data (data.*): its size on disk and kind of text, the line it
// is uploaded over, the checkpoints kept. Read by contract/, resolved into bytes and tokens there.
struct DataSpec {
  bool given = false;                   // the request has a data object: storage and transfer are priced
  std::optional<double> size_bytes;     // data.size
  std::optional<TextKind> kind;         // data.kind
  std::string tokenizer;                // data.tokenizer, else tokenizer_for(model)
  bool tokenizer_given = false;
  std::optional<double> upload_mbps;    // data.uploadMbps: the user's line, Mbit/s
  int checkpoints_kept = 3;             // data.checkpointsKept (kDefaultCheckpointsKept)
  // Resolved: the dataset's bytes (given, or tokens x bytes per token; 0 when neither is
  // known), where they came from, and the figure used.
  double dataset_bytes = 0;
  std::string size_source;              // "request" | "tokens" | "" (unknown)
  std::string tokens_source = "request";  // "request" | "size"
  std::optional<BytesPerToken> figure;  // with a kind
  double implied_tokens = 0;            // size / bytes per token, when both are known
  double token_ids_bytes = 0;           // the dataset's tokens written as token ids (token_id_bytes())
};

// The checkpoints a run keeps by default: NeMo's (exp_manager's save_top_k, 3); Hugging Face's
// Trainer keeps every one unless save_total_limit says otherwise, Megatron-LM every one.
inline constexpr int kDefaultCheckpointsKept = 3;
// The line the data goes over when neither the request nor the offer states one: 100 Mbit/s, a
// common business line in China (百兆专线) and the bandwidth an 8 x H200 lease includes
// (core/data/README.md).
inline constexpr double kDefaultUploadMbps = 100;

}  // namespace gpusizer
