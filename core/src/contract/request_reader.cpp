#include <algorithm>
#include <cmath>

#include "common/dates.hpp"
#include "contract/request_reader.hpp"
#include "contract/catalog_reader.hpp"
#include "contract/json_read.hpp"
#include "contract/default_catalog.hpp"

namespace gpusizer {

namespace jsonio {
namespace {

constexpr const char* kCountExample = "7e9, \"7B\", \"7000M\" or \"70亿\"";
constexpr const char* kTokenExample = "2e12, \"2T\" or \"2万亿\"";
constexpr double kMaxParams = 1e15, kMaxTokens = 1e18;

std::string list_ids(const std::vector<std::string>& ids) {
  std::string out;
  for (const std::string& id : ids) out += (out.empty() ? "" : ", ") + id;
  return out;
}

// Sums the parameters of a decoder-only transformer from its shape (used when the user
// gives a shape but no parameter count): attention 2h^2 + 2 h kv d, FFN 3hF (gated) or
// 2hF, two norms 2h per layer, embeddings V h (x2 when untied).
double params_from_shape(const ModelSpec& m) {
  const double h = m.hidden, kv = m.kv_heads * m.head_dim();
  const double attention = 2 * h * h + 2 * h * kv;
  const double f = m.is_moe() ? (m.expert_ffn_hidden ? m.expert_ffn_hidden : m.ffn_hidden) : m.ffn_hidden;
  const double ffn = (m.gated_mlp ? 3 : 2) * h * f * (m.is_moe() ? m.experts + m.shared_experts : 1);
  return m.layers * (attention + ffn + 2 * h) + m.embedding_params();
}

class RequestReader {
 public:
  Request read(const json& doc) {
    expect_object(doc, "");
    warn_unknown_keys(doc, "", {"schemaVersion", "lang", "model", "training", "hardware", "goal", "efficiency", "catalog"},
                      req_.warnings);
    if (const json* v = find(doc, "schemaVersion")) {
      if (!v->is_number() || v->get<double>() != kSchemaVersion)
        fail(errc::unsupported_version, "/schemaVersion", msg("this build speaks schemaVersion 1", "此版本只支持 schemaVersion 1"));
    }
    if (const json* v = find(doc, "lang")) req_.lang = read_enum(*v, "/lang", {"en", "zh"});
    set_message_language(req_.lang);
    req_.catalog = default_catalog();
    if (const json* v = find(doc, "catalog"))
      req_.catalog = std::make_shared<const Catalog>(merge_catalog(*req_.catalog, *v, "/catalog", req_.warnings));
    const json* model = find(doc, "model");
    if (!model) fail(errc::missing_field, "/model", msg("is required: give model.preset or model.params", "必填：请给出 model.preset 或 model.params"));
    read_model(*model);
    const json* training = find(doc, "training");
    if (!training) fail(errc::missing_field, "/training", msg("is required: give training.tokens", "必填：请给出 training.tokens"));
    read_training(*training);
    if (const json* v = find(doc, "hardware")) read_hardware(*v);
    if (const json* v = find(doc, "goal")) read_goal(*v);
    if (const json* v = find(doc, "efficiency")) {
      expect_object(*v, "/efficiency");
      warn_unknown_keys(*v, "/efficiency", {"mfu"}, req_.warnings);
      if (const json* mfu = find(*v, "mfu")) req_.mfu = read_quantity(*mfu, "/efficiency/mfu", 0, 1, true, "0.4");
    }
    return std::move(req_);
  }

 private:
  Request req_;

  int model_int(const json& m, const char* key, int fallback, int min = 1) {
    const json* v = find(m, key);
    return v ? read_int(*v, pointer("/model", key), min, 100000000) : fallback;
  }

