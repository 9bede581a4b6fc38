#include "dataset.hpp"

#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "contract/request_reader.hpp"
#include "gpusizer/error.hpp"
#include "training/perf.hpp"
#include "training/planner.hpp"
#include "training/run_model.hpp"
#include "training/timing.hpp"

namespace gpusizer::calibration {
namespace {

using nlohmann::json;

// One CSV record (RFC 4180 quoting, no embedded newlines in these files).
std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.push_back(field);
      field.clear();
    } else if (c != '\r') {
      field += c;
    }
  }
  out.push_back(field);
  return out;
}

using Record = std::map<std::string, std::string>;

std::vector<Record> read_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::string line;
  std::getline(in, line);
  const auto header = split(line);
  std::vector<Record> rows;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto fields = split(line);
    Record r;
    for (std::size_t i = 0; i < header.size() && i < fields.size(); ++i) r[header[i]] = fields[i];
    rows.push_back(std::move(r));
  }
  return rows;
}

bool has(const Record& r, const char* key) {
  auto it = r.find(key);
  return it != r.end() && !it->second.empty();
}
double num(const Record& r, const char* key, double fallback = 0) {
  return has(r, key) ? std::stod(r.at(key)) : fallback;
}
int whole(const Record& r, const char* key, int fallback = 0) {
  return static_cast<int>(num(r, key, fallback));
}
std::string text(const Record& r, const char* key) {
  auto it = r.find(key);
  return it == r.end() ? std::string() : it->second;
}

// The row's model in the contract's names. Columns left empty are left out, so the contract's
// defaults and checks apply as they would to a user's request.
json model_request(const Record& r) {
  json m;
  m["name"] = text(r, "model");
  m["params"] = num(r, "params");
  if (has(r, "active_params")) m["activeParams"] = num(r, "active_params");
  const std::pair<const char*, const char*> dimensions[] = {
      {"layers", "layers"},         {"hidden", "hidden"},
      {"heads", "heads"},           {"kv_heads", "kvHeads"},
      {"ffn", "ffnHidden"},         {"vocab", "vocab"},
      {"head_dim", "headDim"},      {"experts", "experts"},
      {"experts_per_token", "expertsPerToken"}, {"expert_ffn", "expertFfnHidden"},
      {"shared_experts", "sharedExperts"},      {"dense_layers", "denseLayers"}};
  for (const auto& [column, field] : dimensions)
    if (has(r, column)) m[field] = whole(r, column);
  if (has(r, "activation")) m["activation"] = text(r, "activation");
  if (has(r, "tied_embeddings")) m["tiedEmbeddings"] = text(r, "tied_embeddings") == "true";
  return m;
}

// The training part; the tokens (`tokens` > 0) or the dataset (examples, tokens_per_example,
// packing, padding, epochs columns).
json training_request(const Record& r, double tokens) {
  json t;
  if (has(r, "mode")) t["mode"] = text(r, "mode");
  if (tokens > 0) {
    t["tokens"] = tokens;
  } else {
    t["examples"] = num(r, "examples");
    t["tokensPerExample"] = num(r, "tokens_per_example");
    t["packing"] = text(r, "packing") == "true";
    if (has(r, "padding")) t["padding"] = text(r, "padding");
    if (has(r, "epochs")) t["epochs"] = num(r, "epochs");
  }
  if (has(r, "seq_len")) t["seqLen"] = whole(r, "seq_len");
  if (has(r, "precision")) t["precision"] = text(r, "precision");
  if (has(r, "flash_attention")) t["flashAttention"] = text(r, "flash_attention") == "true";
  if (has(r, "lora_rank")) t["loraRank"] = whole(r, "lora_rank");
  if (has(r, "lora_targets")) t["loraTargets"] = text(r, "lora_targets");
  // steady_state.csv has no kernels column: its fine-tuning rows are NeMo's (Megatron-Core),
  // so all its rows run fused kernels; finetune_steady.csv says per row.
  t["kernels"] = has(r, "kernels") ? text(r, "kernels") : "fused";
  return t;
}

