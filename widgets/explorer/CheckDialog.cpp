// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/CheckDialog.h"
#include "figures/LogTicker.h"

#include "i18n/CoreText.h"
#include "i18n/ErrorText.h"
#include "i18n/PhraseText.h"

#include "posenc/errors.h"
#include "posenc/io/tables.h"
#include "posenc/mrope.h"
#include "posenc/registry.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace posenc::widgets {

namespace {

/// `x`: the abscissa of each entry (empty: x0, x0 + 1, ...).
void plot(QCustomPlot* p, const std::vector<double>& y, double x0, const std::vector<std::int64_t>& x,
          const QString& xLabel, const QString& yLabel)
{
    QVector<double> xs, ys;
    for (std::size_t i = 0; i < y.size(); ++i) {
        xs << (i < x.size() ? double(x[i]) : x0 + double(i));
        ys << std::max(y[i], 1e-18); // log axis: exact entries drawn at the floor
    }
    p->clearGraphs();
    p->addGraph()->setData(xs, ys, true);
    p->xAxis->setLabel(xLabel);
    p->yAxis->setLabel(yLabel);
    LogTicker::apply(p->yAxis); // powers of ten, as the figures draw them
    p->rescaleAxes();
    p->replot(QCustomPlot::rpQueuedReplot);
}

/// `plot`, with a note in its place until it has something to draw.
QStackedWidget* withPlaceholder(QCustomPlot* plot, const QString& note, QWidget* parent)
{
    auto* page = new QStackedWidget(parent);
    auto* label = new QLabel(note, page);
    label->setObjectName(QStringLiteral("placeholder"));
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    label->setFrameShape(QFrame::StyledPanel);
    label->setForegroundRole(QPalette::PlaceholderText);
    page->addWidget(label);
    page->addWidget(plot);
    page->setMinimumSize(320, 220);
    return page;
}

} // namespace

