#include "contract/response_writer.hpp"
#include "catalog/places.hpp"
#include "common/numbers.hpp"
#include "contract/json_write.hpp"
#include "contract/limits.hpp"
#include "contract/request_reader.hpp"
#include "rental/recommend.hpp"
#include "rental/sizing.hpp"
#include "diagnostics/fields.hpp"
#include "diagnostics/messages.hpp"

namespace gpusizer {

namespace {

// Objects are written in the contract's order ("ok" leads), numbers as doubles or integers as
// the typed result holds them: the bytes nlohmann's ordered_json wrote before (golden files).
using jsonio::Writer;

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// The constraints a recommendation respects, by the names the contract gives them.
constexpr std::pair<unsigned, const char*> kConstraints[] = {
    {constraint::gpu, "gpu"}, {constraint::isolation, "isolation"}, {constraint::stack, "stack"},
    {constraint::confidence, "confidence"}, {constraint::region, "region"}};

// Six significant digits everywhere: more than any input is known to, and enough that a
// last-bit difference between platforms never shows.
double sig(double x) { return round_sig(x, 6); }

// Each warning with the field its path names, in words (diagnostics/fields.hpp).
void warnings_json(Writer& w, const std::vector<Warning>& warnings, Lang lang) {
  w.begin_array();
  for (const Warning& x : warnings) {
    w.begin_object().str("code", x.code).str("message", x.message);
    if (!x.path.empty()) {
      w.str("path", x.path);
      if (const auto field = field_name(lang, x.path)) w.str("field", field->id).str("label", field->label);
    }
    w.end_object();
  }
  w.end_array();
}

// At most kMaxWarnings warnings, the last saying how many more there were.
std::vector<Warning> capped(const std::vector<Warning>& warnings, Lang lang) {
  if (warnings.size() <= jsonio::kMaxWarnings) return warnings;
  std::vector<Warning> out(warnings.begin(), warnings.begin() + (jsonio::kMaxWarnings - 1));
  out.push_back({warnc::more_warnings, "",
                 say(lang, msg::warning_more_warnings, {{"count", static_cast<long>(warnings.size() - out.size())}})});
  return out;
}

void parallelism_json(Writer& w, const Parallelism& p) {
  w.begin_object()
      .integer("tp", p.tp)
      .integer("pp", p.pp)
      .integer("dp", p.dp)
      .integer("microBatch", p.micro_batch)
      .integer("globalBatch", p.global_batch)
      .integer("interleave", p.interleave)
      .str("recompute", recompute_name(p.recompute))
      .flag("sequenceParallel", p.sequence_parallel)
      .integer("zero", p.zero)
      .integer("ep", p.ep)
      .end_object();
}

void memory_breakdown_json(Writer& w, const MemoryBreakdown& m) {
  w.begin_object()
      .num("weightsBytes", round_to(m.weights_bytes, 0))
      .num("gradientsBytes", round_to(m.gradients_bytes, 0))
      .num("optimizerBytes", round_to(m.optimizer_bytes, 0))
      .num("activationsBytes", round_to(m.activations_bytes, 0))
      .num("overheadBytes", round_to(m.overhead_bytes, 0))
      .num("totalBytes", round_to(m.total_bytes(), 0))
      .end_object();
}

// The fields a run shares between estimate and options; `fits` given by the caller (an
// option's own verdict). A summary leaves out what only the detail shows: utilization, peak,
// memory and the layout.
// {low, high, coverage}: coverage, the share of published runs the range holds, only where
// there is a range (none with efficiency.mfu).
void range_json(Writer& w, double low, double high, double coverage) {
  w.begin_object().num("low", low).num("high", high);
  if (coverage > 0) w.num("coverage", coverage);
  w.end_object();
}

void run_fields(Writer& w, const TrainingRun& run, bool fits, bool summary) {
  w.str("gpu", run.gpu).integer("count", run.count).integer("gpusUsed", run.plan.gpus_used);
  if (!summary) w.num("mfu", round_sig(run.mfu, 4)).str("mfuSource", run.mfu_source).num("peakTflops", sig(run.peak_tflops));
  w.num("gpuHours", run.gpu_hours).num("wallDays", run.wall_days).flag("fits", fits);
  if (!summary) {
    w.num("memoryPerGpuGiB", round_sig(run.plan.memory.total_bytes() / kGiB, 4));
    w.key("parallelism");
    parallelism_json(w, run.plan.par);
  }
  w.num("tokensPerSecondPerGpu", round_sig(run.tokens_per_second_per_gpu, 5));
  range_json(w.key("gpuHoursRange"), run.gpu_hours_low, run.gpu_hours_high, run.range_coverage);
  range_json(w.key("wallDaysRange"), run.wall_days_low, run.wall_days_high, run.range_coverage);
}

void breakdown_json(Writer& w, const TimeBreakdown& b) {
  w.begin_object()
      .num("matmulSeconds", sig(b.matmul))
      .num("attentionSeconds", sig(b.attention))
      .num("memoryBoundSeconds", sig(b.memory_bound))
      .num("recomputeSeconds", sig(b.recompute))
      .num("tpCommSeconds", sig(b.tp_comm))
      .num("ppCommSeconds", sig(b.pp_comm))
      .num("bubbleSeconds", sig(b.bubble))
      .num("dpCommSeconds", sig(b.dp_comm))
      .num("moeCommSeconds", sig(b.moe_comm))
      .num("optimizerSeconds", sig(b.optimizer))
      .num("overheadSeconds", sig(b.overhead))
      .end_object();
}

GPUSIZER_NOINLINE void model_json(Writer& w, const Model& m) {
  w.begin_object()
      .num("params", sig(m.params))
      .num("activeParams", sig(m.active_params))
      .flag("architectureKnown", m.architecture_known)
      .integer("layers", m.layers)
      .integer("hidden", m.hidden)
      .integer("heads", m.heads)
      .integer("kvHeads", m.kv_heads)
      .integer("ffnHidden", m.ffn_hidden)
      .integer("vocab", m.vocab);
  if (!m.id.empty()) w.str("preset", m.id);
  if (!m.name.empty()) w.str("name", m.name);
  if (m.is_moe()) w.integer("experts", m.experts).integer("expertsPerToken", m.experts_per_token);
  // The rest of the model vocabulary, so the shape used (given, from a preset or a config, or
  // inferred) can be read back and sent again as it is.
  w.integer("headDim", m.head_dim ? m.head_dim : 0)
      .str("activation", activation_name(m.activation))
      .str("attention", m.attention)
      .flag("tiedEmbeddings", m.tied_embeddings);
  if (m.is_moe())
    w.integer("expertFfnHidden", m.expert_ffn_hidden).integer("sharedExperts", m.shared_experts).integer("denseLayers", m.dense_layers);
  if (m.seq_len) w.integer("seqLen", m.seq_len);
  if (!m.shape_source.empty()) w.str("shapeSource", m.shape_source);
  w.end_object();
}

GPUSIZER_NOINLINE void training_json(Writer& w, const TrainingSpec& t) {
  w.begin_object()
      .str("mode", mode_name(t.mode))
      .str("kernels", kernels_name(t.kernels))
      .num("tokens", sig(t.tokens))
      .num("epochs", sig(t.epochs))
      .integer("seqLen", t.seq_len)
      .str("precision", precision_name(t.precision))
      .flag("flashAttention", t.flash_attention);
  if (t.is_adapter()) w.integer("loraRank", t.lora_rank).str("loraTargets", lora_targets_name(t.lora_targets));
  if (t.dataset) {
    w.num("examples", sig(t.dataset->examples))
        .num("tokensPerExample", sig(t.dataset->tokens_per_example))
        .flag("packing", t.dataset->packing)
        .str("padding", t.dataset->padding == Padding::longest ? "longest" : "max-length")
        .integer("maxSeqLen", t.max_seq_len);
  }
  w.end_object();
}

void lines_json(Writer& w, const std::vector<Cost::Line>& lines) {
  w.begin_array();
  for (const Cost::Line& l : lines)
    w.begin_object().str("period", period_name(l.period)).integer("count", l.count).num("amount", l.amount).end_object();
  w.end_array();
}

// The whole bill, line by line (cost.lines, ownership's job.lines).
void bill_lines_json(Writer& w, const std::vector<BillLine>& lines) {
  w.begin_array();
  for (const BillLine& l : lines)
    w.begin_object()
        .str("kind", line_kind_name(l.kind))
        .str("item", l.item)
        .num("amount", l.amount)
        .flag("priced", l.priced)
        .str("basis", l.basis)
        .end_object();
  w.end_array();
}

void transfer_json(Writer& w, const TransferPlan& t) {
  w.begin_object()
      .num("mbps", sig(t.mbps))
      .str("limitedBy", t.limited_by)
      .num("uploadHours", sig(t.upload_hours))
      .num("downloadHours", sig(t.download_hours));
  if (t.included_mbps > 0) w.num("includedMbps", sig(t.included_mbps));
  if (t.bought_mbps > 0) w.num("boughtMbps", sig(t.bought_mbps)).integer("bandwidthMonths", t.bandwidth_months);
  w.end_object();
}

void constraint_names(Writer& w, unsigned bits) {
  w.begin_array();
  for (const auto& [bit, name] : kConstraints)
    if (bits & bit) w.string(name);
  w.end_array();
}

void option_json(Writer& w, const Option& o, Lang lang, bool summary) {
  const Offer& offer = *o.offer;
  w.begin_object()
      .str("offerId", offer.id)
      .str("provider", offer.provider.in(lang))
      .str("name", offer.name.in(lang))
      .str("deployment", offer.deployment)
      .str("tier", offer.tier)
      .str("region", offer.region.in(lang));
  if (!offer.place.empty()) w.str("regionId", offer.place);
  w
      .str("isolation", offer.isolation)
      .integer("gpusPerUnit", offer.gpus_per_unit)
      .integer("units", o.units);
  run_fields(w, o.run, o.fits, summary);
  w.flag("meetsGoal", o.meets_goal).flag("recommended", o.recommended);
  w.key("outside");
  constraint_names(w, o.outside);
  if (o.cost) {
    const Cost& c = *o.cost;
    w.key("cost").begin_object().num("amount", c.amount).str("currency", c.currency);
    if (!summary) {
      w.key("billing");
      lines_json(w, c.billing);
      w.key("lines");
      bill_lines_json(w, c.lines);
    }
    w.num("idleHours", c.idle_hours);
    if (c.amount_range) range_json(w.key("amountRange"), c.amount_range->first, c.amount_range->second, o.run.range_coverage);
    if (!summary) {
      w.num("coveredHours", c.covered_hours);
      if (c.trial_then_monthly) {
        const auto& trial = *c.trial_then_monthly;
        w.key("trialThenMonthly").begin_object().key("billing");
        lines_json(w, trial.billing);
        w.num("amount", trial.amount).num("idleHours", trial.idle_hours);
        if (!trial.trial_offer.empty()) w.str("trialOfferId", trial.trial_offer).integer("trialUnits", trial.trial_units);
        w.end_object();
      }
      if (c.break_even_hours_per_month) w.num("breakEvenHoursPerMonth", *c.break_even_hours_per_month);
    }
    w.end_object();
    w.num("costPerBillionTokens", o.cost_per_billion_tokens);
  }
  if (!summary) {
    w.key("unitPrices").begin_object();
    for (Period p : kPeriods)
      if (const auto& v = o.unit_prices[static_cast<int>(p)]) w.num(period_name(p), *v);
    w.end_object();
    w.num("minTermHours", offer.min_term_hours);
    if (!offer.commitment.empty()) w.str("commitment", offer.commitment.in(lang));
    if (offer.setup_fee) w.num("setupFee", *offer.setup_fee);
    if (offer.deposit_months) w.num("depositMonths", *offer.deposit_months);
    if (offer.storage_price_per_gb_month) w.num("storagePricePerGBMonth", *offer.storage_price_per_gb_month);
    if (offer.storage_included_gb) w.num("storageIncludedGB", *offer.storage_included_gb);
    if (offer.egress_price_per_gb) w.num("egressPricePerGB", *offer.egress_price_per_gb);
    if (offer.bandwidth_price_per_mbps_month) w.num("bandwidthPricePerMbpsMonth", *offer.bandwidth_price_per_mbps_month);
    if (offer.included_mbps) w.num("includedMbps", *offer.included_mbps);
    if (offer.public_ip_price_per_month) w.num("publicIpPricePerMonth", *offer.public_ip_price_per_month);
    if (offer.included_public_ips) w.num("includedPublicIps", *offer.included_public_ips);
    if (offer.support_price_per_month) w.num("supportPricePerMonth", *offer.support_price_per_month);
    if (offer.storage_price_per_gb_month || offer.egress_price_per_gb || offer.setup_fee || offer.bandwidth_price_per_mbps_month ||
        offer.public_ip_price_per_month || offer.support_price_per_month)
      w.str("offerCurrency", offer.currency);
    if (o.transfer) {
      w.key("transfer");
      transfer_json(w, *o.transfer);
    }
  }
  w.flag("spot", offer.spot);
  if (!summary) {
    w.key("interconnect").begin_object().str("intraUnit", offer.intra_unit).str("interUnit", offer.inter_unit);
    if (offer.inter_unit_gbps_per_gpu) w.num("interUnitGBpsPerGpu", *offer.inter_unit_gbps_per_gpu);
    w.end_object();
  }
  w.str("priceDate", offer.price_date);
  if (o.price_age_days) w.integer("priceAgeDays", *o.price_age_days).flag("priceStale", o.price_stale);
  w.str("confidence", offer.confidence);
  if (!summary) w.str("source", offer.source);
  w.key("warnings");
  warnings_json(w, o.warnings, lang);
  w.end_object();
}

GPUSIZER_NOINLINE void data_json(Writer& w, const Result& r) {
  const DataSpec& d = r.data;
  const BillNeeds& n = r.needs;
  w.begin_object().flag("described", d.given);
  if (d.dataset_bytes > 0) w.num("sizeBytes", sig(d.dataset_bytes)).str("sizeSource", d.size_source);
  if (d.kind) w.str("kind", text_kind_name(*d.kind));
  w.str("tokenizer", d.tokenizer).str("tokenizerSource", d.tokenizer_given ? "request" : "model");
  if (d.figure) {
    const BytesPerToken& f = *d.figure;
    w.key("bytesPerToken")
        .begin_object()
        .num("value", f.bytes)
        .str("corpus", f.corpus)
        .str("source", f.source)
        .str("date", f.date)
        .str("confidence", f.confidence)
        .flag("fallback", f.fallback)
        .end_object();
  }
  w.num("tokens", sig(r.training.tokens)).str("tokensSource", d.tokens_source);
  if (d.implied_tokens > 0) w.num("impliedTokens", sig(d.implied_tokens));
  if (d.token_ids_bytes > 0) w.num("tokenIdsBytes", sig(d.token_ids_bytes));
  w.num("checkpointBytes", sig(n.checkpoint_bytes))
      .integer("checkpointsKept", n.checkpoints_kept)
      .num("finalWeightsBytes", sig(n.final_bytes))
      .str("finalWeights", n.adapters ? "adapters" : "weights");
  if (d.given) w.num("storedBytes", sig(n.stored_bytes()));
  if (d.upload_mbps) w.num("uploadMbps", sig(*d.upload_mbps));
  w.end_object();
}

GPUSIZER_NOINLINE void ownership_json(Writer& w, const std::vector<Ownership>& all) {
  w.begin_array();
  for (const Ownership& o : all) {
    w.begin_object().str("gpu", o.gpu).integer("gpusPerMachine", o.gpus_per_machine).integer("machines", o.machines);
    w.key("purchase")
        .begin_object()
        .num("price", o.price)
        .num("listedPrice", o.purchase.price)
        .str("listedCurrency", o.purchase.currency)
        .str("date", o.purchase.date)
        .str("kind", o.purchase.kind)
        .str("source", o.purchase.source)
        .str("confidence", o.purchase.confidence)
        .str("from", o.purchase_from)
        .end_object();
    w.num("powerKw", sig(o.power.kw)).str("powerSource", o.power.source);
    w.num("hostingPerMonth", o.hosting_per_month).str("hostingBasis", o.hosting_basis);
    w.num("powerPerMonth", o.power_per_month).str("powerBasis", o.power_basis);
    w.num("pue", sig(o.pue)).num("powerPricePerKWh", sig(o.power_per_kwh));
    w.num("resaleFactorPerMonth", kResaleMonthlyFactor);
    if (!o.rental_offer.empty()) w.key("rental").begin_object().str("offerId", o.rental_offer).num("perMonth", o.rental_per_month).end_object();
    if (o.break_even_months) w.integer("breakEvenMonths", *o.break_even_months);
    if (o.cash_break_even_months) w.integer("cashBreakEvenMonths", *o.cash_break_even_months);
    w.key("job").begin_object().integer("months", o.months).num("amount", o.amount).key("lines");
    bill_lines_json(w, o.lines);
    w.str("rentalOfferId", o.job_offer).num("rentalAmount", o.job_rental_amount).end_object();
    w.str("confidence", o.confidence).end_object();
  }
  w.end_array();
}

GPUSIZER_NOINLINE void recommendation_json(Writer& w, const Recommendation& r) {
  w.begin_object();
  if (!r.offer_id.empty()) w.str("offerId", r.offer_id);
  w.flag("qualifies", r.qualifies).integer("qualifying", r.qualifying);
  if (!r.runner_up.empty()) w.str("runnerUp", r.runner_up);
  if (!r.alternative.empty()) {
    w.key("alternative").begin_object().str("offerId", r.alternative).key("outside");
    constraint_names(w, r.alternative_outside);
    w.end_object();
  }
  if (r.relax) {
    w.key("relax");
    constraint_names(w, r.relax);
  }
  w.str("reason", r.reason).end_object();
}

GPUSIZER_NOINLINE void advice_json(Writer& w, const Advice& a, Lang lang) {
  w.begin_object()
      .key("ruleOfThumb")
      .begin_object()
      .str("tier", a.tier)
      .str("suggestion", a.suggestion)
      .flag("agrees", a.agrees)
      .str("message", a.message)
      .end_object()
      .key("notes");
  warnings_json(w, a.notes, lang);
  w.end_object();
}

GPUSIZER_NOINLINE void scaling_json(Writer& w, const Scaling& s, const Result& r) {
  w.begin_object().str("gpu", s.gpu);
  if (!s.offer_id.empty()) w.str("offerId", s.offer_id);
  w.integer("unitGpus", s.unit_gpus).key("points").begin_array();
  for (const ScalePoint& p : s.points) {
    w.begin_object().integer("count", p.count).integer("units", p.units).num("wallDays", sig(p.wall_days)).num("gpuHours", sig(p.gpu_hours));
    if (p.cost) w.num("cost", *p.cost);
    w.end_object();
  }
  w.end_array().integer("recommendedCount", s.recommended_count);
  if (r.assumed_days > 0) w.num("deadlineDays", r.assumed_days);
  if (s.stops_paying) w.integer("stopsPaying", *s.stops_paying);
  w.str("rule", say(r.lang, msg::scaling_rule, {{"hours", format_sig(kPaysMinHours, 2)}})).end_object();
}

void head(Writer& w, const Result& r) {
  w.begin_object().flag("ok", true).integer("schemaVersion", kSchemaVersion).str("catalogVersion", r.catalog_version);
}

GPUSIZER_NOINLINE void compute_json(Writer& w, const Result& r) {
  w.begin_object()
      .num("flopsTotal", sig(r.compute.flops_total))
      .num("flopsPerToken", sig(r.compute.flops_per_token))
      .str("method", r.compute.method)
      .num("flops6PD", sig(r.compute.flops_6pd))
      .num("tokensTotal", sig(r.compute.tokens_total))
      .num("trainableParams", sig(r.compute.trainable_params))
      .end_object();
}

GPUSIZER_NOINLINE void memory_json(Writer& w, const Result& r) {
  w.begin_object()
      .str("convention",
           "mixed-precision AdamW: 2 B weights + 2 B gradients + 12 B optimizer per trainable parameter; "
           "activations after Korthikanti et al. 2022")
      .key("bytesPerParam")
      .begin_object()
      .num("weights", kWeightBytes)
      .num("gradients", kGradientBytes)
      .num("optimizer", kOptimizerBytes)
      .end_object()
      .num("usableFraction", kUsableMemoryFraction)
      .key("minGpus")
      .begin_array();
  for (const GpuFit& f : r.fits) {
    w.begin_object().str("gpu", f.gpu).flag("fits", f.min_count.has_value());
    if (f.min_count) w.integer("count", *f.min_count);
    w.end_object();
  }
  w.end_array();
  if (r.estimate) {
    w.key("perGpu");
    memory_breakdown_json(w, r.estimate->run.plan.memory);
  }
  w.end_object();
}

GPUSIZER_NOINLINE void gpu_estimate_json(Writer& w, const Estimate& e) {
  const TrainingRun& run = e.run;
  w.begin_object();
  run_fields(w, run, run.fits(), false);
  w.flag("countFromGoal", e.count_from_goal)
      .num("iterationSeconds", sig(run.plan.time.seconds))
      .integer("globalBatch", run.plan.time.global_batch)
      .num("steadyMfu", round_sig(run.steady_mfu, 4))
      .num("hfu", round_sig(run.hfu, 4))
      .num("overheadFactor", round_sig(run.overhead_factor, 4));
  if (run.mfu_source != "request")
    w.key("runHours")
        .begin_object()
        .num("steady", sig(run.hours.steady))
        .num("belowBenchmark", sig(run.hours.below_benchmark))
        .num("checkpointEval", sig(run.hours.checkpoint_eval))
        .num("failures", sig(run.hours.failures))
        .num("startup", sig(run.hours.startup))
        .end_object();
  w.key("breakdown");
  breakdown_json(w, run.plan.time.breakdown);
  w.key("search")
      .begin_object()
      .integer("configsEvaluated", run.plan.configs_evaluated)
      .integer("configsFeasible", run.plan.configs_feasible)
      .end_object();
  w.end_object();
}

GPUSIZER_NOINLINE void choices_json(Writer& w, const Result& r) {
  w.key("choices").begin_object();
  if (!r.cheapest.empty()) w.str("cheapest", r.cheapest);
  if (!r.fastest.empty()) w.str("fastest", r.fastest);
  w.end_object();
  w.key("choicesWithin").begin_object();
  if (!r.within.cheapest.empty()) w.str("cheapest", r.within.cheapest);
  if (!r.within.fastest.empty()) w.str("fastest", r.within.fastest);
  w.end_object();
  w.key("frontier").begin_array();
  for (const std::string& id : r.frontier) w.string(id);
  w.end_array();
}

GPUSIZER_NOINLINE void measured_json(Writer& w, const Result& r) {
  w.begin_object()
      .num("tokensPerSecondPerGpu", sig(r.measured->tokens_per_second_per_gpu))
      .str("gpu", r.measured->gpu)
      .integer("count", r.measured->count)
      .num("modelledTokensPerSecondPerGpu", sig(r.measured_modelled))
      .num("ratio", round_sig(r.measured->tokens_per_second_per_gpu / r.measured_modelled, 4))
      .end_object();
}

GPUSIZER_NOINLINE void steps_json(Writer& w, const std::vector<Step>& steps) {
  w.begin_array();
  for (const Step& s : steps) w.begin_object().str("id", s.id).str("title", s.title).str("text", s.text).end_object();
  w.end_array();
}

}  // namespace

// The response section by section, each a function of its own (NOINLINE, json_write.hpp): this
// one runs once per estimate, and when the sections were inlined into it, V8 compiled all of it
// (22 KB of wasm, 100 ms of a background thread) again during the page's first, cold call.
std::string write_response(const Result& r, const Report& report, OptionsDetail detail) {
  const bool summary = detail == OptionsDetail::summary;
  Writer w;
  w.out().reserve(summary ? 48 * 1024 : 160 * 1024);
  head(w, r);
  if (summary) w.key("response").begin_object().str("options", "summary").end_object();
  w.key("result").begin_object();
  w.key("model");
  model_json(w, r.model);
  w.key("training");
  training_json(w, r.training);
  w.key("data");
  data_json(w, r);
  w.key("compute");
  compute_json(w, r);
  w.key("memory");
  memory_json(w, r);
  if (r.estimate) {
    w.key("estimate");
    gpu_estimate_json(w, *r.estimate);
  }
  w.num("assumedDays", r.assumed_days).str("currency", r.currency).num("usdCny", r.usd_cny).str("fxDate", r.fx_date);
  if (const Place* place = find_place(r.region)) {
    w.key("region").begin_object().str("id", std::string(place->id)).str("name", place_name(*place, r.lang));
    if (!place->parent.empty()) w.str("within", std::string(place->parent));
    w.end_object();
  }
  w.key("options").begin_array();
  for (const Option& o : r.options) option_json(w, o, r.lang, summary);
  w.end_array();
  choices_json(w, r);
  w.key("recommendation");
  recommendation_json(w, r.recommendation);
  // A budget that stops every plan, or buys only a long one (estimate/budget.cpp).
  auto plan = [&w](const char* key, const BudgetPlan& p) {
    w.key(key).begin_object().str("offerId", p.offer_id).integer("units", p.units).num("wallDays", p.wall_days);
    w.num("cost", p.amount);
    if (p.days > 0) w.num("days", p.days);
    w.end_object();
  };
  if (r.budget_needed) {
    w.num("budgetNeeded", r.budget_needed->amount);
    plan("budgetNeededPlan", *r.budget_needed);
  }
  if (r.budget_buys) plan("budgetBuys", *r.budget_buys);
  if (r.scaling) {
    w.key("scaling");
    scaling_json(w, *r.scaling, r);
  }
  if (r.measured) {
    w.key("measured");
    measured_json(w, r);
  }
  if (!r.ownership.empty()) {
    w.key("ownership");
    ownership_json(w, r.ownership);
  }
  w.key("advice");
  advice_json(w, report.advice, r.lang);
  w.key("steps");
  steps_json(w, report.steps);
  w.end_object();  // result
  w.key("warnings");
  warnings_json(w, capped(r.warnings, r.lang), r.lang);
  w.end_object();
  return w.take();
}

std::string write_option(const Result& r, const Option& option) {
  Writer w;
  head(w, r);
  w.key("option");
  option_json(w, option, r.lang, false);
  w.end_object();
  return w.take();
}

std::string write_error(const Error& e, Lang lang) {
  Writer w;
  const auto field = field_name(lang, e.path());
  w.begin_object()
      .flag("ok", false)
      .integer("schemaVersion", kSchemaVersion)
      .key("error")
      .begin_object()
      .str("code", e.code())
      .str("path", e.path())
      .str("message", field ? with_field(lang, field->label, e.message()) : e.message());
  if (field) w.str("field", field->id).str("label", field->label);
  w.end_object().end_object();
  return w.take();
}

}  // namespace gpusizer
