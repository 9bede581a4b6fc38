#include "kit/csv.hpp"

#include "common/numbers.hpp"
#include "common/text.hpp"
#include "contract/json_read.hpp"
#include "contract/limits.hpp"
#include "gpusizer/error.hpp"

namespace gpusizer::jsonio {
namespace {

// Spaces around a cell: ASCII blanks, no-break space (U+00A0) and the ideographic space (U+3000)
// a Chinese input method types.
std::string trimmed(const std::string& s) {
  std::size_t begin = 0, end = s.size();
  for (;;) {
    if (begin < end && (s[begin] == ' ' || s[begin] == '\t')) {
      ++begin;
    } else if (end - begin >= 2 && s.compare(begin, 2, "\xC2\xA0") == 0) {
      begin += 2;
    } else if (end - begin >= 3 && s.compare(begin, 3, "\xE3\x80\x80") == 0) {
      begin += 3;
    } else {
      break;
    }
  }
  for (;;) {
    if (end > begin && (s[end - 1] == ' ' || s[end - 1] == '\t')) {
      --end;
    } else if (end - begin >= 2 && s.compare(end - 2, 2, "\xC2\xA0") == 0) {
      end -= 2;
    } else if (end - begin >= 3 && s.compare(end - 3, 3, "\xE3\x80\x80") == 0) {
      end -= 3;
    } else {
      break;
    }
  }
  return s.substr(begin, end - begin);
}

// The delimiter of the first record: tab or semicolon when it has more of them than commas.
char detect_delimiter(const std::string& text, std::size_t start) {
  long commas = 0, tabs = 0, semicolons = 0;
  bool quoted = false;
  for (std::size_t i = start; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') quoted = !quoted;
    if (quoted) continue;
    if (c == '\n' || c == '\r') break;
    commas += c == ',';
    tabs += c == '\t';
    semicolons += c == ';';
  }
  if (tabs > commas && tabs >= semicolons) return '\t';
  if (semicolons > commas) return ';';
  return ',';
}

}  // namespace

bool CsvRecord::blank() const {
  for (const std::string& c : cells)
    if (!c.empty()) return false;
  return true;
}

bool valid_utf8(const std::string& text) {
  for (std::size_t i = 0, length = 0; i < text.size(); i += length)
    if ((length = utf8_length(text, i)) == 0) return false;
  return true;
}

// A cell as written before a spreadsheet-safe export guarded it: the apostrophe put before a
// cell that would read as a formula (=, +, -, @, a tab or a carriage return first; OWASP's CSV
// injection rule, which the page's and the kit's downloads follow) is not part of its text.
static std::string unguarded(std::string cell) {
  const char c = cell.size() >= 2 && cell[0] == '\'' ? cell[1] : ' ';
  if (c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r') cell.erase(0, 1);
  return cell;
}

CsvTable parse_csv(const std::string& text, Lang lang) {
  if (text.size() > kMaxRequestBytes)
    throw Error(errc::invalid_value, "",
                say(lang, msg::error_csv_too_large,
                    {{"bytes", format_int(static_cast<double>(text.size()))}, {"limit", format_int(kMaxRequestBytes)}}));
  if (!valid_utf8(text)) throw Error(errc::invalid_value, "", say(lang, msg::error_csv_not_utf8));
  std::size_t i = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  CsvTable table;
  table.delimiter = detect_delimiter(text, i);
  const char delim = table.delimiter;
  CsvRecord record;
  record.row = 1;
  std::string cell;
  bool quoted_cell = false;  // the cell began with a quote: its spaces are its own
  auto end_cell = [&] {
    record.cells.push_back(quoted_cell ? unguarded(cell) : trimmed(unguarded(trimmed(cell))));
    cell.clear();
    quoted_cell = false;
  };
  auto end_record = [&] {
    end_cell();
    table.records.push_back(std::move(record));
    record = CsvRecord();
    record.row = static_cast<long>(table.records.size()) + 1;
  };
  const std::size_t n = text.size();
  bool at_cell_start = true;
  while (i < n) {
    const char c = text[i];
    if (at_cell_start && c == '"') {
      // A quoted cell: up to the quote that is not doubled.
      quoted_cell = true;
      ++i;
      bool closed = false;
      while (i < n) {
        if (text[i] == '"') {
          if (i + 1 < n && text[i + 1] == '"') {
            cell += '"';
            i += 2;
            continue;
          }
          ++i;
          closed = true;
          break;
        }
        // A line break inside a cell is one "\n", however the file ends its lines.
        if (text[i] == '\r') {
          cell += '\n';
          i += (i + 1 < n && text[i + 1] == '\n') ? 2 : 1;
          continue;
        }
        cell += text[i++];
      }
      if (!closed)
        throw Error(errc::invalid_value, pointer("/rows", static_cast<std::size_t>(record.row)),
                    say(lang, msg::error_csv_row,
                        {{"row", record.row}, {"message", say(lang, msg::error_csv_unclosed_quote)}}));
      // Anything after the closing quote and before the delimiter belongs to the cell too
      // (spreadsheets never write it; people do).
      at_cell_start = false;
      continue;
    }
    at_cell_start = false;
    if (c == delim) {
      end_cell();
      at_cell_start = true;
      ++i;
    } else if (c == '\r' || c == '\n') {
      end_record();
      at_cell_start = true;
      i += (c == '\r' && i + 1 < n && text[i + 1] == '\n') ? 2 : 1;
    } else {
      cell += c;
      ++i;
    }
  }
  // The last record, unless the text ended with its line break.
  if (!at_cell_start || !cell.empty() || !record.cells.empty()) end_record();
  // A NUL is no character of a price list (a binary file, or one cut short), and it would end
  // the text wherever a C string carries it: refused at its cell.
  if (text.find('\0') != std::string::npos) {
    for (const CsvRecord& r : table.records)
      for (std::size_t c = 0; c < r.cells.size(); ++c) {
        if (r.cells[c].find('\0') == std::string::npos) continue;
        const std::vector<std::string>& header = table.records.front().cells;
        const std::string column = &r != &table.records.front() && c < header.size() && !header[c].empty()
                                       ? echo(header[c])
                                       : std::to_string(c + 1);
        throw Error(errc::invalid_value, pointer(pointer("/rows", static_cast<std::size_t>(r.row)), column),
                    say(lang, msg::error_csv_cell, {{"row", r.row}, {"column", column}, {"message", say(lang, msg::error_csv_nul)}}));
      }
  }
  return table;
}

}  // namespace gpusizer::jsonio
