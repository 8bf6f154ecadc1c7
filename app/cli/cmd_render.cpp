// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc render VIEW`: the explorer's figure (computeFigure + FigureWidget + Exporter) written to a file without
// a display (Qt's offscreen platform).
#include "cli_common.h"
#include "commands_list.h"

#include "export/Exporter.h"
#include "figures/FigureTheme.h"
#include "figures/FigureWidget.h"
#include "posenc/errors.h"

#include <QApplication>
#include <qcustomplot.h>

#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <optional>

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
        if (item.find_first_not_of(' ') == std::string::npos)
            throw InvalidInput("compare", "--compare '" + text +
                                              "': empty method id in the list (expected ids "
                                              "separated by single commas)");
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
    const auto& primary = *methods.front().encoding;
    // A loaded table shows all its positions by default.
    const long long defaultLength = primary.maxPositions() > 0       ? primary.maxPositions()
                                    : kind == FigureKind::Similarity ? 512
                                    : kind == FigureKind::Pca        ? 2048
                                                                     : 32768;
    r.length = args.has("length") ? intOption(args, "length") : defaultLength;
    if (kind == FigureKind::Heatmap) {
        if (args.has("view"))
            r.view = parseView(args.get("view"));
        else if (!primary.views().empty())
            r.view = primary.views().front();
        r.windowFirst = intOption(args, "start");
        checkRange("start", static_cast<double>(r.windowFirst), 0, static_cast<double>(r.length - 1));
        r.windowLast = args.has("end") ? intOption(args, "end") : r.length;
        checkRange("end", static_cast<double>(r.windowLast), static_cast<double>(r.windowFirst + 1),
                   static_cast<double>(r.length));
        r.sampling = choiceOption(args, "sampling") == "point" ? widgets::Sampling::Point : widgets::Sampling::Mean;
        const std::string mode = choiceOption(args, "mode");
        r.heatmapMode = mode == "side-by-side" ? widgets::HeatmapMode::SideBySide
                        : mode == "difference" ? widgets::HeatmapMode::Difference
                                               : widgets::HeatmapMode::Primary;
        r.head = static_cast<int>(intOption(args, "head"));
        r.viewOptions.probe = listOption(args, "probe");
        r.attentionFactorInView = choiceOption(args, "attention-factor-in-view") == "true";
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
                throw InvalidInput(
                    "partner", "--partner " + partner + " is not a --compare method" +
                                   (compared.empty() ? std::string(" (none given)") : "; expected one of " + compared));
            }
        }
    }
    r.entropyTemperature = choiceOption(args, "temperature");
    r.entropyScore = choiceOption(args, "score");
    r.entropySigma2 = realOption(args, "sigma2");
    // --log-x: entropy's length axis is logarithmic unless asked otherwise, decay's distance axis linear.
    r.entropyLogX = args.has("log-x") ? choiceOption(args, "log-x") == "true" : true;
    r.decayLogX = args.has("log-x") && choiceOption(args, "log-x") == "true";
    r.decayMaxDistance = intOption(args, "max-distance");
    r.decayNormalised = choiceOption(args, "normalise") == "true";
    r.boundsContextLength = args.has("context-length") ? static_cast<double>(intOption(args, "context-length")) : 0.0;
    r.boundsTrainLength = args.has("train-length") ? static_cast<double>(intOption(args, "train-length")) : 0.0;
    r.decayCurve = choiceOption(args, "curve");
    r.decaySamples = static_cast<int>(intOption(args, "samples"));
    r.similarityKind = args.has("kind") ? choiceOption(args, "kind") : primary.rotary() ? "relative-score" : "dot";
    r.pcaComponents = static_cast<int>(intOption(args, "components"));
    return r;
}

struct SlideOptions {
    std::optional<QString> title;
    double fontScale = 1.0;
    std::optional<widgets::ColorMapKind> colorMap;
    widgets::FigureTheme theme = widgets::FigureTheme::Light;
};

/// Colour map ids for --colormap: the first word of each map's name, lower case ("diverging", "grey", ...).
std::string colorMapId(widgets::ColorMapKind kind)
{
    return widgets::colorMapName(kind).section(QLatin1Char(' '), 0, 0).toLower().toStdString();
}

std::vector<std::string> colorMapIds()
{
    std::vector<std::string> ids;
    for (const auto kind : widgets::allColorMaps())
        ids.push_back(colorMapId(kind));
    return ids;
}

