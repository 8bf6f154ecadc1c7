// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file registry.h
/// The one list of methods. GUI and CLI are generated from it; adding a method touches neither.

#include "posenc/method.h"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace posenc {

class Registry {
public:
    /// The registry, built once on first use (thread-safe).
    static const Registry& instance();

    const std::vector<MethodDef>& methods() const { return m_methods; }
    /// Finds a method by id or alias (HF rope_type names such as "linear", "dynamic" are aliases).
    /// Throws InvalidInput("method", ...) listing the known ids when there is no such method.
    const MethodDef& find(std::string_view idOrAlias) const;
    const MethodDef* tryFind(std::string_view idOrAlias) const;
    /// The default id ("rope").
    static constexpr std::string_view defaultMethod() { return "rope"; }

    /// All defaults of a method (optional parameters unset).
    static ParamSet defaults(const MethodDef& method);
    /// Defaults overridden by textual values keyed by parameter name or alias (as given on a command line).
    /// Parses, then validates. Throws InvalidInput naming the first offending parameter.
    static ParamSet resolve(const MethodDef& method, const std::map<std::string, std::string>& text);
    /// Same, starting from `start` instead of the defaults (e.g. a config file's values; explicit flags win).
    static ParamSet resolve(const MethodDef& method, ParamSet start, const std::map<std::string, std::string>& text);
    /// Per-ParamSpec checks, then the method's cross-parameter checks. Throws InvalidInput.
    static void validate(const MethodDef& method, const ParamSet& params);
    /// Values HF accepts with a warning (factor < 1, beta_fast <= beta_slow, low >= high freq factor, odd rotary
    /// dim, attention factor 0): build() computes with them as HF does; these messages say what is unusual.
    static std::vector<ParamWarning> warnings(const MethodDef& method, const ParamSet& params);
    /// Validates, then builds.
    static std::shared_ptr<const Encoding> build(const MethodDef& method, const ParamSet& params);

private:
    Registry();
    std::vector<MethodDef> m_methods;
};

} // namespace posenc
