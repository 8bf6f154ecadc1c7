// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 9 §3 "RoPE as rotation" and §2 "Gallery": the clock-hand figure against the closed-form angles
// (θ_i = base^(-2i/d), PI: θ_i/s, YaRN: kept fast pairs, θ/s for the slowest), the Play button, the gallery
// table as sessions and the Gallery menu of the main window.
#include "figure_selection.h"
#include "MainWindow.h"
#include "explorer/ParamEditor.h"
#include "explorer/ParamsModel.h"
#include "explorer/Settings.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "figures/FigureSpec.h"
#include "figures/FigureWidget.h"
#include "figures/FigureWidget_p.h"
#include "guide/Gallery.h"
#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QMenuBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <cmath>
#include <numbers>

using namespace posenc;
using namespace posenc::widgets;
using posenc::widgets::test::method;

namespace {

FigureRequest rotation(std::vector<MethodSelection> methods, long long m, long long n, int pairs)
{
    FigureRequest r;
    r.kind = FigureKind::Rotation;
    r.methods = std::move(methods);
    r.options = defaultFigureOptions(FigureKind::Rotation);
    r.options.set("position", static_cast<double>(m));
    r.options.set("key-position", static_cast<double>(n));
    r.options.set("pairs", static_cast<double>(pairs));
    return r;
}

/// The named (query) hand of pair `pair` in `panel`: its tip.
std::pair<double, double> queryTip(const FigureData& d, int panel, int pair)
{
    const QString prefix = QStringLiteral("i = %1:").arg(pair);
    for (const Curve& c : d.curves)
        if (c.panel == panel && c.name.startsWith(prefix))
            return {c.x.back(), c.y.back()};
    throw std::runtime_error("no hand for pair " + std::to_string(pair));
}

/// Its length (the hands of one panel have different lengths; the angle is what the test checks).
double angleOf(std::pair<double, double> tip)
{
    return std::atan2(tip.second, tip.first);
}

double wrap(double x)
{
    const double r = std::remainder(x, 2 * std::numbers::pi); // in [-π, π]
    return r;
}

} // namespace

class TestRotation : public QObject {
    Q_OBJECT
private slots:
    void ropeHandsTurnByPositionTimesTheta()
    {
        // d = 128, base 1e4: θ_0 = 1, θ_63 = 1e4^(-126/128). Pairs 0, 21, 42, 63 with 4 hands.
        const FigureData d = computeFigure(rotation({method("rope")}, 12, 8, 4));
        QCOMPARE(d.panels.size(), std::size_t(1));
        QCOMPARE(d.panels.front().square, 1.12);
        for (int i : {0, 21, 42, 63}) {
            const double theta = std::pow(10000.0, -2.0 * i / 128.0);
            QVERIFY2(std::abs(wrap(angleOf(queryTip(d, 0, i)) - 12 * theta)) < 1e-12, qPrintable(QString::number(i)));
        }
        // The fastest pair has the longest (unit) hand.
        const auto tip = queryTip(d, 0, 0);
        QCOMPARE(std::hypot(tip.first, tip.second), 1.0);
        QVERIFY(d.title.contains(QStringLiteral("m = 12")) && d.title.contains(QStringLiteral("n = 8")));
    }

    void arcIsTheAngleBetweenQueryAndKey()
    {
        const FigureData d = computeFigure(rotation({method("rope")}, 12, 8, 1));
        // Pair 0 only: curves are circle, query hand, key hand, arc, tip.
        const Curve* arc = nullptr;
        for (const Curve& c : d.curves)
            if (c.x.size() > 2 && c.color.isValid() && c.color != QColor(170, 170, 170))
                arc = &c;
        QVERIFY(arc);
        const double from = std::atan2(arc->y.front(), arc->x.front());
        const double to = std::atan2(arc->y.back(), arc->x.back());
        QVERIFY(std::abs(wrap(from - 8.0)) < 1e-12); // starts at the key's angle n·θ_0 = 8
        QVERIFY(std::abs(wrap(to - 12.0)) < 1e-12);  // ends at the query's angle m·θ_0 = 12
        QVERIFY(std::abs(wrap(12.0 - 8.0) * 180 / std::numbers::pi - (-130.8)) < 0.1); // 4 rad ≡ −130.8°
        bool labelled = false;
        for (const Curve& c : d.curves)
            labelled = labelled || c.name.contains(QStringLiteral("≡ −130.8°")); // a minus sign, not a hyphen
        QVERIFY(labelled);
    }

