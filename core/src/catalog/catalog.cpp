#include "catalog/catalog.hpp"

#include <map>
#include <set>

namespace gpusizer {

const char* period_name(Period p) {
  switch (p) {
    case Period::hour: return "hour";
    case Period::day: return "day";
    case Period::month: return "month";
    case Period::year: return "year";
    case Period::setup: return "setup";
  }
  return "hour";
}

const Gpu* Catalog::find_gpu(const std::string& id) const {
  for (const Gpu& g : gpus)
    if (g.id == id) return &g;
  return nullptr;
}

const Model* Catalog::find_model(const std::string& id) const {
  for (const Model& m : models)
    if (m.id == id) return &m;
  return nullptr;
}

namespace {

// "A800 SXM4 80GB (China export variant)" -> "A800 SXM4 80GB": the aside is the GPU's page's.
std::string without_aside(const std::string& name) {
  for (const char* open : {" (", "（", "("}) {
    const std::size_t at = name.rfind(open);
    if (at != std::string::npos && at > 0 && (name.back() == ')' || name.compare(name.size() - 3, 3, "）") == 0))
      return name.substr(0, at);
  }
  return name;
}

}  // namespace

void name_offers(Catalog& catalog) {
  for (const Lang lang : {Lang::en, Lang::zh}) {
    std::vector<std::string> names;
    for (const Offer& o : catalog.offers) {
      const Gpu* gpu = catalog.find_gpu(o.gpu);
      names.push_back(say(lang, msg::offer_name,
                          {{"provider", o.provider.in(lang)}, {"units", o.gpus_per_unit},
                           {"gpu", without_aside(gpu ? gpu->name.in(lang) : o.gpu)}}));
    }
    std::map<std::string, std::vector<std::size_t>> same;
    for (std::size_t i = 0; i < names.size(); ++i) same[names[i]].push_back(i);
    for (const auto& [name, group] : same) {
      if (group.size() < 2) continue;
      // The first of region, term, price date and id that tells the group apart, with the ones before it.
      const auto detail = [&](std::size_t i, int level) {
        const Offer& o = catalog.offers[i];
        std::vector<std::string> parts;
        if (!o.region.empty()) parts.push_back(o.region.in(lang));
        if (level >= 1 && !o.commitment.empty()) parts.push_back(o.commitment.in(lang));
        if (level >= 2 && !o.price_date.empty()) parts.push_back(say(lang, msg::offer_priced, {{"date", o.price_date}}));
        if (level >= 3) parts.push_back(o.id);
        std::string out;
        for (const std::string& p : parts) out += (out.empty() ? "" : say(lang, msg::list_separator)) + p;
        return out;
      };
      int level = 0;
      for (; level < 3; ++level) {
        std::set<std::string> seen;
        bool unique = true;
        for (std::size_t i : group) unique = unique && seen.insert(detail(i, level)).second;
        if (unique) break;
      }
      for (std::size_t i : group) names[i] = say(lang, msg::offer_name_with, {{"name", name}, {"detail", detail(i, level)}});
    }
    for (std::size_t i = 0; i < names.size(); ++i) (lang == Lang::en ? catalog.offers[i].name.en : catalog.offers[i].name.zh) = names[i];
  }
}

}  // namespace gpusizer
