// SPDX-License-Identifier: GPL-3.0-or-later
#include "guide_template.h"

#include <cmath>
#include <cstdio>

namespace posenc::guide {

namespace {

[[noreturn]] void fail(const std::string& where, int line, const std::string& what)
{
    throw TemplateError(where + ":" + std::to_string(line) + ": " + what);
}

int lineAt(const std::string& page, std::size_t offset)
{
    int line = 1;
    for (std::size_t i = 0; i < offset && i < page.size(); ++i)
        line += page[i] == '\n';
    return line;
}

int intArg(const std::map<std::string, std::string>& args, const std::string& key, int fallback)
{
    const auto it = args.find(key);
    if (it == args.end())
        return fallback;
    std::size_t used = 0;
    int v = 0;
    try {
        v = std::stoi(it->second, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != it->second.size() || v < 0 || v > 17)
        throw TemplateError(key + "=" + it->second + ": expected an integer 0..17");
    return v;
}

std::string fixed(double x, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, std::fabs(x));
    std::string s = buf;
    // "-0.000" is written 0.000; otherwise a negative value starts with U+2212.
    const bool zero = s.find_first_not_of("0.") == std::string::npos;
    return (x < 0 && !zero) ? "\u2212" + s : s;
}

} // namespace

std::vector<Placeholder> placeholders(const std::string& page, const std::string& where)
{
    std::vector<Placeholder> out;
    std::size_t pos = 0;
    while ((pos = page.find("{{", pos)) != std::string::npos) {
        const int line = lineAt(page, pos);
        const std::size_t end = page.find("}}", pos + 2);
        if (end == std::string::npos)
            fail(where, line, "unterminated placeholder '{{'");
        Placeholder p;
        p.text = page.substr(pos, end + 2 - pos);
        p.offset = pos;
        p.line = line;
        std::string body = page.substr(pos + 2, end - pos - 2);
        for (char& c : body)
            if (c == '\n' || c == '\t')
                c = ' ';
        std::size_t i = 0;
        auto word = [&] {
            while (i < body.size() && body[i] == ' ')
                ++i;
            const std::size_t start = i;
            while (i < body.size() && body[i] != ' ')
                ++i;
            return body.substr(start, i - start);
        };
        p.name = word();
        if (p.name.empty() || p.name.find('=') != std::string::npos)
            fail(where, line, "placeholder " + p.text + " does not start with a quantity name");
        for (std::string w = word(); !w.empty(); w = word()) {
            const auto eq = w.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == w.size())
                fail(where, line, "in " + p.text + ": '" + w + "' is not key=value");
            if (!p.args.emplace(w.substr(0, eq), w.substr(eq + 1)).second)
                fail(where, line, "in " + p.text + ": key '" + w.substr(0, eq) + "' given twice");
        }
        out.push_back(std::move(p));
        pos = end + 2;
    }
    return out;
}

std::string render(const std::string& page, const std::string& where,
                   const std::function<std::string(const Placeholder&)>& evaluate)
{
    std::string out;
    std::size_t last = 0;
    for (const auto& p : placeholders(page, where)) {
        out.append(page, last, p.offset - last);
        try {
            out += evaluate(p);
        } catch (const TemplateError& e) {
            fail(where, p.line, p.text + ": " + e.what());
        } catch (const std::exception& e) {
            fail(where, p.line, p.text + ": " + e.what());
        }
        last = p.offset + p.text.size();
    }
    out.append(page, last, std::string::npos);
    return out;
}

std::string withoutPlaceholders(const std::string& page, const std::string& where)
{
    return render(page, where, [](const Placeholder&) { return std::string(" "); });
}

std::string formatValue(double value, const std::map<std::string, std::string>& args)
{
    if (!std::isfinite(value))
        throw TemplateError("the value is not finite");
    if (args.count("log2"))
        value = std::log2(value);
    if (args.count("decimals"))
        return fixed(value, intArg(args, "decimals", 0));
    if (args.count("percent"))
        return fixed(100 * value, intArg(args, "percent", 0));
    if (args.count("sci")) {
        const int digits = std::max(1, intArg(args, "sci", 3));
        if (value == 0)
            return fixed(0, digits - 1);
        int exponent = static_cast<int>(std::floor(std::log10(std::fabs(value))));
        double mantissa = value / std::pow(10.0, exponent);
        // Rounding may carry into the next power (9.996 -> 10.0).
        if (std::fabs(std::stod(fixed(std::fabs(mantissa), digits - 1))) >= 10) {
            ++exponent;
            mantissa /= 10;
        }
        const std::string e = exponent < 0 ? "\u2212" + std::to_string(-exponent) : std::to_string(exponent);
        return fixed(mantissa, digits - 1) + " \u00d7 10<sup>" + e + "</sup>";
    }
    const int digits = std::max(1, intArg(args, "digits", 4));
    if (value == 0)
        return fixed(0, digits - 1);
    const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
    int decimals = std::max(0, digits - 1 - magnitude);
    // 0.99996 at 4 digits rounds to 1.0000: keep the number of significant digits.
    if (std::fabs(std::stod(fixed(std::fabs(value), decimals))) >= std::pow(10.0, magnitude + 1) && decimals > 0)
        --decimals;
    return fixed(value, decimals);
}

} // namespace posenc::guide
