// An offer's fields as a catalog writes them and a price list names its columns, in the
// catalog's order (core/data/catalog.schema.json): the vocabulary the default catalog lists
// (enums.priceListColumn) and the provider kit's price-list import reads (internal).
#pragma once

#include <string>
#include <vector>

namespace gpusizer::offer_fields {

enum class Kind {
  text,      // as written
  prose,     // as written; the column may be name, name.en or name.zh ({en, zh} in the catalog)
  number,    // a quantity as people write it ("8.7万", "1,000"), else left as text for the reader
  boolean,   // true/false, yes/no, 1/0, 是/否
  lower,     // an enumerated value: lower-cased ("InfiniBand" -> "infiniband")
  gpu,       // a GPU id, lower-cased, or a GPU's name
  currency,  // CNY / USD, or what people write for them (RMB, 元, ¥, $, 美元)
  date,      // YYYY-MM-DD, also 2026/11/20, 2026.11.20, 2026年11月20日
};

struct Field {
  const char* key;
  const char* sub;  // prices.hour, interconnect.intraUnit: the column is named by the sub-key
  Kind kind;
};

// The offer's fields in the catalog's order (core/data/catalog.schema.json): offers are written
// in this order whatever the order of the columns.
inline constexpr Field kFields[] = {
    {"id", nullptr, Kind::text},
    {"provider", nullptr, Kind::prose},
    {"deployment", nullptr, Kind::lower},
    {"tier", nullptr, Kind::lower},
    {"region", nullptr, Kind::prose},
    {"gpu", nullptr, Kind::gpu},
    {"gpusPerUnit", nullptr, Kind::number},
    {"unitsAvailable", nullptr, Kind::number},
    {"maxGpusPerNode", nullptr, Kind::number},
    {"currency", nullptr, Kind::currency},
    {"prices", "hour", Kind::number},
    {"prices", "day", Kind::number},
    {"prices", "month", Kind::number},
    {"prices", "year", Kind::number},
    {"minTermHours", nullptr, Kind::number},
    {"commitment", nullptr, Kind::prose},
    {"depositMonths", nullptr, Kind::number},
    {"setupFee", nullptr, Kind::number},
    {"storagePricePerGBMonth", nullptr, Kind::number},
    {"storageIncludedGB", nullptr, Kind::number},
    {"egressPricePerGB", nullptr, Kind::number},
    {"bandwidthPricePerMbpsMonth", nullptr, Kind::number},
    {"includedMbps", nullptr, Kind::number},
    {"publicIpPricePerMonth", nullptr, Kind::number},
    {"includedPublicIps", nullptr, Kind::number},
    {"supportPricePerMonth", nullptr, Kind::number},
    {"purchasePrice", nullptr, Kind::number},
    {"powerKw", nullptr, Kind::number},
    {"hostingPricePerMonth", nullptr, Kind::number},
    {"powerPricePerKwh", nullptr, Kind::number},
    {"pue", nullptr, Kind::number},
    {"spot", nullptr, Kind::boolean},
    {"isolation", nullptr, Kind::lower},
    {"interconnect", "intraUnit", Kind::lower},
    {"interconnect", "interUnit", Kind::lower},
    {"interconnect", "interUnitGBpsPerGpu", Kind::number},
    {"interconnectNote", nullptr, Kind::text},
    {"priceDate", nullptr, Kind::date},
    {"priceDateNote", nullptr, Kind::text},
    {"confidence", nullptr, Kind::lower},
    {"source", nullptr, Kind::text},
    {"priceAsListed", nullptr, Kind::text},
    {"notes", nullptr, Kind::prose},
};
inline constexpr int kFieldCount = static_cast<int>(sizeof(kFields) / sizeof(kFields[0]));
inline constexpr int kId = 0, kProvider = 1, kGpu = 5, kGpusPerUnit = 6, kCurrency = 9;
inline constexpr int kPrices[] = {10, 11, 12, 13};

inline const char* const kVariants[] = {"", ".en", ".zh"};

inline std::string field_name(int f) { return kFields[f].sub ? kFields[f].sub : kFields[f].key; }

// Every name a column may have, with the field and variant it stands for.
struct Name {
  std::string name;
  int field, variant;
};

inline std::vector<Name> column_names() {
  std::vector<Name> names;
  for (int f = 0; f < kFieldCount; ++f)
    for (int v = 0; v < (kFields[f].kind == Kind::prose ? 3 : 1); ++v) names.push_back({field_name(f) + kVariants[v], f, v});
  return names;
}

// The names a price list's columns may have, in the catalog's order: "id", "provider",
// "provider.en", "provider.zh", ..., "hour", "day", "month", "year", ..., "intraUnit", ...
inline std::vector<std::string> price_list_columns() {
  std::vector<std::string> out;
  for (const Name& n : column_names()) out.push_back(n.name);
  return out;
}

}  // namespace gpusizer::offer_fields
