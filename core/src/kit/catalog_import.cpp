// A price list (CSV, one offer per row, columns named as the catalog's offer fields) made into a
// catalog: each row becomes an offer and is read by the catalog's own offer reader, so a row is
// judged exactly as the same offer in a request's catalog would be; its errors name the row and
// the column (/rows/<row>/<column>, rows numbered as a spreadsheet numbers them: the header is
// row 1).
#include <algorithm>
#include <array>
#include <cmath>
#include <set>

#include "common/numbers.hpp"
#include "catalog/gpu_names.hpp"
#include "common/text.hpp"
#include "kit/catalog_check.hpp"
#include "contract/catalog_reader.hpp"
#include "kit/csv.hpp"
#include "contract/offer_fields.hpp"
#include "contract/default_catalog.hpp"
#include "contract/json_read.hpp"
#include "contract/limits.hpp"
#include "contract/quantity.hpp"
#include "contract/request_reader.hpp"

namespace gpusizer {
namespace {

using jsonio::JsonOut;
using jsonio::Value;
using jsonio::find;
using namespace offer_fields;

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

// Letters and digits only, lower-cased: "GPUs per unit" and "gpus_per_unit" -> "gpusperunit".
std::string folded(const std::string& s) {
  std::string out;
  for (char c : lower(s))
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.') out += c;
  return out;
}

struct Column {
  int field = -1;    // index into kFields; -1: not read
  int variant = 0;   // prose: 0 the name alone, 1 name.en, 2 name.zh
  std::string header;  // as written
  std::string name;    // the column's own name: "hour", "provider.zh"
};

// A header cell read as a column: its name in any case, or prices.hour / interconnect.interUnit.
Column read_header(const std::string& header, const std::vector<Name>& names) {
  Column col;
  col.header = header;
  // "availableUnits", as some price lists name the stock: the column of unitsAvailable.
  const std::string h = lower(header) == "availableunits" ? "unitsavailable" : lower(header);
  for (const Name& n : names) {
    const Field& f = kFields[n.field];
    const std::string dotted = f.sub ? std::string(f.key) + "." + f.sub : "";
    if (h == lower(n.name) || (!dotted.empty() && h == lower(dotted))) {
      col.field = n.field;
      col.variant = n.variant;
      col.name = n.name;
      break;
    }
  }
  return col;
}

// The column name closest to an unknown header: the same letters and digits, a word people use
// for it, or within a few typing errors.
std::string close_column(const std::string& header, const std::vector<Name>& names) {
  static const std::pair<const char*, const char*> kWords[] = {
      {"hourly", "hour"},   {"perhour", "hour"},         {"daily", "day"},       {"perday", "day"},
      {"monthly", "month"}, {"permonth", "month"},       {"yearly", "year"},     {"annual", "year"},
      {"peryear", "year"},  {"units", "unitsAvailable"}, {"date", "priceDate"}, {"gpus", "gpusPerUnit"},
      {"vendor", "provider"}, {"seller", "provider"},    {"model", "gpu"},       {"gputype", "gpu"}};
  const std::string f = folded(header);
  if (f.empty()) return {};
  for (const auto& [word, name] : kWords)
    if (f == word) return name;
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(2, f.size() / 3) + 1;
  for (const Name& n : names) {
    const std::string candidate = folded(n.name);
    const std::size_t d = candidate == f ? 0 : edit_distance(f, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = n.name;
    }
  }
  return best;
}

std::string list_names(Lang lang, const std::vector<Name>& names) {
  std::string out;
  for (const Name& n : names) out += (out.empty() ? "" : say(lang, msg::list_separator)) + n.name;
  return out;
}

// "2026/11/20", "2026.11.2", "2026年11月20日", "2026年11月" -> "2026-11-20", "2026-11-02", "2026-11";
// anything else as it is (the offer reader judges it).
std::string normalized_date(const std::string& s) {
  std::vector<std::string> parts;
  std::string digits;
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c >= '0' && c <= '9') {
      digits += c;
      ++i;
      continue;
    }
    std::size_t sep = 0;
    if (c == '-' || c == '/' || c == '.') sep = 1;
    for (const char* cjk : {"年", "月", "日"})
      if (s.compare(i, 3, cjk) == 0) sep = 3;
    if (!sep || digits.empty()) return s;
    parts.push_back(digits);
    digits.clear();
    i += sep;
  }
  if (!digits.empty()) parts.push_back(digits);
  if (parts.empty() || parts.size() > 3 || parts[0].size() != 4) return s;
  std::string out = parts[0];
  for (std::size_t k = 1; k < parts.size(); ++k) {
    if (parts[k].size() > 2) return s;
    out += "-" + std::string(parts[k].size() == 1 ? "0" : "") + parts[k];
  }
  return out;
}

