// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine_report.h"

#include "posenc/engine.h"
#include "posenc/errors.h"
#include "posenc/registry.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace posenc::cli {

namespace {

std::shared_ptr<const Encoding> rebuild(const io::HfEncoding& e, const std::string& engine,
                                        const std::string& arithmetic)
{
    const MethodDef& def = Registry::instance().find(e.method);
    ParamSet p = e.params;
    p.set("engine", engine);
    p.set("arithmetic", arithmetic);
    return Registry::build(def, p);
}

struct EngineResult {
    std::string engine;
    std::shared_ptr<const Encoding> encoding; ///< null when the engine cannot express the encoding
    std::string reason;
};

std::vector<EngineResult> allEngines(const io::HfEncoding& e, const std::string& arithmetic)
{
    std::vector<EngineResult> out;
    for (const auto& info : engines()) {
        EngineResult r{info.id, nullptr, {}};
        try {
            r.encoding = rebuild(e, info.id, arithmetic);
        } catch (const InvalidInput& ex) {
            r.reason = ex.what();
        }
        out.push_back(std::move(r));
    }
    return out;
}

/// Positions compared: 0 .. L-1 (L = max_position_embeddings, else factor x L0, else 4096), 2049 of them evenly
/// spaced plus the powers of two.
std::vector<std::int64_t> positions(const io::HfEncoding& e)
{
    const RotaryFrequencies* f = e.encoding->rotary();
    const double L = e.maxPositionEmbeddings ? static_cast<double>(*e.maxPositionEmbeddings)
                     : f->originalLength > 0   ? f->originalLength * std::max(1.0, f->nominalScale)
                                               : 4096.0;
    const auto n = static_cast<std::int64_t>(L);
    std::vector<std::int64_t> out;
    for (int k = 0; k <= 2048; ++k)
        out.push_back(std::min(n - 1, static_cast<std::int64_t>(static_cast<double>(k) / 2048.0 * (L - 1))));
    for (std::int64_t p = 1; p < n; p *= 2)
        out.push_back(p);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

struct Disagreement {
    std::size_t invFreqPair = 0;
    double invFreqRelative = 0;
    double attentionRatio = 1;
    double cosSinMax = 0;
    std::int64_t position = 0;
    std::size_t pair = 0;
};

Disagreement compare(const Encoding& hf, const Encoding& other, const std::vector<std::int64_t>& pos)
{
    Disagreement d;
    const RotaryFrequencies* a = hf.rotary();
    const RotaryFrequencies* b = other.rotary();
    for (std::size_t i = 0; i < std::min(a->pairs(), b->pairs()); ++i) {
        const double rel = a->invFreq[i] == 0.0 ? std::fabs(b->invFreq[i])
                                                : std::fabs(b->invFreq[i] - a->invFreq[i]) / std::fabs(a->invFreq[i]);
        if (rel > d.invFreqRelative) {
            d.invFreqRelative = rel;
            d.invFreqPair = i;
        }
    }
    d.attentionRatio = b->attentionFactor / a->attentionFactor;
    const ViewOptions o;
    std::vector<double> ca(hf.columns(View::Cos, o)), cb(ca.size()), sa(ca.size()), sb(ca.size());
    for (const std::int64_t p : pos) {
        hf.fillRows(View::Cos, p, 1, ca.data(), o);
        other.fillRows(View::Cos, p, 1, cb.data(), o);
        hf.fillRows(View::Sin, p, 1, sa.data(), o);
        other.fillRows(View::Sin, p, 1, sb.data(), o);
        for (std::size_t i = 0; i < a->pairs(); ++i) {
            const std::size_t c = a->channelA(i);
            const double diff = std::max(std::fabs(ca[c] - cb[c]), std::fabs(sa[c] - sb[c]));
            if (diff > d.cosSinMax) {
                d.cosSinMax = diff;
                d.position = p;
                d.pair = i;
            }
        }
    }
    return d;
}

} // namespace

void applyEngine(io::HfConfig& config, const std::string& engine, const std::string& arithmetic)
{
    (void)parseEngine(engine);
    (void)parseArithmetic(arithmetic);
    for (auto& e : config.encodings) {
        e.encoding = rebuild(e, engine, arithmetic);
        const RotaryFrequencies* f = e.encoding->rotary();
        e.params.set("engine", engine);
        e.params.set("arithmetic", arithmetic);
        e.invFreq = f->invFreq;
        e.attentionFactor = f->attentionFactor;
        for (const auto& n : engineNotes(*e.encoding))
            config.notes.push_back(e.name + " (" + engine + "): " + n);
    }
}

void writeEnginesJson(io::JsonWriter& w, const io::HfConfig& config, const std::string& arithmetic)
{
    w.key("engines").beginArray();
    for (const auto& e : config.encodings) {
        const auto results = allEngines(e, arithmetic);
        const auto pos = positions(e);
        w.beginObject();
        w.field("name", e.name);
        w.field("arithmetic", arithmetic);
        w.key("per_engine").beginArray();
        for (const auto& r : results) {
            w.beginObject();
            w.field("engine", r.engine);
            if (!r.encoding) {
                w.field("cannot_express", r.reason);
            } else {
                const RotaryFrequencies* f = r.encoding->rotary();
                w.key("inv_freq").array(f->invFreq);
                w.field("attention_factor", f->attentionFactor);
                w.key("notes").beginArray();
                for (const auto& n : engineNotes(*r.encoding))
                    w.value(n);
                w.endArray();
                if (r.engine != "hf" && results.front().encoding) {
                    const auto d = compare(*results.front().encoding, *r.encoding, pos);
                    w.key("against_hf").beginObject();
                    w.field("inv_freq_max_relative_difference", d.invFreqRelative);
                    w.field("inv_freq_pair", static_cast<long long>(d.invFreqPair));
                    w.field("attention_factor_ratio", d.attentionRatio);
                    w.field("cos_sin_max_difference", d.cosSinMax);
                    w.field("cos_sin_position", static_cast<long long>(d.position));
                    w.field("cos_sin_pair", static_cast<long long>(d.pair));
                    w.field("positions_compared", static_cast<long long>(pos.size()));
                    w.endObject();
                }
            }
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }
    w.endArray();
}

void writeEnginesText(std::ostream& out, const io::HfConfig& config, const std::string& arithmetic)
{
    for (const auto& e : config.encodings) {
        const auto results = allEngines(e, arithmetic);
        const auto pos = positions(e);
        out << "\n" << e.name << ": engines (" << arithmetic << " arithmetic)\n  pair";
        for (const auto& r : results)
            out << "  " << r.engine;
        out << "\n";
        const std::size_t P = e.encoding->rotary()->pairs();
        for (std::size_t i = 0; i < P; ++i) {
            out << "  " << i;
            for (const auto& r : results)
                out << "  " << (r.encoding ? formatNumber(r.encoding->rotary()->invFreq[i]) : "-");
            out << "\n";
        }
        out << "  attention factor";
        for (const auto& r : results)
            out << "  " << (r.encoding ? formatNumber(r.encoding->rotary()->attentionFactor) : "-");
        out << "\n";
        for (const auto& r : results) {
            if (!r.encoding) {
                out << "  " << r.engine << ": " << r.reason << "\n";
                continue;
            }
            for (const auto& n : engineNotes(*r.encoding))
                out << "  " << r.engine << ": " << n << "\n";
            if (r.engine == "hf" || !results.front().encoding)
                continue;
            const auto d = compare(*results.front().encoding, *r.encoding, pos);
            out << "  " << r.engine << " vs hf: inv_freq differs most at pair " << d.invFreqPair << " ("
                << formatNumber(d.invFreqRelative) << " relative), attention factor x" << formatNumber(d.attentionRatio)
                << ", cos/sin differ most at position " << d.position << " pair " << d.pair << " ("
                << formatNumber(d.cosSinMax) << ")\n";
        }
    }
}

} // namespace posenc::cli
