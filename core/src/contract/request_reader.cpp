#include "contract/request_reader.hpp"

#include <algorithm>
#include <cmath>

#include "catalog/gpu_names.hpp"
#include "catalog/places.hpp"
#include "common/dates.hpp"
#include "common/numbers.hpp"
#include "diagnostics/fields.hpp"
#include "contract/catalog_reader.hpp"
#include "contract/default_catalog.hpp"
#include "contract/hf_config.hpp"
#include "contract/json_read.hpp"
#include "contract/limits.hpp"
#include "contract/model_reader.hpp"
#include "contract/quantity.hpp"
#include "common/numbers.hpp"
#include "job/parallelism.hpp"
#include "job/text_bytes.hpp"

namespace gpusizer {
namespace jsonio {
namespace {

constexpr int kDefaultSeqLen = 4096;
constexpr int kPaddingGroup = 4;

std::string list_ids(Lang lang, const std::vector<std::string>& ids) {
  std::string out;
  for (const std::string& id : ids) out += (out.empty() ? "" : say(lang, msg::list_separator)) + id;
  return out;
}

// The preset a config describes, when one has exactly its shape (then its name and context).
const Model* same_shape(const Catalog& cat, const Model& m) {
  for (const Model& p : cat.models)
    if (p.layers == m.layers && p.hidden == m.hidden && p.heads == m.heads && p.kv_heads == m.kv_heads &&
        p.ffn_hidden == m.ffn_hidden && p.vocab == m.vocab && p.experts == m.experts &&
        p.tied_embeddings == m.tied_embeddings && p.activation == m.activation)
      return &p;
  return nullptr;
}

class RequestReader {
 public:
  Request read(const Value& doc, const std::vector<std::string>& duplicate_keys) {
    r_.expect_object(doc, "");
    if (const Value* v = find(doc, "lang")) req_.lang = r_.read_enum(*v, "/lang", {"en", "zh"}) == "zh" ? Lang::zh : Lang::en;
    r_.set_lang(req_.lang);
    r_.warn_duplicate_keys(duplicate_keys);
    r_.warn_unknown_keys(doc, "", {"schemaVersion", "lang", "model", "training", "data", "hardware", "goal", "efficiency",
                                     "catalog", "response"});
    if (const Value* v = find(doc, "schemaVersion")) {
      if (!v->is_number() || v->get<double>() != kSchemaVersion)
        r_.fail(errc::unsupported_version, "/schemaVersion", msg::error_schema_version);
    }
    req_.catalog = default_catalog();
    if (const Value* v = find(doc, "catalog"))
      req_.catalog = std::make_shared<const Catalog>(merge_catalog(*req_.catalog, *v, "/catalog", r_));
    const Value* model = find(doc, "model");
    if (!model) r_.fail(errc::missing_field, "/model", msg::error_model_required);
    read_model(*model);
    const Value* data = find(doc, "data");
    if (data) read_data(*data);
    const Value* training = find(doc, "training");
    if (!training) r_.fail(errc::missing_field, "/training", msg::error_training_required,
                           {{"example", say(req_.lang, msg::example_tokens)}});
    read_training(*training);
    if (data) resolve_data();
    else r_.warn(warnc::data_not_described, "/data", msg::warning_data_not_described);
    if (const Value* v = find(doc, "hardware")) read_hardware(*v);
    if (const Value* v = find(doc, "goal")) read_goal(*v);
    if (const Value* v = find(doc, "efficiency")) {
      r_.expect_object(*v, "/efficiency");
      read_efficiency(*v);
    }
    if (const Value* v = find(doc, "response")) {
      // How much the response says of each option: "full" (v1) or "summary" (a first view).
      r_.expect_object(*v, "/response");
      r_.warn_unknown_keys(*v, "/response", {"options"});
      if (const Value* o = find(*v, "options"))
        req_.options_detail = r_.read_enum(*o, "/response/options", {"full", "summary"}) == "summary"
                                  ? OptionsDetail::summary
                                  : OptionsDetail::full;
    }
    return std::move(req_);
  }

