// The rules every response keeps (docs/hardening.md), as rules.mjs states them for the wasm
// module: checked by the native property test and by the fuzzer. Returns the violations.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpusizer::property {

inline std::vector<std::string> violations(const std::string& text) {
  using nlohmann::json;
  std::vector<std::string> out;
  const json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded()) return {"not JSON"};
  // No null (nlohmann writes a non-finite double as null), no negative or non-finite number.
  std::vector<std::pair<const json*, std::string>> stack = {{&doc, ""}};
  while (!stack.empty()) {
    const auto [x, path] = stack.back();
    stack.pop_back();
    if (x->is_null()) out.push_back("null at " + path);
    if (x->is_number() && (!std::isfinite(x->get<double>()) || x->get<double>() < 0))
      out.push_back("negative or non-finite " + x->dump() + " at " + path);
    if (x->is_object())
      for (auto it = x->begin(); it != x->end(); ++it) stack.push_back({&*it, path + "/" + it.key()});
    if (x->is_array())
      for (std::size_t i = 0; i < x->size(); ++i) stack.push_back({&(*x)[i], path + "/" + std::to_string(i)});
  }
  if (!doc.is_object() || !doc.contains("ok") || !doc["ok"].is_boolean()) {
    out.push_back("no boolean ok");
    return out;
  }
  if (doc.value("schemaVersion", 0) != 1) out.push_back("schemaVersion is not 1");
  if (!doc["ok"].get<bool>()) {
    static const char* const kCodes[] = {"invalid_json",  "invalid_type",        "invalid_value",
                                         "missing_field", "unknown_preset",      "unknown_gpu",
                                         "unsupported_version", "invalid_catalog", "io_error"};
    const json e = doc.value("error", json::object());
    bool known = false;
    for (const char* c : kCodes) known = known || e.value("code", "") == c;
    if (!known) out.push_back("error code " + e.value("code", std::string("?")));
    const json path = e.value("path", json());
    if (!path.is_string() || (!path.get<std::string>().empty() && path.get<std::string>()[0] != '/'))
      out.push_back("error path " + path.dump());
    if (e.value("message", "").empty()) out.push_back("error without a message");
    return out;
  }
  const json& r = doc["result"];
  const json warnings = doc.value("warnings", json::array());
  if (warnings.size() > 50) out.push_back(std::to_string(warnings.size()) + " warnings");
  for (const json& w : warnings)
    if (w.value("code", "").empty() || w.value("message", "").empty()) out.push_back("warning without code or message: " + w.dump());
  // A cost is the sum of its lines (the whole bill, cost.lines; a trial plan's billing); the
  // billing's periods and set-up fee are the bill's GPU and set-up-fee lines.
  auto sums = [&](const json& cost, const std::string& where) {
    double total = 0;
    for (const json& line : cost.value(cost.contains("lines") ? "lines" : "billing", json::array())) total += line.value("amount", 0.0);
    const double amount = cost.value("amount", -1.0);
    if (std::fabs(total - amount) > 0.006 + 1e-9 * amount)
      out.push_back(where + ": amount " + std::to_string(amount) + " != lines " + std::to_string(total));
    if (cost.contains("lines") && cost.contains("billing")) {
      double billed = 0, rental = 0;
      for (const json& line : cost["billing"]) billed += line.value("amount", 0.0);
      for (const json& line : cost["lines"])
        if (line.value("kind", "") == "gpu" || line.value("item", "") == "setup-fee") rental += line.value("amount", 0.0);
      if (std::fabs(billed - rental) > 0.006 + 1e-9 * rental)
        out.push_back(where + ": billing " + std::to_string(billed) + " != its lines " + std::to_string(rental));
    }
  };
  for (const json& own : r.value("ownership", json::array())) sums(own["job"], "ownership " + own.value("gpu", std::string("?")));
  std::vector<std::string> usable;
  std::vector<std::string> recommended;
  for (const json& o : r["options"]) {
    const std::string where = "option " + o.value("offerId", std::string("?"));
    const bool fits = o.value("fits", false);
    if (o.contains("cost")) {
      sums(o["cost"], where);
      if (o["cost"].contains("trialThenMonthly")) sums(o["cost"]["trialThenMonthly"], where + " trial");
      if (!fits) out.push_back(where + ": a cost without fitting");
    }
    if (fits && !(o.value("wallDays", 0.0) > 0 && o.value("gpuHours", 0.0) > 0))
      out.push_back(where + ": fits in " + o.value("wallDays", json()).dump() + " days");
    if (fits && o.value("meetsGoal", false) && o.contains("cost")) usable.push_back(o["offerId"]);
    if (o.value("recommended", false)) recommended.push_back(o["offerId"]);
  }
  auto is_usable = [&](const json& id) {
    for (const std::string& u : usable)
      if (id.is_string() && id.get<std::string>() == u) return true;
    return false;
  };
  if (recommended.size() != (usable.empty() ? 0u : 1u))
    out.push_back(std::to_string(recommended.size()) + " recommended of " + std::to_string(usable.size()) + " usable");
  if (recommended.size() == 1) {
    if (!is_usable(recommended[0])) out.push_back("the recommended option is not usable");
    if (r["recommendation"].value("offerId", "") != recommended[0])
      out.push_back("recommendation.offerId is not the recommended option");
  }
  for (const char* key : {"cheapest", "fastest"}) {
    if (!usable.empty() && !is_usable(r["choices"].value(key, json()))) out.push_back(std::string("choices.") + key + " is not usable");
    if (usable.empty() && r["choices"].contains(key)) out.push_back(std::string("choices.") + key + " without a usable option");
  }
  if (r.contains("estimate")) {
    const json& e = r["estimate"];
    if (e.value("fits", false) && !(e.value("wallDays", 0.0) > 0 && e.value("gpuHours", 0.0) > 0 && e.value("mfu", 0.0) > 0))
      out.push_back("estimate fits in " + e.value("wallDays", json()).dump() + " days");
    if (e.value("fits", false) && e.value("mfuSource", "") == "model" &&
        !(e.value("iterationSeconds", 0.0) > 0 && e.value("tokensPerSecondPerGpu", 0.0) > 0))
      out.push_back("estimate: iteration " + e.value("iterationSeconds", json()).dump() + " s");
  }
  return out;
}

}  // namespace gpusizer::property