std::string normalized_currency(const std::string& s) {
  const std::string l = lower(s);
  for (const char* cny : {"cny", "rmb", "人民币", "元", "¥", "￥", "cn¥"})
    if (l == cny) return "CNY";
  for (const char* usd : {"usd", "us$", "$", "美元", "us dollar"})
    if (l == usd) return "USD";
  std::string up = s;
  for (char& c : up)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return up;
}

std::optional<bool> read_boolean(const std::string& s) {
  const std::string l = lower(s);
  for (const char* t : {"true", "yes", "y", "1", "是", "t"})
    if (l == t) return true;
  for (const char* f : {"false", "no", "n", "0", "否", "f"})
    if (l == f) return false;
  return std::nullopt;
}

// A number as JSON: whole numbers as integers ("8", not "8.0").
Value number_json(double x) {
  if (x == std::floor(x) && std::fabs(x) < 9007199254740992.0) return Value(static_cast<std::int64_t>(x));
  return Value(x);
}

// A kebab-case id from text: letters and digits kept, everything else one hyphen.
std::string slug(const std::string& s) {
  std::string out;
  for (char c : lower(s)) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.') {
      out += c;
    } else if (!out.empty() && out.back() != '-') {
      out += '-';
    }
  }
  while (!out.empty() && (out.back() == '-' || out.back() == '.')) out.pop_back();
  while (!out.empty() && out.front() == '.') out.erase(out.begin());
  return out;
}

// Up to three GPU ids like the text: those containing it, else the nearest by typing errors.
std::string close_gpus(const std::string& text, const Catalog& cat, Lang lang) {
  const std::string f = folded(text);
  std::vector<std::string> close;
  for (const Gpu& g : cat.gpus)
    if (!f.empty() && folded(g.id).find(f) != std::string::npos && close.size() < 3) close.push_back(g.id);
  if (close.empty()) {
    std::size_t best = std::max<std::size_t>(2, f.size() / 2) + 1;
    for (const Gpu& g : cat.gpus) {
      const std::size_t d = edit_distance(f, folded(g.id));
      if (d < best) {
        best = d;
        close = {g.id};
      }
    }
  }
  std::string out;
  for (const std::string& id : close) out += (out.empty() ? "" : say(lang, msg::list_separator)) + id;
  return out;
}

class Importer {
 public:
  explicit Importer(Lang lang) : lang_(lang), cat_(*default_catalog()), names_(column_names()) {}