  void read_model(const json& m) {
    expect_object(m, "/model");
    warn_unknown_keys(m, "/model",
                      {"preset", "params", "activeParams", "layers", "hidden", "heads", "kvHeads", "ffnHidden", "vocab",
                       "experts", "expertsPerToken"},
                      req_.warnings);
    ModelSpec& spec = req_.model;
    const ModelPreset* preset = nullptr;
    if (const json* v = find(m, "preset")) {
      const std::string id = read_string(*v, "/model/preset");
      preset = req_.catalog->find_model(id);
      if (!preset) {
        std::vector<std::string> ids;
        for (const ModelPreset& p : req_.catalog->models) ids.push_back(p.id);
        fail(errc::unknown_preset, "/model/preset", msg("\"" + id + "\" is not a preset; known: ", "“" + id + "”不是预设模型；可选：") + list_ids(ids));
      }
      spec = spec_of(*preset);
    }
    const json* params = find(m, "params");
    if (params) {
      spec.params = read_quantity(*params, "/model/params", 0, kMaxParams, true, kCountExample);
      spec.active_params = spec.params;
    }
    spec.layers = model_int(m, "layers", spec.layers);
    spec.hidden = model_int(m, "hidden", spec.hidden);
    spec.heads = model_int(m, "heads", spec.heads);
    spec.kv_heads = model_int(m, "kvHeads", spec.kv_heads ? spec.kv_heads : spec.heads);
    spec.ffn_hidden = model_int(m, "ffnHidden", spec.ffn_hidden);
    spec.vocab = model_int(m, "vocab", spec.vocab);
    spec.experts = model_int(m, "experts", spec.experts, 0);
    spec.experts_per_token = model_int(m, "expertsPerToken", spec.experts_per_token, 0);

    const bool shape = spec.layers > 0 && spec.hidden > 0 && spec.heads > 0;
    if (shape) {
      if (spec.heads % spec.kv_heads != 0)
        fail(errc::invalid_value, "/model/kvHeads",
             msg("must divide heads (", "须整除注意力头数（") + std::to_string(spec.heads) + msg("), got ", "），实际为 ") +
                 std::to_string(spec.kv_heads));
      if (!spec.ffn_hidden) spec.ffn_hidden = static_cast<int>(std::lround(spec.hidden * 8.0 / 3.0 / 256.0)) * 256;
      if (!spec.vocab) {
        spec.vocab = 32000;
        req_.warnings.push_back({"assumed_value", "/model/vocab", msg("not given; assumed 32000", "未给出；假定为 32000")});
      }
      if (spec.experts > 1 && spec.experts_per_token < 1)
        fail(errc::missing_field, "/model/expertsPerToken", msg("is required for a mixture-of-experts model", "混合专家模型必须给出"));
      if (spec.experts_per_token > std::max(spec.experts, 1))
        fail(errc::invalid_value, "/model/expertsPerToken", msg("cannot exceed experts", "不能超过专家数"));
      spec.architecture_known = true;
    }
    if (spec.params <= 0) {
      if (!shape)
        fail(errc::missing_field, "/model/params",
             msg("is required (or model.preset, or layers + hidden + heads): a count like ",
                 "必填（或给出 model.preset，或 layers + hidden + heads）：写成这样的数量 ") +
                 std::string(kCountExample));
      spec.params = params_from_shape(spec);
      spec.active_params = spec.params;
    }
    if (const json* v = find(m, "activeParams")) {
      spec.active_params = read_quantity(*v, "/model/activeParams", 0, kMaxParams, true, kCountExample);
      if (spec.active_params > spec.params)
        fail(errc::invalid_value, "/model/activeParams", msg("cannot exceed params", "不能超过总参数量"));
    } else if (spec.experts > 1 && params && !preset) {
      req_.warnings.push_back({"assumed_value", "/model/activeParams",
                               msg("mixture-of-experts without activeParams: FLOPs use all parameters",
                                   "混合专家模型未给出 activeParams：计算量按全部参数计")});
    }
    if (shape && spec.embedding_params() >= spec.params)
      fail(errc::invalid_value, "/model/params", msg("is smaller than the embeddings of the given shape (vocab x hidden)", "小于给定结构的词嵌入参数量（vocab × hidden）"));
    if (!shape) infer_architecture(spec);
  }

