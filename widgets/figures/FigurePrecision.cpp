// SPDX-License-Identifier: GPL-3.0-or-later
// Precision figure (posenc/analysis/precision.h): the error of (cos, sin)(m theta) when the positions, theta or
// the product are held in float32, bfloat16 or float16, against the position, for the primary rotary method;
// vertical markers where neighbouring positions first become indistinguishable.
#include "FigureCompute_p.h"

#include "posenc/analysis/precision.h"

#include <QObject>

#include <algorithm>

namespace posenc::widgets::detail {

FigureData precisionFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods)
{
    const BuiltMethod* primary = nullptr;
    for (const auto& m : methods)
        if (m.encoding->rotary()) {
            primary = &m;
            break;
        }
    if (!primary)
        noneApplies(FigureKind::Precision, QObject::tr("rotary frequencies"), methods);
    const std::string stageName = request.options.has("stage") ? request.options.choice("stage") : "positions";
    analysis::PrecisionRequest r;
    r.maxPosition = std::max<std::int64_t>(2, request.length);
    r.stage = analysis::parsePrecisionStage(stageName);
    const auto res = analysis::analyzePrecision(*primary->encoding->rotary(), r);

    FigureData data;
    data.methodsDrawn = {primary->id};
    data.kind = FigureKind::Precision;
    const QString held = stageName == "theta"     ? QObject::tr("the frequencies θ")
                         : stageName == "product" ? QObject::tr("the products m θ")
                         : stageName == "all"     ? QObject::tr("positions, θ and m θ")
                                                  : QObject::tr("the positions m");
    data.title = QObject::tr("%1: error of (cos, sin) with %2 held in low precision").arg(primary->name, held);
    data.xLabel = QObject::tr("position m");
    data.yLabel = QObject::tr("largest error of (cos, sin) over the pairs");
    data.logX = true;
    data.logY = true;
    QStringList collisions, exact;
    for (const auto& c : res.curves) {
        // A format that holds every value exactly (float32 for positions below 2^24) has no error to draw on a
        // log axis: no line, so no legend entry; the note says so.
        if (std::none_of(c.maxError.begin(), c.maxError.end(), [](double e) { return e > 0; })) {
            exact << QString::fromStdString(toString(c.format));
            continue;
        }
        Curve curve;
        curve.name = QString::fromStdString(toString(c.format));
        // three distinct colours of the method palette, one per format
        curve.methodId = c.format == FloatFormat::F32 ? "rope" : c.format == FloatFormat::BF16 ? "yarn" : "pi";
        for (std::size_t k = 0; k < res.positions.size(); ++k)
            if (c.maxError[k] > 0) { // log axis: exact points are left out
                curve.x.push_back(res.positions[k]);
                curve.y.push_back(c.maxError[k]);
            }
        // float16's largest finite value is 65504: positions past it (the default stage) have no error to draw.
        // Said only when the view goes past it: at 32768 the curve's last point is the last one with an error.
        if (c.format == FloatFormat::F16 && !curve.x.empty() && !res.positions.empty() &&
            curve.x.back() < res.positions.back() && res.positions.back() > 65504)
            addNote(data, QObject::tr("float16 holds numbers only up to 65504: its curve ends at m = %1")
                              .arg(curve.x.back()));
        data.curves.push_back(std::move(curve));
        if (c.firstCollision >= 0) {
            data.verticalMarkers.push_back(
                {double(c.firstCollision), QObject::tr("%1: neighbours collide from m = %2")
                                                  .arg(QString::fromStdString(toString(c.format)))
                                                  .arg(c.firstCollision)});
            const auto pair = std::find(c.collision.begin(), c.collision.end(), c.firstCollision) - c.collision.begin();
            collisions << QObject::tr("%1 from m = %2 (pair %3)")
                              .arg(QString::fromStdString(toString(c.format)))
                              .arg(c.firstCollision)
                              .arg(pair);
        }
    }
    if (!exact.isEmpty())
        addNote(data, QObject::tr("%1: exact at every position up to %2 (no error to draw)")
                          .arg(joinNames(exact))
                          .arg(r.maxPosition));
    addNote(data,
            collisions.isEmpty()
                ? QObject::tr("No two neighbouring positions up to %1 become indistinguishable").arg(r.maxPosition)
                : QObject::tr("Neighbouring positions become indistinguishable: %1")
                      .arg(collisions.join(QObject::tr("; "))));
    return data;
}

} // namespace posenc::widgets::detail
