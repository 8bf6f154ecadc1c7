// SPDX-License-Identifier: GPL-3.0-or-later
#include "method_common.h"

#include "posenc/engine.h"
#include "posenc/errors.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc::methods {

ParamSpec factorParam(double def)
{
    auto s = realParam("factor", def, 0.0, 1e6, "",
                       "Context scale s = new length / original length (HF rope_scaling.factor). Values below 1 "
                       "are computed as HF computes them, with a warning.",
                       ScaleHint::Log);
    s.minInclusive = false;
    s.displayName = "factor s";
    s.shared = true;
    return s;
}

ParamSpec originalLengthParam(double def)
{
    auto s = intParam("original-max-position-embeddings", def, 1, 1e9, "positions",
                      "Original (pre-extension) context length L0 (HF original_max_position_embeddings).");
    s.minInclusive = true;
    s.scale = ScaleHint::Log;
    s.displayName = "original length L0";
    s.aliases = {"original-length"};
    s.shared = true;
    return s;
}

ParamSpec alphaParam(double def, std::vector<std::string> aliases)
{
    auto s = realParam("alpha", def, 0.0, 1e6, "rotations",
                       "Lower rotation-count threshold: pairs making fewer than alpha turns in L0 are fully "
                       "interpolated (theta/s).");
    s.aliases = std::move(aliases);
    s.displayName = "alpha";
    s.shared = true;
    return s;
}

ParamSpec betaParam(double def, std::vector<std::string> aliases)
{
    auto s = realParam("beta", def, 0.0, 1e6, "rotations",
                       "Upper rotation-count threshold: pairs making more than beta turns in L0 keep theta.");
    s.minInclusive = false;
    s.aliases = std::move(aliases);
    s.displayName = "beta";
    s.shared = true;
    return s;
}

std::vector<ParamSpec> ropeParams(double defaultBase)
{
    auto headDim = intParam("head-dim", 128, 2, 65536, "channels", "Channels per attention head (even).");
    headDim.mustBeEven = true;
    headDim.aliases = {"head-size"};
    headDim.shared = true;
    auto base = realParam("base", defaultBase, 1.0, 1e12, "",
                          "RoPE base b (HF rope_theta): theta_i = b^(-2i/d_rot). Must be > 1.", ScaleHint::Log);
    base.minInclusive = false;
    base.aliases = {"rope-theta"};
    base.shared = true;
    auto partial = realParam("partial-rotary-factor", 1.0, 0.0, 1.0, "",
                             "Fraction of head channels that rotate: d_rot = int(head_dim * factor). The rest "
                             "pass through unrotated (GPT-NeoX 0.25).");
    partial.minInclusive = false;
    auto pairing = choiceParam("pairing", "half", enumNames(kPairingNames),
                               "Channel pairing: half = (j, j + d_rot/2) as GPT-NeoX / HF LLaMA rotate_half; "
                               "interleaved = (2j, 2j+1) as GPT-J / RoFormer / Meta LLaMA.");
    std::vector<ParamSpec> out{headDim, base, partial, pairing};
    for (auto& spec : engineParams()) // engine and arithmetic last, beside the method's own (engine.h)
        out.push_back(std::move(spec));
    return out;
}

std::vector<ParamSpec> withRopeParams(std::vector<ParamSpec> extra, double defaultBase)
{
    auto all = ropeParams(defaultBase);
    const auto tail = static_cast<std::ptrdiff_t>(engineParams().size());
    all.insert(all.end() - tail, extra.begin(), extra.end());
    return all;
}

int rotaryDim(const ParamSet& p)
{
    const long long headDim = p.integer("head-dim");
    const double f = p.real("partial-rotary-factor");
    const long long d = static_cast<long long>(static_cast<double>(headDim) * f); // int() truncation, as HF
    if (d <= 0)
        throw InvalidInput("partial-rotary-factor", "--partial-rotary-factor " + formatNumber(f) + " with --head-dim " +
                                                        std::to_string(headDim) + " gives a rotary dimension of " +
                                                        std::to_string(d) +
                                                        "; it must be a positive number of channels");
    // An odd d is what HF computes with (ceil(d/2) frequencies, exponent over d): a warning, not an error.
    return static_cast<int>(d);
}

namespace {

Phrase num(double v)
{
    return Phrase::literal(formatNumber(v));
}

/// "--name value" (the GUI words it as the control's label = value)
Phrase flagValue(const std::string& name, double value)
{
    return Phrase::of("param.flag-value", {Phrase::literal(name), num(value)});
}

} // namespace

std::vector<ParamWarning> rotaryWarnings(const MethodDef& method, const ParamSet& p)
{
    std::vector<ParamWarning> out;
    const auto has = [&](const char* name) { return method.findParam(name) && p.has(name); };
    if (has("head-dim") && has("partial-rotary-factor")) {
        const long long headDim = p.integer("head-dim");
        const long long d = static_cast<long long>(static_cast<double>(headDim) * p.real("partial-rotary-factor"));
        if (d > 0 && d % 2 != 0)
            out.push_back(
                paramWarning("partial-rotary-factor",
                             Phrase::of("param.odd-rotary-dim",
                                        {num(double(d)), num(double(headDim)), num(p.real("partial-rotary-factor")),
                                         num(double((d + 1) / 2)), num(double(d + 1))})));
    }
    if (has("factor") && p.real("factor") < 1.0)
        out.push_back(
            paramWarning("factor", Phrase::of("param.factor-below-1", {flagValue("factor", p.real("factor"))})));
    if (has("alpha") && has("beta") && !(p.real("alpha") < p.real("beta"))) {
        const ParamSpec* a = method.findParam("alpha");
        const ParamSpec* b = method.findParam("beta");
        const std::string an = a->aliases.empty() ? "alpha" : a->aliases.front();
        const std::string bn = b->aliases.empty() ? "beta" : b->aliases.front();
        out.push_back(paramWarning("alpha", Phrase::of("param.thresholds-swapped", {flagValue(an, p.real("alpha")),
                                                                                    flagValue(bn, p.real("beta"))})));
    }
    if (has("attention-factor") && p.real("attention-factor") == 0.0)
        out.push_back(
            paramWarning("attention-factor", Phrase::of("param.attention-zero", {flagValue("attention-factor", 0)})));
    return out;
}

