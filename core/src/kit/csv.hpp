// A price list as a spreadsheet exports it (internal to contract/): CSV in UTF-8, with or
// without a byte-order mark, CRLF, LF or CR line ends, cells quoted when they hold the delimiter,
// a quote or a line break ("" for a quote inside). The delimiter is the header's: a comma, or a
// tab (a copy from a spreadsheet) or a semicolon (spreadsheets in locales that write 1,5) when
// the first row has more of those than commas.
#pragma once

#include <string>
#include <vector>

#include "diagnostics/messages.hpp"

namespace gpusizer::jsonio {

struct CsvRecord {
  long row = 0;  // as a spreadsheet numbers it: the header is row 1
  std::vector<std::string> cells;  // trimmed of spaces around them; a formula guard (a leading ' before =, +, -, @) taken off
  bool blank() const;
};

struct CsvTable {
  char delimiter = ',';
  std::vector<CsvRecord> records;  // every record, blank ones included; records[0] is the header
};

// Throws gpusizer::Error: the text over kMaxRequestBytes, not UTF-8, or a quoted cell left open
// (path /rows/<row>).
CsvTable parse_csv(const std::string& text, Lang lang);

// Whether text is well-formed UTF-8 (no overlongs, no surrogates).
bool valid_utf8(const std::string& text);

}  // namespace gpusizer::jsonio
