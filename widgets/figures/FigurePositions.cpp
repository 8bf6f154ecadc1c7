// SPDX-License-Identifier: GPL-3.0-or-later
// Positions figure: the (t, h, w) ids of every token of the primary M-RoPE method's token layout (the ids its
// encoding rotates by: posenc/mrope.h positionIdsOf, as transformers' get_rope_index computes them), one panel per
// stream, the tokens coloured by modality (text, image, video). Dual chunk attention's distances: FigureDualChunk.cpp.
#include "FigureCompute_p.h"
#include "i18n/CoreText.h"

#include "posenc/io/hf_config.h"
#include "posenc/mrope.h"

#include <QObject>

#include <algorithm>

namespace posenc::widgets::detail {

namespace {

constexpr std::size_t kMostDots = 4096; ///< per panel and modality; beyond it every k-th token (said in the note)

QColor modalityColour(mrope::Modality m)
{
    return m == mrope::Modality::Text    ? QColor(QStringLiteral("#222222"))
           : m == mrope::Modality::Image ? QColor(QStringLiteral("#E69F00"))
                                         : QColor(QStringLiteral("#0072B2"));
}

QString modalityName(mrope::Modality m)
{
    return m == mrope::Modality::Text    ? QObject::tr("text")
           : m == mrope::Modality::Image ? QObject::tr("image")
                                         : QObject::tr("video");
}

} // namespace

FigureData positionsFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods)
{
    const BuiltMethod* m = nullptr;
    for (const auto& b : methods)
        if (!m && mrope::positionIdsOf(*b.encoding))
            m = &b;
    // "show": auto draws the ids of a compared M-RoPE method, else the loaded config's dual chunk distances.
    const std::string show = request.options.choice("show");
    if (show == "dual-chunk" || (show == "auto" && !m && request.config && request.config->dualChunk))
        return dualChunkFigure(request);
    FigureData data;
    if (!m) { // said on the figure (as the Layers view without a config), so that render-all draws every view
        data.title = QObject::tr("No M-RoPE method is selected");
        addNote(data, QObject::tr("The positions view draws the (t, h, w) ids of an M-RoPE method's token layout: "
                                  "compare mrope or mrope-interleaved, e.g. the presets Qwen2.5-VL-7B or Qwen3-VL-8B"));
        addNote(data, QObject::tr("With Show: dual-chunk, or a config with dual_chunk_attention_config loaded (the "
                                  "preset Qwen2.5-7B-Instruct-1M), it draws the distances of dual chunk attention"));
        return data;
    }
    const mrope::PositionIds& ids = *mrope::positionIdsOf(*m->encoding);
    const std::string layout = m->params.has("token-layout") ? m->params.choice("token-layout") : std::string();

    data.title = QObject::tr("%1: (t, h, w) position ids of %2 tokens")
                     .arg(m->name)
                     .arg(layout.empty() ? 64 : ids.ids.size());
    const QString streams[3] = {QObject::tr("t (temporal)"), QObject::tr("h (height)"), QObject::tr("w (width)")};
    // without a layout every token is text: 64 of them show that the three ids are the index
    const std::size_t n = layout.empty() ? 64 : ids.ids.size();
    const std::size_t step = std::max<std::size_t>(1, (n + kMostDots - 1) / kMostDots);
    for (int s = 0; s < 3; ++s) {
        Panel p;
        p.title = streams[s];
        p.xLabel = QObject::tr("token");
        p.yLabel = QObject::tr("position id");
        data.panels.push_back(p);
        for (auto modality : {mrope::Modality::Text, mrope::Modality::Image, mrope::Modality::Video}) {
            Curve c;
            c.points = true;
            c.color = modalityColour(modality);
            c.panel = s;
            for (std::size_t k = 0; k < n; k += step)
                if ((k < ids.modality.size() ? ids.modality[k] : mrope::Modality::Text) == modality) {
                    c.x.push_back(static_cast<double>(k));
                    const auto id = ids.at(static_cast<std::int64_t>(k));
                    c.y.push_back(static_cast<double>(id[static_cast<std::size_t>(s)]));
                }
            if (c.x.empty())
                continue;
            c.name = s == 0 ? modalityName(modality) : QString();
            data.curves.push_back(std::move(c));
        }
    }
    std::int64_t maxId = -1;
    for (const auto& t : ids.ids)
        maxId = std::max({maxId, t[0], t[1], t[2]}); // HF's mrope_position_deltas: max id + 1 - tokens
    if (layout.empty())
        addNote(data, QObject::tr("No token layout: every token is text and all three ids are its index (M-RoPE is then "
                                  "RoPE); set the method's token layout, e.g. text:4,image:8x8,text:4"));
    else
        addNote(data, QObject::tr("Token layout %1 (rule %2, spatial merge %3); the next text token gets id %4; HF's "
                                  "rope delta %5")
                          .arg(QString::fromStdString(layout), QString::fromStdString(m->params.choice("position-rule")))
                          .arg(m->params.integer("spatial-merge-size"))
                          .arg(ids.next)
                          .arg(CoreText::minusSign(QString::number(maxId + 1 - static_cast<std::int64_t>(n)))));
    if (step > 1)
        addNote(data, QObject::tr("One token in %1 drawn (%2 tokens)").arg(step).arg(n));
    return data;
}

} // namespace posenc::widgets::detail
