// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file method.h
/// A method definition: what the registry lists for each positional-encoding method.

#include "posenc/encoding.h"
#include "posenc/params.h"
#include "posenc/phrase.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace posenc {

struct MethodInfo {
    std::string id;          ///< canonical id, e.g. "yarn"
    std::string displayName; ///< e.g. "YaRN"
    std::string summary;     ///< one line
    MethodKind kind = MethodKind::Rotary;
    std::string citation;             ///< paper (arXiv id) and/or reference implementation
    std::vector<std::string> aliases; ///< Hugging Face rope_type names and other accepted ids
    std::vector<ParamSpec> params;
};

/// A valid but unusual value: the reference implementation warns and computes with it.
struct ParamWarning {
    std::string param;   ///< the parameter at fault (kebab-case), as in InvalidInput::param()
    std::string message; ///< what is unusual and what HF does with it (english(phrase))
    Phrase phrase;       ///< the same as a phrase (phrase.h), for a user interface in another language
};

/// A warning about `param` worded by `phrase` (its message is the phrase's English).
inline ParamWarning paramWarning(std::string param, Phrase phrase)
{
    std::string message = english(phrase);
    return {std::move(param), std::move(message), std::move(phrase)};
}

struct MethodDef {
    MethodInfo info;
    /// Cross-parameter checks run after every value passed its own ParamSpec check (e.g. alpha < beta,
    /// list lengths). Throws InvalidInput. May be empty.
    std::function<void(const ParamSet&)> validate;
    /// Values that are valid but unusual (the reference implementation warns and computes with them), one
    /// message each. May be empty; Registry::warnings adds the checks common to the rotary methods.
    std::function<std::vector<ParamWarning>(const ParamSet&)> warn;
    /// Builds the encoding from a validated ParamSet.
    std::function<std::shared_ptr<const Encoding>(const ParamSet&)> build;

    const ParamSpec* findParam(const std::string& nameOrAlias) const;
};

} // namespace posenc
