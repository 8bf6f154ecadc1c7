// SPDX-License-Identifier: GPL-3.0-or-later
// Grid view, "wavelengths": one panel per axis, every pair's wavelength 2π/θ_i in tokens of that axis (log y), the
// reference grid's extent and the target extent as horizontal lines; the pairs whose wavelength lies between them
// are shaded: they finish a turn only beyond the reference grid. For a diffusion model (reference: the pipeline's
// default size) those are angles the model never saw in training; a vision tower's reference is an example image.
#include "FigureCompute_p.h"
#include "FigureGrid_p.h"

#include <QObject>

#include <numbers>

namespace posenc::widgets::detail {

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;

/// The extent of axis `name` on a grid of t × h × w tokens (axes without a grid extent, FLUX's first axis and
/// FLUX.2's text index, have one id on the image: extent 1).
double extentOf(const std::string& name, const grid::Model& m, long long t, long long h, long long w)
{
    if (name == "h")
        return static_cast<double>(h);
    if (name == "w")
        return static_cast<double>(w);
    if (name == "t" && m.video)
        return static_cast<double>(t);
    return 1;
}

/// A preset's reference pixel size, worded for the interface (height × width, as the preset gives it).
QString sizeText(const grid::PixelSize& size)
{
    const QString height = QString::number(size.height), width = QString::number(size.width);
    if (size.frames > 0)
        return QObject::tr("%1 frames of %2×%3 pixels").arg(QString::number(size.frames), height, width);
    switch (size.kind) {
    case grid::PixelSize::Kind::ExampleImage:
        return QObject::tr("a %1×%2-pixel image").arg(height, width);
    case grid::PixelSize::Kind::FixedCrop:
        return QObject::tr("a %1×%2-pixel crop").arg(height, width);
    case grid::PixelSize::Kind::PipelineDefault:
        break;
    }
    return QObject::tr("%1×%2 pixels").arg(height, width);
}

} // namespace

