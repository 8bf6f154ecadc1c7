// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "explorer/JobRunner.h"
#include "explorer/MethodList.h"
#include "explorer/ParameterPanel.h"
#include "explorer/ParamsModel.h"
#include "explorer/Presets.h"
#include "explorer/SafeFileReader.h"
#include "explorer/Settings.h"
#include "explorer/StatusReadout.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "export/ExportDialog.h"
#include "figures/FigureWidget.h"

#include "posenc/errors.h"
#include "posenc/registry.h"
#include "posenc/version.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QUndoStack>

namespace posenc::widgets {

MainWindow::MainWindow(std::unique_ptr<Settings> settings, QWidget* parent)
    : QMainWindow(parent), m_settings(settings ? std::move(settings) : std::make_unique<Settings>()),
      m_model(new ParamsModel(this)), m_runner(new JobRunner(this)),
      m_coordinator(new ViewCoordinator(m_model, m_runner, this))
{
    setWindowTitle(QStringLiteral("%1 %2").arg(QString::fromUtf8(kProjectName), QString::fromUtf8(kVersion)));
    resize(1500, 920);

    // Left: the methods to compare above the generated parameter panel. Right: one tab per view.
    auto* left = new QSplitter(Qt::Vertical, this);
    m_methods = new MethodList(m_model, left);
    auto* scroll = new QScrollArea(left);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_panel = new ParameterPanel(m_model, scroll);
    scroll->setWidget(m_panel);
    left->addWidget(m_methods);
    left->addWidget(scroll);
    left->setStretchFactor(1, 3);
    left->setSizes({260, 640});
    left->setMinimumWidth(330);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    for (const FigureKind kind : allFigureKinds()) {
        auto* page = new ViewPage(kind, m_tabs);
        m_tabs->addTab(page, page->title());
        m_coordinator->addPage(page);
    }

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({360, 1140});
    setCentralWidget(m_splitter);

    m_readout = new StatusReadout(this);
    statusBar()->addPermanentWidget(m_readout, 1);

    // Wiring.
    connect(m_methods, &MethodList::currentMethodChanged, m_panel, &ParameterPanel::setMethod);
    connect(m_model, &ParamsModel::methodsChanged, this, [this] {
        if (!m_model->isChecked(m_panel->method()) && !m_model->primary().empty())
            m_methods->setCurrentMethod(m_model->primary());
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        m_coordinator->setCurrentPage(currentPage());
        if (const FigureData& shown = currentPage()->figure()->data(); shown.computeMs > 0)
            m_readout->setComputeTime(currentPage()->title().replace(QStringLiteral("&&"), QStringLiteral("&")),
                                      shown.computeMs);
    });
    for (auto* page : m_coordinator->pages()) {
        connect(page->figure(), &FigureWidget::hovered, m_readout, &StatusReadout::setHover);
        connect(page->figure(), &FigureWidget::exportRequested, this, &MainWindow::exportCurrentView);
    }
    connect(m_coordinator, &ViewCoordinator::figureShown, this, [this](ViewPage* page, double ms) {
        if (page == currentPage())
            m_readout->setComputeTime(page->title().replace(QStringLiteral("&&"), QStringLiteral("&")), ms);
    });
    connect(m_coordinator, &ViewCoordinator::figureFailed, this, [this](ViewPage* page, const QString& message) {
        if (page == currentPage())
            statusBar()->showMessage(QStringLiteral("%1: %2").arg(page->title(), message), 10000);
    });
    connect(m_coordinator, &ViewCoordinator::problemChanged, m_readout, &StatusReadout::setProblem);
    connect(m_coordinator, &ViewCoordinator::progressChanged, m_readout, &StatusReadout::setProgress);
    connect(m_readout, &StatusReadout::cancelRequested, m_runner, &JobRunner::cancelAll);

    buildMenus();
    restoreSession();
}

MainWindow::~MainWindow() { m_coordinator->shutdown(); }

ViewPage* MainWindow::page(FigureKind kind) const
{
    for (auto* p : m_coordinator->pages())
        if (p->kind() == kind)
            return p;
    return nullptr;
}

ViewPage* MainWindow::currentPage() const { return qobject_cast<ViewPage*>(m_tabs->currentWidget()); }

void MainWindow::buildMenus()
{
    auto* file = menuBar()->addMenu(tr("&File"));
    auto* load = file->addAction(tr("&Load preset…"), this, &MainWindow::loadPresetFile);
    load->setShortcut(QKeySequence::Open);
    auto* exportAction = file->addAction(tr("&Export view…"), this, &MainWindow::exportCurrentView);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    file->addSeparator();
    auto* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    auto* edit = menuBar()->addMenu(tr("&Edit"));
    auto* undo = m_model->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    auto* redo = m_model->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    edit->addAction(undo);
    edit->addAction(redo);

    auto* view = menuBar()->addMenu(tr("&View"));
    auto* reset = view->addAction(tr("&Reset view"), this, [this] {
        if (auto* p = currentPage())
            p->figure()->resetView();
    });
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    auto* live = view->addAction(tr("Keep &hidden views live"));
    live->setCheckable(true);
    live->setChecked(true);
    live->setToolTip(tr("Recompute every view after each change (off: only the visible one, the others when shown)"));
    connect(live, &QAction::toggled, this, [this](bool on) {
        m_coordinator->setLiveBackground(on);
        if (on)
            m_coordinator->recomputeAll();
    });
    view->addSeparator();
    for (int i = 0; i < m_tabs->count(); ++i) {
        auto* a = view->addAction(m_tabs->tabText(i), this, [this, i] { m_tabs->setCurrentIndex(i); });
        a->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + i)));
    }

    buildPresetMenu(menuBar()->addMenu(tr("&Presets")));

    auto* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About PosEnc Explorer"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::buildPresetMenu(QMenu* menu)
{
    QStringList errors;
    const auto presets = Presets::builtIn(&errors);
    for (const auto& preset : presets) {
        auto* a = menu->addAction(preset.name, this, [this, preset] { applyPreset(preset); });
        a->setToolTip(preset.description);
        a->setStatusTip(preset.description);
    }
    menu->setToolTipsVisible(true);
    menu->addSeparator();
    menu->addAction(tr("Load preset file…"), this, &MainWindow::loadPresetFile);
    if (!errors.isEmpty())
        statusBar()->showMessage(errors.join(QLatin1Char('\n')), 15000);
}

