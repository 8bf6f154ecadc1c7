// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file params.h
/// Parameter specifications (what a method accepts) and parameter sets (what a user chose).
/// The GUI builds its editors and the CLI its flags from ParamSpec alone.

#include <limits>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace posenc {

/// Text: free text such as a file name (stored as std::string, like a Choice without a fixed list).
enum class ParamType { Int, Real, Bool, Choice, RealList, Text };
enum class ScaleHint { Linear, Log };

/// A value of any parameter type. `std::monostate` marks an optional parameter left unset.
/// Int parameters are stored as double holding an integral value (exact up to 2^53).
using ParamValue = std::variant<std::monostate, double, bool, std::string, std::vector<double>>;

/// Description of one parameter of a method.
struct ParamSpec {
    std::string name;                 ///< kebab-case; the CLI flag is `--name`
    ParamType type = ParamType::Real;
    ParamValue defaultValue;          ///< monostate only for optional parameters
    double min = -std::numeric_limits<double>::infinity(); ///< valid range for Int/Real, entries of RealList
    double max = std::numeric_limits<double>::infinity();
    bool minInclusive = true;
    bool maxInclusive = true;
    bool mustBeEven = false;          ///< Int only
    bool optional = false;            ///< may be left unset (monostate)
    ScaleHint scale = ScaleHint::Linear;
    std::string unit;                 ///< e.g. "positions", "channels"; empty when dimensionless
    std::string help;                 ///< one or two sentences, shown as tooltip and in --help
    std::vector<std::string> choices; ///< Choice only
    std::vector<std::string> aliases; ///< accepted alternative names (e.g. HF key names as kebab-case)
    std::string displayName;          ///< short label for the GUI; defaults to `name`
    std::string emptyMeaning;         ///< RealList: what an empty list means (GUI placeholder), e.g. "all 1"
    /// The same quantity in every method that has it (head dim, base, factor, L0, alpha, beta): the explorer
    /// shares one value between compared methods unless a method overrides it.
    bool shared = false;

    /// A human-readable description of the valid range, e.g. "(1, 1e+12]" or "one of half, interleaved".
    std::string rangeText() const;
};

/// A resolved set of parameter values, keyed by the canonical parameter name.
class ParamSet {
public:
    void set(const std::string& name, ParamValue value) { m_values[name] = std::move(value); }
    bool has(const std::string& name) const;        ///< present and not monostate
    const ParamValue& get(const std::string& name) const; ///< throws InvalidInput if absent

    double real(const std::string& name) const;
    long long integer(const std::string& name) const;
    bool flag(const std::string& name) const;
    const std::string& choice(const std::string& name) const;
    const std::vector<double>& list(const std::string& name) const;
    /// The real value, or `fallback` when the optional parameter is unset.
    double realOr(const std::string& name, double fallback) const;

    const std::map<std::string, ParamValue>& values() const { return m_values; }
    bool operator==(const ParamSet& other) const = default;

private:
    std::map<std::string, ParamValue> m_values;
};

/// Formats a value for messages and CSV/JSON metadata ("8", "0.5", "true", "half", "[1, 2]", "unset").
std::string formatValue(const ParamValue& value);
/// Formats a double with up to 17 significant digits, shortest round-trip form.
std::string formatNumber(double x);

/// Parses a textual value (CLI flag, config file) for `spec`. Throws InvalidInput naming the flag, the value
/// and the valid range. Does not check the range: call `checkValue` for that.
ParamValue parseValue(const ParamSpec& spec, const std::string& text);
/// Checks type, finiteness, range, evenness and choice membership. Throws InvalidInput with the reason.
void checkValue(const ParamSpec& spec, const ParamValue& value);

} // namespace posenc