CheckDialog::CheckDialog(const MethodDef& method, ParamSet params, QWidget* parent)
    : QDialog(parent), m_method(method), m_params(std::move(params))
{
    setWindowTitle(tr("Check implementation"));
    m_input = new QLineEdit(this);
    m_input->setPlaceholderText(tr("table.npy, cache.safetensors:TENSOR, model.gguf:TENSOR or table.csv"));
    auto* browseButton = new QPushButton(tr("Browse…"), this);
    auto* inputRow = new QHBoxLayout;
    inputRow->addWidget(m_input, 1);
    inputRow->addWidget(browseButton);
    m_quantity = new QComboBox(this);
    for (const char* q : {"cos", "sin", "angle", "rotated", "inv_freq", "query-scale"})
        m_quantity->addItem(QString::fromLatin1(q));
    m_layout = new QComboBox(this);
    m_layout->addItem(tr("from the shape"), QString());
    for (const char* l : {"pairs", "half", "interleaved", "cos-sin"})
        m_layout->addItem(QString::fromLatin1(l), QString::fromLatin1(l));
    m_positionsEdit = new QLineEdit(this);
    m_positionsEdit->setObjectName(QStringLiteral("positions"));
    m_positionsEdit->setPlaceholderText(tr("0:rows — START, START:COUNT or P,P,… (increasing)"));
    m_positionLayoutEdit = new QLineEdit(this);
    m_positionLayoutEdit->setObjectName(QStringLiteral("positionLayout"));
    const ParamSpec* tokenLayout = method.findParam("token-layout");
    if (tokenLayout && tokenLayout->type == ParamType::Text) {
        m_positionLayoutEdit->setPlaceholderText(QStringLiteral("text:12,image:8x8,video:4x8x8@2"));
        if (m_params.has("token-layout"))
            m_positionLayoutEdit->setText(QString::fromStdString(m_params.choice("token-layout")));
    } else {
        m_positionLayoutEdit->setEnabled(false);
        m_positionLayoutEdit->setPlaceholderText(tr("M-RoPE methods only"));
    }
    m_queryScaleLabel = new QLabel(tr("none: the explorer has no config with a query temperature"), this);
    m_queryScaleLabel->setObjectName(QStringLiteral("queryScale"));
    m_queryScaleLabel->setWordWrap(true);
    // a query-scale table is one value per position: no column layout, no token layout
    connect(m_quantity, &QComboBox::currentTextChanged, this, [this, tokenLayout](const QString& q) {
        const bool scale = q == QLatin1String("query-scale");
        m_layout->setEnabled(!scale);
        m_positionLayoutEdit->setEnabled(!scale && tokenLayout && tokenLayout->type == ParamType::Text);
    });
    m_run = new QPushButton(tr("Check"), this);
    auto* form = new QFormLayout;
    // the engine's semantics are the reference when one is chosen
    form->addRow(tr("Reference"),
                 new QLabel(CoreText::withEngine(CoreText::text(method.info.displayName), m_params), this));
    form->addRow(tr("Table"), inputRow);
    form->addRow(tr("Quantity"), m_quantity);
    form->addRow(tr("Layout"), m_layout);
    form->addRow(tr("Positions"), m_positionsEdit);
    form->addRow(tr("Position layout"), m_positionLayoutEdit);
    form->addRow(tr("Query scale"), m_queryScaleLabel);
    m_report = new QLabel(this);
    m_report->setWordWrap(true);
    m_report->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_report->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pairs = new QCustomPlot(this);
    m_positions = new QCustomPlot(this);
    m_pairsNote = tr("Run a check to see the largest error of each pair i");
    m_pairsPage = withPlaceholder(m_pairs, m_pairsNote, this);
    m_positionsNote = tr("Run a check to see the largest error at each position m");
    m_positionsPage = withPlaceholder(m_positions, m_positionsNote, this);
    auto* plotsWidget = new QWidget(this);
    auto* plots = new QHBoxLayout(plotsWidget);
    plots->setContentsMargins(0, 0, 0, 0);
    plots->addWidget(m_pairsPage);
    plots->addWidget(m_positionsPage);
    // The report scrolls: a wrapped label's height is not part of the dialog's minimum size, so a long diagnosis
    // pushed the figures' axes out of the dialog (seen at 1366 x 768).
    auto* reportArea = new QScrollArea(this);
    reportArea->setWidgetResizable(true);
    reportArea->setFrameShape(QFrame::NoFrame);
    reportArea->setWidget(m_report);
    reportArea->setMinimumHeight(110);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_run);
    // The report and the figures share the height evenly, and the reader can move the line between them: with a
    // third of it the report showed seven lines, the last cut.
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    split->addWidget(reportArea);
    split->addWidget(plotsWidget);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({500, 500}); // halves of whatever height the dialog gets
    layout->addWidget(split, 1);
    // room for the report and both figures, within the screen (1366 x 768 included)
    if (const QScreen* screen = parent ? parent->screen() : QGuiApplication::primaryScreen()) {
        const QRect avail = screen->availableGeometry();
        resize(std::min(960, avail.width() - 40), std::min(720, avail.height() - 60));
    }
    connect(browseButton, &QPushButton::clicked, this, &CheckDialog::browse);
    connect(m_run, &QPushButton::clicked, this, &CheckDialog::start);
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, [this] {
        m_run->setEnabled(true);
        const Outcome o = m_watcher.result();
        if (o.error.isEmpty())
            showResult(o.result);
        else
            showError(ErrorText::text(o.error));
        emit checkFinished();
    });
}

CheckDialog::~CheckDialog()
{
    m_watcher.waitForFinished();
}

void CheckDialog::browse()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Table to check"), QString(),
                                                      tr("Tables (*.npy *.safetensors *.gguf *.csv);;All files (*)"));
    if (!path.isEmpty())
        m_input->setText(path);
}

