// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file guide_template.h
/// The guide's pages are templates: every computed number is a placeholder that names the quantity and the
/// parameters that produce it, e.g. {{entropy method=yarn factor=8 n=4096 digits=4}}; the build fills them with
/// the core's values (posenc-guidegen), so a page's numbers are the numbers the figures are drawn from.
/// A page without placeholders is copied unchanged. Qt-free.
///
/// Placeholder: "{{" name (" " key "=" value)* "}}", no spaces inside a value. The keys are the quantity's own
/// (guide_quantities.cpp: method, pair, n, context, ...), the formatting keys (digits = significant digits,
/// decimals, percent = ×100 with that many decimals, sci = significant digits in "a × 10<sup>k</sup>" form,
/// log2 = the base-2 logarithm of the value) and, for quantities of a method, any of the method's parameters
/// by name or alias (factor, base, original-max-position-embeddings, ramp, ...). "vs.NAME=value" keys describe
/// a second encoding (the first one's parameters with these replaced) for comparisons.

#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace posenc::guide {

struct Placeholder {
    std::string name;                         ///< the quantity, e.g. "entropy"
    std::map<std::string, std::string> args;  ///< key=value pairs in the order-independent form
    std::string text;                         ///< the placeholder as written, "{{...}}"
    std::size_t offset = 0;                   ///< byte offset in the page
    int line = 0;                             ///< 1-based line in the page
};

/// A placeholder that cannot be parsed or evaluated: the message names the page, the line and the reason.
class TemplateError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Every placeholder of a page, in order. Throws TemplateError for an unterminated "{{" or a malformed key=value.
std::vector<Placeholder> placeholders(const std::string& page, const std::string& where);

/// The page with every placeholder replaced by evaluate(placeholder) (the text of the value).
std::string render(const std::string& page, const std::string& where,
                   const std::function<std::string(const Placeholder&)>& evaluate);

/// The page with every placeholder removed (what the literal-number check reads).
std::string withoutPlaceholders(const std::string& page, const std::string& where);

/// Formats a value as the placeholder's formatting keys say (digits, decimals, percent, sci; default digits=4).
/// Negative numbers use the minus sign U+2212, as the pages' text does.
std::string formatValue(double value, const std::map<std::string, std::string>& args);

} // namespace posenc::guide
