#include "contract/model_reader.hpp"

#include "contract/limits.hpp"

namespace gpusizer::jsonio {
namespace {

constexpr int kMaxDimension = 100000000;

const Value* present(const Value& j, const char* key) {
  const Value* v = find(j, key);
  return v && !v->is_null() ? v : nullptr;
}

}  // namespace

ModelFieldsRead read_model_fields(Reader& r, const Value& j, const std::string& path, Model& m) {
  ModelFieldsRead read;
  // Each size within what the core plans: layers and experts have limits of their own
  // (model/model.hpp), which the message states.
  auto dimension = [&](const char* key, int& field, int min) {
    const std::string k = key;
    const int max = k == "layers" ? kMaxLayers : k == "experts" ? kMaxExperts : kMaxDimension;
    if (const Value* v = present(j, key)) {
      field = r.read_int(*v, pointer(path, key), min, max);
      read.shape = true;
    }
  };
  if (const Value* v = present(j, "name")) m.name = r.read_string(*v, pointer(path, "name"));
  if (const Value* v = present(j, "source")) m.source = r.read_string(*v, pointer(path, "source"));
  if (const Value* v = present(j, "params")) {
    m.params = r.read_measure(*v, pointer(path, "params"), kMinParams, kMaxParams, false, msg::example_count, Measure::params).value;
    m.active_params = m.params;
    read.params = true;
  }
  dimension("layers", m.layers, 1);
  dimension("hidden", m.hidden, 1);
  dimension("heads", m.heads, 1);
  dimension("kvHeads", m.kv_heads, 1);
  dimension("ffnHidden", m.ffn_hidden, 1);
  dimension("vocab", m.vocab, 1);
  dimension("headDim", m.head_dim, 1);
  dimension("experts", m.experts, 0);
  dimension("expertsPerToken", m.experts_per_token, 0);
  dimension("expertFfnHidden", m.expert_ffn_hidden, 0);
  dimension("sharedExperts", m.shared_experts, 0);
  dimension("denseLayers", m.dense_layers, 0);
  if (const Value* v = present(j, "seqLen")) m.seq_len = r.read_int(*v, pointer(path, "seqLen"), 1, 10000000);
  if (const Value* v = present(j, "activation")) {
    const std::string a = r.read_enum(*v, pointer(path, "activation"), {"swiglu", "geglu", "gelu"});
    m.activation = a == "gelu" ? Activation::gelu : a == "geglu" ? Activation::geglu : Activation::swiglu;
    read.shape = true;
  }
  if (const Value* v = present(j, "attention")) {
    m.attention = r.read_enum(*v, pointer(path, "attention"), {"mha", "gqa", "mqa", "mla"});
    read.shape = true;
  }
  if (const Value* v = present(j, "tiedEmbeddings")) {
    m.tied_embeddings = r.read_bool(*v, pointer(path, "tiedEmbeddings"));
    read.shape = true;
  }
  if (const Value* v = present(j, "activeParams")) {
    m.active_params =
        r.read_measure(*v, pointer(path, "activeParams"), kMinParams, kMaxParams, false, msg::example_count, Measure::params).value;
    read.active_params = true;
  }
  return read;
}

void finish_model(Reader& r, const std::string& path, Model& m, const ModelFieldsRead& read, bool base_shape) {
  if (m.has_shape()) {
    complete_shape(m, r.lang(), path, r.warnings());
    // A shape described here (not only inherited from a preset) sets the parameter count unless
    // one was given with it: adding experts to a dense preset changes its size.
    if (!read.params && (read.shape || !base_shape)) {
      m.params = params_from_shape(m);
      if (!read.active_params) m.active_params = m.is_moe() ? active_params_from_shape(m) : m.params;
    }
    m.architecture_known = true;
    if (read.shape || m.shape_source.empty()) m.shape_source = "given";
  } else {
    if (read.shape) {
      const char* missing = m.layers <= 0 ? "layers" : m.hidden <= 0 ? "hidden" : "heads";
      r.fail(errc::missing_field, pointer(path, missing), msg::error_shape_incomplete);
    }
    if (m.params <= 0) r.fail(errc::missing_field, pointer(path, "params"), msg::error_params_required,
                              {{"example", say(r.lang(), msg::example_count)}});
    infer_architecture(m);
    m.shape_source = "inferred";
  }
  if (m.active_params <= 0) m.active_params = m.params;
  check_model(m, r.lang(), path);
}

}  // namespace gpusizer::jsonio
