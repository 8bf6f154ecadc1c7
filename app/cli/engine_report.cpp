// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine_report.h"

#include "posenc/engine.h"
#include "posenc/engine_compare.h"
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

/// Positions compared: those of engineComparisonPositions for L = max_position_embeddings, else factor x L0,
/// else 4096.
double comparedLength(const io::HfEncoding& e)
{
    const RotaryFrequencies* f = e.encoding->rotary();
    return e.maxPositionEmbeddings ? static_cast<double>(*e.maxPositionEmbeddings)
           : f->originalLength > 0 ? f->originalLength * std::max(1.0, f->nominalScale)
                                   : 4096.0;
}

EngineComparison compareAll(const io::HfEncoding& e, const std::string& arithmetic)
{
    return compareEngines(e.method, e.params, parseArithmetic(arithmetic), comparedLength(e));
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
        const EngineComparison cmp = compareAll(e, arithmetic);
        w.beginObject();
        w.field("name", e.name);
        w.field("arithmetic", arithmetic);
        w.key("per_engine").beginArray();
        for (const auto& r : cmp.engines) {
            w.beginObject();
            w.field("engine", toString(r.engine));
            if (!r.encoding) {
                w.field("cannot_express", r.cannotExpress);
            } else {
                const RotaryFrequencies* f = r.encoding->rotary();
                w.key("inv_freq").array(f->invFreq);
                w.field("attention_factor", f->attentionFactor);
                w.key("notes").beginArray();
                for (const auto& n : engineNotes(*r.encoding))
                    w.value(n);
                w.endArray();
                if (r.againstHf) {
                    const EngineDisagreement& d = *r.againstHf;
                    w.key("against_hf").beginObject();
                    w.field("inv_freq_max_relative_difference", d.invFreqMaxRelative);
                    w.field("inv_freq_pair", static_cast<long long>(d.invFreqPair));
                    w.field("attention_factor_ratio", d.attentionRatio);
                    w.field("cos_sin_max_difference", d.cosSinMaxDifference);
                    w.field("cos_sin_position", static_cast<long long>(d.cosSinPosition));
                    w.field("cos_sin_pair", static_cast<long long>(d.cosSinPair));
                    w.field("positions_compared", static_cast<long long>(cmp.positions.size()));
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
        const EngineComparison cmp = compareAll(e, arithmetic);
        out << "\n" << e.name << ": engines (" << arithmetic << " arithmetic)\n  pair";
        for (const auto& r : cmp.engines)
            out << "  " << toString(r.engine);
        out << "\n";
        const std::size_t P = e.encoding->rotary()->pairs();
        for (std::size_t i = 0; i < P; ++i) {
            out << "  " << i;
            for (const auto& r : cmp.engines)
                out << "  " << (r.encoding ? formatNumber(r.encoding->rotary()->invFreq[i]) : "-");
            out << "\n";
        }
        out << "  attention factor";
        for (const auto& r : cmp.engines)
            out << "  " << (r.encoding ? formatNumber(r.encoding->rotary()->attentionFactor) : "-");
        out << "\n";
        for (const auto& r : cmp.engines) {
            const std::string id = toString(r.engine);
            if (!r.encoding) {
                out << "  " << id << ": " << r.cannotExpress << "\n";
                continue;
            }
            for (const auto& n : engineNotes(*r.encoding))
                out << "  " << id << ": " << n << "\n";
            if (!r.againstHf)
                continue;
            const EngineDisagreement& d = *r.againstHf;
            out << "  " << id << " vs hf: inv_freq differs most at pair " << d.invFreqPair << " ("
                << formatNumber(d.invFreqMaxRelative) << " relative), attention factor x"
                << formatNumber(d.attentionRatio) << ", cos/sin differ most at position " << d.cosSinPosition
                << " pair " << d.cosSinPair << " (" << formatNumber(d.cosSinMaxDifference) << ")\n";
        }
    }
}

} // namespace posenc::cli
