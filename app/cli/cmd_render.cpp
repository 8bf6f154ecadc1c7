// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc render VIEW`: the explorer's figure (computeFigure + FigureWidget + Exporter) written to a file without
// a display (Qt's offscreen platform).
#include "cli_common.h"
#include "commands_list.h"

#include "export/Exporter.h"
#include "figures/FigureWidget.h"
#include "posenc/errors.h"

#include <QApplication>
#include <qcustomplot.h>

#include <cmath>
#include <iostream>
#include <memory>

namespace posenc::cli {

namespace {

using widgets::FigureKind;

/// Drops the offscreen platform's notices (runtime directory, size hints); passes everything else on.
void quietHandler(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type != QtCriticalMsg && type != QtFatalMsg &&
        (message.contains(QLatin1String("XDG_RUNTIME_DIR")) || message.contains(QLatin1String("propagateSizeHints"))))
        return;
    std::cerr << qPrintable(qFormatLogMessage(type, context, message)) << "\n";
}

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!item.empty())
            out.push_back(item);
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return out;
}

/// The primary and the --compare methods. With --compare every parameter flag goes to the methods that take
/// it; a flag that no selected method takes is an error.
std::vector<MethodChoice> resolveMethods(const Args& args, const Command& self)
{
    if (!args.has("compare"))
        return {resolveMethod(args, self)};
    std::vector<std::string> ids = {primaryMethodId(args)};
    for (const auto& id : splitList(args.get("compare")))
        ids.push_back(id);
    std::vector<MethodChoice> out;
    for (const auto& id : ids)
        out.push_back(resolveMethodNamed(id, args, self, true));
    for (const auto& [name, value] : args.flags) {
        const bool own = isCommandOption(self, name);
        bool taken = false;
        for (const auto& c : out)
            taken = taken || c.def->findParam(name) != nullptr;
        if (!own && !taken)
            throw InvalidInput(name, "--" + name + " is not a parameter of any selected method");
    }
    return out;
}

widgets::FigureRequest buildRequest(const Args& args, FigureKind kind, const std::vector<MethodChoice>& methods)
{
    widgets::FigureRequest r;
    r.kind = kind;
    for (const auto& m : methods)
        r.methods.push_back({m.def->info.id, m.params});
    const long long defaultLength = kind == FigureKind::Similarity ? 512 : kind == FigureKind::Pca ? 2048 : 32768;
    r.length = intOption(args, "length", defaultLength, 1, std::int64_t(1) << 40);
    const auto& primary = *methods.front().encoding;
    if (kind == FigureKind::Heatmap) {
        if (args.has("view"))
            r.view = parseView(args.get("view"));
        else if (!primary.views().empty())
            r.view = primary.views().front();
        r.windowFirst = intOption(args, "start", 0, 0, r.length - 1);
        r.windowLast = intOption(args, "end", r.length, r.windowFirst + 1, r.length);
        r.sampling = choiceOption(args, "sampling", "mean", {"mean", "point"}) == "point" ? widgets::Sampling::Point
                                                                                          : widgets::Sampling::Mean;
        const std::string mode = choiceOption(args, "mode", "primary", {"primary", "side-by-side", "difference"});
        r.heatmapMode = mode == "side-by-side" ? widgets::HeatmapMode::SideBySide
                        : mode == "difference" ? widgets::HeatmapMode::Difference
                                               : widgets::HeatmapMode::Primary;
        r.head = static_cast<int>(intOption(args, "head", 0, 0, 1 << 20));
        r.viewOptions.probe = listOption(args, "probe");
        r.attentionFactorInView = choiceOption(args, "attention-factor-in-view", "false", {"true", "false"}) == "true";
        if (args.has("partner")) {
            const std::string partner = args.get("partner");
            r.partner = 0;
            for (std::size_t i = 1; i < methods.size(); ++i)
                if (methods[i].def->info.id == partner)
                    r.partner = static_cast<int>(i);
            if (r.partner == 0) {
                std::string compared;
                for (std::size_t i = 1; i < methods.size(); ++i)
                    compared += (compared.empty() ? "" : ", ") + methods[i].def->info.id;
                throw InvalidInput("partner", "--partner " + partner + " is not a --compare method" +
                                                  (compared.empty() ? std::string(" (none given)")
                                                                    : "; expected one of " + compared));
            }
        }
    }
    r.entropyTemperature = choiceOption(args, "temperature", "method", {"method", "none", "log-n", "seed-log2"});
    r.entropyScore = choiceOption(args, "score", "all-ones", {"all-ones", "expected-similar"});
    r.entropySigma2 = realOption(args, "sigma2", 1.0, 1e-300, 1e300);
    r.entropyLogX = choiceOption(args, "log-x", "true", {"true", "false"}) == "true";
    r.decayLogX = choiceOption(args, "log-x", "false", {"true", "false"}) == "true";
    r.decayMaxDistance = intOption(args, "max-distance", 256, 1, std::int64_t(1) << 31);
    r.decayNormalised = choiceOption(args, "normalise", "false", {"true", "false"}) == "true";
    r.boundsContextLength = static_cast<double>(intOption(args, "context-length", 0, 1, std::int64_t(1) << 40));
    r.boundsTrainLength = static_cast<double>(intOption(args, "train-length", 0, 1, std::int64_t(1) << 40));
    r.decayCurve =
        choiceOption(args, "curve", "auto", {"auto", "roformer-bound", "similar-token", "all-ones", "random-qk"});
    r.decaySamples = static_cast<int>(intOption(args, "samples", 64, 1, 1000000));
    r.similarityKind =
        choiceOption(args, "kind", primary.rotary() ? "relative-score" : "dot", {"dot", "cosine", "relative-score"});
    r.pcaComponents = static_cast<int>(intOption(args, "components", 3, 2, 3));
    return r;
}