 private:
  Request req_;
  Reader r_{req_.warnings};

  void read_model(const Value& m) {
    r_.expect_object(m, "/model");
    r_.warn_unknown_keys(m, "/model", {"preset", "hfConfig", GPUSIZER_MODEL_KEYS});
    Model& spec = req_.model;
    bool from_preset = false;
    if (const Value* v = find(m, "preset")) {
      const std::string id = r_.read_string(*v, "/model/preset");
      const Model* preset = req_.catalog->find_model(id);
      if (!preset) {
        std::vector<std::string> ids;
        for (const Model& p : req_.catalog->models) ids.push_back(p.id);
        r_.fail(errc::unknown_preset, "/model/preset", msg::error_unknown_preset,
                {{"id", echo(id)}, {"known", list_ids(req_.lang, ids)}});
      }
      spec = *preset;
      spec.shape_source = "preset";
      from_preset = true;
    }
    if (const Value* v = find(m, "hfConfig"); v && !v->is_null()) {
      read_hf_config(r_, *v, "/model/hfConfig", spec);
      spec.shape_source = "config";
      if (const Model* twin = same_shape(*req_.catalog, spec)) {
        if (!spec.seq_len) spec.seq_len = twin->seq_len;
        if (spec.name.empty()) spec.name = twin->name;
      }
      from_preset = true;  // the config's shape and count stand unless fields below change them
    }
    const ModelFieldsRead read = read_model_fields(r_, m, "/model", spec);
    if (read.params && !read.shape && from_preset) spec.architecture_known = spec.has_shape();
    finish_model(r_, "/model", spec, read, from_preset);
    if (!read.active_params && spec.is_moe() && read.params && !from_preset)
      r_.warn(warnc::assumed_value, "/model/activeParams", msg::warning_moe_active_assumed);
  }

  void read_training(const Value& t) {
    r_.expect_object(t, "/training");
    r_.warn_unknown_keys(t, "/training",
                         {"mode", "kernels", "tokens", "epochs", "seqLen", "precision", "flashAttention", "loraRank",
                          "loraTargets", "examples", "tokensPerExample", "packing", "padding"});
    TrainingSpec& spec = req_.training;
    if (const Value* v = find(t, "mode")) {
      const std::string mode = r_.read_enum(*v, "/training/mode", {"pretrain", "full-finetune", "lora", "qlora"});
      spec.mode = mode == "pretrain" ? Mode::pretrain
                  : mode == "full-finetune" ? Mode::full_finetune
                  : mode == "lora"          ? Mode::lora
                                            : Mode::qlora;
    }
    spec.kernels = spec.mode == Mode::pretrain ? Kernels::fused : Kernels::eager;
    if (const Value* v = find(t, "kernels"))
      spec.kernels = r_.read_enum(*v, "/training/kernels", {"fused", "eager"}) == "eager" ? Kernels::eager : Kernels::fused;
    if (const Value* v = find(t, "epochs"))
      spec.epochs = r_.read_measure(*v, "/training/epochs", kMinEpochs, kMaxEpochs, false, msg::example_epochs, Measure::epochs).value;
    spec.max_seq_len = req_.model.seq_len ? req_.model.seq_len : kDefaultSeqLen;
    if (const Value* v = find(t, "seqLen")) spec.max_seq_len = r_.read_int(*v, "/training/seqLen", 1, 10000000, Measure::tokens);
    spec.seq_len = spec.max_seq_len;
    if (const Value* v = find(t, "precision")) {
      const std::string p = r_.read_enum(*v, "/training/precision", {"bf16", "fp16", "fp8"});
      spec.precision = p == "bf16" ? Precision::bf16 : p == "fp16" ? Precision::fp16 : Precision::fp8;
    }
    if (const Value* v = find(t, "flashAttention")) spec.flash_attention = r_.read_bool(*v, "/training/flashAttention");
    if (const Value* v = find(t, "loraRank")) spec.lora_rank = r_.read_int(*v, "/training/loraRank", 1, 65536);
    if (const Value* v = find(t, "loraTargets")) spec.lora_targets = read_lora_targets(*v, "/training/loraTargets");

    const Value* tokens = find(t, "tokens");
    const Value* examples = find(t, "examples");
    if (tokens && examples) r_.fail(errc::invalid_value, "/training/examples", msg::error_tokens_or_examples);
    if (examples) {
      read_dataset(t, *examples);
    } else {
      if (!tokens && req_.data.size_bytes) {
        spec.tokens = tokens_from_size();
      } else {
        if (!tokens)
          r_.fail(errc::missing_field, "/training/tokens", msg::error_tokens_required, {{"example", say(req_.lang, msg::example_tokens)}});
        spec.tokens = r_.read_measure(*tokens, "/training/tokens", kMinTokens, kMaxTokens, false, msg::example_tokens, Measure::tokens).value;
      }
      for (const char* key : {"tokensPerExample", "packing", "padding"})
        if (find(t, key)) r_.warn(warnc::unknown_field, pointer("/training", key), msg::warning_needs_examples);
    }
    if (spec.tokens_total() > kMaxTokens)
      r_.fail(errc::invalid_value, "/training/epochs", msg::error_tokens_times_epochs,
              {{"max", format_exact(kMaxTokens)}, {"got", format_exact(spec.tokens_total())}});
    if (spec.is_adapter() && find(t, "loraRank")) check_lora_rank(spec);
  }

