// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 16 items 3-5 and the picture defects: the pair table and full-precision copies, resolved values next to
// their parameters, one ramp vocabulary, the attention-factor rule of decay and entropy, gallery figures that show
// what their titles say, and the rotation / PCA / log-axis pictures. Known answers: tests/data (golden ramp and
// wavelengths from the reference formulas), the papers' formulas (YaRN's 0.1 ln s + 1, RoFormer's U(0) = (P+1)/2),
// DeepSeek's mscale² (golden scalars), ALiBi's slopes 2^(-8(h+1)/H).
#include "../core/golden_support.h"
#include "explorer/ParamEditor.h"
#include "explorer/ParameterPanel.h"
#include "explorer/ParamsModel.h"
#include "explorer/ValueSpinBox.h"
#include "explorer/ViewPage.h"
#include "figure_selection.h"
#include "figures/CopyableTable.h"
#include "figures/FigureWidget.h"
#include "figures/ResolvedText.h"
#include "guide/Gallery.h"
#include "posenc/gallery.h"
#include "posenc/pair_table.h"
#include "posenc/registry.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QTest>

#include <cmath>
#include <numbers>
#include <set>

using namespace posenc;
using namespace posenc::widgets;
using posenc::widgets::test::method;
using posenc::widgets::test::request;

namespace {

const GalleryEntry& entry(const std::string& id)
{
    for (const auto& e : galleryEntries())
        if (e.id == id)
            return e;
    throw std::runtime_error("no gallery entry " + id);
}

/// The figure request of a gallery entry, as `posenc render` builds it from galleryRenderArgs (values as typed).
FigureRequest requestOf(const GalleryEntry& e)
{
    FigureRequest r;
    r.kind = parseFigureKind(e.view);
    for (const auto& m : e.methods) {
        std::map<std::string, std::string> text;
        const MethodDef& def = Registry::instance().find(m.id);
        for (const auto& [name, value] : e.shared)
            if (def.findParam(name))
                text[name] = value;
        for (const auto& [name, value] : m.params)
            text[name] = value;
        r.methods.push_back(method(m.id, text));
    }
    r.length = e.length > 0 ? e.length : 256;
    for (const auto& [name, value] : e.options)
        r.options.set(name, parseValue(*figureOption(r.kind, name), value));
    return r;
}

double cellNumber(const FigureData& d, std::size_t row, const QString& column)
{
    for (std::size_t c = 0; c < d.tableHeaderExact.size(); ++c)
        if (d.tableHeaderExact[c] == column)
            return d.tableExact.at(row).at(c).toDouble();
    throw std::runtime_error("no column " + column.toStdString());
}

bool near(double a, double b, double rel = 1e-14)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

} // namespace