void validateRope(const ParamSet& p)
{
    (void)rotaryDim(p);
}

void validateNtkExponent(const ParamSet& p, const std::string& method)
{
    const int d = rotaryDim(p);
    if (d < 4)
        throw InvalidInput("head-dim", method +
                                           " needs a rotary dimension of at least 4 (the NTK exponent "
                                           "d_rot/(d_rot-2) is undefined at d_rot = 2), got " +
                                           std::to_string(d));
}

void validateAlphaBeta(const ParamSet& p)
{
    const double a = p.real("alpha");
    const double b = p.real("beta");
    if (!(a < b))
        throw InvalidInput("alpha", "--alpha " + formatNumber(a) + " must be smaller than --beta " + formatNumber(b) +
                                        " (they are the low and high rotation-count thresholds)");
}

std::vector<double> defaultInvFreq(double base, int dim)
{
    // torch.arange(0, dim, 2): ceil(dim/2) entries, also for an odd dim
    std::vector<double> theta(static_cast<std::size_t>((dim + 1) / 2));
    for (std::size_t i = 0; i < theta.size(); ++i)
        theta[i] = std::pow(base, -2.0 * static_cast<double>(i) / dim);
    return theta;
}

RopeBase ropeBase(const ParamSet& p)
{
    RopeBase rb;
    rb.headDim = static_cast<int>(p.integer("head-dim"));
    rb.rotaryDim = rotaryDim(p);
    rb.base = p.real("base");
    rb.pairing = p.choice("pairing") == "interleaved" ? Pairing::Interleaved : Pairing::Half;
    rb.theta = defaultInvFreq(rb.base, rb.rotaryDim);
    return rb;
}

RotaryFrequencies plainRotary(const RopeBase& rb)
{
    RotaryFrequencies f;
    f.headDim = rb.headDim;
    f.rotaryDim = 2 * static_cast<int>(rb.theta.size()); // channels of the cos/sin cache (d_rot + 1 when odd)
    f.pairing = rb.pairing;
    f.base = rb.base;
    f.baseInvFreq = rb.theta;
    f.invFreq = rb.theta;
    return f;
}

std::vector<double> rotationRamp(const std::vector<double>& theta, double originalLength, double alpha, double beta)
{
    std::vector<double> gamma(theta.size());
    for (std::size_t i = 0; i < theta.size(); ++i) {
        const double wavelength = 2.0 * std::numbers::pi / theta[i];
        const double r = originalLength / wavelength;
        gamma[i] = std::clamp((r - alpha) / (beta - alpha), 0.0, 1.0);
    }
    return gamma;
}

std::vector<double> blend(const std::vector<double>& theta, const std::vector<double>& gamma, double s)
{
    std::vector<double> out(theta.size());
    for (std::size_t i = 0; i < theta.size(); ++i)
        out[i] = (1.0 - gamma[i]) * (theta[i] / s) + gamma[i] * theta[i];
    return out;
}

double correctionDim(double rotations, int dim, double base, double L0)
{
    return dim * std::log(L0 / (rotations * 2.0 * std::numbers::pi)) / (2.0 * std::log(base));
}

std::vector<double> indexRamp(std::size_t pairs, int dim, double base, double L0, double alpha, double beta,
                              bool truncate, double& low, double& high)
{
    low = correctionDim(beta, dim, base, L0);
    high = correctionDim(alpha, dim, base, L0);
    if (truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    low = std::max(low, 0.0);
    high = std::min(high, static_cast<double>(dim - 1));
    double hi = high;
    if (low == hi)
        hi += 0.001; // the reference avoids a division by zero this way
    std::vector<double> gamma(pairs);
    for (std::size_t j = 0; j < pairs; ++j) {
        const double linear = std::clamp((static_cast<double>(j) - low) / (hi - low), 0.0, 1.0);
        gamma[j] = 1.0 - linear;
    }
    return gamma;
}

double yarnMscale(double s, double m)
{
    return s <= 1.0 ? 1.0 : 0.1 * m * std::log(s) + 1.0;
}

FrequencyTable rotaryFrequencyTable(const RotaryFrequencies& f)
{
    FrequencyTable t;
    t.rotaryDim = f.rotaryDim;
    t.invFreq = f.invFreq;
    t.wavelength.resize(f.invFreq.size());
    for (std::size_t i = 0; i < t.wavelength.size(); ++i)
        t.wavelength[i] = 2.0 * std::numbers::pi / f.invFreq[i];
    t.ramp = f.ramp;
    if (f.scaled)
        t.interpolation = f.interpolationFraction();
    t.attentionFactor = f.attentionFactor;
    t.extras = f.extras;
    return t;
}

std::size_t rotaryColumns(const RotaryFrequencies& f, View view)
{
    switch (view) {
    case View::Cos:
    case View::Sin:
        return static_cast<std::size_t>(f.rotaryDim);
    case View::Angle:
        return f.pairs();
    case View::Rotated:
        return static_cast<std::size_t>(f.headDim);
    default:
        break;
    }
    throw InvalidInput("view", "view '" + toString(view) +
                                   "' does not apply to a rotary method; use one of cos, sin, angle, rotated");
}

} // namespace posenc::methods
