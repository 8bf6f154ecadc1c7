// SPDX-License-Identifier: GPL-3.0-or-later
// Figures backed by the analysis API (posenc/analysis/*.h).
#include "FigureCompute_p.h"

namespace posenc::widgets::detail {

namespace {

FigureData notYet(const QString& what)
{
    FigureData data;
    data.title = what;
    addNote(data, QStringLiteral("The %1 analysis is not available in core yet; nothing is drawn rather than "
                                 "approximate data")
                      .arg(what.toLower()));
    return data;
}

} // namespace

FigureData decayFigure(const FigureRequest&, const std::vector<BuiltMethod>&, const FigureProgress&)
{
    return notYet(QStringLiteral("Decay"));
}

FigureData entropyFigure(const FigureRequest&, const std::vector<BuiltMethod>&, const FigureProgress&)
{
    return notYet(QStringLiteral("Entropy"));
}

FigureData similarityFigure(const FigureRequest&, const std::vector<BuiltMethod>&, const FigureProgress&)
{
    return notYet(QStringLiteral("Similarity"));
}

FigureData spectrumFigure(const FigureRequest&, const std::vector<BuiltMethod>&, const FigureProgress&)
{
    return notYet(QStringLiteral("Spectrum"));
}

FigureData pcaFigure(const FigureRequest&, const std::vector<BuiltMethod>&, const FigureProgress&)
{
    return notYet(QStringLiteral("PCA"));
}

FigureData boundsFigure(const FigureRequest&, const std::vector<BuiltMethod>&)
{
    return notYet(QStringLiteral("Bounds"));
}

} // namespace posenc::widgets::detail