class TestFigureNumbers : public QObject {
    Q_OBJECT
private slots:
    /// The pair table against the golden per-pair values (tests/data/wavelengths_ramp.json: d_rot 64, base 1e4,
    /// L0 2048; gamma of the reference code, 1 = keep): θ, λ, r = L0/λ, gamma_paper, hf_ramp = 1 − γ, and the band.
    void pairTableMatchesTheGoldenRamp()
    {
        const QJsonObject golden = posenc::test::loadGolden("wavelengths_ramp.json")["cases"].toArray()[0].toObject();
        QCOMPARE(golden["d_rot"].toInt(), 64);
        const auto d = computeFigure(request(
            FigureKind::Pairs,
            {method("yarn", {{"head-dim", "64"}, {"factor", "16"}, {"original-max-position-embeddings", "2048"}})}));
        const auto theta = posenc::test::toVector(golden["inv_freq"]);
        const auto lambda = posenc::test::toVector(golden["wavelength"]);
        const auto r = posenc::test::toVector(golden["rotations_r"]);
        const auto gamma = posenc::test::toVector(golden["gamma_code_beta_fast32_beta_slow1"]);
        QCOMPARE(d.tableRows.size(), std::size_t(32));
        for (const char* name : {"gamma_paper", "hf_ramp", "interpolation", "theta_prime", "band", "channels"})
            QVERIFY2(std::count(d.tableHeaderExact.begin(), d.tableHeaderExact.end(), QLatin1String(name)) == 1, name);
        for (std::size_t i = 0; i < 32; ++i) {
            QVERIFY(near(cellNumber(d, i, "theta"), theta[i]));
            QVERIFY(near(cellNumber(d, i, "lambda"), lambda[i]));
            QVERIFY(near(cellNumber(d, i, "r"), r[i]));
            QVERIFY(near(cellNumber(d, i, "gamma_paper"), gamma[i]));
            QVERIFY(std::abs(cellNumber(d, i, "hf_ramp") - (1 - gamma[i])) < 1e-15);
            const QString band = d.tableExact[i].back();
            QCOMPARE(band, gamma[i] == 1.0   ? QStringLiteral("keep")
                           : gamma[i] == 0.0 ? QStringLiteral("interpolate")
                                             : QStringLiteral("ramp"));
            // 17 significant digits: the copied text reads back as the same double
            const QString exact = d.tableExact[i][3];
            QCOMPARE(exact.toDouble(), cellNumber(d, i, "theta"));
        }
        QCOMPARE(d.tableExact[1][2], QStringLiteral("1, 33")); // half pairing: pair i rotates (i, i + d/2)
        // The resolved values: YaRN's a = 0.1 ln 16 + 1 (paper Eq. 22) at full precision.
        QVERIFY2(d.note.contains(QString::number(0.1 * std::log(16.0) + 1, 'g', 17)), qPrintable(d.note));
        QVERIFY(d.note.contains(QStringLiteral("softmax scale multiplier 1")));
    }

    /// Copies: one cell alone as its full-precision number (a Bounds cell was "7.54 × 10⁴"), Ctrl+A Ctrl+C every
    /// cell with the header, CSV with the machine column names, a Python list.
    void tablesCopyAtFullPrecision()
    {
        FigureWidget w;
        w.resize(1000, 700);
        auto d = computeFigure(request(FigureKind::Bounds, {method("rope")}, 4096));
        w.setData(d);
        auto* table = qobject_cast<CopyableTable*>(w.table());
        QVERIFY(table);
        // T_extra of RoPE at T_train = 4096: 2π/θ_k at k = d_extra/2 = 46 (Liu et al.), θ_k = 10000^(-2k/128).
        const double expected = 2 * std::numbers::pi / std::pow(10000.0, -2.0 * 46 / 128.0);
        int row = -1;
        for (int r = 0; r < table->rowCount(); ++r)
            if (table->item(r, 0)->text().startsWith(QStringLiteral("T_extra")))
                row = r;
        QVERIFY(row >= 0);
        QVERIFY2(table->item(row, 1)->text().contains(QStringLiteral("×")), qPrintable(table->item(row, 1)->text()));
        table->setCurrentCell(row, 1);
        QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
        const QString copied = QApplication::clipboard()->text();
        bool ok = false;
        QVERIFY2(near(copied.trimmed().toDouble(&ok), expected, 1e-12) && ok, qPrintable(copied));
        QVERIFY(!copied.contains(QStringLiteral("×")));
        QTest::keyClick(table, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QApplication::clipboard()->text().trimmed().split(QLatin1Char('\n')).size(), table->rowCount() + 1);

        w.setData(computeFigure(request(FigureKind::Pairs, {method("yarn")})));
        table->selectAll();
        const QString csv = table->selectionText(CopyableTable::Format::Csv);
        QVERIFY2(csv.startsWith(QStringLiteral("method,pair,channels,theta,theta_prime,lambda,lambda_prime,r,"
                                               "gamma_paper,hf_ramp,interpolation,band\n")),
                 qPrintable(csv.left(200)));
        QCOMPARE(csv.trimmed().split(QLatin1Char('\n')).size(), 65);
        const QString py = table->selectionText(CopyableTable::Format::Python);
        QVERIFY(py.startsWith(QStringLiteral("[['method', 'pair'")));
        QVERIFY(py.contains(QStringLiteral("['YaRN', 0, '0, 64', 1, 1,")));
        QVERIFY(w.tableNote()->isVisibleTo(&w)); // the table alone: its note above it
    }

