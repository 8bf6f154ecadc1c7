// SPDX-License-Identifier: GPL-3.0-or-later
// posenc-explorer: the interactive GUI (and its benchmark mode).
#include "MainWindow.h"
#include "BenchmarkMode.h"
#include "WindowHost.h"
#include "explorer/GuardedApplication.h"
#include "explorer/Settings.h"
#include "explorer/ViewCoordinator.h"

#include "posenc/version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>

namespace {

constexpr int kExitNoDisplay = 3;

bool envSet(const char* name)
{
    const char* v = std::getenv(name);
    return v && *v;
}

/// Qt would abort with a terse plugin error; say what is missing and what to use instead.
bool displayAvailable()
{
#if defined(Q_OS_LINUX) || defined(Q_OS_FREEBSD)
    return envSet("DISPLAY") || envSet("WAYLAND_DISPLAY") || envSet("QT_QPA_PLATFORM");
#else
    return true;
#endif
}

std::vector<posenc::widgets::BenchmarkMode::Case> benchmarkCases(const QString& lengths, int steps)
{
    std::vector<posenc::widgets::BenchmarkMode::Case> cases;
    for (const auto& part : lengths.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const qint64 n = part.trimmed().toLongLong(&ok);
        if (!ok || n < 2) {
            std::fprintf(stderr, "posenc-explorer: --lengths expects comma-separated integers >= 2, got '%s'\n",
                         qPrintable(part));
            std::exit(2);
        }
        cases.push_back({n, steps});
    }
    return cases;
}

} // namespace

int main(int argc, char** argv)
{
    if (!displayAvailable()) {
        std::fprintf(stderr,
                     "posenc-explorer: no display found (DISPLAY and WAYLAND_DISPLAY are unset and QT_QPA_PLATFORM "
                     "is not set).\n"
                     "To render figures without a display, use the command line:\n"
                     "  posenc render heatmap --method yarn --length 32768 -o heatmap.png\n"
                     "or run the explorer under a virtual display (xvfb-run -a posenc-explorer), or set "
                     "QT_QPA_PLATFORM=offscreen.\n");
        return kExitNoDisplay;
    }

    posenc::widgets::GuardedApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("PosEncExplorer"));
    QApplication::setApplicationName(QStringLiteral("posenc-explorer"));
    QApplication::setApplicationVersion(QString::fromUtf8(posenc::kVersion));
    QApplication::setDesktopFileName(QStringLiteral("posenc-explorer"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Explore, compare and export Transformer positional encodings."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption benchmark(QStringLiteral("benchmark"),
                                       QStringLiteral("Run a scripted slider sweep and print latency JSON."));
    const QCommandLineOption lengths(QStringLiteral("lengths"),
                                     QStringLiteral("Benchmark view lengths (comma-separated)."),
                                     QStringLiteral("list"), QStringLiteral("32768,1048576"));
    const QCommandLineOption steps(QStringLiteral("steps"), QStringLiteral("Benchmark slider steps per length."),
                                   QStringLiteral("n"), QStringLiteral("40"));
    const QCommandLineOption liveViews(QStringLiteral("live-views"),
                                       QStringLiteral("Benchmark: recompute every view after each change (all) or "
                                                      "only the visible one (visible)."),
                                       QStringLiteral("all|visible"), QStringLiteral("all"));
    parser.addOptions({benchmark, lengths, steps, liveViews});
    parser.addPositionalArgument(QStringLiteral("config"),
                                 QStringLiteral("Hugging Face config.json files to open (optional)."),
                                 QStringLiteral("[config.json...]"));
    parser.process(app);

    if (parser.isSet(benchmark)) {
        // A throw-away settings file: the benchmark neither reads nor changes the user's window state.
        QTemporaryDir dir;
        posenc::widgets::MainWindow window(
            std::make_unique<posenc::widgets::Settings>(dir.filePath(QStringLiteral("bench.ini"))));
        window.resize(1600, 1000);
        window.show();
        const QString live = parser.value(liveViews);
        if (live != QLatin1String("all") && live != QLatin1String("visible")) {
            std::fprintf(stderr, "posenc-explorer: --live-views expects all or visible, got '%s'\n", qPrintable(live));
            return 2;
        }
        window.coordinator()->setLiveBackground(live == QLatin1String("all"));
        posenc::widgets::BenchmarkMode bench(&window,
                                             benchmarkCases(parser.value(lengths), parser.value(steps).toInt()));
        QObject::connect(&bench, &posenc::widgets::BenchmarkMode::finished, &app, [&] {
            std::printf("%s\n", qPrintable(bench.json()));
            std::fflush(stdout);
            QApplication::exit(0);
        });
        bench.start();
        return QApplication::exec();
    }

    // The interface language is the user's choice (View ▸ Language), else the system locale's; switching rebuilds
    // the window in the new language.
    posenc::widgets::WindowHost host;
    host.start();
    QObject::connect(&app, &posenc::widgets::GuardedApplication::exceptionCaught, &host,
                     [&host](const QString& message) {
                         if (host.window())
                             host.window()->showError(message);
                     });
    for (const auto& path : parser.positionalArguments())
        host.window()->openFile(path);
    return QApplication::exec();
}