// The layout as published. Context parallelism has no field in the contract: the NeMo rows
// with CP = 2 (val-45..50) fold it into dp, which leaves their global batch (GA x DP x MBS of
// the real layout) short of whole micro-batches per replica. It is rounded up to the next
// whole number, as the time model rounds any global batch (252 -> 256 sequences, 1.6 %).
json layout_request(const Record& r) {
  json p;
  p["tp"] = whole(r, "tp", 1);
  p["pp"] = whole(r, "pp", 1);
  p["dp"] = whole(r, "dp", 1);
  p["ep"] = whole(r, "ep", 1);
  p["microBatch"] = whole(r, "micro_batch", 1);
  const int per_step = whole(r, "dp", 1) * whole(r, "micro_batch", 1);
  p["globalBatch"] = (whole(r, "global_batch", 1) + per_step - 1) / per_step * per_step;
  p["interleave"] = whole(r, "interleave", 1);
  p["recompute"] = has(r, "recompute") ? text(r, "recompute") : "none";
  p["sequenceParallel"] = text(r, "sequence_parallel") == "true";
  p["zero"] = whole(r, "zero", 0);
  return p;
}

Request parse(const std::string& where, const std::string& request_json) {
  try {
    return parse_request(request_json);
  } catch (const Error& e) {
    throw std::runtime_error(where + ": " + e.code() + " at " + e.path() + ": " + e.what() + "\n  " + request_json);
  }
}

Cluster cluster_of(const Request& request) {
  return RunTimer(run_inputs(request), 0).cluster_for(*request.catalog->find_gpu(request.gpu));
}

}  // namespace

