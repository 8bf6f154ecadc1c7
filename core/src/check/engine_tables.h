// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What SGLang, MLX-LM and ORT GenAI compute for a check reference's configuration (engine.h), as plain data: the
// check's headers declare their own Arithmetic, so engine.h stays out of them.

#include "posenc/method.h"
#include "posenc/params.h"
#include "posenc/phrase.h"

#include <string>
#include <vector>

namespace posenc::check {

struct EngineTable {
    std::string kind;    ///< the diagnosis kind (the engine's first divergence, vocabulary.cpp)
    Phrase variant;      ///< what the engine does, for the hypothesis list ("check.variant.engine")
    Phrase who;          ///< engine, pinned revision and what it does (Diagnosis::producedBy, "check.produced-by")
    std::vector<double> invFreq;
    double attention = 1.0;
};

/// The tables the engines other than `ownEngine` compute for method `def` with `params` where they depart from HF,
/// plus the engine-only tables a config can give that the method's parameters cannot tell apart (ORT GenAI without
/// YaRN's beta keys, MLX-LM model files that read no rope_parameters). Empty for a method without engines.
std::vector<EngineTable> engineTables(const MethodDef& def, const ParamSet& params, const std::string& ownEngine);

} // namespace posenc::check