  std::string run(const std::string& csv) {
    jsonio::CsvTable table;
    try {
      table = jsonio::parse_csv(csv, lang_);
    } catch (const Error& e) {
      errors_.push_back({e, 0, ""});
      return failed("");
    }
    std::vector<const jsonio::CsvRecord*> rows;
    for (const jsonio::CsvRecord& r : table.records)
      if (&r != &table.records.front() && !r.blank()) rows.push_back(&r);
    if (table.records.empty() || table.records.front().blank()) {
      errors_.push_back({Error(errc::missing_field, "", say(lang_, msg::error_csv_empty)), 0, ""});
      return failed("");
    }
    read_columns(table.records.front());
    const std::string table_json = table_section(table, rows);
    if (!errors_.empty()) return failed(table_json);
    if (rows.empty()) {
      errors_.push_back({Error(errc::missing_field, "/rows", say(lang_, msg::error_csv_no_rows)), 0, ""});
      return failed(table_json);
    }
    if (rows.size() > jsonio::kMaxOffers) {
      errors_.push_back({Error(errc::invalid_value, "/rows",
                               say(lang_, msg::error_csv_too_many_rows,
                                   {{"count", format_int(static_cast<double>(rows.size()))},
                                    {"limit", format_int(static_cast<double>(jsonio::kMaxOffers))}})),
                         0, ""});
      return failed(table_json);
    }
    collect_ids(rows);
    Value document = Value::object();
    Value& offers = document["offers"] = Value::array();
    std::vector<std::string> offer_texts;
    std::vector<long> offer_rows;
    for (const jsonio::CsvRecord* r : rows) {
      std::string text;
      Value offer = read_row(*r, text);
      if (!offer.is_null()) {
        offers.push_back(std::move(offer));
        offer_texts.push_back(std::move(text));
        offer_rows.push_back(r->row);
      }
    }
    if (!errors_.empty()) return failed(table_json);

    // The catalog as a whole, read as a request reads its "catalog": it must pass, as each row did.
    std::vector<Warning> scratch;
    jsonio::Reader reader(scratch, lang_);
    Catalog read;
    try {
      read = jsonio::merge_catalog(cat_, document, "", reader);
    } catch (const Error& e) {
      errors_.push_back({e, 0, ""});
      return failed(table_json);
    }
    std::vector<kit::OfferAt> at;
    for (std::size_t i = 0; i < read.offers.size(); ++i)
      at.push_back({&read.offers[i], jsonio::pointer("/rows", static_cast<std::size_t>(offer_rows[i])), offer_rows[i]});
    const std::string market = kit::market_section(at, read.fx.usd_cny, lang_, warnings_);
    JsonOut out;
    out.object().key("ok").value(true).key("schemaVersion").value(static_cast<long>(kSchemaVersion));
    out.key("catalog").object().key("offers").array();
    for (const std::string& text : offer_texts) out.raw(text);
    out.end().end().key("offerRows").array();
    for (long row : offer_rows) out.value(row);
    out.end().key("warnings");
    kit::write_warnings(out, warnings_, lang_);
    out.key("market").raw(market).key("table").raw(table_json).end();
    return out.text();
  }

 private:
  struct RowError {
    Error error;
    long row;
    std::string column;  // the column's own name, "" for the row or the document
  };

  Lang lang_;
  const Catalog& cat_;
  std::vector<Name> names_;
  std::vector<Column> columns_;
  std::vector<Warning> warnings_;
  std::vector<RowError> errors_;
  std::set<std::string> ids_;  // ids given in the id column and ids made so far

  std::string failed(const std::string& table_json) {
    JsonOut out;
    out.object().key("ok").value(false).key("schemaVersion").value(static_cast<long>(kSchemaVersion)).key("error");
    kit::write_error(out, errors_.front().error, lang_);
    out.key("errors").array();
    for (std::size_t i = 0; i < errors_.size() && i < jsonio::kMaxWarnings; ++i)
      kit::write_error(out, errors_[i].error, lang_, errors_[i].row, errors_[i].column);
    out.end().key("errorCount").value(static_cast<long>(errors_.size())).key("warnings");
    kit::write_warnings(out, warnings_, lang_);
    if (!table_json.empty()) out.key("table").raw(table_json);
    out.end();
    return out.text();
  }

  std::string header_of(const std::string& name) const {
    for (const Column& c : columns_)
      if (c.name == name) return c.header;
    return name;
  }

  void cell_error(const char* code, long row, const std::string& column, const std::string& message) {
    const std::string path = jsonio::pointer(jsonio::pointer("/rows", static_cast<std::size_t>(row)), column);
    errors_.push_back({Error(code, path, say(lang_, msg::error_csv_cell, {{"row", row}, {"column", header_of(column)}, {"message", message}})),
                       row, column});
  }
  void row_error(const char* code, long row, const std::string& path, const std::string& column, const std::string& message) {
    errors_.push_back({Error(code, path, say(lang_, msg::error_csv_row, {{"row", row}, {"message", message}})), row, column});
  }

