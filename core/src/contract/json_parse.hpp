// Every JSON text the core reads (requests, catalogs, and the JSON it holds or wrote itself),
// parsed by nlohmann/json's SAX parser into its document (internal).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "contract/json.hpp"
#include "diagnostics/messages.hpp"

namespace gpusizer::jsonio {

// Text from outside: the limits (contract/limits.hpp) are checked as it is read, and errors are
// written in `lang`, naming the request or (catalog) the catalog.
struct ParseWatch {
  Lang lang = Lang::en;
  bool catalog = false;
  // Where to note each key given twice in one object, as the JSON pointer of the second (the
  // document keeps the last value, as nlohmann's parser does): the readers warn duplicate_key.
  std::vector<std::string>* duplicate_keys = nullptr;
};

// JSON text into a Value. Watched: throws gpusizer::Error (invalid_json with the line and
// column; invalid_value with the path for a limit). Unwatched (watch null): no limits, and a
// malformed text is a bug (std::logic_error, which the API reports as internal_error).
Value parse_text(std::string_view text, const ParseWatch* watch);

// JSON the core holds or wrote itself (the embedded catalog, its vocabulary, the claims'
// requests and answers): parse_text unwatched.
Value parse_own(std::string_view text);

}  // namespace gpusizer::jsonio
