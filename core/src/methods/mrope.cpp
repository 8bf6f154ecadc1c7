// SPDX-License-Identifier: GPL-3.0-or-later
// M-RoPE (`mrope`, chunked sections: Qwen2-VL, Qwen2.5-VL, GLM-4V) and `mrope-interleaved` (Qwen3-VL): default
// RoPE frequencies whose pairs are rotated by the temporal, height or width id of each token (posenc/mrope.h).
// Rows are token indices of the layout (text continues past it); without a layout every stream carries the token
// index and the encoding is RoPE.
#include "all_methods.h"
#include "method_common.h"

#include "posenc/errors.h"
#include "posenc/mrope.h"
#include "posenc/rope_apply.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc::methods {

namespace {

class MropeEncoding final : public Encoding {
public:
    MropeEncoding(RotaryFrequencies f, std::vector<int> streams, mrope::PositionIds ids)
        : m_f(std::move(f)), m_streams(std::move(streams)), m_ids(std::move(ids))
    {
    }

    const std::vector<int>& streams() const { return m_streams; }
    const mrope::PositionIds& ids() const { return m_ids; }

    MethodKind kind() const override { return MethodKind::Rotary; }
    std::vector<View> views() const override { return {View::Cos, View::Sin, View::Angle, View::Rotated}; }
    const RotaryFrequencies* rotary() const override { return &m_f; }

    std::optional<FrequencyTable> frequencyTable() const override { return rotaryFrequencyTable(m_f); }

    std::size_t columns(View view, const ViewOptions&) const override { return rotaryColumns(m_f, view); }