  // A rank is at most the smaller side of every matrix it adapts (a rank-r product of an m x r
  // and an r x n matrix has rank at most min(m, n)).
  void check_lora_rank(const TrainingSpec& spec) {
    const Model& m = req_.model;
    const long width = static_cast<long>(m.head_width() + 0.5);
    const long q = m.heads * width, kv = m.kv_heads * width;
    const long ffn = m.is_moe() ? static_cast<long>(m.expert_ffn()) : m.ffn_hidden;
    struct Matrix {
      unsigned target;
      const char* name;
      long rows, columns;
    };
    const Matrix matrices[] = {{lora::q, "q_proj", m.hidden, q},     {lora::k, "k_proj", m.hidden, kv},
                               {lora::v, "v_proj", m.hidden, kv},    {lora::o, "o_proj", q, m.hidden},
                               {lora::gate, "gate_proj", m.hidden, ffn}, {lora::up, "up_proj", m.hidden, ffn},
                               {lora::down, "down_proj", ffn, m.hidden}};
    const Matrix* smallest = nullptr;
    for (const Matrix& x : matrices) {
      if (!(spec.lora_targets & x.target) || x.rows <= 0 || x.columns <= 0) continue;
      if (x.target == lora::gate && !m.gated_mlp()) continue;  // a GELU FFN has no gate
      if (!smallest || std::min(x.rows, x.columns) < std::min(smallest->rows, smallest->columns)) smallest = &x;
    }
    if (!smallest) return;
    const long max = std::min(smallest->rows, smallest->columns);
    if (spec.lora_rank > max)
      r_.fail(errc::invalid_value, "/training/loraRank", msg::error_lora_rank_too_large,
              {{"got", spec.lora_rank}, {"matrix", smallest->name}, {"rows", smallest->rows}, {"columns", smallest->columns},
               {"max", max}});
  }