void MainWindow::applyPreset(const Preset& preset)
{
    m_model->setState(preset.state, tr("Preset %1").arg(preset.name));
    m_methods->setCurrentMethod(m_model->primary());
    m_panel->setMethod(m_model->primary());
    m_settings->setLastPreset(preset.fileName);
    setWindowTitle(QStringLiteral("%1 — %2 %3")
                       .arg(preset.name, QString::fromUtf8(kProjectName), QString::fromUtf8(kVersion)));
    statusBar()->showMessage(preset.description, 8000);
}

void MainWindow::showError(const QString& message)
{
    m_lastError = message;
    statusBar()->showMessage(message, 15000);
}

void MainWindow::loadPresetFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load preset"), m_settings->lastExportDir(),
                                                      tr("Preset files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    statusBar()->showMessage(tr("Reading %1…").arg(path));
    // Read off the GUI thread (a slow disk or a large file never freezes the window), parse here.
    SafeFileReader::readAsync(path, this, [this, path](const QByteArray& bytes, const QString& error) {
        statusBar()->clearMessage();
        try {
            if (!error.isEmpty())
                throw InvalidInput("preset", error.toStdString());
            applyPreset(Presets::parse(bytes, path));
        } catch (const std::exception& e) {
            QMessageBox::warning(this, tr("Cannot load preset"), QString::fromUtf8(e.what()));
        }
    });
}

void MainWindow::exportCurrentView()
{
    auto* p = currentPage();
    if (!p)
        return;
    const auto result = ExportDialog::exportFigure(*p->figure(), this);
    if (result.ok)
        statusBar()->showMessage(result.message, 8000);
}

void MainWindow::showAbout()
{
    QString citations;
    for (const auto& def : Registry::instance().methods())
        citations += QStringLiteral("<li><b>%1</b>: %2</li>")
                         .arg(QString::fromStdString(def.info.displayName).toHtmlEscaped(),
                              QString::fromStdString(def.info.citation).toHtmlEscaped());
    QMessageBox::about(this, tr("About PosEnc Explorer"),
                       tr("<h3>PosEnc Explorer %1</h3><p>Explore, check and teach Transformer positional "
                          "encodings: every figure is computed exactly from the reference formulas.</p>"
                          "<p>License: GPL-3.0-or-later.</p><p>Methods and their sources:</p><ul>%2</ul>")
                           .arg(QString::fromUtf8(kVersion), citations));
}

void MainWindow::restoreSession()
{
    if (const auto g = m_settings->windowGeometry(); !g.isEmpty())
        restoreGeometry(g);
    if (const auto s = m_settings->windowState(); !s.isEmpty())
        restoreState(s);
    if (const auto s = m_settings->splitterState(); !s.isEmpty())
        m_splitter->restoreState(s);
    const int tab = m_settings->currentTab();
    m_tabs->setCurrentIndex(tab >= 0 && tab < m_tabs->count() ? tab : 0);
    m_coordinator->setCurrentPage(currentPage());

    // First launch: something worth looking at (LLaMA-2-7B, four methods at s = 8, the primary's heatmap).
    QString presetFile = m_settings->firstLaunchDone() ? m_settings->lastPreset() : Presets::defaultFileName();
    if (presetFile.isEmpty())
        presetFile = Presets::defaultFileName();
    try {
        applyPreset(Presets::builtIn(presetFile));
    } catch (const std::exception& e) {
        // A bad settings value never stops the explorer from starting: say so and open the default preset.
        applyPreset(Presets::builtIn(Presets::defaultFileName()));
        showError(tr("Ignored the saved preset setting: %1").arg(QString::fromUtf8(e.what())));
    }
    m_model->undoStack()->clear(); // loading the start-up state is not an edit the user can undo
    m_settings->setFirstLaunchDone(true);
}

void MainWindow::saveSession()
{
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->setWindowState(saveState());
    m_settings->setSplitterState(m_splitter->saveState());
    m_settings->setCurrentTab(m_tabs->currentIndex());
    m_settings->sync();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveSession();
    m_coordinator->shutdown(); // cancel running jobs: closing never waits for a figure
    QMainWindow::closeEvent(event);
}

} // namespace posenc::widgets