std::vector<std::string> themeIds()
{
    std::vector<std::string> ids;
    for (const auto& t : widgets::figureThemeNames())
        ids.push_back(t.toStdString());
    return ids;
}

SlideOptions slideOptions(const Args& args)
{
    SlideOptions o;
    if (args.has("title"))
        o.title = QString::fromStdString(args.get("title"));
    o.fontScale = realOption(args, "font-scale");
    if (args.has("colormap")) {
        const std::string id = choiceOption(args, "colormap");
        for (const auto kind : widgets::allColorMaps())
            if (colorMapId(kind) == id)
                o.colorMap = kind;
    }
    const std::string theme = choiceOption(args, "theme");
    o.theme = theme == "dark" ? widgets::FigureTheme::Dark : widgets::FigureTheme::Light;
    return o;
}

/// Peak memory from the arguments, before anything is allocated: the image (and its encoding buffers) and the
/// figure's data (heatmaps are computed at screen resolution whatever the length).
void checkRenderMemory(const Args& args, const widgets::FigureRequest& request,
                       const std::vector<MethodChoice>& methods, const widgets::ExportOptions& options)
{
    const double w = std::ceil(options.width * options.scale), h = std::ceil(options.height * options.scale);
    checkMemory(args,
                args.has("scale")   ? "scale"
                : args.has("width") ? "width"
                                    : "height",
                12.0 * w * h, "a " + formatNumber(w) + " x " + formatNumber(h) + " px image");
    const double n = static_cast<double>(request.length), count = static_cast<double>(methods.size());
    double heads = 0, row = 8;
    for (const auto& m : methods) {
        heads = std::max(heads, static_cast<double>(m.encoding->biasHeads()));
        row = std::max(row, encodingRowBytes(*m.encoding));
    }
    double bytes = 0;
    switch (request.kind) {
    case FigureKind::Decay:
        bytes = 8.0 * n * count * (8.0 + heads);
        break;
    case FigureKind::Entropy:
        bytes = 64.0 * n * count;
        break;
    case FigureKind::Similarity:
        bytes = 8.0 * n * n + 2.0 * n * row;
        break;
    case FigureKind::Spectrum:
    case FigureKind::Pca:
        bytes = 3.0 * n * row * count;
        break;
    default:
        break;
    }
    checkMemory(args, heads > 1 && request.kind == FigureKind::Decay ? "num-heads" : "length", bytes,
                "the " + args.positional.at(1) + " figure's data for " + formatNumber(count) + " method(s)");
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
    options.width = static_cast<int>(intOption(args, "width"));
    options.height = static_cast<int>(intOption(args, "height"));
    options.scale = realOption(args, "scale");
    const SlideOptions slide = slideOptions(args);
    // Font scale for slides: lay the figure out on a canvas smaller by the factor and export it denser by the
    // same factor: the same pixels, with text and lines that many times larger.
    options.width = std::max(16, static_cast<int>(std::lround(options.width / slide.fontScale)));
    options.height = std::max(16, static_cast<int>(std::lround(options.height / slide.fontScale)));
    options.scale *= slide.fontScale;
    if (widgets::Exporter::formatForPath(options.path) == widgets::ExportFormat::Auto)
        throw InvalidInput("output", "-o " + args.get("output") + ": use a .png, .svg, .pdf, .csv or .npy file name");

    checkRenderMemory(args, request, methods, options);

    // Compute first: invalid requests fail here, before any display machinery starts.
    const auto started = std::chrono::steady_clock::now(); // the reported time includes the export (write)
    widgets::FigureData data = widgets::computeFigure(request);
    if (slide.title)
        data.title = *slide.title;

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
        request.pixelColumns = static_cast<int>(intOption(args, "pixels"));
        data = widgets::computeFigure(request);
    }
    if (slide.title)
        data.title = *slide.title;
    if (slide.colorMap)
        figure.setColorMap(*slide.colorMap);
    figure.setData(data);
    widgets::applyFigureTheme(*figure.plot(), slide.theme);
    const widgets::ExportResult result = widgets::Exporter::exportFigure(figure, options);
    if (!result.ok) {
        std::cerr << "posenc: " << result.message.toStdString() << "\n";
        return 1;
    }
    const auto totalMs =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    std::cerr << "posenc: " << result.message.toStdString() << " in " << totalMs << " ms (compute and write)\n";
    return 0;
}

} // namespace