  // The data as people have it (data.*): its size on disk ("8TB"), the kind of text, the
  // tokenizer (default: the model's), the line it is uploaded over, the checkpoints kept.
  void read_data(const Value& d) {
    r_.expect_object(d, "/data");
    r_.warn_unknown_keys(d, "/data", {"size", "kind", "tokenizer", "uploadMbps", "checkpointsKept"});
    DataSpec& data = req_.data;
    data.given = true;
    if (const Value* v = find(d, "size")) data.size_bytes = read_size(*v, "/data/size");
    if (const Value* v = find(d, "kind")) {
      const std::string kind = r_.read_enum(*v, "/data/kind", {"zh", "en", "code", "mixed"});
      for (TextKind k : kTextKinds)
        if (kind == text_kind_name(k)) data.kind = k;
    }
    data.tokenizer = tokenizer_for(req_.model);
    if (const Value* v = find(d, "tokenizer")) {
      const std::string id = r_.read_string(*v, "/data/tokenizer");
      if (!known_tokenizer(id))
        r_.fail(errc::invalid_value, "/data/tokenizer", msg::error_unknown_tokenizer, {{"got", echo(id)}, {"known", list_ids(req_.lang, tokenizer_ids())}});
      data.tokenizer = id;
      data.tokenizer_given = true;
    }
    if (const Value* v = find(d, "uploadMbps")) data.upload_mbps = read_rate(*v, "/data/uploadMbps");
    if (const Value* v = find(d, "checkpointsKept")) data.checkpoints_kept = r_.read_int(*v, "/data/checkpointsKept", 0, kMaxCheckpointsKept);
  }

  // A size on disk: a JSON number of bytes, or "8TB", "500 GB", "1.5 TiB", "8 太字节".
  double read_size(const Value& v, const std::string& path) {
    if (!v.is_number() && !v.is_string()) r_.read_quantity(v, path, 0, 0, false, msg::example_size);  // the type error
    double bytes = 0;
    if (v.is_number()) {
      bytes = v.get<double>();
    } else {
      const std::string text = v.get_ref<const std::string&>();
      const SizeParse p = parse_size(text);
      if (p.status == SizeParse::bits) r_.fail(errc::invalid_value, path, msg::error_size_bits, {{"got", echo(text)}});
      if (p.status == SizeParse::count) r_.fail(errc::invalid_value, path, msg::error_size_count, {{"got", echo(text)}});
      if (p.status != SizeParse::ok) r_.fail(errc::invalid_value, path, msg::error_size_unit, {{"got", echo(text)}});
      bytes = p.bytes;
    }
    if (!(bytes >= kMinDataBytes && bytes <= kMaxDataBytes))
      r_.fail(errc::invalid_value, path, msg::error_size_range,
              {{"min", format_bytes(kMinDataBytes)}, {"max", format_bytes(kMaxDataBytes)},
               {"got", std::isfinite(bytes) ? format_bytes(bytes) : format_sig(bytes, 6)}});
    return bytes;
  }

  // A line's speed, Mbit/s: 100, "100Mbps", "1 Gbps", "千兆"; above 0, at most 1 Tbit/s.
  double read_rate(const Value& v, const std::string& path) {
    if (v.is_string()) {
      const std::string text = v.get_ref<const std::string&>();
      const auto mbps = parse_rate(text);
      if (!mbps)
        r_.fail(errc::invalid_value, path, msg::error_rate_unit, {{"got", echo(text)}, {"example", say(req_.lang, msg::example_upload_mbps)}});
      return r_.read_quantity(Value(*mbps), path, 0, kMaxLineMbps, true, msg::example_upload_mbps);
    }
    return r_.read_quantity(v, path, 0, kMaxLineMbps, true, msg::example_upload_mbps);
  }

  // training.tokens from data.size, when the request gives no tokens: the size over the
  // tokenizer's bytes per token on that kind of text.
  double tokens_from_size() {
    DataSpec& data = req_.data;
    if (!data.kind) r_.fail(errc::missing_field, "/data/kind", msg::error_data_kind_required);
    const BytesPerToken figure = bytes_per_token(data.tokenizer, *data.kind);
    const double tokens = *data.size_bytes / figure.bytes;
    if (!(tokens <= kMaxTokens))
      r_.fail(errc::invalid_value, "/data/size", msg::error_tokens_too_many_from_size,
              {{"size", format_bytes(*data.size_bytes)}, {"tokens", format_sig(tokens, 3)}, {"max", format_sig(kMaxTokens, 3)}});
    data.tokens_source = "size";
    return std::max(kMinTokens, tokens);
  }