void CheckDialog::setQueryScale(std::optional<QueryScaleReference> reference)
{
    m_queryScale = std::move(reference);
    if (!m_queryScale)
        return;
    QString text =
        QString::fromStdString(analysis::attentionScaleRules()[static_cast<std::size_t>(m_queryScale->rule)].name);
    QString sep = QStringLiteral(": ");
    for (const auto& [k, v] : queryScaleParams(*m_queryScale)) {
        if (k == "source")
            continue;
        text += sep + QString::fromStdString(k) + QLatin1Char(' ') + QString::fromStdString(v);
        sep = QStringLiteral(", ");
    }
    m_queryScaleLabel->setText(text);
}

void CheckDialog::runCheck(const QString& input, const QString& quantity)
{
    m_input->setText(input);
    m_quantity->setCurrentText(quantity);
    start();
}

void CheckDialog::applyInputs(CheckRequest& req) const
{
    const std::string positions = m_positionsEdit->text().trimmed().toStdString();
    if (!positions.empty())
        parseCheckPositions(positions, req);
    if (m_positionLayoutEdit->isEnabled()) {
        const std::string layout = m_positionLayoutEdit->text().trimmed().toStdString();
        mrope::parseLayout(layout); // the reason of a malformed layout, before anything runs
        req.params = Registry::resolve(m_method, req.params, {{"token-layout", layout}});
    }
}

void CheckDialog::start()
{
    CheckRequest req;
    req.method = &m_method;
    req.params = m_params;
    req.queryScale = m_queryScale;
    // the report names the reference as the dialog's "Reference" row does ("Llama 3 scaling", not "llama3")
    req.referenceLabel = CoreText::withEngine(CoreText::text(m_method.info.displayName), m_params).toStdString();
    try {
        applyInputs(req);
    } catch (const std::exception& e) {
        showError(ErrorText::of(e));
        emit checkFinished();
        return;
    }
    m_running = req;
    const std::string input = m_input->text().toStdString();
    const std::string quantity = m_quantity->currentText().toStdString();
    const std::string layout = m_layout->currentData().toString().toStdString();
    m_run->setEnabled(false);
    m_report->setText(tr("Checking…"));
    m_watcher.setFuture(QtConcurrent::run([req, input, quantity, layout]() mutable {
        Outcome o;
        try {
            req.quantity = parseCheckQuantity(quantity);
            if (!layout.empty())
                req.layout = parseCheckLayout(layout);
            std::vector<std::uint64_t> leading; // [batch, seq, dim] / [batch, heads, seq, dim], as the CLI
            io::TableReadOptions ro;
            ro.leadingDims = &leading;
            const Matrix table = io::readTableFile(io::parseTableSource(input), ro);
            o.result = checkTableSlices(table, std::vector<std::size_t>(leading.begin(), leading.end()), req);
        } catch (const std::exception& e) {
            o.error = QString::fromUtf8(e.what()); // worded on the GUI thread (ErrorText)
        }
        return o;
    }));
}

