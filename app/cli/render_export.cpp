// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc render`: the offscreen QApplication, drawing at the export size and --frames export (render_parts.h).
#include "render_parts.h"

#include "export/Exporter.h"
#include "figures/FigureWidget.h"
#include "posenc/errors.h"

#include <QApplication>
#include <qcustomplot.h>

#include <cmath>
#include <cstdio>
#include <iostream>

namespace posenc::cli {

namespace {

/// Drops the offscreen platform's notices (runtime directory, size hints); passes everything else on.
void quietHandler(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type != QtCriticalMsg && type != QtFatalMsg &&
        (message.contains(QLatin1String("XDG_RUNTIME_DIR")) || message.contains(QLatin1String("propagateSizeHints"))))
        return;
    std::cerr << qPrintable(qFormatLogMessage(type, context, message)) << "\n";
}

} // namespace

std::unique_ptr<QApplication> offscreenApplication()
{
    if (QApplication::instance())
        return nullptr;
    // Headless: Qt's offscreen platform unless the caller chose one; its start-up chatter is not for the user.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Stays installed: the notices also come when the first widget is shown; everything else is passed on.
    qInstallMessageHandler(quietHandler);
    static int argc = 1;
    static char name[] = "posenc";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QApplication>(argc, argv);
}

widgets::ExportResult drawAndExport(const Args& args, const widgets::FigureSpec& spec, widgets::FigureRequest request,
                                    const widgets::ExportOptions& options, const SlideOptions& slide,
                                    widgets::FigureWidget& figure, std::optional<widgets::FigureData> computed)
{
    widgets::FigureData data = computed ? std::move(*computed) : widgets::computeFigure(request);
    if (spec.positionAxis && !args.has("pixels")) {
        // Lay the figure out at the export size, then compute one bin per device pixel of the heatmap.
        figure.setData(data);
        figure.plot()->replot(QCustomPlot::rpImmediateRefresh);
        request.pixelColumns = static_cast<int>(std::lround(figure.pixelColumns() * options.scale));
        request.pixelRows = static_cast<int>(std::lround(figure.pixelRows() * options.scale));
        data = widgets::computeFigure(request);
    } else if (args.has("pixels")) {
        request.pixelColumns = static_cast<int>(intOption(args, "pixels"));
        data = widgets::computeFigure(request);
    }
    if (slide.title)
        data.title = *slide.title;
    data.caption = slide.caption;
    data.source = slide.source;
    figure.setData(data);
    widgets::applyFigureTheme(*figure.plot(), slide.theme);
    return widgets::Exporter::exportFigure(figure, options);
}

std::optional<Frames> framesOf(const Args& args, const widgets::FigureSpec& spec, const widgets::FigureRequest& r)
{
    if (!args.has("frames"))
        return std::nullopt;
    if (spec.animated.empty()) {
        std::string animated;
        for (const auto& s : widgets::figureSpecs())
            if (!s.animated.empty())
                animated += (animated.empty() ? "" : ", ") + s.id;
        throw InvalidInput("frames", "--frames applies to animated views (" + animated + "), not " + spec.id);
    }
    const ParamSpec* option = widgets::figureOption(spec.kind, spec.animated);
    Frames f;
    f.count = intOption(args, "frames");
    f.first = r.options.has(spec.animated) ? r.options.integer(spec.animated)
                                           : static_cast<long long>(std::get<double>(option->defaultValue));
    f.step = r.options.has(spec.animationStep) ? r.options.integer(spec.animationStep) : 1;
    const double last = static_cast<double>(f.first) + static_cast<double>(f.step) * static_cast<double>(f.count - 1);
    if (last > option->max)
        throw InvalidInput("frames", "--frames " + std::to_string(f.count) + ": the last frame's --" + spec.animated +
                                         " would be " + formatNumber(last) + ", above its maximum " +
                                         formatNumber(option->max));
    f.folder = args.get("output");
    std::error_code ec;
    if (std::filesystem::exists(f.folder, ec) && !std::filesystem::is_directory(f.folder, ec))
        throw InvalidInput("output", "--frames: -o " + args.get("output") + " exists and is not a folder");
    return f;
}

int exportFrames(const Args& args, const widgets::FigureSpec& spec, widgets::FigureRequest request,
                 widgets::ExportOptions options, const SlideOptions& slide, widgets::FigureWidget& figure,
                 const Frames& frames)
{
    std::error_code ec;
    const bool created = !std::filesystem::exists(frames.folder, ec);
    std::filesystem::create_directories(frames.folder, ec);
    if (ec) {
        std::cerr << "posenc: cannot create the folder " << frames.folder.string() << ": " << ec.message() << "\n";
        return 1;
    }
    std::vector<std::filesystem::path> written;
    const auto undo = [&] {
        for (const auto& file : written)
            std::filesystem::remove(file, ec);
        if (created)
            std::filesystem::remove(frames.folder, ec);
    };
    for (long long k = 0; k < frames.count; ++k) {
        char name[32];
        std::snprintf(name, sizeof name, "-%04lld.png", k);
        const std::filesystem::path file = frames.folder / (spec.id + name);
        options.path = QString::fromStdString(file.string());
        request.options.set(spec.animated, static_cast<double>(frames.first + k * frames.step));
        widgets::ExportResult result;
        try {
            result = drawAndExport(args, spec, request, options, slide, figure);
        } catch (...) {
            undo();
            throw;
        }
        if (!result.ok) {
            undo();
            std::cerr << "posenc: " << result.message.toStdString() << " (no frame kept)\n";
            return 1;
        }
        written.push_back(file);
    }
    std::cerr << "posenc: wrote " << frames.count << " frames (" << spec.animated << " " << frames.first << " to "
              << frames.first + (frames.count - 1) * frames.step << ") to " << frames.folder.string() << "\n";
    return 0;
}

} // namespace posenc::cli
