// SPDX-License-Identifier: GPL-3.0-or-later
// The Matrix view's level-of-detail note: how each bin was computed (exact mean, closed form, point samples and
// why), in the user's language.
#include "FigureCompute_p.h"

#include "i18n/CoreText.h"

#include <QObject>

#include <algorithm>

namespace posenc::widgets::detail {

/// The level-of-detail note in the user's language (core writes it in English; the same English text results when
/// no translator is installed, so exported figures and the CLI read as before).
QString lodNote(const LodMatrix& lod, const LodRequest& request, bool tokens, bool float32)
{
    std::int64_t widest = 0;
    for (std::size_t i = 1; i < lod.rowEdges.size(); ++i)
        widest = std::max(widest, lod.rowEdges[i] - lod.rowEdges[i - 1]);
    const QString perBin =
        (tokens ? QObject::tr("%1 tokens per bin") : QObject::tr("%1 positions per bin")).arg(widest);
    switch (lod.method) {
    case LodMethod::PerPosition:
        return QObject::tr("one row per position (exact values)");
    case LodMethod::ClosedForm:
        return QObject::tr("each bin is the exact mean over its positions (closed-form geometric series, up to %1)")
            .arg(perBin);
    case LodMethod::MeanPyramid:
        return QObject::tr("each bin is the exact mean over its rows of the table (mean pyramid, up to %1)")
            .arg(perBin);
    case LodMethod::ExactSummation:
        return (tokens ? QObject::tr("each bin is the exact mean over its tokens (summed, up to %1)")
                       : QObject::tr("each bin is the exact mean over its positions (summed, up to %1)"))
            .arg(perBin);
    case LodMethod::PointSampled: {
        if (request.sampling == LodSampling::Point && request.view == View::Bias) {
            std::int64_t keys = 0; // the key bins follow the plot's height, the query bins its width
            for (std::size_t i = 1; i < lod.colEdges.size(); ++i)
                keys = std::max(keys, lod.colEdges[i] - lod.colEdges[i - 1]);
            return QObject::tr("point sampling: each cell shows the bias at the first query and the first key of its "
                               "block (1 of up to %1 × %2 pairs)")
                .arg(widest)
                .arg(keys);
        }
        if (request.sampling == LodSampling::Point)
            return (tokens ? QObject::tr("point sampling: each bin shows the value at its first token only (1 of up to "
                                         "%1), so dimensions with wavelengths near or below the bin width alias")
                           : QObject::tr("point sampling: each bin shows the value at its first position only (1 of up "
                                         "to %1), so dimensions with wavelengths near or below the bin width alias"))
                .arg(perBin);
        // The mean was asked for, but the view has no closed form and the bins are wider than the summation cap
        // (core/src/lod/lod.cpp): the angle (a sawtooth), an M-RoPE whose tokens turn by their ids, or an engine's
        // float32 arithmetic (each angle rounded on its own). The bias view is never here (prefix sums).
        QString fallback;
        if (request.view == View::Angle)
            fallback = tokens ? QObject::tr("“%1” has no closed-form mean (an angle is a sawtooth, not a phasor sum): "
                                            "exact means are summed up to %2 tokens per bin; at %3 each bin shows the "
                                            "value at its first token, so dimensions with wavelengths near or below "
                                            "the bin width alias")
                              : QObject::tr("“%1” has no closed-form mean (an angle is a sawtooth, not a phasor sum): "
                                            "exact means are summed up to %2 positions per bin; at %3 each bin shows "
                                            "the value at its first position, so dimensions with wavelengths near or "
                                            "below the bin width alias");
        else if (tokens)
            fallback = QObject::tr("“%1” of an M-RoPE with a token layout has no closed-form mean (its tokens turn by "
                                   "their (t, h, w) ids, not by m): exact means are summed up to %2 tokens per bin; at "
                                   "%3 each bin shows the value at its first token, so dimensions with wavelengths "
                                   "near or below the bin width alias");
        else if (float32)
            fallback =
                QObject::tr("“%1” in the engine's own float32 arithmetic has no closed-form mean (each angle "
                            "fl(m·θ) is rounded on its own, not a geometric series in m): exact means are summed "
                            "up to %2 positions per bin; at %3 each bin shows the value at its first position, "
                            "so dimensions with wavelengths near or below the bin width alias");
        if (!fallback.isEmpty())
            return fallback.arg(CoreText::choice(toString(request.view))).arg(request.exactSumCap).arg(perBin);
        break;
    }
    case LodMethod::BiasPrefixSums:
        return QObject::tr("each cell is the exact mean bias over its query x key block (masked future keys excluded)");
    }
    return QString::fromStdString(lod.note);
}

} // namespace posenc::widgets::detail