    /// b_eff is none for Proportional RoPE (Gemma 4's global layers, head_dim 256, p = 0.25): pairs 32…127 have
    /// frequency 0 and never turn, which no plain-RoPE base does (B(Δ) never turns negative); the base of its last
    /// non-zero frequency, 10⁶^(62/254) ≈ 29.6, would place it far below the base lower bound. With p = 1 every pair
    /// turns and b_eff is the base divided out as PI's: 10⁶ · 8^(256/254) for factor 8.
    void effectiveBaseSkipsZeroFrequencies()
    {
        const auto build = [](const std::map<std::string, std::string>& text) {
            return Registry::build(Registry::instance().find("proportional"), method("proportional", text).params);
        };
        const auto partial = build({{"head-dim", "256"}, {"base", "1000000"}, {"partial-rotary-factor", "0.25"}});
        QVERIFY(!resolvedValues(*partial->rotary()).effectiveBase);
        const auto whole = build({{"head-dim", "256"}, {"base", "1000000"}, {"factor", "8"}});
        const double expected = 1e6 * std::pow(8.0, 256.0 / 254.0);
        const auto beff = resolvedValues(*whole->rotary()).effectiveBase;
        QVERIFY(beff && near(*beff, expected, 1e-12));
        const auto bounds = computeFigure(request(
            FigureKind::Bounds,
            {method("proportional", {{"head-dim", "256"}, {"base", "1000000"}, {"partial-rotary-factor", "0.25"}})}));
        for (const auto& c : bounds.curves)
            QVERIFY2(!c.name.contains(QStringLiteral("effective base")), qPrintable(c.name));
        // d_extra stops at the 32 turning pairs; the critical pair's wavelength and the largest one are ∞, not "inf"
        QVERIFY(!bounds.tableRows.empty());
        bool critical = false;
        for (const auto& row : bounds.tableRows) {
            for (const QString& cell : row)
                QVERIFY2(!cell.contains(QStringLiteral("inf")), qPrintable(cell));
            if (row.front().startsWith(QStringLiteral("d_extra")))
                critical = row.at(1) == QStringLiteral("64");
        }
        QVERIFY(critical);
        QVERIFY(std::count_if(bounds.tableRows.begin(), bounds.tableRows.end(),
                              [](const auto& row) { return row.at(1) == QStringLiteral("∞"); }) == 2);
    }

    /// Resolved values next to their parameters: YaRN's unset attention factor shows 0.1 ln 8 + 1, not a greyed 0;
    /// DeepSeek's softmax scale multiplier mscale(40, 1)² (golden scalars.json) is named.
    void resolvedValuesNextToTheParameters()
    {
        ParamsModel model;
        model.setChecked("yarn", true);
        model.setPrimary("yarn");
        ParameterPanel panel(&model);
        panel.setMethod("yarn");
        ParamEditor* a = panel.editor("attention-factor");
        QVERIFY(a && a->spinBox());
        QVERIFY(near(a->spinBox()->value(), 0.1 * std::log(8.0) + 1, 1e-12));
        auto* line = panel.findChild<QLabel*>(QStringLiteral("resolved"));
        QVERIFY(line && line->text().contains(QStringLiteral("attention factor 1.2079441541679836")));

        const QJsonArray deepseek = posenc::test::loadGolden("scalars.json")["deepseek"].toArray();
        const QJsonObject both = deepseek[1].toObject(); // factor 40, mscale 1, mscale_all_dim 1
        const ResolvedText text = resolvedText(
            "yarn", Registry::resolve(Registry::instance().find("yarn"),
                                      {{"factor", "40"}, {"mscale", "1"}, {"mscale-all-dim", "1"}, {"softmax-mscale", "true"}}));
        QVERIFY2(text.line.contains(QStringLiteral("softmax scale multiplier ") +
                                    QString::number(both["softmax_scale_multiplier"].toDouble(), 'g', 17)),
                 qPrintable(text.line));
    }