  // The dataset's bytes (given, or its tokens at the tokenizer's bytes per token), the tokens a
  // given size holds, the same tokens as token ids; the assumptions said as warnings.
  void resolve_data() {
    DataSpec& d = req_.data;
    const TrainingSpec& t = req_.training;
    if (d.kind) {
      d.figure = bytes_per_token(d.tokenizer, *d.kind);
      if (d.figure->fallback) {
        static const msg::Id kKinds[] = {msg::kind_zh, msg::kind_en, msg::kind_code, msg::kind_mixed};
        const std::string name = d.tokenizer == "typical" ? say(req_.lang, msg::tokenizer_typical) : tokenizer_name(d.tokenizer, req_.lang);
        r_.warn(warnc::assumed_value, "/data/tokenizer", msg::warning_tokenizer_fallback,
                {{"tokenizer", name}, {"kind", say(req_.lang, kKinds[static_cast<int>(*d.kind)])}, {"bytes", format_sig(d.figure->bytes, 3)}});
      }
    }
    // The tokens written on disk: the examples as written (before padding or truncation), else
    // the tokens of one epoch.
    const double written = t.dataset ? t.dataset->examples * t.dataset->tokens_per_example : t.tokens;
    double tokens_on_disk = written;
    if (d.size_bytes) {
      d.dataset_bytes = *d.size_bytes;
      d.size_source = "request";
      if (d.figure) d.implied_tokens = *d.size_bytes / d.figure->bytes;
      tokens_on_disk = d.figure ? d.implied_tokens : (d.tokens_source == "size" ? t.tokens : 0);
    } else if (d.figure) {
      d.dataset_bytes = written * d.figure->bytes;
      d.size_source = "tokens";
    }
    if (tokens_on_disk > 0) d.token_ids_bytes = tokens_on_disk * token_id_bytes(req_.model.vocab);
    if (d.dataset_bytes > 0 && !d.upload_mbps)
      r_.warn(warnc::assumed_value, "/data/uploadMbps", msg::warning_upload_line_assumed, {{"mbps", format_sig(kDefaultUploadMbps, 3)}});
  }

  // PEFT's target_modules: "all-linear" (or "all"), "attention", or the list of matrices,
  // as a JSON array or one comma-separated string ("q_proj,v_proj"; "q", "v" also read).
  unsigned read_lora_targets(const Value& v, const std::string& path) {
    std::vector<std::string> names;
    if (v.is_array()) {
      for (std::size_t i = 0; i < v.size(); ++i) names.push_back(r_.read_string(v[i], pointer(path, i)));
    } else {
      const std::string text = r_.read_string(v, path);
      std::string item;
      for (char c : text + ",") {
        if (c == ',') {
          if (!item.empty()) names.push_back(item);
          item.clear();
        } else if (c != ' ') {
          item += c;
        }
      }
    }
    unsigned targets = 0;
    static const char* const kModules[] = {"q", "k", "v", "o", "gate", "up", "down"};
    for (const std::string& name : names) {
      if (name == "all-linear" || name == "all") {
        targets |= lora::kAllLinear;
        continue;
      }
      if (name == "attention") {
        targets |= lora::kAttention;
        continue;
      }
      bool known = false;
      for (int i = 0; i < 7; ++i) {
        const std::string module = kModules[i];
        if (name == module || name == module + "_proj") {
          targets |= 1u << i;
          known = true;
        }
      }
      if (!known) r_.fail(errc::invalid_value, path, msg::error_lora_targets, {{"got", echo(name)}});
    }
    if (!targets) r_.fail(errc::invalid_value, path, msg::error_lora_targets, {{"got", ""}});
    return targets;
  }