std::vector<SteadyRow> load_steady(const std::string& path) {
  std::vector<SteadyRow> rows;
  for (const Record& r : read_csv(path)) {
    SteadyRow row;
    row.id = text(r, "id");
    row.framework = text(r, "framework");
    row.model = text(r, "model");
    row.gpu = text(r, "gpu");
    row.source = text(r, "source");
    row.confidence = text(r, "confidence");
    row.origin = text(r, "origin");
    // Steady state does not depend on the run's length: any token count will do.
    const json request = {{"model", model_request(r)},
                          {"training", training_request(r, 1e12)},
                          {"hardware", {{"gpu", row.gpu}, {"count", whole(r, "gpus")}, {"parallelism", layout_request(r)}}}};
    row.request_json = request.dump();
    row.request = parse(path + " row " + row.id, row.request_json);
    row.cluster = cluster_of(row.request);
    row.spec = row.request.model;
    row.training = row.request.training;
    row.par = *row.request.parallelism;
    row.gpus = *row.request.count;
    row.measured_tokens_per_s_per_gpu = num(r, "tokens_per_s_per_gpu");
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<RunRow> load_runs(const std::string& path) {
  std::vector<RunRow> rows;
  for (const Record& r : read_csv(path)) {
    RunRow row;
    row.model = text(r, "model");
    row.gpu = text(r, "gpu");
    row.source = text(r, "source");
    // Whole runs are timed as trained in bf16/fp16 unless the row says fp8 (DeepSeek-V3).
    const json request = {{"model", model_request(r)},
                          {"training", training_request(r, num(r, "tokens"))},
                          {"hardware", {{"gpu", row.gpu}, {"count", whole(r, "gpu_count")}}}};
    row.request_json = request.dump();
    row.request = parse(path + " run " + row.model, row.request_json);
    row.cluster = cluster_of(row.request);
    row.spec = row.request.model;
    row.training = row.request.training;
    row.gpus = *row.request.count;
    row.count_known = text(r, "count_known") == "yes";
    row.group = text(r, "source_group");
    row.organization = text(r, "organization");
    row.framework = text(r, "framework");
    row.year = text(r, "year");
    row.confidence = text(r, "confidence");
    if (row.group.empty()) row.group = row.model;
    row.fit = row.count_known && row.confidence != "low";
    row.published_gpu_hours = num(r, "published_gpu_hours");
    const double batch_tokens = num(r, "global_batch_tokens");
    if (batch_tokens > 0) row.global_batch = static_cast<int>(batch_tokens / row.training.seq_len + 0.5);
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<FinetuneRunRow> load_finetune_runs(const std::string& path) {
  std::vector<FinetuneRunRow> rows;
  for (const Record& r : read_csv(path)) {
    FinetuneRunRow row;
    row.id = text(r, "id");
    row.model = text(r, "model");
    row.gpu = text(r, "gpu");
    row.source = text(r, "source");
    const json request = {{"model", model_request(r)},
                          {"training", training_request(r, 0)},
                          {"hardware", {{"gpu", row.gpu}, {"count", whole(r, "gpus")}}}};
    row.request_json = request.dump();
    row.request = parse(path + " run " + row.id, row.request_json);
    row.cluster = cluster_of(row.request);
    row.spec = row.request.model;
    row.training = row.request.training;
    row.gpus = *row.request.count;
    row.published_wall_hours = num(r, "published_wall_hours");
    row.fit = text(r, "fit") != "no";
    row.group = text(r, "source_group");
    if (row.group.empty()) row.group = row.id;
    row.framework = text(r, "framework");
    row.year = text(r, "year");
    rows.push_back(std::move(row));
  }
  return rows;
}

double predict_steady(const SteadyRow& row, const Calibration& cal) {
  PlanRequest request;
  request.gpus = row.gpus;
  request.fixed = row.par;
  request.calibration = &cal;
  const Plan plan = plan_training(row.spec, row.training, row.cluster, request);
  return plan.time.tokens_per_second_per_gpu;
}

RunSteady predict_run_steady(const RunRow& row, const Calibration& cal) {
  // Planned as a user's request is: the fastest layout on up to the run's GPUs.
  PlanRequest request;
  request.gpus = row.gpus;
  request.global_batch = row.global_batch;
  request.calibration = &cal;
  const Plan plan = plan_training(row.spec, row.training, row.cluster, request);
  if (!plan.fits) return {};
  const double tokens = row.training.tokens_total();
  const int used = plan.gpus_used > 0 ? plan.gpus_used : row.gpus;
  const double wall_hours = tokens / (plan.time.tokens_per_second_per_gpu * used) / 3600.0;
  return {wall_hours * row.gpus, tokens / (plan.time.global_batch * static_cast<double>(row.training.seq_len)), used};
}

double predict_run_gpu_hours(const RunRow& row, const RunSteady& steady, const Calibration& cal) {
  const double steady_seconds = steady.gpu_hours * 3600 / row.gpus;
  return whole_run_hours(steady_seconds, steady.gpus_used, row.cluster.gpus_per_node, row.spec, row.training, cal).total() * row.gpus;
}

RunRow as_run(const FinetuneRunRow& f) {
  RunRow r;
  r.model = f.id;
  r.gpu = f.gpu;
  r.source = f.source;
  r.request_json = f.request_json;
  r.request = f.request;
  r.cluster = f.cluster;
  r.spec = f.spec;
  r.training = f.training;
  r.gpus = f.gpus;
  r.count_known = true;
  r.fit = f.fit;
  r.group = f.group;
  r.framework = f.framework;
  r.year = f.year;
  r.published_gpu_hours = f.published_wall_hours * f.gpus;
  return r;
}

double predict_finetune_run_steady_hours(const FinetuneRunRow& row, const Calibration& cal) {
  PlanRequest request;
  request.gpus = row.gpus;
  request.calibration = &cal;
  const Plan plan = plan_training(row.spec, row.training, row.cluster, request);
  if (!plan.fits) return 0;
  return row.training.tokens_total() / (plan.time.tokens_per_second_per_gpu * row.gpus) / 3600.0;
}

}  // namespace gpusizer::calibration