FigureData gridWavelengthFigure(const FigureRequest& r, const GridSetup& s)
{
    FigureData data;
    data.title = QObject::tr("%1: wavelength of every pair per axis, reference grid %2×%3×%4 → target %5×%6×%7")
                     .arg(s.name)
                     .arg(s.refT)
                     .arg(s.refH)
                     .arg(s.refW)
                     .arg(s.t)
                     .arg(s.h)
                     .arg(s.w);
    QStringList fresh;
    bool larger = false; // the target exceeds the reference on some axis
    bool scaledNamed = false;
    for (std::size_t a = 0; a < s.model.axes.size(); ++a) {
        const auto& base = s.base.axes[a];
        const auto& now = s.model.axes[a];
        const QString name = QString::fromStdString(now.name);
        Panel p;
        p.title = QObject::tr("axis %1 (%2 channels)").arg(name).arg(now.dim);
        p.xLabel = QObject::tr("pair i of the axis");
        p.yLabel = a == 0 ? QObject::tr("wavelength (tokens)") : QString();
        p.logY = true;
        const int panel = static_cast<int>(data.panels.size());
        data.panels.push_back(p);
        Curve trained, scaled;
        trained.name = a == 0 ? QObject::tr("as trained") : QString();
        trained.color = gridAxisColour(now.name);
        trained.panel = panel;
        // named in the legend once: on the first axis whose frequencies changed (DyPE leaves FLUX.1's t alone)
        scaled.name = scaledNamed ? QString() : QObject::tr("scaled (PI / NTK / RIFLEx / DyPE)");
        scaled.color = QColor(40, 40, 40);
        scaled.dashed = true;
        scaled.panel = panel;
        bool differs = false;
        const double ref = extentOf(now.name, s.model, s.refT, s.refH, s.refW);
        const double target = extentOf(now.name, s.model, s.t, s.h, s.w);
        larger = larger || target > ref;
        int runFirst = -1;
        int count = 0;
        for (std::size_t i = 0; i < now.invFreq.size(); ++i) {
            // in tokens: LTX-Video's ids advance by its id unit per token, and its angle by 2 · id
            const double step = grid::tokenStep(s.model, static_cast<int>(a));
            const double l0 = kTwoPi / (base.invFreq[i] * step), l = kTwoPi / (now.invFreq[i] * step);
            trained.x.push_back(static_cast<double>(i));
            trained.y.push_back(l0);
            scaled.x.push_back(static_cast<double>(i));
            scaled.y.push_back(l);
            differs = differs || std::abs(l - l0) > 1e-12 * l0;
            const bool band = l0 > ref && l0 < target; // as trained: what a larger grid meets without a fix
            count += band ? 1 : 0;
            const bool last = i + 1 == now.invFreq.size();
            if (band && runFirst < 0)
                runFirst = static_cast<int>(i);
            if (runFirst >= 0 && (!band || last)) {
                const int runLast = band ? static_cast<int>(i) : static_cast<int>(i) - 1;
                data.spans.push_back({runFirst - 0.5, runLast + 0.5,
                                      s.model.tower && !s.model.fixedGrid ? QObject::tr("beyond the example")
                                                                          : QObject::tr("new angles"),
                                      QColor(220, 50, 47, 45), panel});
                runFirst = -1;
            }
        }
        data.curves.push_back(std::move(trained));
        if (differs) {
            data.curves.push_back(std::move(scaled));
            scaledNamed = true;
        }
        data.horizontalMarkers.push_back({ref, QObject::tr("reference %1").arg(num(ref)), panel});
        if (target != ref)
            data.horizontalMarkers.push_back({target, QObject::tr("target %1").arg(num(target)), panel});
        if (count > 0)
            fresh << QObject::tr("%1: %2 pairs").arg(name).arg(count);
    }
    // Qwen2.5-VL and Pixtral train at many sizes (native resolution; up to image_size/patch_size patches per side):
    // their reference is an example image, so angles beyond it are not known to be unseen. Llama 4's grid is fixed.
    const bool example = s.model.tower && !s.model.fixedGrid;
    addNote(
        data,
        example
            ? QObject::tr(
                  "Shaded: pairs whose trained wavelength is longer than the reference extent but "
                  "shorter than the target extent. At their trained frequencies they turn on the "
                  "target grid through angles this example image does not reach; the tower is trained on larger images "
                  "too, so these angles are not necessarily unseen in training")
            : QObject::tr("Shaded: pairs whose trained wavelength is longer than the reference extent "
                          "but shorter than the target extent. They complete a turn only beyond the "
                          "reference grid, so at their trained frequencies the target grid turns them "
                          "through angles never seen in training (shorter wavelengths had turned fully; "
                          "much longer ones move on a short new arc)"));
    if (scaledNamed) // PI / NTK / RIFLEx / DyPE change what the target grid meets; the shading does not follow them
        addNote(data, QObject::tr("The shading follows the trained wavelengths (what the target grid meets without a "
                                  "fix), not the scaled ones drawn dashed"));
    addNote(data, !fresh.isEmpty() ? QObject::tr("Shaded pairs: %1").arg(fresh.join(QObject::tr(", ")))
                  : larger ? QObject::tr("No pair is shaded: on the axes where the target grid is larger, no trained "
                                         "wavelength lies between the reference and the target extent")
                           : QObject::tr("No pair is shaded: the target grid is not larger than the reference grid on "
                                         "any axis (set H, W or Frames)"));
    if (s.refSize)
        addNote(data,
                !s.model.tower ? QObject::tr("Reference grid: the pipeline's default size %1").arg(sizeText(*s.refSize))
                : s.model.fixedGrid
                    ? QObject::tr("Reference grid: the tower's fixed grid, %1 (a larger image is cut into tiles of "
                                  "this grid)")
                          .arg(sizeText(*s.refSize))
                : s.model.maxSide > 0
                    ? QObject::tr("Reference grid: an example, %1, not a training limit (the tower takes up to "
                                  "image_size/patch_size = %2 patches per side)")
                          .arg(sizeText(*s.refSize))
                          .arg(s.model.maxSide)
                    : QObject::tr("Reference grid: an example, %1, not a training limit (the tower reads "
                                  "images at their native resolution)")
                          .arg(sizeText(*s.refSize)));
    addGridNotes(data, s, r);
    addDypeNotes(data, s, DypePicture::AnglesOrWavelengths);
    return data;
}

} // namespace posenc::widgets::detail