    /// "YaRN's three frequency bands" shades the three bands and says s = 16 and L0 = 4096 on the figure; with
    /// several methods (RoPE primary) the bands are still drawn, and the note says whose they are.
    void rampViewShadesTheBandsAndNamesS()
    {
        const auto d = computeFigure(requestOf(entry("yarn-bands")));
        QCOMPARE(d.spans.size(), std::size_t(3));
        QVERIFY2(d.title.contains(QStringLiteral("s = 16")) && d.title.contains(QStringLiteral("L0 = 4096")),
                 qPrintable(d.title));
        const auto several = computeFigure(request(FigureKind::Ramp, {method("rope"), method("yarn")}));
        QCOMPARE(several.spans.size(), std::size_t(3));
        QVERIFY(several.note.contains(QStringLiteral("The bands are YaRN's")));
        const auto freq = computeFigure(request(FigureKind::Frequencies, {method("rope"), method("yarn")}));
        QCOMPARE(freq.spans.size(), std::size_t(3));
    }

    /// "PI vs extrapolation" draws L0 = 4096 and s·L0 = 32768 (PI has no L0 of its own).
    void piGalleryDrawsTheL0Line()
    {
        const auto d = computeFigure(requestOf(entry("pi-interpolation")));
        std::map<double, QString> lines;
        for (const auto& m : d.horizontalMarkers)
            lines[m.x] = m.label;
        QVERIFY(lines.count(4096) && lines.at(4096).startsWith(QStringLiteral("L0")));
        QVERIFY(lines.count(32768) && lines.at(32768).contains(QStringLiteral("s = 8")));
    }

    /// T5's figure is titled by its quantity (bucket index), ALiBi's legend gives the slopes 1/2 ... 1/256.
    void titlesAndLegendsNameTheQuantity()
    {
        const auto t5 = computeFigure(requestOf(entry("t5-buckets")));
        QVERIFY2(t5.title.contains(QStringLiteral("bucket")) && !t5.title.contains(QStringLiteral("decay")),
                 qPrintable(t5.title));
        const auto alibi = computeFigure(requestOf(entry("alibi-slopes")));
        QCOMPARE(alibi.curves.size(), std::size_t(8));
        for (int h = 0; h < 8; ++h) // m_h = 2^(-8(h+1)/8) = 1/2^(h+1)
            QVERIFY2(alibi.curves[static_cast<std::size_t>(h)].name.endsWith(
                         QStringLiteral("m = 1/%1").arg(1 << (h + 1))),
                     qPrintable(alibi.curves[static_cast<std::size_t>(h)].name));
    }

    /// Decay: one rule for every curve, said on the figure. RoFormer's U(0) = (P+1)/2 = 32.5 for P = 64 pairs;
    /// with YaRN's attention factor included it is a² · 32.5 (a = 0.1 ln 8 + 1), like the all-ones score a²·128.
    void decayAttentionFactorRule()
    {
        const double a2 = std::pow(0.1 * std::log(8.0) + 1, 2);
        for (const bool include : {true, false})
            for (const char* curve : {"roformer-bound", "all-ones"}) {
                auto r = request(FigureKind::Decay, {method("yarn")});
                r.options.set("curve", std::string(curve));
                r.options.set("attention-factor", include);
                const auto d = computeFigure(r);
                const double at0 = d.curves.front().y.front();
                const double bare = std::string(curve) == "all-ones" ? 128.0 : 32.5;
                QVERIFY2(near(at0, include ? a2 * bare : bare, 1e-12), qPrintable(QString::number(at0)));
                QVERIFY2(d.note.contains(include ? QStringLiteral("Attention factor included")
                                                 : QStringLiteral("Attention factor left out")),
                         qPrintable(d.note));
            }
    }