    void piSlowsEveryHandYarnKeepsTheFastOnes()
    {
        const FigureData d = computeFigure(
            rotation({method("rope"), method("pi", {{"factor", "8"}}), method("yarn", {{"factor", "8"}})}, 12, 0, 4));
        QCOMPARE(d.panels.size(), std::size_t(3));
        QVERIFY(d.panels[1].title.startsWith(QString::fromStdString(Registry::instance().find("pi").info.displayName)));
        // PI: θ_0 / 8 → 1.5 rad at m = 12.
        QVERIFY(std::abs(wrap(angleOf(queryTip(d, 1, 0)) - 1.5)) < 1e-12);
        // YaRN (L0 = 4096, β = 32): pair 0 (λ = 2π) is kept: the same hand as RoPE.
        QVERIFY(std::abs(wrap(angleOf(queryTip(d, 2, 0)) - 12.0)) < 1e-12);
        // The slowest pair (λ ≈ 54 000 > L0, r < α = 1) is fully interpolated: θ_63 / 8.
        const double slow = std::pow(10000.0, -126.0 / 128.0) / 8;
        QVERIFY(std::abs(wrap(angleOf(queryTip(d, 2, 63)) - 12 * slow)) < 1e-12);
    }

    void methodsWithoutPairsAreRefused()
    {
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computeFigure(rotation({method("alibi")}, 12, 8, 4)));
        // Sinusoidal vectors are added, not rotated with the token: not drawn as query/key hands.
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computeFigure(rotation({method("sinusoidal")}, 12, 8, 4)));
        // Mixed: ALiBi is named in the note, RoPE drawn.
        const FigureData d = computeFigure(rotation({method("rope"), method("alibi")}, 12, 8, 4));
        QCOMPARE(d.panels.size(), std::size_t(1));
        QVERIFY(d.note.contains(QStringLiteral("ALiBi")));
    }

    /// Half pairing turns channels (i, i + d_rot/2): GPT-NeoX-20B rotates 12 of its 48 pairs (head_dim 96, p = 0.25),
    /// so pair 11 is channels (11, 23), not (11, 59); the note gives each drawn method's count once.
    void halfPairingOffsetIsTheRotatingPairs()
    {
        const FigureData d = computeFigure(rotation(
            {method("rope", {{"head-dim", "96"}, {"partial-rotary-factor", "0.25"}}), method("rope"), method("pi")}, 12,
            8, 4));
        QVERIFY2(d.note.contains(QStringLiteral("(i, i + P) with half pairing, P = d_rot/2 being the number of pairs "
                                                "of the cos/sin cache (12, 64;")),
                 qPrintable(d.note));
        // Proportional RoPE (head_dim 256, p = 0.25): pairs 32…127 have frequency 0; the hands spread over 0…31
        const FigureData p = computeFigure(
            rotation({method("proportional", {{"head-dim", "256"}, {"partial-rotary-factor", "0.25"}})}, 12, 8, 4));
        QVERIFY2(p.note.contains(QStringLiteral("Not drawn, as they never turn: Proportional RoPE: pairs 32…127")),
                 qPrintable(p.note));
        QVERIFY_THROWS_NO_EXCEPTION(queryTip(p, 0, 31));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, queryTip(p, 0, 127));
    }

    void playAdvancesThePositionAndHidingPauses()
    {
        ViewPage page(FigureKind::Rotation);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(page.playButton());
        page.setOption("step", 3.0);
        const long long before = page.options().options.integer("position");
        page.playButton()->click();
        QVERIFY(page.isPlaying());
        QTRY_VERIFY_WITH_TIMEOUT(page.options().options.integer("position") >= before + 6, 5000);
        QCOMPARE((page.options().options.integer("position") - before) % 3, 0LL);
        page.hide();
        QVERIFY(!page.isPlaying());
        const long long stopped = page.options().options.integer("position");
        QTest::qWait(400);
        QCOMPARE(page.options().options.integer("position"), stopped);
        // Views without an animated option have no Play button.
        ViewPage heatmap(FigureKind::Heatmap);
        QVERIFY(!heatmap.playButton());
    }

    void notesWrapChineseTextToo()
    {
        // The zh_CN notes have no spaces: they were one line, cut off at the plot's right edge.
        QString zh;
        for (int i = 0; i < 100; ++i)
            zh += QChar(0x4E00 + i);
        const QStringList lines = detail::wrapped(zh, 40).split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 5);
        for (const QString& line : lines)
            QVERIFY(line.size() <= 20); // two columns per character
        QCOMPARE(lines.join(QString()), zh);
        // Latin text still breaks at spaces only, and mixed text keeps its spaces.
        QCOMPARE(detail::wrapped(QStringLiteral("aaa bbb ccc"), 7), QStringLiteral("aaa bbb\nccc"));
        QCOMPARE(detail::wrapped(QStringLiteral("头 %1 head"), 40), QStringLiteral("头 %1 head"));
        // Chinese line-breaking rules: no line begins with closing punctuation or ends with an opening bracket
        // (「不同⏎。interpolation」 and 「比例（⏎interpolation」 were drawn), and "L0 = 4096" stays on one line.
        const QString note = QStringLiteral("阴影：YaRN 在 s = 8 时保持（θ' = θ）、斜坡混合和插值（θ' = θ/s）的维度对。"
                                            "插值比例（interpolation）= log(θ/θ'ᵢ)/log(s)；其他方法各自的频段不同。"
                                            "（YaRN：s = 8，L0 = 4096）。通道 j 与 j + 64 一起旋转。");
        for (int width = 12; width <= 90; ++width) {
            const QStringList wrappedLines = detail::wrapped(note, width).split(QLatin1Char('\n'));
            QCOMPARE(wrappedLines.join(QString()).remove(QLatin1Char(' ')), QString(note).remove(QLatin1Char(' ')));
            for (const QString& line : wrappedLines) {
                const QString where = QStringLiteral("width %1: “%2”").arg(width).arg(line);
                QVERIFY2(!QStringLiteral("，。、；：）」”").contains(line.front()), qPrintable(where));
                QVERIFY2(!QStringLiteral("（「“").contains(line.back()), qPrintable(where));
                QVERIFY2(!line.endsWith(QLatin1String(" =")) && !line.startsWith(QLatin1String("= ")),
                         qPrintable(where));
                QVERIFY2(!line.startsWith(QLatin1String("+ ")) && !line.endsWith(QStringLiteral("与 j")), qPrintable(where));
            }
        }
    }

    void everyGalleryEntryIsAValidSessionAndRenderRequest()
    {
        QVERIFY(galleryEntries().size() >= 14);
        for (const GalleryEntry& e : galleryEntries()) {
            const io::Session s = gallerySession(e);
            QCOMPARE(s.currentView, e.view);
            QCOMPARE(s.state.methods.size(), e.methods.size());
            const auto args = galleryRenderArgs(e);
            QCOMPARE(args.front(), e.view);
            QVERIFY(!galleryTitle(e).isEmpty() && !galleryCaption(e).isEmpty() && !e.source.empty());
        }
    }

    void galleryT5FigureSaysBucketIndexNotBias()
    {
        // The t5-buckets gallery figure (decay view): the curve is the bucket index 0…15 of each distance.
        FigureRequest r;
        r.kind = FigureKind::Decay;
        r.methods = {method("t5")};
        r.options = defaultFigureOptions(FigureKind::Decay);
        const FigureData d = computeFigure(r);
        QCOMPARE(d.curves.size(), std::size_t(1));
        QVERIFY(d.yLabel.contains(QStringLiteral("bucket index")) && d.yLabel.contains(QStringLiteral("not a bias")));
        QVERIFY(!d.yLabel.contains(QStringLiteral("logit")));
        QVERIFY(d.curves.front().name.contains(QStringLiteral("bucket index")));
        QVERIFY(d.note.contains(QStringLiteral("not a bias in logit units")));
        // Bidirectional, 32 buckets, max distance 128: distances 0…7 are their own buckets, 128 and beyond the last
        // bucket of a direction (15) — T5's _relative_position_bucket for query − key < 0 (keys after the query).
        const Curve& c = d.curves.front();
        QCOMPARE(c.y[3], 3.0);
        QCOMPARE(c.y.back(), 15.0);
        // With bucket values it is a bias again.
        std::string values;
        for (int b = 0; b < 32; ++b)
            values += (b ? "," : "") + std::to_string(-0.125 * b);
        r.methods = {method("t5", {{"bucket-values", values}})};
        const FigureData biased = computeFigure(r);
        QVERIFY(biased.yLabel.contains(QStringLiteral("logit")));
        QCOMPARE(biased.curves.front().y[3], -0.375);
    }

    void galleryMenuOpensTheFigure()
    {
        QTemporaryDir dir;
        MainWindow w(std::make_unique<Settings>(dir.filePath("settings.ini")));
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QMenu* gallery = w.menuBar()->findChild<QMenu*>(QStringLiteral("gallery"));
        QVERIFY(gallery);
        QCOMPARE(gallery->actions().size(), static_cast<qsizetype>(galleryEntries().size()));
        QVERIFY(!w.openGalleryFigure("no-such-figure"));
        QVERIFY(w.openGalleryFigure("rope-rotation"));
        QCOMPARE(w.currentPage()->kind(), FigureKind::Rotation);
        QCOMPARE(w.model()->state().methods, (std::vector<std::string>{"rope", "pi", "yarn"}));
        QCOMPARE(w.currentPage()->options().options.integer("key-position"), 8LL);
        QTRY_VERIFY_WITH_TIMEOUT(w.coordinator()->isIdle(), 60000);
        QTRY_COMPARE_WITH_TIMEOUT(w.currentPage()->figure()->data().panels.size(), std::size_t(3), 10000);
        // ALiBi's slopes: one line per head in the decay view.
        QVERIFY(w.openGalleryFigure("alibi-slopes"));
        QCOMPARE(w.currentPage()->kind(), FigureKind::Decay);
        QTRY_VERIFY_WITH_TIMEOUT(w.coordinator()->isIdle(), 60000);
        QTRY_COMPARE_WITH_TIMEOUT(w.currentPage()->figure()->data().curves.size(), std::size_t(8), 10000);
        // Head h's line has slope -2^(-8(h+1)/8) (Press et al.'s geometric sequence for 8 heads).
        const auto& curves = w.currentPage()->figure()->data().curves;
        for (std::size_t h = 0; h < curves.size(); ++h) {
            const Curve& c = curves[h];
            const double slope = (c.y.back() - c.y.front()) / (c.x.back() - c.x.front());
            QVERIFY2(std::abs(slope + std::pow(2.0, -(static_cast<double>(h) + 1))) < 1e-12,
                     qPrintable(QString::number(h)));
        }
    }
};

QTEST_MAIN(TestRotation)
#include "tst_rotation.moc"
