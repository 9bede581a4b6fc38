// The provider kit's boundary functions (gpusizer/api.hpp): a price list made into a catalog,
// a catalog checked on its own. In a library of their own, so that a module that does not
// bind them does not carry them.
#include "gpusizer/api.hpp"

#include "contract/guarded.hpp"
#include "kit/catalog_check.hpp"

namespace gpusizer {
namespace {

Lang lang_of(const std::string& lang) { return lang == "zh" ? Lang::zh : Lang::en; }

}  // namespace

std::string catalog_from_csv(const std::string& csv, const std::string& lang) noexcept {
  return guarded(lang_of(lang), [&] { return catalog_from_csv_document(csv, lang_of(lang)); });
}

std::string check_catalog(const std::string& catalog, const std::string& lang) noexcept {
  return guarded(lang_of(lang), [&] { return check_catalog_document(catalog, lang_of(lang)); });
}

}  // namespace gpusizer