  void read_training(const json& t) {
    expect_object(t, "/training");
    warn_unknown_keys(t, "/training",
                      {"mode", "tokens", "epochs", "seqLen", "precision", "flashAttention", "loraRank"}, req_.warnings);
    TrainingSpec& spec = req_.training;
    if (const json* v = find(t, "mode")) {
      const std::string mode = read_enum(*v, "/training/mode", {"pretrain", "full-finetune", "lora", "qlora"});
      spec.mode = mode == "pretrain" ? Mode::pretrain
                  : mode == "full-finetune" ? Mode::full_finetune
                  : mode == "lora"          ? Mode::lora
                                            : Mode::qlora;
    }
    const json* tokens = find(t, "tokens");
    if (!tokens) fail(errc::missing_field, "/training/tokens", msg("is required: a count like ", "必填：写成这样的数量 ") + std::string(kTokenExample));
    spec.tokens = read_quantity(*tokens, "/training/tokens", 0, kMaxTokens, true, kTokenExample);
    if (const json* v = find(t, "epochs")) spec.epochs = read_quantity(*v, "/training/epochs", 0, 1e4, true, "1");
    const ModelPreset* preset = req_.model.preset.empty() ? nullptr : req_.catalog->find_model(req_.model.preset);
    spec.seq_len = preset && preset->seq_len ? preset->seq_len : 4096;
    if (const json* v = find(t, "seqLen")) spec.seq_len = read_int(*v, "/training/seqLen", 1, 10000000);
    if (const json* v = find(t, "precision")) {
      const std::string p = read_enum(*v, "/training/precision", {"bf16", "fp16", "fp8"});
      spec.precision = p == "bf16" ? Precision::bf16 : p == "fp16" ? Precision::fp16 : Precision::fp8;
    }
    if (const json* v = find(t, "flashAttention")) spec.flash_attention = read_bool(*v, "/training/flashAttention");
    if (const json* v = find(t, "loraRank")) spec.lora_rank = read_int(*v, "/training/loraRank", 1, 65536);
    if (spec.tokens_total() > kMaxTokens)
      fail(errc::invalid_value, "/training/epochs", msg("tokens x epochs must stay below 1e18", "token 数 × 轮数须小于 1e18"));
  }

  void read_hardware(const json& h) {
    expect_object(h, "/hardware");
    warn_unknown_keys(h, "/hardware", {"gpu", "count", "parallelism", "interNodeGBps"}, req_.warnings);
    if (const json* v = find(h, "gpu")) {
      req_.gpu = read_string(*v, "/hardware/gpu");
      if (!req_.catalog->find_gpu(req_.gpu)) {
        std::vector<std::string> ids;
        for (const Gpu& g : req_.catalog->gpus) ids.push_back(g.id);
        fail(errc::unknown_gpu, "/hardware/gpu", msg("\"" + req_.gpu + "\" is not a GPU id; known: ", "“" + req_.gpu + "”不是 GPU 型号；可选：") + list_ids(ids));
      }
    }
    if (const json* v = find(h, "count")) {
      req_.count = read_int(*v, "/hardware/count", 1, 1 << 20);
      if (req_.gpu.empty()) fail(errc::missing_field, "/hardware/gpu", msg("is required when hardware.count is given", "给出 hardware.count 时必填"));
    }
    if (const json* v = find(h, "interNodeGBps"))
      req_.inter_node_gbps = read_quantity(*v, "/hardware/interNodeGBps", 0, 1e5, false, "50");
    if (const json* v = find(h, "parallelism")) {
      if (req_.gpu.empty()) fail(errc::missing_field, "/hardware/gpu", msg("is required when hardware.parallelism is given", "给出 hardware.parallelism 时必填"));
      read_parallelism(*v);
    }
  }

