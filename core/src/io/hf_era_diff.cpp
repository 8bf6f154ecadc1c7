// SPDX-License-Identifier: GPL-3.0-or-later
// How another HF era's reading of a config differs from this one's (hf_era_diff.h).
#include "hf_era_diff.h"

#include <algorithm>
#include <cmath>

namespace posenc::io::detail {

std::optional<Phrase> eraDifferences(const HfEncoding& other, const HfEncoding& here)
{
    const auto close = [](double x, double y) { return std::abs(x - y) <= 1e-12 * std::max(std::abs(x), std::abs(y)); };
    std::vector<Phrase> parts;
    if (other.method != here.method || other.ropeType != here.ropeType)
        parts.push_back(Phrase::of("config.diff.method",
                                   {lit(other.ropeType), lit(other.method), lit(here.ropeType), lit(here.method)}));
    if (other.invFreq.size() != here.invFreq.size()) {
        parts.push_back(
            Phrase::of("config.diff.count", {num(double(other.invFreq.size())), num(double(here.invFreq.size()))}));
    } else {
        std::size_t first = other.invFreq.size(), last = 0, count = 0, worst = 0;
        double worstRel = 0;
        for (std::size_t i = 0; i < here.invFreq.size(); ++i) {
            if (close(other.invFreq[i], here.invFreq[i]))
                continue;
            first = std::min(first, i);
            last = i;
            ++count;
            const double rel = std::abs(other.invFreq[i] - here.invFreq[i]) /
                               std::max(std::abs(other.invFreq[i]), std::abs(here.invFreq[i]));
            if (rel > worstRel) {
                worstRel = rel;
                worst = i;
            }
        }
        if (count > 0)
            parts.push_back(
                Phrase::of("config.diff.inv-freq",
                           {num(double(count)),
                            first == last ? Phrase::of("config.diff.pair", {num(double(first))})
                                          : Phrase::of("config.diff.pairs", {num(double(first)), num(double(last))}),
                            num(double(worst)), num(other.invFreq[worst]), num(here.invFreq[worst])}));
    }
    if (!close(other.attentionFactor, here.attentionFactor))
        parts.push_back(Phrase::of("config.diff.attention", {num(other.attentionFactor), num(here.attentionFactor)}));
    if (parts.empty())
        return std::nullopt;
    Phrase out = std::move(parts.front());
    for (std::size_t i = 1; i < parts.size(); ++i)
        out = Phrase::of("config.diff.and", {std::move(out), std::move(parts[i])});
    return out;
}

} // namespace posenc::io::detail