    /// Entropy: the note says whether the attention factor is in the logits and that the score model drives the
    /// gap; the gallery caption no longer says YaRN "keeps it lower" without naming the score model.
    void entropyNotesNameTheRuleAndTheScoreModel()
    {
        auto r = request(FigureKind::Entropy, {method("rope"), method("yarn")}, 8192);
        const auto d = computeFigure(r); // the default score model, stated on the figure and in the note
        QVERIFY2(d.note.contains(QStringLiteral("Attention factor included")), qPrintable(d.note));
        QVERIFY2(d.note.contains(QStringLiteral("Score model expected-similar (the default)")), qPrintable(d.note));
        QVERIFY(!d.note.contains(QStringLiteral("Score model all-ones")));
        QVERIFY(d.panels.size() == 1 && d.panels[0].title.contains(QStringLiteral("σ² = 0.25")));
        QVERIFY(!d.panels[0].title.contains(QStringLiteral("sharpest")));
        r.options.set("score", std::string("all-ones")); // the caveat only when the user picks all-ones
        const auto ones = computeFigure(r);
        QVERIFY2(ones.note.contains(QStringLiteral("Score model all-ones")), qPrintable(ones.note));
        QVERIFY(ones.panels.size() == 1 && ones.panels[0].title.contains(QStringLiteral("sharpest")));
        r.options.set("score", std::string("expected-similar"));
        r.options.set("temperature", std::string("none"));
        QVERIFY(computeFigure(r).note.contains(QStringLiteral("Attention factor left out")));
        const QString caption = QString::fromStdString(entry("entropy-rope-pi-yarn").caption);
        QVERIFY(!caption.contains(QStringLiteral("keeps it lower")));
        QVERIFY(caption.contains(QStringLiteral("score model")));
    }

    /// Rotation: the note says what is drawn (hands 1 down to 0.5 long, not "unit length"), ticks every 0.5,
    /// two-line legend entries, and in a tall view the panels stack so the circles fill the width.
    void rotationPictureDefects()
    {
        auto r = request(FigureKind::Rotation, {method("rope"), method("pi"), method("yarn")});
        const auto d = computeFigure(r);
        QVERIFY(!d.note.contains(QStringLiteral("unit length")) && !d.note.contains(QStringLiteral("Longer hands")));
        QVERIFY(d.note.contains(QStringLiteral("1 (fastest pair) down to 0.5")));
        std::vector<double> lengths; // solid hands of the first panel, in legend order
        for (const Curve& c : d.curves)
            if (c.panel == 0 && !c.name.isEmpty()) {
                lengths.push_back(std::hypot(c.x[1], c.y[1]));
                QVERIFY(c.name.contains(QLatin1Char('\n')));
            }
        QCOMPARE(lengths.size(), std::size_t(4));
        QVERIFY(near(lengths.front(), 1.0) && near(lengths.back(), 0.5));

        auto tops = [](const QList<QCPAxisRect*>& rects) {
            std::set<int> out;
            for (auto* rect : rects)
                out.insert(rect->top());
            return out.size();
        };
        FigureWidget tall;
        tall.resize(500, 1400);
        tall.show();
        QApplication::processEvents();
        tall.setData(d);
        tall.plot()->replot(QCustomPlot::rpImmediateRefresh);
        auto rects = tall.plot()->axisRects();
        QCOMPARE(rects.size(), 3);
        QVERIFY2(tops(rects) == 3, qPrintable(QStringLiteral("plot %1 x %2, rect %3 x %4")
                                                 .arg(tall.plot()->width())
                                                 .arg(tall.plot()->height())
                                                 .arg(rects[0]->width())
                                                 .arg(rects[0]->height())));
        QVERIFY(rects[0]->width() > 350);
        for (auto* rect : rects) {
            auto ticker = rect->axis(QCPAxis::atBottom)->ticker().dynamicCast<QCPAxisTickerFixed>();
            QVERIFY(ticker && ticker->tickStep() == 0.5);
        }
        FigureWidget wide;
        wide.resize(1500, 600);
        wide.show();
        QApplication::processEvents();
        wide.setData(d);
        wide.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QCOMPARE(tops(wide.plot()->axisRects()), std::size_t(1)); // side by side in a wide one
    }

