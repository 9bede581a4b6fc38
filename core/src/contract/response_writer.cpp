#include <nlohmann/json.hpp>

#include "contract/response_writer.hpp"
#include "contract/limits.hpp"
#include "rental/recommend.hpp"
#include "rental/sizing.hpp"
#include "report/messages.hpp"
#include "contract/request_reader.hpp"
#include "common/numbers.hpp"

namespace gpusizer {

namespace {

// Insertion order, so "ok" leads and each object reads in the contract's order.
using json = nlohmann::ordered_json;

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// The constraints a recommendation respects, by the names the contract gives them.
constexpr std::pair<unsigned, const char*> kConstraints[] = {
    {constraint::gpu, "gpu"}, {constraint::isolation, "isolation"}, {constraint::stack, "stack"},
    {constraint::confidence, "confidence"}};

// Messages may quote the request (a JSON parse error shows what it last read), and a quote
// can end inside a multi-byte character: replace invalid UTF-8 instead of failing to answer.
std::string dump(const json& doc) { return doc.dump(-1, ' ', false, json::error_handler_t::replace); }

// Six significant digits everywhere: more than any input is known to, and enough that a
// last-bit difference between platforms never shows.
double sig(double x) { return round_sig(x, 6); }

json warnings_json(const std::vector<Warning>& warnings) {
  json out = json::array();
  for (const Warning& w : warnings) {
    json j = {{"code", w.code}, {"message", w.message}};
    if (!w.path.empty()) j["path"] = w.path;
    out.push_back(std::move(j));
  }
  return out;
}

// At most kMaxWarnings warnings, the last saying how many more there were.
std::vector<Warning> capped(const std::vector<Warning>& warnings, Lang lang) {
  if (warnings.size() <= jsonio::kMaxWarnings) return warnings;
  std::vector<Warning> out(warnings.begin(), warnings.begin() + (jsonio::kMaxWarnings - 1));
  out.push_back({warnc::more_warnings, "",
                 say(lang, msg::warning_more_warnings, {{"count", static_cast<long>(warnings.size() - out.size())}})});
  return out;
}

json parallelism_json(const Parallelism& p) {
  return {{"tp", p.tp},
          {"pp", p.pp},
          {"dp", p.dp},
          {"microBatch", p.micro_batch},
          {"globalBatch", p.global_batch},
          {"interleave", p.interleave},
          {"recompute", recompute_name(p.recompute)},
          {"sequenceParallel", p.sequence_parallel},
          {"zero", p.zero},
          {"ep", p.ep}};
}

json memory_breakdown_json(const MemoryBreakdown& m) {
  return {{"weightsBytes", round_to(m.weights_bytes, 0)},
          {"gradientsBytes", round_to(m.gradients_bytes, 0)},
          {"optimizerBytes", round_to(m.optimizer_bytes, 0)},
          {"activationsBytes", round_to(m.activations_bytes, 0)},
          {"overheadBytes", round_to(m.overhead_bytes, 0)},
          {"totalBytes", round_to(m.total_bytes(), 0)}};
}

json run_fields(const TrainingRun& run, json j) {
  j["gpu"] = run.gpu;
  j["count"] = run.count;
  j["gpusUsed"] = run.plan.gpus_used;
  j["mfu"] = round_sig(run.mfu, 4);
  j["mfuSource"] = run.mfu_source;
  j["peakTflops"] = sig(run.peak_tflops);
  j["gpuHours"] = run.gpu_hours;
  j["wallDays"] = run.wall_days;
  j["fits"] = run.fits();
  j["memoryPerGpuGiB"] = round_sig(run.plan.memory.total_bytes() / kGiB, 4);
  j["parallelism"] = parallelism_json(run.plan.par);
  j["tokensPerSecondPerGpu"] = round_sig(run.tokens_per_second_per_gpu, 5);
  j["gpuHoursRange"] = {{"low", run.gpu_hours_low}, {"high", run.gpu_hours_high}};
  return j;
}

json breakdown_json(const TimeBreakdown& b) {
  return {{"matmulSeconds", sig(b.matmul)},       {"attentionSeconds", sig(b.attention)},
          {"memoryBoundSeconds", sig(b.memory_bound)}, {"recomputeSeconds", sig(b.recompute)},
          {"tpCommSeconds", sig(b.tp_comm)},      {"ppCommSeconds", sig(b.pp_comm)},
          {"bubbleSeconds", sig(b.bubble)},       {"dpCommSeconds", sig(b.dp_comm)},
          {"moeCommSeconds", sig(b.moe_comm)},    {"optimizerSeconds", sig(b.optimizer)},
          {"overheadSeconds", sig(b.overhead)}};
}

json model_json(const Model& m) {
  json j = {{"params", sig(m.params)}, {"activeParams", sig(m.active_params)}, {"architectureKnown", m.architecture_known},
            {"layers", m.layers},      {"hidden", m.hidden},                   {"heads", m.heads},
            {"kvHeads", m.kv_heads},   {"ffnHidden", m.ffn_hidden},             {"vocab", m.vocab}};
  if (!m.id.empty()) j["preset"] = m.id;
  if (!m.name.empty()) j["name"] = m.name;
  if (m.is_moe()) {
    j["experts"] = m.experts;
    j["expertsPerToken"] = m.experts_per_token;
  }
  // The rest of the model vocabulary, so the shape used (given, from a preset or a config, or
  // inferred) can be read back and sent again as it is.
  j["headDim"] = m.head_dim ? m.head_dim : 0;
  j["activation"] = activation_name(m.activation);
  j["attention"] = m.attention;
  j["tiedEmbeddings"] = m.tied_embeddings;
  if (m.is_moe()) {
    j["expertFfnHidden"] = m.expert_ffn_hidden;
    j["sharedExperts"] = m.shared_experts;
    j["denseLayers"] = m.dense_layers;
  }
  if (m.seq_len) j["seqLen"] = m.seq_len;
  if (!m.shape_source.empty()) j["shapeSource"] = m.shape_source;
  return j;
}

json training_json(const TrainingSpec& t) {
  json j = {{"mode", mode_name(t.mode)},          {"kernels", kernels_name(t.kernels)},
            {"tokens", sig(t.tokens)},            {"epochs", sig(t.epochs)},
            {"seqLen", t.seq_len},                {"precision", precision_name(t.precision)},
            {"flashAttention", t.flash_attention}};
  if (t.is_adapter()) {
    j["loraRank"] = t.lora_rank;
    j["loraTargets"] = lora_targets_name(t.lora_targets);
  }
  if (t.dataset) {
    j["examples"] = sig(t.dataset->examples);
    j["tokensPerExample"] = sig(t.dataset->tokens_per_example);
    j["packing"] = t.dataset->packing;
    j["padding"] = t.dataset->padding == Padding::longest ? "longest" : "max-length";
    j["maxSeqLen"] = t.max_seq_len;
  }
  return j;
}

json lines_json(const std::vector<Cost::Line>& lines) {
  json out = json::array();
  for (const Cost::Line& l : lines) out.push_back({{"period", period_name(l.period)}, {"count", l.count}, {"amount", l.amount}});
  return out;
}

json option_json(const Option& o, Lang lang) {
  const Offer& offer = *o.offer;
  json j = {{"offerId", offer.id},
            {"provider", offer.provider.in(lang)},
            {"deployment", offer.deployment},
            {"tier", offer.tier},
            {"region", offer.region.in(lang)},
            {"isolation", offer.isolation},
            {"gpusPerUnit", offer.gpus_per_unit},
            {"units", o.units}};
  j = run_fields(o.run, std::move(j));
  j["fits"] = o.fits;
  j["meetsGoal"] = o.meets_goal;
  j["recommended"] = o.recommended;
  json outside = json::array();
  for (const auto& [bit, name] : kConstraints)
    if (o.outside & bit) outside.push_back(name);
  j["outside"] = std::move(outside);
  if (o.cost) {
    const Cost& c = *o.cost;
    json cost = {{"amount", c.amount},
                 {"currency", c.currency},
                 {"billing", lines_json(c.billing)},
                 {"idleHours", c.idle_hours},
                 {"coveredHours", c.covered_hours}};
    if (c.trial_then_monthly)
    {
      cost["trialThenMonthly"] = {{"billing", lines_json(c.trial_then_monthly->billing)},
                                  {"amount", c.trial_then_monthly->amount},
                                  {"idleHours", c.trial_then_monthly->idle_hours}};
      if (!c.trial_then_monthly->trial_offer.empty()) {
        cost["trialThenMonthly"]["trialOfferId"] = c.trial_then_monthly->trial_offer;
        cost["trialThenMonthly"]["trialUnits"] = c.trial_then_monthly->trial_units;
      }
    }
    if (c.break_even_hours_per_month) cost["breakEvenHoursPerMonth"] = *c.break_even_hours_per_month;
    j["cost"] = std::move(cost);
    j["costPerBillionTokens"] = o.cost_per_billion_tokens;
  }
  json prices = json::object();
  for (Period p : kPeriods)
    if (const auto& v = o.unit_prices[static_cast<int>(p)]) prices[period_name(p)] = *v;
  j["unitPrices"] = std::move(prices);
  j["minTermHours"] = offer.min_term_hours;
  if (!offer.commitment.empty()) j["commitment"] = offer.commitment.in(lang);
  if (offer.setup_fee) j["setupFee"] = *offer.setup_fee;
  if (offer.deposit_months) j["depositMonths"] = *offer.deposit_months;
  if (offer.storage_price_per_gb_month) j["storagePricePerGBMonth"] = *offer.storage_price_per_gb_month;
  if (offer.storage_included_gb) j["storageIncludedGB"] = *offer.storage_included_gb;
  if (offer.egress_price_per_gb) j["egressPricePerGB"] = *offer.egress_price_per_gb;
  if (offer.storage_price_per_gb_month || offer.egress_price_per_gb || offer.setup_fee)
    j["offerCurrency"] = offer.currency;
  j["spot"] = offer.spot;
  j["interconnect"] = {{"intraUnit", offer.intra_unit}, {"interUnit", offer.inter_unit}};
  if (offer.inter_unit_gbps_per_gpu) j["interconnect"]["interUnitGBpsPerGpu"] = *offer.inter_unit_gbps_per_gpu;
  j["priceDate"] = offer.price_date;
  if (o.price_age_days) {
    j["priceAgeDays"] = *o.price_age_days;
    j["priceStale"] = o.price_stale;
  }
  j["confidence"] = offer.confidence;
  j["source"] = offer.source;
  j["warnings"] = warnings_json(o.warnings);
  return j;
}

json constraint_names(unsigned bits) {
  json out = json::array();
  for (const auto& [bit, name] : kConstraints)
    if (bits & bit) out.push_back(name);
  return out;
}

json recommendation_json(const Recommendation& r) {
  json j = json::object();
  if (!r.offer_id.empty()) j["offerId"] = r.offer_id;
  j["qualifies"] = r.qualifies;
  j["qualifying"] = r.qualifying;
  if (!r.runner_up.empty()) j["runnerUp"] = r.runner_up;
  if (!r.alternative.empty())
    j["alternative"] = {{"offerId", r.alternative}, {"outside", constraint_names(r.alternative_outside)}};
  if (r.relax) j["relax"] = constraint_names(r.relax);
  j["reason"] = r.reason;
  return j;
}

json scaling_json(const Scaling& s, const Result& r) {
  json points = json::array();
  for (const ScalePoint& p : s.points) {
    json j = {{"count", p.count}, {"units", p.units}, {"wallDays", sig(p.wall_days)}, {"gpuHours", sig(p.gpu_hours)}};
    if (p.cost) j["cost"] = *p.cost;
    points.push_back(std::move(j));
  }
  json j = {{"gpu", s.gpu}};
  if (!s.offer_id.empty()) j["offerId"] = s.offer_id;
  j["unitGpus"] = s.unit_gpus;
  j["points"] = std::move(points);
  j["recommendedCount"] = s.recommended_count;
  if (r.assumed_days > 0) j["deadlineDays"] = r.assumed_days;
  if (s.stops_paying) j["stopsPaying"] = *s.stops_paying;
  j["rule"] = say(r.lang, msg::scaling_rule, {{"hours", format_sig(kPaysMinHours, 2)}});
  return j;
}

json advice_json(const Advice& a) {
  return {{"ruleOfThumb", {{"tier", a.tier}, {"suggestion", a.suggestion}, {"agrees", a.agrees}, {"message", a.message}}},
          {"notes", warnings_json(a.notes)}};
}

}  // namespace

std::string write_response(const Result& r) {
  json result;
  result["model"] = model_json(r.model);
  result["training"] = training_json(r.training);
  result["compute"] = {{"flopsTotal", sig(r.compute.flops_total)},
                       {"flopsPerToken", sig(r.compute.flops_per_token)},
                       {"method", r.compute.method},
                       {"flops6PD", sig(r.compute.flops_6pd)},
                       {"tokensTotal", sig(r.compute.tokens_total)},
                       {"trainableParams", sig(r.compute.trainable_params)}};
  json min_gpus = json::array();
  for (const GpuFit& f : r.fits) {
    json fit = {{"gpu", f.gpu}, {"fits", f.min_count.has_value()}};
    if (f.min_count) fit["count"] = *f.min_count;
    min_gpus.push_back(std::move(fit));
  }
  json memory = {{"convention", "mixed-precision AdamW: 2 B weights + 2 B gradients + 12 B optimizer per trainable "
                                "parameter; activations after Korthikanti et al. 2022"},
                 {"bytesPerParam", {{"weights", kWeightBytes}, {"gradients", kGradientBytes}, {"optimizer", kOptimizerBytes}}},
                 {"usableFraction", kUsableMemoryFraction},
                 {"minGpus", std::move(min_gpus)}};
  if (r.estimate) memory["perGpu"] = memory_breakdown_json(r.estimate->run.plan.memory);
  result["memory"] = std::move(memory);
  if (r.estimate) {
    const TrainingRun& run = r.estimate->run;
    json e = run_fields(run, json::object());
    e["countFromGoal"] = r.estimate->count_from_goal;
    e["iterationSeconds"] = sig(run.plan.time.seconds);
    e["globalBatch"] = run.plan.time.global_batch;
    e["steadyMfu"] = round_sig(run.steady_mfu, 4);
    e["hfu"] = round_sig(run.hfu, 4);
    e["overheadFactor"] = round_sig(run.overhead_factor, 4);
    if (run.mfu_source != "request")
      e["runHours"] = {{"steady", sig(run.hours.steady)},
                       {"belowBenchmark", sig(run.hours.below_benchmark)},
                       {"checkpointEval", sig(run.hours.checkpoint_eval)},
                       {"failures", sig(run.hours.failures)},
                       {"startup", sig(run.hours.startup)}};
    e["breakdown"] = breakdown_json(run.plan.time.breakdown);
    e["search"] = {{"configsEvaluated", run.plan.configs_evaluated}, {"configsFeasible", run.plan.configs_feasible}};
    result["estimate"] = std::move(e);
  }
  result["assumedDays"] = r.assumed_days;
  result["currency"] = r.currency;
  result["usdCny"] = r.usd_cny;
  result["fxDate"] = r.fx_date;
  json options = json::array();
  for (const Option& o : r.options) options.push_back(option_json(o, r.lang));
  result["options"] = std::move(options);
  json choices = json::object();
  if (!r.cheapest.empty()) choices["cheapest"] = r.cheapest;
  if (!r.fastest.empty()) choices["fastest"] = r.fastest;
  result["choices"] = std::move(choices);
  result["frontier"] = r.frontier;
  result["recommendation"] = recommendation_json(r.recommendation);
  if (r.scaling) result["scaling"] = scaling_json(*r.scaling, r);
  if (r.measured)
    result["measured"] = {{"tokensPerSecondPerGpu", sig(r.measured->tokens_per_second_per_gpu)},
                          {"gpu", r.measured->gpu},
                          {"count", r.measured->count},
                          {"modelledTokensPerSecondPerGpu", sig(r.measured_modelled)},
                          {"ratio", round_sig(r.measured->tokens_per_second_per_gpu / r.measured_modelled, 4)}};
  result["advice"] = advice_json(r.advice);
  json steps = json::array();
  for (const Step& s : r.steps) steps.push_back({{"id", s.id}, {"title", s.title}, {"text", s.text}});
  result["steps"] = std::move(steps);

  json doc = {{"ok", true}, {"schemaVersion", kSchemaVersion}, {"catalogVersion", r.catalog_version}};
  doc["result"] = std::move(result);
  doc["warnings"] = warnings_json(capped(r.warnings, r.lang));
  return dump(doc);
}

std::string write_error(const Error& e) {
  json doc = {{"ok", false},
              {"schemaVersion", kSchemaVersion},
              {"error", {{"code", e.code()}, {"path", e.path()}, {"message", e.what()}}}};
  return dump(doc);
}

}  // namespace gpusizer
