// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine_report.h"

#include "posenc/engine.h"
#include "posenc/engine_compare.h"
#include "posenc/io/inspect.h"
#include "posenc/errors.h"
#include "posenc/registry.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace posenc::cli {

void writeEnginesText(std::ostream& out, const io::HfConfig& config, const std::string& arithmetic)
{
    for (const auto& e : config.encodings) {
        const EngineComparison cmp = io::compareEnginesOf(e, arithmetic);
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