    void fillRows(View view, std::int64_t firstRow, std::size_t rows, double* out,
                  const ViewOptions& options) const override
    {
        const std::size_t cols = columns(view, options);
        const std::size_t P = m_f.pairs();
        const double a = m_f.attentionFactor;
        std::vector<double> probe;
        if (view == View::Rotated) {
            probe = options.probe.empty() ? defaultProbe(m_f.headDim) : options.probe;
            if (probe.size() != static_cast<std::size_t>(m_f.headDim))
                throw InvalidInput("probe", "the probe vector has " + std::to_string(probe.size()) +
                                                " entries; it needs head_dim = " + std::to_string(m_f.headDim));
        }
        std::vector<double> angle(P);
        for (std::size_t r = 0; r < rows; ++r) {
            const auto id = m_ids.at(firstRow + static_cast<std::int64_t>(r));
            for (std::size_t i = 0; i < P; ++i) // HF: float32 position * inv_freq, here float64
                angle[i] = static_cast<double>(id[static_cast<std::size_t>(m_streams[i])]) * m_f.invFreq[i];
            double* row = out + r * cols;
            switch (view) {
            case View::Angle:
                for (std::size_t i = 0; i < P; ++i) {
                    const double x = std::fmod(angle[i], 2.0 * std::numbers::pi);
                    row[i] = x < 0 ? x + 2.0 * std::numbers::pi : x;
                }
                break;
            case View::Cos:
            case View::Sin:
                for (std::size_t i = 0; i < P; ++i) {
                    const double v = a * (view == View::Cos ? std::cos(angle[i]) : std::sin(angle[i]));
                    row[m_f.channelA(i)] = v;
                    row[m_f.channelB(i)] = v;
                }
                break;
            default: // Rotated
                for (std::size_t i = 0; i < P; ++i) {
                    const double c = std::cos(angle[i]), s = std::sin(angle[i]);
                    const double xa = a * probe[m_f.channelA(i)], xb = a * probe[m_f.channelB(i)];
                    row[m_f.channelA(i)] = xa * c - xb * s;
                    row[m_f.channelB(i)] = xa * s + xb * c;
                }
                for (std::size_t j = static_cast<std::size_t>(m_f.rotaryDim); j < cols; ++j)
                    row[j] = probe[j];
                break;
            }
        }
    }

private:
    RotaryFrequencies m_f;
    std::vector<int> m_streams; ///< stream of each pair (0 t, 1 h, 2 w)
    mrope::PositionIds m_ids;
};

std::vector<int> sections(const ParamSet& p)
{
    std::vector<int> out;
    for (double v : p.list("mrope-section"))
        out.push_back(static_cast<int>(v));
    return out;
}


std::string layoutText(const ParamSet& p)
{
    return p.has("token-layout") ? p.choice("token-layout") : std::string();
}

MethodDef mropeDef(mrope::SectionLayout layout)
{
    const bool inter = layout == mrope::SectionLayout::Interleaved;
    MethodDef m;
    m.info.id = inter ? "mrope-interleaved" : "mrope";
    m.info.displayName = inter ? "M-RoPE (interleaved)" : "M-RoPE";
    m.info.summary = inter ? "Qwen3-VL: pairs carry t, h, w in turn (THWTHW...), each rotated by that id of the token."
                           : "Qwen2-VL: pairs split into t, h, w sections (mrope_section), each rotated by that id.";
    m.info.kind = MethodKind::Rotary;
    m.info.citation = inter ? "Qwen3-VL; HF qwen3_vl/modeling_qwen3_vl.py apply_interleaved_mrope"
                            : "Wang et al., Qwen2-VL, arXiv:2409.12191 §2.1; HF qwen2_vl apply_multimodal_rotary_pos_emb";
    auto section = listParam("mrope-section", 0, 65536,
                             inter ? "Pairs per stream t, h, w (HF mrope_section); h sits at pairs 1, 4, ... below "
                                     "3*s_h, w at 2, 5, ... below 3*s_w, t elsewhere."
                                   : "Pairs per stream t, h, w (HF mrope_section), in this order; they must add up "
                                     "to d_rot/2.");
    section.defaultValue = inter ? std::vector<double>{24, 20, 20} : std::vector<double>{16, 24, 24};
    std::vector<ParamSpec> params{section};
    for (auto& spec : mrope::positionParams(inter ? mrope::PositionRule::Qwen3Vl : mrope::PositionRule::Qwen2Vl, true))
        params.push_back(std::move(spec));
    m.info.params = withRopeParams(std::move(params));
    m.validate = [layout](const ParamSet& p) {
        validateRope(p);
        (void)mrope::pairStreams(sections(p), static_cast<std::size_t>(rotaryDim(p) / 2), layout);
        (void)mrope::layoutTokens(mrope::parseLayout(layoutText(p)), mrope::positionOptionsFrom(p));
    };
    m.build = [layout](const ParamSet& p) {
        RotaryFrequencies f = plainRotary(ropeBase(p));
        auto streams = mrope::pairStreams(sections(p), f.pairs(), layout);
        for (int s = 0; s < 3; ++s)
            f.extras[std::string("pairs_") + "thw"[s]] = static_cast<double>(std::count(streams.begin(), streams.end(), s));
        auto ids = mrope::positionIds(mrope::parseLayout(layoutText(p)), mrope::positionOptionsFrom(p));
        f.extras["layout_tokens"] = static_cast<double>(ids.ids.size());
        return std::make_shared<const MropeEncoding>(std::move(f), std::move(streams), std::move(ids));
    };
    return m;
}

} // namespace

} // namespace posenc::methods

namespace posenc::mrope {

const std::vector<int>* pairStreamsOf(const Encoding& encoding)
{
    const auto* m = dynamic_cast<const methods::MropeEncoding*>(&encoding);
    return m ? &m->streams() : nullptr;
}

const PositionIds* positionIdsOf(const Encoding& encoding)
{
    const auto* m = dynamic_cast<const methods::MropeEncoding*>(&encoding);
    return m ? &m->ids() : nullptr;
}

} // namespace posenc::mrope

namespace posenc::methods {

MethodDef mropeMethod()
{
    return mropeDef(mrope::SectionLayout::Chunked);
}

MethodDef mropeInterleavedMethod()
{
    return mropeDef(mrope::SectionLayout::Interleaved);
}

} // namespace posenc::methods
