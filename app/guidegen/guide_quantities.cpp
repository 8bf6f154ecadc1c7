// SPDX-License-Identifier: GPL-3.0-or-later
#include "guide_quantities.h"

#include "posenc/analysis/base_bound.h"
#include "posenc/analysis/bounds.h"
#include "posenc/analysis/analysis_spec.h"
#include "posenc/analysis/entropy.h"
#include "posenc/dual_chunk.h"
#include "posenc/errors.h"
#include "posenc/registry.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numbers>
#include <set>

namespace posenc::guide {

namespace {

using Args = std::map<std::string, std::string>;

/// Keys that format the value rather than choose it.
const std::set<std::string> kFormatKeys = {"digits", "decimals", "percent", "sci", "log2"};
/// Keys that belong to a quantity, never to a method's parameters.
const std::set<std::string> kQuantityKeys = {"method", "pair", "n", "lambda", "key", "head", "context",
                                             "temperature", "score", "sigma2"};

/// Reads the keys a quantity uses and, at the end, refuses any key nobody used (a typo would otherwise be
/// a silently ignored parameter).
class Reader {
public:
    explicit Reader(const Args& args) : m_args(args) {}
    bool has(const std::string& key) const { return m_args.count(key) != 0; }
    std::string text(const std::string& key)
    {
        const auto it = m_args.find(key);
        if (it == m_args.end())
            throw TemplateError("missing key '" + key + "'");
        m_used.insert(key);
        return it->second;
    }
    double real(const std::string& key)
    {
        const std::string t = text(key);
        std::size_t used = 0;
        double v = 0;
        try {
            v = std::stod(t, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != t.size() || !std::isfinite(v))
            throw TemplateError(key + "=" + t + ": expected a number");
        return v;
    }
    long long integer(const std::string& key)
    {
        const double v = real(key);
        if (v != std::floor(v) || std::fabs(v) > 1e15)
            throw TemplateError(key + "=" + text(key) + ": expected an integer");
        return static_cast<long long>(v);
    }
    /// The remaining keys (method parameters), with and without the "vs." prefix.
    Args rest(bool second)
    {
        Args out;
        for (const auto& [k, v] : m_args) {
            if (kFormatKeys.count(k) || kQuantityKeys.count(k))
                continue;
            const bool prefixed = k.rfind("vs.", 0) == 0;
            if (m_used.count(k) || (prefixed && !second))
                continue;
            m_used.insert(k);
            out[prefixed ? k.substr(3) : k] = v;
        }
        return out;
    }
    void done() const
    {
        for (const auto& [k, v] : m_args)
            if (!m_used.count(k) && !kFormatKeys.count(k))
                throw TemplateError("key '" + k + "' is not used by this quantity");
    }
    void use(const std::string& key) { m_used.insert(key); }

private:
    const Args& m_args;
    std::set<std::string> m_used;
};

struct Built {
    const MethodDef* def = nullptr;
    std::shared_ptr<const Encoding> encoding;
};

/// The method named by method=, with the placeholder's remaining keys as its parameters.
Built build(Reader& r, const Args& params)
{
    Built b;
    b.def = &Registry::instance().find(r.text("method"));
    b.encoding = Registry::build(*b.def, Registry::resolve(*b.def, params));
    return b;
}

const RotaryFrequencies& rotaryOf(const Built& b)
{
    const RotaryFrequencies* f = b.encoding->rotary();
    if (!f)
        throw TemplateError("method " + b.def->info.id + " is not rotary");
    return *f;
}

/// pair=K (0-based) or pair=last.
std::size_t pairOf(Reader& r, const RotaryFrequencies& f)
{
    const std::string t = r.text("pair");
    if (t == "last")
        return f.pairs() - 1;
    const long long k = r.integer("pair");
    if (k < 0 || static_cast<std::size_t>(k) >= f.pairs())
        throw TemplateError("pair=" + t + ": the method has pairs 0.." + std::to_string(f.pairs() - 1));
    return static_cast<std::size_t>(k);
}

/// The quantity's value; `pre` reads the quantity's own keys before the method is built from the rest.
using Quantity = std::function<double(Reader&)>;

double rotaryQuantity(Reader& r, const std::vector<std::string>& own,
                      const std::function<double(Reader&, const Built&, const RotaryFrequencies&)>& f)
{
    for (const auto& k : own)
        r.use(k);
    Args params = r.rest(false);
    const Built b = build(r, params);
    return f(r, b, rotaryOf(b));
}

/// Smallest B(m) = sum_i cos(m theta_i) over the integers m in [0, L].
double minSimilar(const std::vector<double>& theta, long long L)
{
    double lowest = INFINITY;
    for (long long m = 0; m <= L; ++m) {
        double sum = 0;
        for (double t : theta)
            sum += std::cos(static_cast<double>(m) * t);
        lowest = std::min(lowest, sum);
    }
    return lowest;
}

std::vector<double> ropeTheta(int d, double base)
{
    const MethodDef& rope = Registry::instance().find("rope");
    const auto e = Registry::build(rope, Registry::resolve(rope, {{"head-dim", std::to_string(d)},
                                                                  {"base", formatNumber(base)}}));
    return e->rotary()->invFreq;
}

int headDimOf(Reader& r)
{
    const long long d = r.integer("d");
    if (d < 2 || d % 2 || d > 4096)
        throw TemplateError("d=" + std::to_string(d) + ": expected an even head dimension 2..4096");
    return static_cast<int>(d);
}

double boundOf(int d, long long L)
{
    const auto b = analysis::baseLowerBound(d, L);
    if (!b)
        throw TemplateError("no admissible base up to 1e15");
    return *b;
}

double slopeExtreme(Reader& r, bool largest)
{
    const Built b = build(r, r.rest(false));
    if (b.encoding->biasHeads() <= 0)
        throw TemplateError("method " + b.def->info.id + " has no heads");
    double out = largest ? -INFINITY : INFINITY;
    for (int h = 0; h < b.encoding->biasHeads(); ++h)
        out = largest ? std::max(out, -b.encoding->bias(h, 1)) : std::min(out, -b.encoding->bias(h, 1));
    return out;
}

const std::map<std::string, Quantity>& quantities()
{
    static const std::map<std::string, Quantity> table = {
        // H(n) of the last query with the options of the core's declaration (analysis_spec.h): its defaults (the
        // entropy view's and the CLI's: expected-similar, sigma2 0.25) unless score= / sigma2= / temperature= say.
        {"entropy",
         [](Reader& r) {
             const auto& spec = analysis::analysisSpec("entropy");
             ParamSet given;
             given.set("lengths", std::vector<double>{static_cast<double>(r.integer("n"))});
             for (const char* key : {"temperature", "score"})
                 if (r.has(key))
                     given.set(key, r.text(key));
             if (r.has("sigma2"))
                 given.set("sigma2", r.real("sigma2"));
             const analysis::EntropyOptions o = analysis::entropyOptionsFrom(analysis::checkAnalysisOptions(spec, given));
             const Built b = build(r, r.rest(false));
             return analysis::computeEntropy(*b.encoding, o).entropy.at(0);
         }},
        {"inv-freq", [](Reader& r) {
             return rotaryQuantity(r, {}, [](Reader& rr, const Built&, const RotaryFrequencies& f) {
                 return f.invFreq[pairOf(rr, f)];
             });
         }},
        {"wavelength", [](Reader& r) {
             return rotaryQuantity(r, {}, [](Reader& rr, const Built&, const RotaryFrequencies& f) {
                 return 2 * std::numbers::pi / f.invFreq[pairOf(rr, f)];
             });
         }},
        // theta'_i / theta_i: what the ramp view plots as the kept fraction of the frequency.
        {"keep", [](Reader& r) {
             return rotaryQuantity(r, {}, [](Reader& rr, const Built&, const RotaryFrequencies& f) {
                 const std::size_t i = pairOf(rr, f);
                 return f.invFreq[i] / f.baseInvFreq[i];
             });
         }},
        // theta_i / theta'_i: how many times the pair's wavelength is stretched.
        {"stretch", [](Reader& r) {
             return rotaryQuantity(r, {}, [](Reader& rr, const Built&, const RotaryFrequencies& f) {
                 const std::size_t i = pairOf(rr, f);
                 return f.baseInvFreq[i] / f.invFreq[i];
             });
         }},
        // The blend weight gamma_i of theta_i (1 keeps theta, 0 interpolates fully).
        {"ramp", [](Reader& r) {
             return rotaryQuantity(r, {}, [](Reader& rr, const Built& b, const RotaryFrequencies& f) {
                 if (!f.ramp)
                     throw TemplateError("method " + b.def->info.id + " has no ramp");
                 return (*f.ramp)[pairOf(rr, f)];
             });
         }},
        {"attention-factor", [](Reader& r) {
             return rotaryQuantity(r, {}, [](Reader&, const Built&, const RotaryFrequencies& f) {
                 return f.attentionFactor;
             });
         }},
        // a^2: how much the attention factor scales the rotated channels' logits; t = 1/a^2 the temperature.
        {"logit-scale", [](Reader& r) {
             return rotaryQuantity(r, {}, [](Reader&, const Built&, const RotaryFrequencies& f) {
                 return f.attentionFactor * f.attentionFactor;
             });
         }},
        {"temperature-t", [](Reader& r) {
             return rotaryQuantity(r, {}, [](Reader&, const Built&, const RotaryFrequencies& f) {
                 return 1 / (f.attentionFactor * f.attentionFactor);
             });
         }},
        // A method's reported scalar, e.g. key=base_prime.
        {"extra", [](Reader& r) {
             const std::string key = r.text("key");
             const Built b = build(r, r.rest(false));
             const auto freq = b.encoding->frequencyTable();
             if (!freq || !freq->extras.count(key))
                 throw TemplateError("method " + b.def->info.id + " reports no '" + key + "'");
             return freq->extras.at(key);
         }},
        // 1 - (longest wavelength) / (2 pi b): how far the longest wavelength falls below 2 pi b.
        {"longest-below-2pi-base", [](Reader& r) {
             return rotaryQuantity(r, {}, [](Reader&, const Built&, const RotaryFrequencies& f) {
                 const double longest = 2 * std::numbers::pi / *std::min_element(f.invFreq.begin(), f.invFreq.end());
                 return 1 - longest / (2 * std::numbers::pi * f.base);
             });
         }},
        // The number of pairs whose wavelength exceeds lambda= positions.
        {"pairs-longer-than", [](Reader& r) {
             const double lambda = r.real("lambda");
             return rotaryQuantity(r, {}, [lambda](Reader&, const Built&, const RotaryFrequencies& f) {
                 return static_cast<double>(std::count_if(f.invFreq.begin(), f.invFreq.end(), [&](double t) {
                     return 2 * std::numbers::pi / t > lambda;
                 }));
             });
         }},
        // The first pair whose wavelength exceeds lambda= positions.
        {"first-pair-longer-than", [](Reader& r) {
             const double lambda = r.real("lambda");
             return rotaryQuantity(r, {}, [lambda](Reader&, const Built&, const RotaryFrequencies& f) {
                 for (std::size_t i = 0; i < f.pairs(); ++i)
                     if (2 * std::numbers::pi / f.invFreq[i] > lambda)
                         return static_cast<double>(i);
                 throw TemplateError("no pair is longer than lambda");
             });
         }},
        // The largest ratio between the two encodings' theta'_i, either way round (vs.KEY=VALUE: the second).
        {"max-ratio", [](Reader& r) {
             const Args first = r.rest(false);
             Args second = first;
             const Args overrides = r.rest(true);
             const Built a = build(r, first);
             const MethodDef& defB = overrides.count("method") ? Registry::instance().find(overrides.at("method"))
                                                               : *a.def;
             for (const auto& [k, v] : overrides)
                 if (k != "method")
                     second[k] = v;
             const auto encB = Registry::build(defB, Registry::resolve(defB, second));
             const RotaryFrequencies& fa = rotaryOf(a);
             const RotaryFrequencies* fb = encB->rotary();
             if (!fb || fb->pairs() != fa.pairs())
                 throw TemplateError("the two encodings do not have the same pairs");
             double worst = 1;
             for (std::size_t i = 0; i < fa.pairs(); ++i)
                 worst = std::max({worst, fa.invFreq[i] / fb->invFreq[i], fb->invFreq[i] / fa.invFreq[i]});
             return worst;
         }},
        {"alibi-slope", [](Reader& r) {
             const long long head = r.integer("head");
             const Built b = build(r, r.rest(false));
             if (head < 0 || head >= b.encoding->biasHeads())
                 throw TemplateError("head=" + std::to_string(head) + " out of range");
             return -b.encoding->bias(static_cast<int>(head), 1);
         }},
        // The largest and smallest ALiBi slope over the heads.
        {"alibi-max-slope", [](Reader& r) { return slopeExtreme(r, true); }},
        {"alibi-min-slope", [](Reader& r) { return slopeExtreme(r, false); }},
        {"l-theta", [](Reader& r) {
             analysis::BoundsOptions o;
             o.contextLength = r.real("context");
             o.computeBaseLowerBound = false;
             const Built b = build(r, r.rest(false));
             const auto result = analysis::computeBounds(*b.encoding, o);
             if (!result.lTheta)
                 throw TemplateError("B(m) >= 0 on the whole searched range");
             return static_cast<double>(*result.lTheta);
         }},
        {"critical-dim", [](Reader& r) {
             analysis::BoundsOptions o;
             o.contextLength = r.real("context");
             o.computeBaseLowerBound = false;
             const Built b = build(r, r.rest(false));
             return static_cast<double>(analysis::computeBounds(*b.encoding, o).criticalDim.value());
         }},
        {"t-extra", [](Reader& r) {
             analysis::BoundsOptions o;
             o.contextLength = r.real("context");
             o.computeBaseLowerBound = false;
             const Built b = build(r, r.rest(false));
             return analysis::computeBounds(*b.encoding, o).extrapolationBound.value();
         }},
        // Men et al.'s base bound (exact infimum) for head dimension d and context L.
        {"base-bound", [](Reader& r) { return boundOf(headDimOf(r), r.integer("L")); }},
        {"grid-base-bound", [](Reader& r) {
             const int d = headDimOf(r);
             const auto b = analysis::gridBaseLowerBound(d, r.integer("L"));
             if (!b)
                 throw TemplateError("no admissible base on the grid");
             return *b;
         }},
        // min over integer m in [0, L] of sum_i cos(m base^(-2i/d)).
        {"min-similar", [](Reader& r) {
             const int d = headDimOf(r);
             const double base = r.real("base");
             return minSimilar(ropeTheta(d, base), r.integer("L"));
         }},
        // Relative width of the window of admissible bases that starts at the bound: the walk steps up by 1e-5
        // (relative) while the base stays admissible, then halves the last step ten times.
        {"feasible-window", [](Reader& r) {
             const int d = headDimOf(r);
             const long long L = r.integer("L");
             const double lo = boundOf(d, L);
             double step = 1e-5, top = lo;
             while (analysis::baseAdmissible(d, top * (1 + step), L)) {
                 top *= 1 + step;
                 if (top > 2 * lo)
                     throw TemplateError("the window is wider than a factor 2");
             }
             for (int k = 0; k < 10; ++k) {
                 step /= 2;
                 if (analysis::baseAdmissible(d, top * (1 + step), L))
                     top *= 1 + step;
             }
             return top / lo - 1;
         }},
        // Dual chunk attention (posenc/dual_chunk.h) for chunk_size=, local_size=: of=c (chunk length), key (p mod c
        // of p=), query (the query q='s position against the key k=), distance (remapped q - k), max (over length=).
        {"dual-chunk",
         [](Reader& r) {
             const dual_chunk::Config c{r.integer("chunk_size"), r.integer("local_size"), 0};
             const std::string of = r.text("of");
             if (of == "c")
                 return static_cast<double>(dual_chunk::chunkLength(c));
             if (of == "key")
                 return static_cast<double>(dual_chunk::keyPosition(c, r.integer("p")));
             if (of == "max")
                 return static_cast<double>(dual_chunk::maxRemappedDistance(c, r.integer("length")));
             const long long q = r.integer("q"), k = r.integer("k");
             if (of == "distance")
                 return static_cast<double>(dual_chunk::remappedDistance(c, q, k));
             if (of != "query")
                 throw TemplateError("of=" + of + ": expected c, key, query, distance or max");
             return static_cast<double>(dual_chunk::queryPosition(c, q, dual_chunk::querySetFor(c, q, k)));
         }},
    };
    return table;
}

} // namespace

double evaluate(const Placeholder& placeholder)
{
    const auto& table = quantities();
    const auto it = table.find(placeholder.name);
    if (it == table.end()) {
        std::string known;
        for (const auto& [name, q] : table)
            known += (known.empty() ? "" : ", ") + name;
        throw TemplateError("unknown quantity '" + placeholder.name + "' (known: " + known + ")");
    }
    Reader r(placeholder.args);
    const double v = it->second(r);
    r.done();
    return v;
}

std::string evaluateText(const Placeholder& placeholder)
{
    return formatValue(evaluate(placeholder), placeholder.args);
}

std::vector<std::string> quantityNames()
{
    std::vector<std::string> out;
    for (const auto& [name, q] : quantities())
        out.push_back(name);
    return out;
}

} // namespace posenc::guide