  // A dataset as people know it: examples x average tokens, packed or padded. The GPUs process
  // packed sequences of seqLen, or each example padded to seqLen or to the longest of its
  // micro-batch. Example lengths are taken to spread like an exponential distribution, whose
  // longest of b is H_b (the b-th harmonic number) times the mean; b = 4, the per-device batch
  // of the Alpaca and LLaMA-Factory recipes.
  void read_dataset(const Value& t, const Value& examples) {
    TrainingSpec& spec = req_.training;
    Dataset d;
    d.examples = r_.read_measure(examples, "/training/examples", kMinTokens, kMaxTokens, false, msg::example_examples, Measure::examples).value;
    const Value* per = find(t, "tokensPerExample");
    if (!per) r_.fail(errc::missing_field, "/training/tokensPerExample", msg::error_tokens_per_example_required);
    d.tokens_per_example =
        r_.read_measure(*per, "/training/tokensPerExample", kMinTokens, 1e8, false, msg::example_tokens_per_example, Measure::tokens).value;
    if (const Value* v = find(t, "packing")) d.packing = r_.read_bool(*v, "/training/packing");
    if (const Value* v = find(t, "padding"))
      d.padding = r_.read_enum(*v, "/training/padding", {"longest", "max-length"}) == "longest" ? Padding::longest : Padding::max_length;
    const double length = std::min(d.tokens_per_example, static_cast<double>(spec.max_seq_len));
    double processed = length;
    if (!d.packing) {
      if (d.padding == Padding::max_length) {
        processed = spec.max_seq_len;
      } else {
        double harmonic = 0;
        for (int i = 1; i <= kPaddingGroup; ++i) harmonic += 1.0 / i;
        processed = std::min(static_cast<double>(spec.max_seq_len), d.tokens_per_example * harmonic);
      }
      spec.seq_len = std::max(1, static_cast<int>(std::ceil(processed)));
    }
    spec.tokens = d.examples * processed;
    spec.dataset = d;
  }

  // A GPU by its id, or as people write it ("RTX 4090", "A100 80GB", "H800"): the id of the one
  // GPU the name means (catalog/gpu_names.hpp), else the text itself, refused by the caller.
  std::string gpu_id(std::string written) const {
    const Gpu* g = find_gpu_by_name(*req_.catalog, written);
    return g ? g->id : written;
  }

  void read_hardware(const Value& h) {
    r_.expect_object(h, "/hardware");
    r_.warn_unknown_keys(h, "/hardware", {"gpu", "count", "parallelism", "interNodeGBps", "allowNonCuda"});
    if (const Value* v = find(h, "allowNonCuda")) req_.allow_non_cuda = r_.read_bool(*v, "/hardware/allowNonCuda");
    if (const Value* v = find(h, "gpu")) {
      req_.gpu = gpu_id(r_.read_string(*v, "/hardware/gpu"));
      if (!req_.catalog->find_gpu(req_.gpu)) {
        std::vector<std::string> ids;
        for (const Gpu& g : req_.catalog->gpus) ids.push_back(g.id);
        r_.fail(errc::unknown_gpu, "/hardware/gpu", msg::error_unknown_gpu, {{"id", echo(req_.gpu)}, {"known", list_ids(req_.lang, ids)}});
      }
    }
    if (const Value* v = find(h, "count")) {
      req_.count = r_.read_int(*v, "/hardware/count", 1, 1 << 20, Measure::gpus);
      if (req_.gpu.empty()) r_.fail(errc::missing_field, "/hardware/gpu", msg::error_gpu_required_for, {{"field", field_words(req_.lang, "hardware.count")}});
    }
    if (const Value* v = find(h, "interNodeGBps"))
      req_.inter_node_gbps = r_.read_quantity(*v, "/hardware/interNodeGBps", kMinNetworkGBps, kMaxNetworkGBps, false, msg::example_gbps);
    if (const Value* v = find(h, "parallelism")) {
      if (req_.gpu.empty())
        r_.fail(errc::missing_field, "/hardware/gpu", msg::error_gpu_required_for, {{"field", field_words(req_.lang, "hardware.parallelism")}});
      read_parallelism(*v);
    }
  }