int run(const Args& args, const Command& self)
{
    const FigureKind kind = widgets::parseFigureKind(args.positional.at(1));
    if (!args.has("output"))
        throw InvalidInput("output", "-o FILE is required (.png, .svg, .pdf, .csv or .npy)");
    const auto methods = resolveMethods(args, self);
    widgets::FigureRequest request = buildRequest(args, kind, methods);
    widgets::ExportOptions options;
    options.path = QString::fromStdString(args.get("output"));
    options.width = static_cast<int>(intOption(args, "width", 1200, 16, 20000));
    options.height = static_cast<int>(intOption(args, "height", 700, 16, 20000));
    options.scale = realOption(args, "scale", 1.0, 0.25, 8.0);
    if (widgets::Exporter::formatForPath(options.path) == widgets::ExportFormat::Auto)
        throw InvalidInput("output", "-o " + args.get("output") + ": use a .png, .svg, .pdf, .csv or .npy file name");

    // Compute first: invalid requests fail here, before any display machinery starts.
    widgets::FigureData data = widgets::computeFigure(request);

    // Headless: Qt's offscreen platform unless the caller chose one; its start-up chatter is not for the user.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const QtMessageHandler previous = qInstallMessageHandler(quietHandler);
    static int argc = 1;
    static char name[] = "posenc";
    static char* argv[] = {name, nullptr};
    std::unique_ptr<QApplication> app;
    if (!QApplication::instance())
        app = std::make_unique<QApplication>(argc, argv);

    widgets::FigureWidget figure;
    figure.resize(options.width, options.height);
    figure.setAttribute(Qt::WA_DontShowOnScreen);
    figure.show(); // lays the widget out at the export size (offscreen)
    QApplication::processEvents();
    qInstallMessageHandler(previous);
    if (kind == FigureKind::Heatmap && !args.has("pixels")) {
        // Lay the figure out at the export size, then compute one bin per device pixel of the heatmap.
        figure.setData(data);
        figure.plot()->replot(QCustomPlot::rpImmediateRefresh);
        request.pixelColumns = static_cast<int>(std::lround(figure.pixelColumns() * options.scale));
        request.pixelRows = static_cast<int>(std::lround(figure.pixelRows() * options.scale));
        data = widgets::computeFigure(request);
    } else if (args.has("pixels")) {
        request.pixelColumns = static_cast<int>(intOption(args, "pixels", 1024, 1, 65536));
        data = widgets::computeFigure(request);
    }
    figure.setData(data);
    const widgets::ExportResult result = widgets::Exporter::exportFigure(figure, options);
    if (!result.ok) {
        std::cerr << "posenc: " << result.message.toStdString() << "\n";
        return 1;
    }
    std::cerr << "posenc: " << result.message.toStdString() << " in " << std::lround(data.computeMs) << " ms\n";
    return 0;
}

} // namespace