Command renderCommand()
{
    Command c{
        {"render"},
        "posenc render heatmap|frequencies|ramp|decay|entropy|similarity|spectrum|pca|bounds --method M\n"
        "              [--PARAM VALUE ...] [--compare M2,M3] [--length N] -o out.png|svg|pdf|csv|npy\n"
        "              [--input FILE[:TENSOR]] (a learned table: .npy, .safetensors, .csv)\n"
        "              [--width 1200 --height 700 --scale 1]\n"
        "              [--title TEXT] [--font-scale F] [--colormap diverging|cyclic|sequential|grey]\n"
        "              [--theme light|dark]\n"
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
         intOpt("length",
                "positions (heatmap, similarity, spectrum, pca), max distance (decay), max context (entropy); "
                "default 32768 (similarity 512, pca 2048; with --input the whole table)",
                std::nullopt, 1, 1099511627776.0),
         intOpt("width", "figure width in pixels", 1200, 16, 20000),
         intOpt("height", "figure height in pixels", 700, 16, 20000),
         realOpt("scale", "pixel-density factor: the PNG is width*scale x height*scale", 1.0, 0.25, 8.0),
         {"title", "figure title (default: generated from the view and method)"},
         realOpt("font-scale", "text and line size factor for slides (same output size)", 1.0, 0.5, 4.0),
         choiceOpt("colormap", "heatmap colour map (default: the data's)", "", colorMapIds()),
         choiceOpt("theme", "background", themeIds().front(), themeIds()),
         {"view", "heatmap: matrix view (pe, cos, sin, angle, rotated, bias; default the method's first)"},
         choiceOpt("sampling", "heatmap: mean (exact mean per pixel) or point (to show aliasing)", "mean",
                   {"mean", "point"}),
         choiceOpt("mode", "heatmap: primary, side-by-side (primary and the first --compare) or difference", "primary",
                   {"primary", "side-by-side", "difference"}),
         intOpt("start", "heatmap: first visible position, below --length", 0, 0, 1099511627775.0),
         intOpt("end", "heatmap: one past the last visible position (default --length)", std::nullopt, 1,
                1099511627776.0),
         intOpt("head", "heatmap: attention head for the bias view", 0, 0, 1 << 20),
         listOpt("probe", "heatmap: probe vector for the rotated view", -1e300, 1e300),
         intOpt("pixels", "heatmap: bins across positions (default: one per device pixel)", std::nullopt, 1, 65536),
         {"partner", "heatmap: the --compare method shown beside or subtracted from the primary (default the first)"},
         choiceOpt("attention-factor-in-view",
                   "heatmap side-by-side/difference: include each method's attention factor in cos/sin", "false",
                   {"true", "false"}),
         choiceOpt("curve", "decay: which curve to draw for rotary methods", "auto",
                   {"auto", "roformer-bound", "similar-token", "all-ones", "random-qk"}),
         intOpt("samples", "decay: random q,k draws for random-qk", 64, 1, 1000000),
         intOpt("max-distance", "decay: distances 0..N-1 (RoFormer Fig. 2)", 256, 1, 2147483648.0),
         choiceOpt("normalise", "decay: divide each curve by its value at distance 0", "false", {"true", "false"}),
         intOpt("context-length", "bounds: target context L (default the primary's factor x L0)", std::nullopt, 1,
                1099511627776.0),
         intOpt("train-length", "bounds: training length T_train of every method (default the primary's L0)",
                std::nullopt, 1, 1099511627776.0),
         choiceOpt("temperature", "entropy: temperature rule", "method", {"method", "none", "log-n", "seed-log2"}),
         choiceOpt("score", "entropy: score model", "all-ones", {"all-ones", "expected-similar"}),
         realOpt("sigma2", "entropy: variance for expected-similar", 1.0, 1e-300, 1e300),
         choiceOpt("log-x", "entropy (default true), decay (default false): logarithmic x axis", "", {"true", "false"}),
         choiceOpt("kind", "similarity: dot, cosine (additive methods) or relative-score (rotary; its default)", "",
                   {"dot", "cosine", "relative-score"}),
         intOpt("components", "pca: 2 (PC1 vs PC2) or 3 (the three pairs of components)", 3, 2, 3)},
        true,
        {}};
    c.positionalArgs = 1;
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
