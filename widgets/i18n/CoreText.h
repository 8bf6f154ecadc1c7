// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <string>

namespace posenc {
struct ParamSpec;
struct MethodInfo;
class ParamSet;
} // namespace posenc

namespace posenc::widgets {

/// Core's English strings (ParamSpec labels, help, units, choices; method summaries) as the user's language shows
/// them. Core has no Qt, so its strings are translated here, in the context "posenc::params" keyed by the English
/// text; CoreStrings.cpp lists them for lupdate. That list is kept by hand: tst_translations fails when a method,
/// parameter or view option adds a string, printing the exact lines to paste into CoreStrings.cpp. A string
/// without a translation shows in English.
class CoreText {
public:
    static constexpr const char* kContext = "posenc::params";

    static QString text(const std::string& english);
    /// A core sentence with numbers in it (an engine's note, a reason): looked up with each number replaced by
    /// %1, %2, ... in order (numberTemplate()), and the numbers put back into the translation; English when the
    /// template has none.
    static QString withNumbers(const std::string& english);
    /// `english` with every number that stands alone (not inside a word like "float32") replaced by %1, %2, ...:
    /// the form CoreStrings.cpp lists.
    static QString numberTemplate(const std::string& english, QStringList* numbers = nullptr);
    /// A number printed in C notation ("6.85e+05", "2.98e-08") as the interface writes it (6.85 × 10⁵,
    /// 2.98 × 10⁻⁸); one at full precision ("1.2079441541679836") with the six significant digits of every
    /// figure and read-out; a negative number with the minus sign U+2212; any other text as it is.
    static QString numberText(const QString& printed);
    /// "mantissa × 10^exponent" with a superscript exponent (4.71 × 10³): the one scientific form on screen.
    static QString timesTenTo(const QString& mantissa, int exponent);
    /// 10 with `exponent` as a superscript (10⁻³).
    static QString powerOfTen(int exponent);
    /// An axis tick's label as QCustomPlot prints it ("-0.5", "2e-03", "1e+06") as the interface writes numbers:
    /// −0.5, 2×10⁻³, 10⁶ (the minus sign U+2212 in the number and in the exponent).
    static QString tickText(const QString& printed);
    /// `printed` with a leading hyphen-minus as the minus sign U+2212 (−130.8): the sign of every number on screen
    /// (numberText and timesTenTo use it); copies for CSV and Python keep the hyphen.
    static QString minusSign(const QString& printed);
    /// The label of a parameter editor (displayName, else name).
    static QString label(const ParamSpec& spec);
    static QString help(const ParamSpec& spec);
    static QString unit(const ParamSpec& spec);
    static QString choice(const std::string& choice);
    /// A choice of `spec`'s combo: looked up with the parameter's name as the disambiguation, so that an id two
    /// parameters share ("hf" of engine and of dynamic-formula, "engine" the arithmetic choice and the engine
    /// parameter) is translated for its place (CoreStrings.cpp, choiceStrings()); else as choice(choice).
    static QString choice(const ParamSpec& spec, const std::string& choice);
    static QString summary(const MethodInfo& info);
    /// `name` followed by the engine whose conventions `params` select ("YaRN (llama.cpp)", in Chinese
    /// "YaRN（llama.cpp）"); `name` alone for HF in float64.
    static QString withEngine(const QString& name, const ParamSet& params);
    /// A built-in preset's name or description (context "posenc::presets"); a user's own preset stays as written.
    static QString preset(const QString& english);
};

} // namespace posenc::widgets
