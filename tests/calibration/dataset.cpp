#include "dataset.hpp"

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "training/perf.hpp"
#include "training/planner.hpp"
#include "contract/default_catalog.hpp"

namespace gpusizer::calibration {
namespace {

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

double num(const Record& r, const char* key, double fallback = 0) {
  auto it = r.find(key);
  return it == r.end() || it->second.empty() ? fallback : std::stod(it->second);
}
int whole(const Record& r, const char* key, int fallback = 0) {
  return static_cast<int>(num(r, key, fallback));
}
std::string text(const Record& r, const char* key) {
  auto it = r.find(key);
  return it == r.end() ? std::string() : it->second;
}

Model model_of(const Record& r) {
  Model m;
  m.name = text(r, "model");
  m.params = num(r, "params");
  m.active_params = num(r, "active_params", m.params);
  m.layers = whole(r, "layers");
  m.hidden = whole(r, "hidden");
  m.heads = whole(r, "heads");
  m.kv_heads = whole(r, "kv_heads", m.heads);
  m.ffn_hidden = whole(r, "ffn", 4 * m.hidden);
  m.vocab = whole(r, "vocab", 50304);
  m.head_dim = whole(r, "head_dim");
  m.activation = text(r, "activation") == "swiglu" ? Activation::swiglu : Activation::gelu;
  m.experts = whole(r, "experts");
  m.experts_per_token = whole(r, "experts_per_token");
  m.expert_ffn_hidden = whole(r, "expert_ffn");
  m.shared_experts = whole(r, "shared_experts");
  m.dense_layers = whole(r, "dense_layers");
  m.architecture_known = true;
  return m;
}

Precision precision_of(const std::string& p) {
  return p == "fp8" ? Precision::fp8 : p == "fp16" ? Precision::fp16 : Precision::bf16;
}

Mode mode_of(const std::string& m) {
  return m == "lora" ? Mode::lora : m == "full-finetune" ? Mode::full_finetune : Mode::pretrain;
}

Cluster cluster_for(const std::string& gpu_id, Precision precision) {
  const Gpu* gpu = default_catalog()->find_gpu(gpu_id);
  if (!gpu) throw std::runtime_error("unknown GPU " + gpu_id);
  return default_cluster(*gpu, precision);
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
    row.spec = model_of(r);
    row.training.seq_len = whole(r, "seq_len");
    row.training.precision = precision_of(text(r, "precision"));
    row.training.mode = mode_of(text(r, "mode"));
    row.training.tokens = 1e12;
    row.gpus = whole(r, "gpus");
    row.par.tp = whole(r, "tp", 1);
    row.par.pp = whole(r, "pp", 1);
    row.par.dp = whole(r, "dp", 1);
    row.par.ep = whole(r, "ep", 1);
    row.par.micro_batch = whole(r, "micro_batch", 1);
    row.par.global_batch = whole(r, "global_batch", 1);
    row.par.interleave = whole(r, "interleave", 1);
    const std::string rc = text(r, "recompute");
    row.par.recompute = rc == "full" ? Recompute::full : rc == "selective" ? Recompute::selective : Recompute::none;
    row.par.sequence_parallel = text(r, "sequence_parallel") == "true";
    row.par.zero = whole(r, "zero", 1);
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
    row.spec = model_of(r);
    row.training.seq_len = whole(r, "seq_len", 2048);
    row.training.tokens = num(r, "tokens");
    row.training.precision = precision_of(text(r, "precision"));
    // Whole runs are timed as trained in bf16/fp16 unless the row says fp8 (DeepSeek-V3).
    row.gpus = whole(r, "gpu_count");
    row.count_known = text(r, "count_known") == "yes";
    row.published_gpu_hours = num(r, "published_gpu_hours");
    const double batch_tokens = num(r, "global_batch_tokens");
    if (batch_tokens > 0) row.global_batch = static_cast<int>(batch_tokens / row.training.seq_len + 0.5);
    rows.push_back(std::move(row));
  }
  return rows;
}

double predict_steady(const SteadyRow& row, const Calibration& cal) {
  const Cluster cluster = cluster_for(row.gpu, row.training.precision);
  PlanRequest request;
  request.gpus = row.gpus;
  request.fixed = row.par;
  request.calibration = &cal;
  const Plan plan = plan_training(row.spec, row.training, cluster, request);
  return plan.time.tokens_per_second_per_gpu;
}

double predict_run_steady_gpu_hours(const RunRow& row, const Calibration& cal) {
  const Cluster cluster = cluster_for(row.gpu, row.training.precision);
  PlanRequest request;
  request.gpus = row.gpus;
  request.global_batch = row.global_batch;
  request.calibration = &cal;
  request.all_gpus = true;  // the run used all of them
  const Plan plan = plan_training(row.spec, row.training, cluster, request);
  if (!plan.fits) return 0;
  return row.training.tokens_total() / plan.time.tokens_per_second_per_gpu / 3600.0;
}

}  // namespace gpusizer::calibration
