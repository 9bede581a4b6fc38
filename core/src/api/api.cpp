#include "gpusizer/api.hpp"

#include <exception>
#include <mutex>

#include "contract/default_catalog.hpp"
#include "contract/guarded.hpp"
#include "contract/limits.hpp"
#include "contract/request_reader.hpp"
#include "contract/response_writer.hpp"
#include "estimate/estimate.hpp"
#include "report/report.hpp"
#include "claims/claims.hpp"
#include "diagnostics/messages.hpp"

#ifndef GPUSIZER_VERSION
#define GPUSIZER_VERSION "0.0.0"
#endif

namespace gpusizer {

namespace {
// The last estimate, by the text of its request: a page that showed a summary asks for one
// option's detail with the same request, which then costs no second estimate. The Request
// is kept with it: the options point into its catalog.
struct Last {
  std::string text;
  Request request;
  Result result;
  Report report;
};
std::mutex last_mutex;
std::shared_ptr<const Last> last;

std::shared_ptr<const Last> remember(const std::string& text, Request&& request) {
  auto entry = std::make_shared<Last>();
  entry->text = text;
  entry->request = std::move(request);
  entry->result = estimate(entry->request);
  entry->report = make_report(entry->request, entry->result);
  std::lock_guard<std::mutex> lock(last_mutex);
  last = entry;
  return entry;
}

std::shared_ptr<const Last> recall(const std::string& text) {
  std::lock_guard<std::mutex> lock(last_mutex);
  return last && last->text == text ? last : nullptr;
}

}  // namespace

std::string estimate_json(const std::string& request) noexcept {
  return guarded(jsonio::lang_hint(request), [&] {
    Request parsed = parse_request(request);
    const OptionsDetail detail = parsed.options_detail;
    const auto entry = remember(request, std::move(parsed));
    return write_response(entry->result, entry->report, detail);
  });
}

std::string option_detail_json(const std::string& request, const std::string& offer_id) noexcept {
  return guarded(jsonio::lang_hint(request), [&] {
    auto entry = recall(request);
    if (!entry) entry = remember(request, parse_request(request));
    for (const Option& o : entry->result.options)
      if (o.offer->id == offer_id) return write_option(entry->result, o);
    throw Error(errc::unknown_offer, "/offerId", say(entry->request.lang, msg::error_unknown_offer, {{"id", jsonio::echo(offer_id)}}));
  });
}

std::string catalog_json() noexcept {
  try {
    return default_catalog_json();
  } catch (...) {
    return "{}";
  }
}

std::string claims_json(const std::string& lang) noexcept {
  try {
    return claims_document(lang == "zh" ? Lang::zh : Lang::en);
  } catch (...) {
    return R"({"claims":[]})";
  }
}

std::string error_json(const Error& error) noexcept {
  try {
    return write_error(error);
  } catch (...) {
    return kFallbackError;
  }
}

std::size_t max_request_bytes() noexcept { return jsonio::kMaxRequestBytes; }

const char* version() noexcept { return GPUSIZER_VERSION; }

}  // namespace gpusizer