Command renderCommand()
{
    Command c{
        {"render"},
        "posenc render heatmap|frequencies|ramp|decay|entropy|similarity|spectrum|pca|bounds --method M\n"
        "              [--PARAM VALUE ...] [--compare M2,M3] [--length N] -o out.png|svg|pdf|csv|npy\n"
        "              [--width 1200 --height 700 --scale 1]\n"
        "              heatmap: [--view V] [--sampling mean|point] [--mode primary|side-by-side|difference]\n"
        "                       [--start P --end P] [--head H] [--probe LIST] [--pixels BINS]\n"
        "                       [--partner M] [--attention-factor-in-view true|false]\n"
        "              decay: [--curve auto|roformer-bound|similar-token|all-ones|random-qk] [--samples K]\n"
        "                     [--max-distance N] [--log-x true|false] [--normalise true|false]\n"
        "              bounds: [--context-length L] [--train-length T]\n"
        "              entropy: [--temperature method|none|log-n|seed-log2] [--score all-ones|expected-similar]\n"
        "                       [--sigma2 V] [--log-x true|false]\n"
        "              similarity: [--kind dot|cosine|relative-score]   pca: [--components K]",
        "Renders the explorer's figure for VIEW without a display (PNG, SVG, PDF, or its data as CSV/NPY).",
        {{"compare", "more methods to overlay (comma-separated ids); parameter flags apply to each that takes them"},
         {"length", "positions (heatmap, similarity, spectrum, pca), max distance (decay), max context (entropy)"},
         {"width", "figure width in pixels (default 1200)"},
         {"height", "figure height in pixels (default 700)"},
         {"scale", "pixel-density factor: the PNG is width*scale x height*scale (default 1)"},
         {"view", "heatmap: matrix view (pe, cos, sin, angle, rotated, bias; default the method's first)"},
         {"sampling", "heatmap: mean (exact mean per pixel, default) or point (to show aliasing)"},
         {"mode", "heatmap: primary, side-by-side (primary and the first --compare) or difference"},
         {"start", "heatmap: first visible position (default 0)"},
         {"end", "heatmap: one past the last visible position (default --length)"},
         {"head", "heatmap: attention head for the bias view"},
         {"probe", "heatmap: probe vector for the rotated view"},
         {"pixels", "heatmap: bins across positions (default: one per device pixel)"},
         {"curve", "decay: which curve to draw for rotary methods"},
         {"samples", "decay: random q,k draws for random-qk"},
         {"max-distance", "decay: distances 0..N-1 (default 256, RoFormer Fig. 2)"},
         {"normalise", "decay: divide each curve by its value at distance 0 (default false)"},
         {"partner", "heatmap: the --compare method shown beside or subtracted from the primary (default the first)"},
         {"attention-factor-in-view",
          "heatmap side-by-side/difference: include each method's attention factor in cos/sin (default false)"},
         {"context-length", "bounds: target context L (default the primary's factor x L0)"},
         {"train-length", "bounds: training length T_train of every method (default the primary's L0)"},
         {"temperature", "entropy: none, method, log-n or seed-log2"},
         {"score", "entropy: all-ones or expected-similar"},
         {"sigma2", "entropy: variance for expected-similar"},
         {"log-x", "entropy (default true), decay (default false): logarithmic x axis"},
         {"kind", "similarity: dot, cosine (additive methods) or relative-score (rotary)"},
         {"components", "pca: 2 (PC1 vs PC2) or 3 (the three pairs of components; default)"}},
        true,
        {}};
    c.positionalArgs = 1;
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
