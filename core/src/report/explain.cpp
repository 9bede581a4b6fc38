#include "report/explain.hpp"

#include "common/numbers.hpp"
#include "diagnostics/duration.hpp"
#include "diagnostics/messages.hpp"
#include "rental/pricing.hpp"
#include "training/timing.hpp"

namespace gpusizer {
namespace {

std::string sci(double x) { return format_sci(x, 3); }

// The GPU as its catalog names it, in the reader's language ("A100 SXM4 80GB").
std::string gpu_name(const Request& req, const std::string& id) {
  const Gpu* gpu = req.catalog->find_gpu(id);
  return gpu ? gpu->name.in(req.lang) : id;
}
std::string num(double x) { return format_sig(x, 4); }

std::string params_step(Lang lang, const Result& r) {
  const Model& m = r.model;
  const TrainingSpec& t = r.training;
  std::string s = say(lang, msg::step_params, {{"params", sci(m.params)}});
  if (m.active_params != m.params) s += say(lang, msg::step_params_active, {{"active", sci(m.active_params)}});
  if (t.is_adapter())
    s += say(lang, msg::step_params_lora,
             {{"rank", t.lora_rank}, {"targets", lora_targets_name(t.lora_targets)}, {"trainable", sci(r.compute.trainable_params)}});
  return s + say(lang, msg::step_params_tokens,
                 {{"tokens", sci(t.tokens)}, {"epochs", num(t.epochs)}, {"total", sci(r.compute.tokens_total)},
                  {"seq", t.seq_len}});
}

std::string flops_step(Lang lang, const Result& r) {
  const ComputeEstimate& c = r.compute;
  const Model& m = r.model;
  if (c.method == "6PD")
    return say(lang, msg::step_flops_6pd,
               {{"active", sci(m.active_params)}, {"tokens", sci(c.tokens_total)}, {"flops", sci(c.flops_total)}});
  const std::string formula = c.method == "6N+12LHQT"   ? "6N + 12·L·H·Q·T"
                              : c.method == "4N+6Nlora" ? "4N + 6·N_lora"
                                                        : "4N + 6·N_lora + 12·L·H·Q·T";
  std::string s = say(lang, msg::step_flops_per_token, {{"formula", formula}, {"per_token", sci(c.flops_per_token)}});
  if (c.method.find("LHQT") != std::string::npos)
    s += say(lang, msg::step_flops_attention,
             {{"terms", std::to_string(m.layers) + " × " + std::to_string(m.heads) + " × " + num(m.head_width()) + " × " +
                            std::to_string(r.training.seq_len)}});
  return s + say(lang, msg::step_flops_total,
                 {{"tokens", sci(c.tokens_total)}, {"flops", sci(c.flops_total)}, {"flops6pd", sci(c.flops_6pd)}});
}

const TrainingRun* reference_run(const Result& r) {
  if (r.estimate) return &r.estimate->run;
  for (const Option& o : r.options)
    if (o.recommended) return &o.run;
  return nullptr;
}

std::string layout_text(Lang lang, const Parallelism& p) {
  static const msg::Id kRecompute[] = {msg::recompute_none, msg::recompute_selective, msg::recompute_full};
  std::string s = "tp " + std::to_string(p.tp) + ", pp " + std::to_string(p.pp) + ", dp " + std::to_string(p.dp);
  if (p.ep > 1) s += ", ep " + std::to_string(p.ep);
  s += ", ZeRO-" + std::to_string(p.zero) + say(lang, msg::layout_micro_batch, {{"n", p.micro_batch}});
  if (p.interleave > 1) s += say(lang, msg::layout_interleave, {{"n", p.interleave}});
  return s + say(lang, msg::layout_recompute, {{"how", say(lang, kRecompute[static_cast<int>(p.recompute)])}});
}

std::string time_step(const Request& req, const Result& r) {
  const Lang lang = req.lang;
  const TrainingRun* run = reference_run(r);
  if (!run) return say(lang, msg::step_time_none);
  const double rate = run->peak_tflops * run->mfu;
  const double gpu_seconds = rate > 0 ? r.compute.flops_total / (rate * 1e12) : 0;
  std::string s;
  if (run->mfu_source != "request") {
    const IterationTime& it = run->plan.time;
    s = say(lang, msg::step_time_planner,
            {{"configs", format_int(run->plan.configs_evaluated)},
             {"count", format_int(run->count)},
             {"gpu", gpu_name(req, run->gpu)},
             {"layout", layout_text(lang, run->plan.par)},
             {"seconds", num(it.seconds)},
             {"batch", format_int(it.global_batch)},
             {"tps", format_int(run->tokens_per_second_per_gpu)},
             {"steady_mfu", num(run->steady_mfu)}});
    if (req.measured)
      s += say(lang, msg::step_time_measured,
               {{"measured", format_int(req.measured->tokens_per_second_per_gpu)},
                {"count", req.measured->count},
                {"gpu", gpu_name(req, req.measured->gpu)},
                {"ratio", num(req.measured->tokens_per_second_per_gpu / r.measured_modelled)},
                {"modeled", format_int(r.measured_modelled)}});
    const RunHours& h = run->hours;
    auto hours = [&](double x) { return duration_text(lang, x / 24); };
    s += say(lang, msg::step_time_whole_run,
             {{"steady", hours(h.steady)},
              {"below", hours(h.below_benchmark)},
              {"checkpoint", hours(h.checkpoint_eval)},
              {"failures", hours(h.failures)},
              {"startup", hours(h.startup)},
              {"total", hours(h.total())},
              {"factor", num(run->overhead_factor)},
              {"mfu", num(run->mfu)}});
    if (run->fits() && run->plan.gpus_used < run->count)
      s += say(lang, msg::step_time_idle,
               {{"used", format_int(run->plan.gpus_used)},
                {"count", format_int(run->count)},
                {"share", num(static_cast<double>(run->plan.gpus_used) / run->count)}});
  }
  s += say(lang, msg::step_time_rate,
           {{"gpu", gpu_name(req, run->gpu)},
            {"peak", num(run->peak_tflops)},
            {"mfu", num(run->mfu)},
            {"rate", num(rate)},
            {"flops", sci(r.compute.flops_total)},
            {"flops_per_s", sci(rate * 1e12)},
            {"gpu_seconds", sci(gpu_seconds)},
            {"gpu_hours", format_sig(gpu_seconds / 3600, 4)}});
  if (r.estimate && r.estimate->count_from_goal) {
    const double days = r.estimate->deadline_days;
    const double seconds = days * kSecondsPerDay;
    const double exact = gpu_seconds / seconds;
    s += say(lang, msg::step_time_deadline,
             {{"days", num(days)},
              {"seconds", format_int(seconds)},
              {"gpu_seconds", sci(gpu_seconds)},
              {"exact", num(exact)},
              {"count", format_int(run->count)}});
    if (run->count > exact + 1) s += say(lang, msg::step_time_whole_nodes);
    s += say(lang, msg::step_time_taking, {{"duration", duration_text(lang, run->wall_days)}});
  } else {
    s += say(lang, msg::step_time_on_count,
             {{"count", format_int(run->count)},
              {"gpu_hours", format_sig(gpu_seconds / 3600, 4)},
              {"hours", num(run->wall_days * 24)},
              {"duration", duration_text(lang, run->wall_days)}});
  }
  if (run->mfu_source != "request")
    s += say(lang, msg::step_time_range,
             {{"coverage", format_sig(run->range_coverage * 10, 2)},
              {"low", format_sig(run->gpu_hours_low, 3)},
              {"high", format_sig(run->gpu_hours_high, 3)},
              {"days_low", duration_text(lang, run->wall_days_low)},
              {"days_high", duration_text(lang, run->wall_days_high)}});
  return s;
}

std::string memory_step(const Request& req, const Result& r) {
  const Lang lang = req.lang;
  const TrainingRun* run = reference_run(r);
  std::string s = say(lang, msg::step_memory_convention);
  if (run) {
    const MemoryBreakdown& mb = run->plan.memory;
    const std::string sums = format_gib(mb.weights_bytes) + " + " + format_gib(mb.gradients_bytes) + " + " +
                             format_gib(mb.optimizer_bytes) + " + " + format_gib(mb.activations_bytes) + " + " +
                             format_gib(mb.overhead_bytes) + " = " + format_gib(mb.total_bytes());
    s += say(lang, run->plan.fits ? msg::step_memory_fits : msg::step_memory_does_not_fit,
             {{"count", format_int(run->count)}, {"gpu", gpu_name(req, run->gpu)}, {"layout", layout_text(lang, run->plan.par)}, {"sums", sums}});
  }
  std::string fits;
  int shown = 0;
  for (const GpuFit& f : r.fits) {
    if (!f.min_count || shown >= 6) continue;
    if (shown++) fits += say(lang, msg::list_separator);
    fits += say(lang, msg::step_memory_fit_item, {{"gpu", gpu_name(req, f.gpu)}, {"count", *f.min_count}});
  }
  if (!fits.empty()) s += say(lang, msg::step_memory_fewest, {{"list", fits}});
  return s;
}

std::string cost_step(const Request& req, const Result& r) {
  const Lang lang = req.lang;
  const Option* best = nullptr;
  for (const Option& o : r.options)
    if (o.recommended) best = &o;
  if (!best || !best->cost) return say(lang, msg::step_cost_none);
  const Offer& offer = *best->offer;
  std::string lines;
  double billed = 0;
  for (const Cost::Line& l : best->cost->billing) {
    if (!lines.empty()) lines += " + ";
    lines += period_count(lang, l.period, l.count) + " " + format_money(lang, l.amount, r.currency);
    billed += l.amount;
  }
  const bool fastest = r.fastest == offer.id && r.cheapest != offer.id;
  std::string s = say(lang, fastest ? msg::step_cost_fastest : msg::step_cost_cheapest,
                      {{"provider", offer.provider.in(lang)},
                       {"offer", offer.id},
                       {"units", best->units},
                       {"per_unit", offer.gpus_per_unit},
                       {"gpu", gpu_name(req, offer.gpu)},
                       {"duration", duration_text(lang, best->run.wall_days)},
                       {"lines", lines},
                       {"total", format_money(lang, round_to(billed, 2), r.currency)},
                       {"idle", num(best->cost->idle_hours)}});
  // The whole bill by kind, when there is more to it than the billing's periods.
  static const msg::Id kKinds[] = {msg::line_gpu, msg::line_storage, msg::line_transfer, msg::line_setup,
                                   msg::line_purchase, msg::line_hosting, msg::line_power};
  double by_kind[7] = {};
  bool beyond = false;
  for (const BillLine& l : best->cost->lines) {
    by_kind[static_cast<int>(l.kind)] += l.amount;
    beyond = beyond || (l.kind != LineKind::gpu && l.item != "setup-fee");
  }
  if (beyond) {
    std::string kinds;
    for (int k = 0; k < 4; ++k) {
      bool present = false, priced = false;
      for (const BillLine& l : best->cost->lines)
        if (static_cast<int>(l.kind) == k) {
          present = true;
          priced = priced || l.priced;
        }
      if (!present) continue;
      if (!kinds.empty()) kinds += " + ";
      if (priced)
        kinds += say(lang, kKinds[k], {{"amount", format_money(lang, round_to(by_kind[k], 2), r.currency)}});
      else
        kinds += say(lang, k == static_cast<int>(LineKind::storage) ? msg::line_storage_unpriced : msg::line_transfer_unpriced);
    }
    s += say(lang, msg::step_cost_lines, {{"lines", kinds}, {"total", format_money(lang, best->cost->amount, r.currency)}});
  }
  return s;
}

// A citation kept as published (English), quoted in Chinese text.
std::string cited(Lang lang, const std::string& text) { return lang == Lang::zh ? "“" + text + "”" : text; }

std::string data_step(const Request& req, const Result& r) {
  const Lang lang = req.lang;
  const DataSpec& d = r.data;
  const BillNeeds& n = r.needs;
  if (!d.given) return say(lang, msg::step_data_not_given);
  static const msg::Id kKinds[] = {msg::kind_zh, msg::kind_en, msg::kind_code, msg::kind_mixed};
  auto confidence = [&](const std::string& c) {
    return say(lang, c == "high" ? msg::confidence_high : c == "low" ? msg::confidence_low : msg::confidence_medium);
  };
  std::string s;
  std::string bpt;
  if (d.figure) {
    const BytesPerToken& f = *d.figure;
    bpt = format_sig(f.bytes, 4);
    s += say(lang, msg::step_data_figure,
             {{"tokenizer", d.tokenizer == "typical" ? say(lang, msg::tokenizer_typical) : tokenizer_name(d.tokenizer, lang)},
              {"bpt", bpt},
              {"kind", say(lang, kKinds[static_cast<int>(*d.kind)])},
              {"corpus", cited(lang, f.corpus)},
              {"source", cited(lang, f.source)},
              {"date", f.date},
              {"confidence", confidence(f.confidence)}});
  }
  const TrainingSpec& t = r.training;
  const double written = t.dataset ? t.dataset->examples * t.dataset->tokens_per_example : t.tokens;
  if (d.size_source == "request") {
    const std::string size = format_bytes(d.dataset_bytes);
    if (d.tokens_source == "size")
      s += say(lang, msg::step_data_from_size, {{"size", size}, {"bpt", bpt}, {"tokens", sci(t.tokens)}});
    else if (d.implied_tokens > 0)
      s += say(lang, msg::step_data_size_and_tokens, {{"size", size}, {"implied", sci(d.implied_tokens)}, {"tokens", sci(written)}});
    else
      s += say(lang, msg::step_data_size_alone, {{"size", size}});
  } else if (d.size_source == "tokens") {
    s += say(lang, msg::step_data_from_tokens, {{"tokens", sci(written)}, {"bpt", bpt}, {"size", format_bytes(d.dataset_bytes)}});
  } else {
    s += say(lang, msg::step_data_unknown);
  }
  s += say(lang, msg::step_data_stored,
           {{"kept", n.checkpoints_kept},
            {"checkpoint", format_bytes(n.checkpoint_bytes)},
            {"what", say(lang, n.adapters ? msg::checkpoint_adapters : msg::checkpoint_full)},
            {"final", say(lang, n.adapters ? msg::part_adapters : msg::part_weights, {{"size", format_bytes(n.final_bytes)}})},
            {"stored", format_bytes(n.stored_bytes())}});
  for (const Option& o : r.options)
    if (o.recommended && o.transfer)
      s += say(lang, msg::step_data_moved,
               {{"offer", o.offer->id},
                {"mbps", format_sig(o.transfer->mbps, 4)},
                {"up", duration_text(lang, o.transfer->upload_hours / 24)},
                {"down", duration_text(lang, o.transfer->download_hours / 24)}});
  return s;
}

std::string owning_step(const Request& req, const Result& r) {
  const Lang lang = req.lang;
  const Option* best = nullptr;
  for (const Option& o : r.options)
    if (o.recommended) best = &o;
  // The recommended option's GPU; else the one owning pays soonest for (else the first).
  const Ownership* own = nullptr;
  for (const Ownership& o : r.ownership)
    if (best && o.gpu == best->offer->gpu) own = &o;
  auto soonest = [](const Ownership& o) { return o.break_even_months.value_or(o.cash_break_even_months.value_or(1 << 20)); };
  for (const Ownership& o : r.ownership)
    if (!own || (!(best && own->gpu == best->offer->gpu) && soonest(o) < soonest(*own))) own = &o;
  if (!own) return say(lang, msg::step_owning_none);
  const std::string& cur = r.currency;
  std::string lines;
  static const msg::Id kKinds[] = {msg::line_gpu, msg::line_storage, msg::line_transfer, msg::line_setup,
                                   msg::line_purchase, msg::line_hosting, msg::line_power};
  for (const BillLine& l : own->lines)
    lines += (lines.empty() ? "" : " + ") + say(lang, kKinds[static_cast<int>(l.kind)], {{"amount", format_money(lang, l.amount, cur)}});
  const std::string& kind = own->purchase.kind;
  const msg::Id kind_id = kind == "list" ? msg::price_kind_list : kind == "street" ? msg::price_kind_street
                        : kind == "tender" ? msg::price_kind_tender : kind == "catalog" ? msg::price_kind_catalog
                                             : msg::price_kind_estimate;
  std::string verdict;
  if (own->break_even_months)
    verdict = say(lang, msg::owning_break_even,
                  {{"offer", own->rental_offer},
                   {"rent", format_money(lang, own->rental_per_month, cur)},
                   {"months", *own->break_even_months},
                   {"cash", own->cash_break_even_months.value_or(0)}});
  else if (own->cash_break_even_months)
    verdict = say(lang, msg::owning_break_even_cash,
                  {{"offer", own->rental_offer}, {"rent", format_money(lang, own->rental_per_month, cur)}, {"cash", *own->cash_break_even_months}});
  else if (!own->rental_offer.empty() && own->rental_per_month > own->hosting_per_month + own->power_per_month)
    verdict = say(lang, msg::owning_not_within,
                  {{"offer", own->rental_offer}, {"rent", format_money(lang, own->rental_per_month, cur)}, {"years", kMaxOwningMonths / 12}});
  else if (!own->rental_offer.empty())
    verdict = say(lang, msg::owning_never, {{"offer", own->rental_offer}, {"rent", format_money(lang, own->rental_per_month, cur)}});
  return say(lang, msg::step_owning,
             {{"machines", own->machines},
              {"gpus", own->gpus_per_machine},
              {"gpu", gpu_name(req, own->gpu)},
              {"price", format_money(lang, own->price, cur)},
              {"kind", say(lang, kind_id)},
              {"date", own->purchase.date},
              {"hosting", format_money(lang, own->hosting_per_month, cur)},
              {"power", format_money(lang, own->power_per_month, cur)},
              {"lines", lines},
              {"total", format_money(lang, own->amount, cur)},
              {"rental", format_money(lang, own->job_rental_amount, cur)},
              {"break_even", verdict}});
}

}  // namespace

std::vector<Step> explain(const Request& req, const Result& r) {
  const Lang l = req.lang;
  return {
      {"params", say(l, msg::step_title_params), params_step(l, r)},
      {"flops", say(l, msg::step_title_flops), flops_step(l, r)},
      {"time", say(l, msg::step_title_time), time_step(req, r)},
      {"memory", say(l, msg::step_title_memory), memory_step(req, r)},
      {"data", say(l, msg::step_title_data), data_step(req, r)},
      {"cost", say(l, msg::step_title_cost), cost_step(req, r)},
      {"ownership", say(l, msg::step_title_owning), owning_step(req, r)},
  };
}

}  // namespace gpusizer