    /// PCA: the axes leave a margin around the path (its ends and start marker were clipped at the frame).
    void pcaAxesHaveMargins()
    {
        FigureWidget w;
        w.resize(1200, 700);
        w.show();
        auto r = request(FigureKind::Pca, {method("sinusoidal")}, 512);
        r.options.set("components", 2.0);
        const auto d = computeFigure(r);
        w.setData(d);
        double lo = 1e300, hi = -1e300;
        for (const Curve& c : d.curves)
            if (c.panel == 0)
                for (double x : c.x) {
                    lo = std::min(lo, x);
                    hi = std::max(hi, x);
                }
        const QCPRange xr = w.plot()->axisRect(0)->axis(QCPAxis::atBottom)->range();
        QVERIFY2(xr.lower < lo - 0.02 * (hi - lo) && xr.upper > hi + 0.02 * (hi - lo),
                 qPrintable(QStringLiteral("%1..%2 for data %3..%4").arg(xr.lower).arg(xr.upper).arg(lo).arg(hi)));
    }

    /// zh_CN: log axes are typeset like the tables (10⁶), which QCustomPlot does only with the C locale's "e".
    void logAxesUseTheCLocaleInEveryLanguage()
    {
        const QLocale previous;
        QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
        FigureWidget w;
        w.resize(900, 600);
        w.show();
        w.setData(computeFigure(request(FigureKind::Frequencies, {method("rope")})));
        w.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QLocale::setDefault(previous);
        QCOMPARE(w.plot()->locale().exponential(), QStringLiteral("e"));
        const QVector<QString> labels = w.plot()->axisRect(0)->axis(QCPAxis::atLeft)->tickVectorLabels();
        QVERIFY(!labels.isEmpty());
        for (const QString& l : labels)
            QVERIFY2(!l.contains(QLatin1Char('E')), qPrintable(l));
    }

    /// Gallery figures carry their caption and source under the figure (`posenc gallery`, `render --caption`).
    void captionAndSourceUnderTheFigure()
    {
        FigureWidget w;
        w.resize(1200, 700);
        w.show();
        auto d = computeFigure(requestOf(entry("yarn-bands")));
        d.caption = QString::fromStdString(entry("yarn-bands").caption);
        d.source = QString::fromStdString(entry("yarn-bands").source);
        w.setData(d);
        QString all;
        for (int i = 0; i < w.plot()->plotLayout()->elementCount(); ++i)
            if (auto* t = qobject_cast<QCPTextElement*>(w.plot()->plotLayout()->elementAt(i)))
                all += t->text() + QLatin1Char('\n');
        QVERIFY2(all.contains(QStringLiteral("Source: Peng et al. 2023")), qPrintable(all));
        QVERIFY(all.contains(QStringLiteral("are kept")));
        const auto args = galleryRenderArgs(entry("pi-interpolation"));
        QVERIFY(std::find(args.begin(), args.end(), "--original-length") != args.end());
    }

    /// The heatmap option bar's colour-range spin boxes are labelled.
    void optionBarSpinBoxesAreLabelled()
    {
        ViewPage page(FigureKind::Heatmap);
        for (const char* name : {"range-low", "range-high"}) {
            auto* spin = page.findChild<QWidget*>(QLatin1String(name));
            QVERIFY(spin);
            bool labelled = false;
            for (auto* label : page.findChildren<QLabel*>())
                labelled = labelled || (label->buddy() == spin && !label->text().isEmpty());
            QVERIFY2(labelled, name);
        }
    }
};

QTEST_MAIN(TestFigureNumbers)
#include "tst_figure_numbers.moc"
