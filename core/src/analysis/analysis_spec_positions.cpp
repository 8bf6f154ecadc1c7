// SPDX-License-Identifier: GPL-3.0-or-later
// `positions` declared once (analysis_spec.h): the (t, h, w) M-RoPE position ids of every token of a layout, as
// transformers' get_rope_index computes them (posenc/mrope.h). A function of its options: it uses no encoding. Its
// options are the M-RoPE methods' own (mrope::positionParams).
#include "analysis_specs_p.h"

#include "posenc/errors.h"
#include "posenc/mrope.h"

#include <algorithm>
#include <string>

namespace posenc::analysis {

namespace {

void checkGiven(const ParamSet& given)
{
    if (!given.has("token-layout"))
        throw InvalidInput("token-layout", "--token-layout is required, e.g. text:12,image:8x8,text:20,video:4x8x8@2");
}

AnalysisOutput run(const Encoding*, const ParamSet& p, const RunContext&)
{
    const mrope::PositionOptions o = mrope::positionOptionsFrom(p);
    const std::string layout = p.choice("token-layout");
    const auto items = mrope::parseLayout(layout);
    (void)mrope::layoutTokens(items, o); // the size, checked before allocating
    const mrope::PositionIds ids = mrope::positionIds(items, o);
    std::vector<double> token, t, h, w;
    std::vector<std::string> modality;
    std::int64_t maxId = -1;
    for (std::size_t k = 0; k < ids.ids.size(); ++k) {
        const auto& id = ids.ids[k];
        token.push_back(static_cast<double>(k));
        t.push_back(static_cast<double>(id[0]));
        h.push_back(static_cast<double>(id[1]));
        w.push_back(static_cast<double>(id[2]));
        modality.emplace_back(enumName(mrope::kModalityNames, ids.modality[k]));
        maxId = std::max({maxId, id[0], id[1], id[2]});
    }
    AnalysisOutput out;
    out.labels = {{"layout", layout}, {"position_rule", mrope::toString(o.rule)}};
    out.scalars = {{"spatial_merge_size", static_cast<double>(o.spatialMergeSize)},
                   {"tokens", static_cast<double>(ids.ids.size())},
                   {"next_position", static_cast<double>(ids.next)},
                   // HF's mrope_position_deltas: max id + 1 - tokens (get_rope_index)
                   {"rope_delta", static_cast<double>(maxId + 1 - static_cast<std::int64_t>(ids.ids.size()))}};
    out.columns = {{"token", std::move(token)}, {"t", std::move(t)}, {"h", std::move(h)}, {"w", std::move(w)}};
    out.textColumns = {{"modality", std::move(modality)}};
    return out;
}

} // namespace

AnalysisSpec positionsSpec()
{
    AnalysisSpec s;
    s.id = "positions";
    s.summary = "M-RoPE (t, h, w) position ids of every token of a layout of text:N, image:HxW (patch grid) and "
                "video:TxHxW[@FPS] entries, as transformers' get_rope_index computes them (Qwen2-VL, Qwen2.5-VL, "
                "Qwen3-VL, GLM-4V).";
    s.options = mrope::positionParams(mrope::PositionRule::Qwen2Vl, false);
    s.columns = {
        {"layout", "the token layout", true, ResultShape::Text},
        {"position_rule", "how video ids advance", true, ResultShape::Text},
        {"spatial_merge_size", "patches merged per side", true, ResultShape::Number},
        {"tokens", "tokens in the layout", true, ResultShape::Number},
        {"next_position", "the id of the first text token after the layout (max id + 1)", true, ResultShape::Number},
        {"rope_delta", "HF's mrope_position_deltas: max id + 1 - tokens", true, ResultShape::Number},
        {"token", "token index in the layout", true, ResultShape::Array},
        {"modality", "text, image or video", true, ResultShape::TextArray},
        {"t", "temporal id", true, ResultShape::Array},
        {"h", "height (row) id", true, ResultShape::Array},
        {"w", "width (column) id", true, ResultShape::Array},
    };
    s.run = &run;
    s.checkGiven = &checkGiven;
    s.usesEncoding = false;
    return s;
}

} // namespace posenc::analysis