  void read_columns(const jsonio::CsvRecord& header) {
    std::set<int> seen_fields;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < header.cells.size(); ++i) {
      Column col = read_header(header.cells[i], names_);
      const std::string at = jsonio::pointer("/rows/1", col.name.empty() ? jsonio::echo(col.header) : col.name);
      if (col.field >= 0 && !seen.insert(col.name).second) {
        row_error(errc::invalid_value, 1, at, col.name, say(lang_, msg::error_csv_column_twice, {{"column", col.header}}));
      } else if (col.field < 0 && !col.header.empty()) {
        const std::string close = close_column(col.header, names_);
        if (!close.empty())
          warnings_.push_back({warnc::unknown_field, at,
                               say(lang_, msg::warning_csv_unknown_column, {{"column", jsonio::echo(col.header)}, {"close", close}})});
        else
          warnings_.push_back({warnc::unknown_field, at,
                               say(lang_, msg::warning_csv_unknown_column_list,
                                   {{"column", jsonio::echo(col.header)}, {"fields", list_names(lang_, names_)}})});
      }
      if (col.field >= 0) seen_fields.insert(col.field);
      columns_.push_back(std::move(col));
    }
    for (int required : {kProvider, kGpu, kCurrency}) {
      if (!seen_fields.count(required))
        row_error(errc::missing_field, 1, jsonio::pointer("/rows/1", field_name(required)), field_name(required),
                  say(lang_, msg::error_csv_missing_column, {{"column", field_name(required)}}));
    }
    bool priced = false;
    for (int p : kPrices) priced = priced || seen_fields.count(p);
    if (!priced)
      row_error(errc::missing_field, 1, "/rows/1/hour", "hour", say(lang_, msg::error_csv_missing_price_column));
  }

  std::string table_section(const jsonio::CsvTable& table, const std::vector<const jsonio::CsvRecord*>& rows) {
    JsonOut out;
    out.object().key("delimiter").value(std::string(1, table.delimiter)).key("columns").array();
    for (const Column& c : columns_) out.value(c.header);
    out.end().key("names").array();
    for (const Column& c : columns_) c.field >= 0 ? out.value(c.name) : out.null();
    out.end().key("rows").array();
    std::set<std::size_t> warned;  // unnamed columns with something in them
    for (const jsonio::CsvRecord* r : rows) {
      out.object().key("row").value(r->row).key("cells").array();
      for (const std::string& cell : r->cells) out.value(cell);
      out.end().end();
      for (std::size_t i = 0; i < r->cells.size() && i < columns_.size(); ++i)
        if (columns_[i].header.empty() && !r->cells[i].empty() && warned.insert(i).second)
          warnings_.push_back({warnc::unknown_field, jsonio::pointer("/rows/1", i + 1),
                               say(lang_, msg::warning_csv_unnamed_column, {{"index", static_cast<long>(i + 1)}})});
    }
    out.end().end();
    return out.text();
  }

  int column_of(int field) const {
    for (std::size_t i = 0; i < columns_.size(); ++i)
      if (columns_[i].field == field && columns_[i].variant == 0) return static_cast<int>(i);
    return -1;
  }
  std::string cell(const jsonio::CsvRecord& r, int column) const {
    return column >= 0 && static_cast<std::size_t>(column) < r.cells.size() ? r.cells[column] : std::string();
  }

  void collect_ids(const std::vector<const jsonio::CsvRecord*>& rows) {
    const int id = column_of(kId);
    for (const jsonio::CsvRecord* r : rows)
      if (const std::string given = cell(*r, id); !given.empty()) ids_.insert(given);
  }

  // An id for a row without one: provider-<n>x-<gpu>, then -<row> if that is taken.
  std::string made_id(const jsonio::CsvRecord& r) {
    const std::string provider = slug(cell(r, column_of(kProvider)));
    const std::string written = cell(r, column_of(kGpu));
    const Gpu* named = cat_.find_gpu(lower(written)) ? nullptr : find_gpu_by_name(cat_, written);
    const std::string gpu = slug(named ? named->id : written);
    const auto n = parse_quantity(cell(r, column_of(kGpusPerUnit)));
    std::string id = provider.empty() ? "offer" : provider;
    if (n && *n >= 1 && *n == std::floor(*n) && *n < 1e6) id += "-" + format_int(*n) + "x";
    if (!gpu.empty()) id += "-" + gpu;
    std::string unique = id;
    for (long k = 0; ids_.count(unique); ++k) unique = id + "-" + std::to_string(r.row) + (k ? "-" + std::to_string(k) : "");
    ids_.insert(unique);
    return unique;
  }

  // The offer of one row (and, in `text`, as the catalog writes it), or null after recording
  // the row's first error.
  Value read_row(const jsonio::CsvRecord& r, std::string& text_out) {
    const std::size_t errors_before = errors_.size();
    if (r.cells.size() > columns_.size()) {
      for (std::size_t i = columns_.size(); i < r.cells.size(); ++i)
        if (!r.cells[i].empty()) {
          row_error(errc::invalid_value, r.row, jsonio::pointer("/rows", static_cast<std::size_t>(r.row)), "",
                    say(lang_, msg::error_csv_extra_cells,
                        {{"count", static_cast<long>(r.cells.size())}, {"columns", static_cast<long>(columns_.size())}}));
          return Value();
        }
    }
    // Each field's value; prose as its three variants.
    std::vector<Value> values(kFieldCount);
    std::vector<std::array<std::string, 3>> prose(kFieldCount);
    for (std::size_t i = 0; i < columns_.size() && i < r.cells.size(); ++i) {
      const Column& col = columns_[i];
      const std::string& text = r.cells[i];
      if (col.field < 0 || text.empty()) continue;
      if (text.size() > jsonio::kMaxStringBytes) {
        cell_error(errc::invalid_value, r.row, col.name,
                   say(lang_, msg::error_string_too_long,
                       {{"bytes", format_int(static_cast<double>(text.size()))}, {"limit", format_int(jsonio::kMaxStringBytes)}}));
        return Value();
      }
      switch (kFields[col.field].kind) {
        case Kind::text: values[col.field] = Value(text); break;
        case Kind::prose: prose[col.field][col.variant] = text; break;
        case Kind::number:
          if (const auto x = parse_quantity(text); x && std::isfinite(*x))
            values[col.field] = number_json(*x);
          else
            values[col.field] = Value(text);  // the reader says it is not a number, and how to write one
          break;
        case Kind::boolean:
          if (const auto b = read_boolean(text)) {
            values[col.field] = Value(*b);
          } else {
            cell_error(errc::invalid_value, r.row, col.name, say(lang_, msg::error_csv_boolean, {{"got", jsonio::echo(text)}}));
            return Value();
          }
          break;
        case Kind::lower: values[col.field] = Value(lower(text)); break;
        case Kind::gpu: {
          // The id, else a name as people write it ("RTX 4090", "A100 80GB", "H800": catalog/gpu_names.hpp).
          std::string id = lower(text);
          if (!cat_.find_gpu(id))
            if (const Gpu* named = find_gpu_by_name(cat_, text)) id = named->id;
          if (!cat_.find_gpu(id)) {
            const std::string close = close_gpus(text, cat_, lang_);
            cell_error(errc::unknown_gpu, r.row, col.name,
                       close.empty() ? say(lang_, msg::error_offer_unknown_gpu, {{"id", jsonio::echo(text)}})
                                     : say(lang_, msg::error_offer_unknown_gpu_close, {{"id", jsonio::echo(text)}, {"close", close}}));
            return Value();
          }
          values[col.field] = Value(id);
          break;
        }
        case Kind::currency: values[col.field] = Value(normalized_currency(text)); break;
        case Kind::date: values[col.field] = Value(normalized_date(text)); break;
      }
    }
    for (int f = 0; f < kFieldCount; ++f) {
      const auto& [plain, en, zh] = prose[f];
      if (plain.empty() && en.empty() && zh.empty()) continue;
      if (zh.empty() && en.empty()) {
        values[f] = Value(plain);
      } else {
        Value t = Value::object();
        if (!(en.empty() ? plain : en).empty()) t["en"] = en.empty() ? plain : en;
        if (!zh.empty()) t["zh"] = zh;
        values[f] = std::move(t);
      }
    }
    if (values[kId].is_null()) values[kId] = Value(made_id(r));
    bool priced = false;
    for (int p : kPrices) priced = priced || !values[p].is_null();
    // The offer for the reader, and as the catalog writes it: fields in the catalog's order,
    // prices and interconnect as objects.
    Value offer = Value::object();
    JsonOut out;
    out.object();
    const char* open = nullptr;  // the object being written (prices, interconnect)
    for (int f = 0; f < kFieldCount; ++f) {
      // No price in the row: an empty "prices", which the reader says needs one (not "required").
      const bool empty_prices = kFields[f].sub && std::string(kFields[f].key) == "prices" && !priced && f == kPrices[0];
      if (values[f].is_null() && !empty_prices) continue;
      if (open && (!kFields[f].sub || std::string(open) != kFields[f].key)) {
        out.end();
        open = nullptr;
      }
      if (kFields[f].sub) {
        if (!open) {
          out.key(kFields[f].key).object();
          open = kFields[f].key;
          offer[kFields[f].key] = Value::object();
        }
        if (values[f].is_null()) continue;
        out.key(kFields[f].sub).value(values[f]);
        offer[kFields[f].key][kFields[f].sub] = values[f];
      } else {
        out.key(kFields[f].key).value(values[f]);
        offer[kFields[f].key] = values[f];
      }
    }
    if (open) out.end();
    out.end();
    // The offer reader of a request's catalog, with the row as its path.
    const std::string path = jsonio::pointer("/rows", static_cast<std::size_t>(r.row));
    std::vector<Warning> scratch;
    jsonio::Reader reader(scratch, lang_);
    try {
      jsonio::read_offer(cat_, offer, path, reader);
    } catch (const Error& e) {
      reader_error(e, r.row, path);
      return Value();
    }
    const std::string id = find(offer, "id")->get<std::string>();  // read_offer required one
    if (!seen_ids_.insert(id).second) {
      cell_error(errc::invalid_catalog, r.row, "id", say(lang_, msg::error_offer_id_twice, {{"id", jsonio::echo(id)}}));
      return Value();
    }
    if (errors_.size() != errors_before) return Value();
    text_out = out.text();
    return offer;
  }

  std::set<std::string> seen_ids_;  // ids of the rows read so far: a second one is an error

  // The reader's error at /rows/<row>/prices/hour is the cell /rows/<row>/hour, at
  // /rows/<row>/provider/zh the cell provider.zh; one without a column is the row's.
  void reader_error(const Error& e, long row, const std::string& row_path) {
    std::vector<std::string> tokens;
    const std::string rest = e.path().substr(std::min(e.path().size(), row_path.size()));
    std::string token;
    for (std::size_t i = 1; i <= rest.size(); ++i) {
      if (i == rest.size() || rest[i] == '/') {
        tokens.push_back(token);
        token.clear();
      } else {
        token += rest[i];
      }
    }
    std::string column;
    if (tokens.size() == 1) column = tokens[0];
    if (tokens.size() == 2 && (tokens[0] == "prices" || tokens[0] == "interconnect")) column = tokens[1];
    if (tokens.size() == 2 && (tokens[1] == "en" || tokens[1] == "zh")) column = tokens[0] + "." + tokens[1];
    if (column == "prices" || column == "interconnect") column.clear();
    if (column.empty())
      row_error(e.code().c_str(), row, row_path, "", e.message());
    else
      errors_.push_back({Error(e.code(), jsonio::pointer(row_path, column),
                               say(lang_, msg::error_csv_cell, {{"row", row}, {"column", header_of(column)}, {"message", e.message()}})),
                         row, column});
  }
};

}  // namespace

std::string catalog_from_csv_document(const std::string& csv, Lang lang) { return Importer(lang).run(csv); }

}  // namespace gpusizer