  void read_parallelism(const Value& p) {
    req_.parallelism = read_layout(p, "/hardware/parallelism", req_.count);
  }

  // A layout as hardware.parallelism writes it, on `count` GPUs when known (dp defaults to
  // what the count leaves).
  Parallelism read_layout(const Value& p, const std::string& path, std::optional<int> count) {
    r_.expect_object(p, path);
    r_.warn_unknown_keys(p, path,
                         {"tp", "pp", "dp", "ep", "microBatch", "globalBatch", "interleave", "recompute", "sequenceParallel",
                          "zero"});
    Parallelism par;
    auto whole = [&](const char* key, int fallback, int min, int max) {
      const Value* v = find(p, key);
      return v ? r_.read_int(*v, pointer(path, key), min, max) : fallback;
    };
    par.tp = whole("tp", 1, 1, 1024);
    par.pp = whole("pp", 1, 1, 1024);
    const int gpus = count.value_or(0);
    const int dp_default = gpus > 0 && gpus % (par.tp * par.pp) == 0 ? gpus / (par.tp * par.pp) : 1;
    par.dp = whole("dp", dp_default, 1, 1 << 20);
    par.ep = whole("ep", 1, 1, 1 << 16);
    par.micro_batch = whole("microBatch", 1, 1, 65536);
    par.global_batch = whole("globalBatch", 0, 1, 1 << 24);
    par.interleave = whole("interleave", 1, 1, 64);
    par.zero = whole("zero", par.dp > 1 ? 1 : 0, 0, 3);
    par.sequence_parallel = par.tp > 1;
    if (const Value* v = find(p, "sequenceParallel")) par.sequence_parallel = r_.read_bool(*v, pointer(path, "sequenceParallel"));
    if (const Value* v = find(p, "recompute")) {
      const std::string rc = r_.read_enum(*v, pointer(path, "recompute"), {"none", "selective", "full"});
      par.recompute = rc == "full" ? Recompute::full : rc == "selective" ? Recompute::selective : Recompute::none;
    }
    check_layout(req_.model, par, count, req_.lang, path);
    return par;
  }

  void read_efficiency(const Value& e) {
    const std::string path = "/efficiency";
    r_.warn_unknown_keys(e, path, {"mfu", "measuredTokensPerSecondPerGpu", "measuredGpu", "measuredGpus", "measuredParallelism"});
    if (const Value* mfu = find(e, "mfu")) req_.mfu = r_.read_quantity(*mfu, "/efficiency/mfu", kMinMfu, kMaxMfu, false, msg::example_mfu);
    const Value* tps = find(e, "measuredTokensPerSecondPerGpu");
    if (!tps) {
      for (const char* key : {"measuredGpu", "measuredGpus", "measuredParallelism"})
        if (find(e, key)) r_.warn(warnc::unknown_field, pointer(path, key), msg::warning_needs_measured);
      return;
    }
    if (req_.mfu) r_.fail(errc::invalid_value, "/efficiency/measuredTokensPerSecondPerGpu", msg::error_mfu_or_measured);
    Request::Measured m;
    m.tokens_per_second_per_gpu =
        r_.read_quantity(*tps, "/efficiency/measuredTokensPerSecondPerGpu", 0, 1e9, true, msg::example_tokens_per_second);
    m.gpu = req_.gpu;
    if (const Value* v = find(e, "measuredGpu")) {
      m.gpu = gpu_id(r_.read_string(*v, "/efficiency/measuredGpu"));
      if (!req_.catalog->find_gpu(m.gpu))
        r_.fail(errc::unknown_gpu, "/efficiency/measuredGpu", msg::error_unknown_gpu, {{"id", echo(m.gpu)}, {"known", ""}});
    }
    if (m.gpu.empty()) r_.fail(errc::missing_field, "/efficiency/measuredGpu", msg::error_measured_gpu_required);
    const Gpu& gpu = *req_.catalog->find_gpu(m.gpu);
    m.count = req_.count && m.gpu == req_.gpu ? *req_.count : gpu.gpus_per_node;
    if (const Value* v = find(e, "measuredGpus")) m.count = r_.read_int(*v, "/efficiency/measuredGpus", 1, 1 << 20, Measure::gpus);
    if (const Value* v = find(e, "measuredParallelism")) {
      m.parallelism = read_layout(*v, "/efficiency/measuredParallelism", m.count);
      m.count = m.parallelism->gpus();
    }
    req_.measured = m;
  }

