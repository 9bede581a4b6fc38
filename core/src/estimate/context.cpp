#include "estimate/context.hpp"

#include "common/dates.hpp"
#include "diagnostics/messages.hpp"
#include "footprint/compute.hpp"
#include "footprint/memory.hpp"
#include "training/run_model.hpp"

namespace gpusizer {

BillNeeds bill_needs(const Request& request) {
  BillNeeds n;
  const DataSpec& d = request.data;
  n.data_given = d.given;
  n.dataset_bytes = d.dataset_bytes;
  n.checkpoint_bytes = checkpoint_bytes(request.model, request.training);
  n.checkpoints_kept = d.checkpoints_kept;
  n.adapters = request.training.is_adapter();
  // The trained weights in bf16: the whole model, or for LoRA and QLoRA the adapters alone (the
  // base model is public, and merging them into it is done where it is served).
  n.final_bytes = (n.adapters ? trainable_params(request.model, request.training) : request.model.params) * kWeightBytes;
  n.line_mbps = d.upload_mbps;
  return n;
}

EstimateContext::EstimateContext(const Request& request)
    : req(request),
      cat(*request.catalog),
      flops(estimate_compute(request.model, request.training).flops_total),
      timer(run_inputs(request), flops),
      budget_mode(request.goal.budget.has_value() && !request.goal.days),
      money{request.goal.currency, request.goal.usd_cny.value_or(request.catalog->fx.usd_cny)},
      needs(bill_needs(request)),
      today(day_number(request.goal.as_of.empty() ? request.catalog->as_of : request.goal.as_of)) {}

std::optional<int> EstimateContext::fewest_that_fit(const Gpu& gpu, const Placement& placement) {
  for (const Fit& f : fits_)
    if (f.gpu == &gpu && f.placement.gpus_per_node == placement.gpus_per_node &&
        f.placement.multi_node == placement.multi_node)
      return f.count;
  fits_.push_back({&gpu, placement, min_gpus_to_fit(req.model, req.training, gpu, placement)});
  return fits_.back().count;
}

void EstimateContext::precision_warning(const Gpu& gpu, std::vector<Warning>& out) const {
  const Peak peak = peak_for(gpu, req.training.precision);
  if (peak.used != req.training.precision)
    out.push_back({warnc::precision_fallback, "/training/precision",
                   say(req.lang, msg::warning_precision_fallback,
                       {{"gpu", gpu.name.in(req.lang)}, {"precision", precision_name(req.training.precision)}, {"used", precision_name(peak.used)}})});
}

}  // namespace gpusizer
