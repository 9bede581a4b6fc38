// The model vocabulary of the contract, read one way for a catalog's models and a request's
// model: the same names, ranges and messages (internal to contract/).
#pragma once

#include <initializer_list>
#include <string>

#include "contract/json_read.hpp"
#include "model/model.hpp"

namespace gpusizer::jsonio {

// Every key a catalog model may have besides "id" (a request's model adds "preset" and
// "hfConfig"); the catalog schema's model definition lists the same.
#define GPUSIZER_MODEL_KEYS                                                                                  \
  "name", "params", "activeParams", "layers", "hidden", "heads", "kvHeads", "ffnHidden", "vocab", "seqLen", \
      "headDim", "activation", "attention", "tiedEmbeddings", "experts", "expertsPerToken", "expertFfnHidden", \
      "sharedExperts", "denseLayers", "source", "notes"

struct ModelFieldsRead {
  bool params = false, active_params = false;
  bool shape = false;  // any field that changes the architecture
};

// Reads the model fields present in `j` onto `model`; a null value counts as absent.
ModelFieldsRead read_model_fields(Reader& reader, const Value& j, const std::string& path, Model& model);

// Makes a read model whole and checks it (model/model.hpp rules): a described shape gets its
// defaults and, when no parameter count was given for it, the count summed from it; a size
// alone gets an inferred shape. `base_shape`: the shape came with the model (a preset).
void finish_model(Reader& reader, const std::string& path, Model& model, const ModelFieldsRead& read, bool base_shape);

}  // namespace gpusizer::jsonio