  void read_goal(const Value& g) {
    r_.expect_object(g, "/goal");
    r_.warn_unknown_keys(g, "/goal", {"days", "budget", "currency", "usdCny", "sensitiveData", "asOf", "region"});
    if (const Value* v = find(g, "days"))
      req_.goal.days = r_.read_measure(*v, "/goal/days", kMinDays, kMaxDays, false, msg::example_days, Measure::duration).value;
    const Value* currency = find(g, "currency");
    if (currency) req_.goal.currency = r_.read_enum(*currency, "/goal/currency", {"CNY", "USD"});
    if (const Value* v = find(g, "budget")) {
      // "¥500,000", "$500k": a budget may say its currency, which must be the request's; with no
      // goal.currency it sets it.
      const MeasureRead budget = r_.read_measure(*v, "/goal/budget", 0, 1e15, true, msg::example_budget, Measure::money);
      if (!budget.currency.empty() && budget.currency != req_.goal.currency) {
        auto name = [&](const std::string& c) { return say(req_.lang, c == "USD" ? msg::currency_name_USD : msg::currency_name_CNY); };
        if (currency)
          r_.fail(errc::invalid_value, "/goal/budget", msg::error_budget_currency,
                  {{"text", echo(v->get_ref<const std::string&>())}, {"given", name(budget.currency)}, {"currency", name(req_.goal.currency)}});
        req_.goal.currency = budget.currency;
        r_.warn(warnc::assumed_value, "/goal/currency", msg::warning_currency_from_budget, {{"currency", name(budget.currency)}});
      }
      req_.goal.budget = budget.value;
    }
    if (const Value* v = find(g, "usdCny")) req_.goal.usd_cny = r_.read_quantity(*v, "/goal/usdCny", kMinUsdCny, kMaxUsdCny, false, msg::example_usd_cny);
    if (const Value* v = find(g, "sensitiveData")) req_.goal.sensitive_data = r_.read_bool(*v, "/goal/sensitiveData");
    if (const Value* v = find(g, "region"); v && !v->is_null()) {
      // A place as people name it: "cn", "mainland China", "江苏", "changzhou", "常州市".
      const std::string text = r_.read_string(*v, "/goal/region");
      const Place* place = place_of_text(text);
      if (!place) {
        std::vector<std::string> where;  // the places the catalog's offers are in, each once
        for (const Offer& o : req_.catalog->offers)
          if (const Place* p = find_place(o.place); p && std::find(where.begin(), where.end(), place_name(*p, req_.lang)) == where.end())
            where.push_back(place_name(*p, req_.lang));
        r_.fail(errc::invalid_value, "/goal/region", msg::error_unknown_region, {{"got", echo(text)}, {"known", list_ids(req_.lang, where)}});
      }
      req_.goal.region = std::string(place->id);
    }
    if (const Value* v = find(g, "asOf")) {
      req_.goal.as_of = r_.read_string(*v, "/goal/asOf");
      if (!full_day_number(req_.goal.as_of))
        r_.fail(errc::invalid_value, "/goal/asOf", msg::error_date_format, {{"got", echo(req_.goal.as_of)}});
    }
  }
};

}  // namespace
}  // namespace jsonio

Request parse_request(const std::string& text) {
  std::vector<std::string> duplicate_keys;
  const jsonio::Value doc = jsonio::parse_limited(text, &duplicate_keys);
  return jsonio::RequestReader().read(doc, duplicate_keys);
}

}  // namespace gpusizer