  void read_parallelism(const json& p) {
    const std::string path = "/hardware/parallelism";
    expect_object(p, path);
    warn_unknown_keys(p, path,
                      {"tp", "pp", "dp", "ep", "microBatch", "globalBatch", "interleave", "recompute", "sequenceParallel",
                       "zero"},
                      req_.warnings);
    Parallelism par;
    auto whole = [&](const char* key, int fallback, int min, int max) {
      const json* v = find(p, key);
      return v ? read_int(*v, pointer(path, key), min, max) : fallback;
    };
    par.tp = whole("tp", 1, 1, 1024);
    par.pp = whole("pp", 1, 1, 1024);
    const int gpus = req_.count.value_or(0);
    const int dp_default = gpus > 0 && gpus % (par.tp * par.pp) == 0 ? gpus / (par.tp * par.pp) : 1;
    par.dp = whole("dp", dp_default, 1, 1 << 20);
    par.ep = whole("ep", 1, 1, 1 << 16);
    par.micro_batch = whole("microBatch", 1, 1, 65536);
    par.global_batch = whole("globalBatch", 0, 1, 1 << 24);
    par.interleave = whole("interleave", 1, 1, 64);
    par.zero = whole("zero", par.dp > 1 ? 1 : 0, 0, 3);
    par.sequence_parallel = par.tp > 1;
    if (const json* v = find(p, "sequenceParallel")) par.sequence_parallel = read_bool(*v, pointer(path, "sequenceParallel"));
    if (const json* v = find(p, "recompute")) {
      const std::string r = read_enum(*v, pointer(path, "recompute"), {"none", "selective", "full"});
      par.recompute = r == "full" ? Recompute::full : r == "selective" ? Recompute::selective : Recompute::none;
    }
    if (!req_.model.tensor_parallel_ok(par.tp))
      fail(errc::invalid_value, pointer(path, "tp"),
           msg("must divide the attention heads (", "须整除注意力头数（") + std::to_string(req_.model.heads) +
               msg(") and key/value groups (", "）和键值组数（") + std::to_string(req_.model.kv_heads) + msg(")", "）"));
    if (req_.count && par.gpus() != *req_.count)
      fail(errc::invalid_value, pointer(path, "dp"),
           "tp × pp × dp = " + std::to_string(par.gpus()) + msg(" must equal hardware.count (", " 须等于 hardware.count（") +
               std::to_string(*req_.count) + msg(")", "）"));
    if (par.pp > req_.model.layers)
      fail(errc::invalid_value, pointer(path, "pp"), msg("cannot exceed the number of layers", "不能超过层数"));
    if (par.interleave > 1 && (par.pp == 1 || req_.model.layers < par.pp * par.interleave))
      fail(errc::invalid_value, pointer(path, "interleave"), msg("needs pp > 1 and at least one layer per pp x interleave chunk", "需要 pp > 1，且每个 pp × interleave 分块至少一层"));
    if (par.ep > 1 && (!req_.model.is_moe() || req_.model.experts % par.ep != 0 || (par.tp * par.dp) % par.ep != 0))
      fail(errc::invalid_value, pointer(path, "ep"), msg("needs a mixture-of-experts model; ep must divide the experts and tp x dp", "仅用于混合专家模型；ep 须整除专家数和 tp × dp"));
    if (par.global_batch > 0 && par.global_batch % (par.dp * par.micro_batch) != 0)
      fail(errc::invalid_value, pointer(path, "globalBatch"), msg("must be a multiple of dp x microBatch", "须为 dp × microBatch 的倍数"));
    req_.parallelism = par;
  }

  void read_goal(const json& g) {
    expect_object(g, "/goal");
    warn_unknown_keys(g, "/goal", {"days", "budget", "currency", "usdCny", "sensitiveData", "asOf"}, req_.warnings);
    if (const json* v = find(g, "days")) req_.goal.days = read_quantity(*v, "/goal/days", 0, 36500, true, "30");
    if (const json* v = find(g, "budget")) req_.goal.budget = read_quantity(*v, "/goal/budget", 0, 1e15, true, "\"50万\"");
    if (const json* v = find(g, "currency")) req_.goal.currency = read_enum(*v, "/goal/currency", {"CNY", "USD"});
    if (const json* v = find(g, "usdCny")) req_.goal.usd_cny = read_quantity(*v, "/goal/usdCny", 0, 1e4, true, "7.1");
    if (const json* v = find(g, "sensitiveData")) req_.goal.sensitive_data = read_bool(*v, "/goal/sensitiveData");
    if (const json* v = find(g, "asOf")) {
      req_.goal.as_of = read_string(*v, "/goal/asOf");
      const bool shape = req_.goal.as_of.size() == 10 && req_.goal.as_of[4] == '-' && req_.goal.as_of[7] == '-';
      if (!shape || !day_number(req_.goal.as_of))
        fail(errc::invalid_value, "/goal/asOf",
             msg("must be a date written YYYY-MM-DD, got \"", "须为 YYYY-MM-DD 格式的日期，实际为“") + req_.goal.as_of +
                 msg("\"", "”"));
    }
  }
};

}  // namespace
}  // namespace jsonio

Request parse_request(const std::string& text) {
  jsonio::set_message_language("en");  // until the request's own "lang" is read
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw Error(errc::invalid_json, "", std::string("the request is not valid JSON: ") + e.what());
  }
  return jsonio::RequestReader().read(doc);
}

}  // namespace gpusizer
