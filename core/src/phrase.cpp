// SPDX-License-Identifier: GPL-3.0-or-later
// The English templates of core's phrases (phrase.h): the one place the CLI's English sentences are worded.
#include "posenc/phrase.h"

#include <map>
#include <stdexcept>

namespace posenc {

namespace {

const std::map<std::string, std::string>& templates()
{
    static const std::map<std::string, std::string> t = {
        // posenc check: how the table was read (CheckResult::alignmentPhrase)
        {"check.shape", "%1 x %2"},
        {"check.align.inv-freq", "%1: %2 inv_freq entries, highest frequency first"},
        {"check.align.positions", "positions %1 .. %2"},
        {"check.align.listed", "%1 listed positions %2 .. %3"},
        {"check.align.rotated", "%1: %2, R_m x for the probe x, pairing %3, %4 of %5 channels rotated"},
        {"check.align.pairs", "%1: %2, one column per pair (ggml, vLLM's cos or sin half)"},
        {"check.align.half", "%1: %2, pair i in columns i and i + %3 (HF's duplicated cat(freqs, freqs))"},
        {"check.align.interleaved", "%1: %2, pair i in columns 2i and 2i + 1 (repeat_interleave)"},
        {"check.align.cos-sin", "%1: %2, cos of pair i in column i, sin in column i + %3 (vLLM's cos_sin_cache)"},
        {"check.align.no-layout", "%1: fits no layout of %2 (%3 pairs, rotary dim %4, head dim %5)"},
        {"check.align.all-slices", "all %1 slices of the %2%3 tensor; %4"},
        {"check.align.failed-slice", "slice [%1] of %2 (the first that fails) of the %3%4 tensor; %5"},
        // posenc check: a hypothesis (the reference method with one parameter changed)
        {"check.variant.param", "%1 with %2=%3"},
        // posenc check: the evidence of a diagnosis (Diagnosis::evidencePhrase)
        {"check.where.pair", "pair %1"},
        {"check.where.position", "position %1, column %2"},
        {"check.where.position-pair", "position %1, column %2 (pair %3)"},
        {"check.ref.off", "; the reference %1 is off by up to %2 (%3 x tolerance) at %4"},
        {"check.ref.no-layout", "; the table's shape fits no layout of the reference %1"},
        {"check.closest.none", "no hypothesis fits the table's shape"},
        {"check.closest", "closest: %1 (%2, off by up to %3, %4 x tolerance)"},
        {"check.evidence.unknown", "no tested variant explains the table; %1%2"},
        {"check.evidence.matches", "matches %1 to %2 (max |error| over %3 values, %4 x tolerance)%5"},
        {"check.evidence.closer",
         "closer with %1 (off by up to %2, %3 x tolerance), but it does not explain the table"},
    };
    return t;
}

} // namespace

const std::string& englishTemplate(const std::string& id)
{
    static const std::string none;
    const auto it = templates().find(id);
    return it == templates().end() ? none : it->second;
}

std::vector<std::string> phraseIds()
{
    std::vector<std::string> ids;
    for (const auto& [id, text] : templates())
        ids.push_back(id);
    return ids;
}

std::string english(const Phrase& p)
{
    if (p.id.empty())
        return p.text;
    const auto it = templates().find(p.id);
    if (it == templates().end())
        throw std::logic_error("phrase " + p.id + " has no English template");
    const std::string& t = it->second;
    std::string out;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] == '%' && i + 1 < t.size() && t[i + 1] >= '1' && t[i + 1] <= '9') {
            const std::size_t k = static_cast<std::size_t>(t[i + 1] - '1');
            if (k >= p.args.size())
                throw std::logic_error("phrase " + p.id + " lacks argument %" + t.substr(i + 1, 1));
            out += english(p.args[k]);
            ++i;
        } else {
            out += t[i];
        }
    }
    return out;
}

} // namespace posenc
