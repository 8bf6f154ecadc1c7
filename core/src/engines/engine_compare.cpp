// SPDX-License-Identifier: GPL-3.0-or-later
// compareEngines (engine_compare.h): one method instance built by every engine, each against HF's build.
#include "posenc/engine_compare.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace posenc {

namespace {

EngineDisagreement disagreement(const Encoding& hf, const Encoding& other, const std::vector<std::int64_t>& positions)
{
    EngineDisagreement d;
    const RotaryFrequencies* a = hf.rotary();
    const RotaryFrequencies* b = other.rotary();
    const std::size_t P = std::min(a->pairs(), b->pairs());
    d.invFreqRelative.assign(P, std::numeric_limits<double>::quiet_NaN());
    d.cosSinMax.assign(P, 0.0);
    for (std::size_t i = 0; i < P; ++i) {
        if (a->invFreq[i] == 0.0)
            continue;
        d.invFreqRelative[i] = (b->invFreq[i] - a->invFreq[i]) / std::fabs(a->invFreq[i]);
        if (std::fabs(d.invFreqRelative[i]) > d.invFreqMaxRelative) {
            d.invFreqMaxRelative = std::fabs(d.invFreqRelative[i]);
            d.invFreqPair = i;
        }
    }
    d.attentionRatio = b->attentionFactor / a->attentionFactor;
    const ViewOptions o;
    std::vector<double> ca(hf.columns(View::Cos, o)), cb(other.columns(View::Cos, o)), sa(ca.size()), sb(cb.size());
    for (const std::int64_t p : positions) {
        hf.fillRows(View::Cos, p, 1, ca.data(), o);
        other.fillRows(View::Cos, p, 1, cb.data(), o);
        hf.fillRows(View::Sin, p, 1, sa.data(), o);
        other.fillRows(View::Sin, p, 1, sb.data(), o);
        for (std::size_t i = 0; i < P; ++i) {
            // The same pair's first channel in each layout (an engine may pair channels its own way).
            const std::size_t ch = a->channelA(i), cOther = b->channelA(i);
            const double diff = std::max(std::fabs(ca[ch] - cb[cOther]), std::fabs(sa[ch] - sb[cOther]));
            d.cosSinMax[i] = std::max(d.cosSinMax[i], diff);
            if (diff > d.cosSinMaxDifference) {
                d.cosSinMaxDifference = diff;
                d.cosSinPosition = p;
                d.cosSinPair = i;
            }
        }
    }
    return d;
}

} // namespace

std::vector<std::int64_t> engineComparisonPositions(double length)
{
    if (!(length >= 1) || !std::isfinite(length))
        throw InvalidInput("length", "the engines are compared at positions 0 .. length-1; length must be at least 1");
    const auto n = static_cast<std::int64_t>(length);
    std::vector<std::int64_t> out;
    for (int k = 0; k <= 2048; ++k)
        out.push_back(std::min(n - 1, static_cast<std::int64_t>(static_cast<double>(k) / 2048.0 * (length - 1))));
    for (std::int64_t p = 1; p < n; p *= 2)
        out.push_back(p);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

EngineComparison compareEngines(const std::string& methodId, const ParamSet& params, Arithmetic arithmetic,
                                double length)
{
    const MethodDef& def = Registry::instance().find(methodId);
    if (!def.findParam("engine"))
        throw InvalidInput("engine", "method " + def.info.id + " has no engine choice (only rotary methods do)");
    EngineComparison out;
    out.arithmetic = arithmetic;
    out.positions = engineComparisonPositions(length);
    for (const auto& info : engines()) {
        EngineBuild b;
        b.engine = info.engine;
        ParamSet p = params;
        p.set("engine", info.id);
        p.set("arithmetic", toString(arithmetic));
        try {
            b.encoding = Registry::build(def, p);
        } catch (const InvalidInput& e) {
            b.cannotExpress = e.what();
        }
        if (b.encoding && !b.encoding->rotary())
            throw InvalidInput("engine", "method " + def.info.id + " has no rotary frequencies to compare");
        out.engines.push_back(std::move(b));
    }
    if (const auto& hf = out.engines.front().encoding)
        for (auto& b : out.engines)
            if (b.engine != Engine::Hf && b.encoding)
                b.againstHf = disagreement(*hf, *b.encoding, out.positions);
    return out;
}

} // namespace posenc