void CheckDialog::showResult(const CheckResult& r)
{
    // no column layout fits (check.cpp leaves both error vectors empty): nothing was compared, no error to give
    const bool noLayout = r.errorPerPair.empty() && r.errorPerPosition.empty();
    const QString storage = QString::fromStdString(toString(r.storage));
    QString text = (r.match ? tr("<b>Match</b>") : tr("<b>Mismatch</b>")) + QStringLiteral(" — ") +
                   PhraseText::text(r.alignmentPhrase).toHtmlEscaped() + QStringLiteral("<br>") +
                   (noLayout ? tr("stored in %1; no column layout fits, so no error is computed").arg(storage)
                             : tr("stored in %1; max error %2 (%3 × tolerance)")
                                   .arg(storage, CoreText::numberText(QString::number(r.maxAbsError, 'g', 3)),
                                        CoreText::numberText(QString::number(r.normalized, 'g', 3))));
    for (std::size_t k = 0; k < r.diagnosis.size(); ++k) {
        text += tr("<br>%1. <b>%2</b> (%3): %4", "rank. kind (confidence): evidence")
                    .arg(k + 1)
                    .arg(PhraseText::diagnosisKind(r.diagnosis[k].kind).toHtmlEscaped())
                    .arg(r.diagnosis[k].confidence, 0, 'f', 2)
                    .arg(PhraseText::text(r.diagnosis[k].evidencePhrase).toHtmlEscaped());
        // the engines whose own code computes exactly this table for the configuration (posenc check's produced_by)
        for (const Phrase& who : r.diagnosis[k].producedByPhrases)
            text += QStringLiteral("<br>&nbsp;&nbsp;&nbsp;&nbsp;") +
                    tr("this is the table of %1").arg(PhraseText::text(who).toHtmlEscaped());
    }
    m_report->setText(text);
    showPlots(true);
    // In place of an empty figure, a note: a query-scale table has no pairs; a table that fits no column layout of
    // the reference (e.g. the rotary-dim diagnosis) has no error per pair or position (check.cpp leaves both empty).
    const QString noLayoutNote = tr("The table fits no column layout of the reference: no error per pair or position "
                                    "(see the diagnoses above)");
    m_pairsPage->findChild<QLabel*>(QStringLiteral("placeholder"))
        ->setText(noLayout                 ? noLayoutNote
                  : r.errorPerPair.empty() ? tr("A query-scale table has one value per position: no pairs")
                                           : m_pairsNote);
    m_pairsPage->setCurrentIndex(r.errorPerPair.empty() ? 0 : 1);
    m_positionsPage->findChild<QLabel*>(QStringLiteral("placeholder"))
        ->setText(noLayout ? noLayoutNote : m_positionsNote);
    m_positionsPage->setCurrentIndex(noLayout ? 0 : 1);
    plot(m_pairs, r.errorPerPair, 0, {}, tr("pair i"), tr("max |error|"));
    plot(m_positions, r.errorPerPosition, double(m_running.firstPosition), m_running.positions, tr("position m"),
         tr("max |error|"));
}

void CheckDialog::showError(const QString& message)
{
    m_pairsPage->findChild<QLabel*>(QStringLiteral("placeholder"))->setText(m_pairsNote);
    m_positionsPage->findChild<QLabel*>(QStringLiteral("placeholder"))->setText(m_positionsNote);
    m_report->setText(tr("Cannot check: %1").arg(message.toHtmlEscaped()));
    m_pairs->clearGraphs();
    m_positions->clearGraphs();
    m_pairs->replot();
    m_positions->replot();
    showPlots(false);
}

void CheckDialog::showPlots(bool shown)
{
    m_pairsPage->setCurrentIndex(shown ? 1 : 0);
    m_positionsPage->setCurrentIndex(shown ? 1 : 0);
}

bool CheckDialog::plotsShown() const
{
    return m_pairsPage->currentIndex() == 1 && m_positionsPage->currentIndex() == 1;
}

QString CheckDialog::reportText() const
{
    return m_report->text();
}

std::vector<double> CheckDialog::plottedPairErrors() const
{
    std::vector<double> out;
    if (m_pairs->graphCount() == 0)
        return out;
    for (auto it = m_pairs->graph(0)->data()->constBegin(); it != m_pairs->graph(0)->data()->constEnd(); ++it)
        out.push_back(it->value);
    return out;
}

std::vector<double> CheckDialog::plottedPositions() const
{
    std::vector<double> out;
    if (m_positions->graphCount() == 0)
        return out;
    for (auto it = m_positions->graph(0)->data()->constBegin(); it != m_positions->graph(0)->data()->constEnd(); ++it)
        out.push_back(it->key);
    return out;
}

} // namespace posenc::widgets
