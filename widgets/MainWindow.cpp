// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "explorer/CheckDialog.h"
#include "explorer/ConfigLoader.h"
#include "explorer/JobRunner.h"
#include "explorer/MethodList.h"
#include "explorer/ParameterPanel.h"
#include "explorer/ParamsModel.h"
#include "explorer/Presets.h"
#include "explorer/SessionManager.h"
#include "guide/Gallery.h"
#include "explorer/SafeFileReader.h"
#include "explorer/Settings.h"
#include "explorer/StatusReadout.h"
#include "explorer/TableOpener.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "export/ExportDialog.h"
#include "figures/FigureWidget.h"
#include "guide/GuideHelp.h"
#include "i18n/CoreText.h"
#include "i18n/Translations.h"

#include "posenc/errors.h"
#include "posenc/registry.h"
#include "posenc/version.h"

#include <algorithm>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QLabel>
#include <QMimeData>
#include <QDir>
#include <QFile>
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
      m_coordinator(new ViewCoordinator(m_model, m_runner, this)), m_guide(new GuideHelp(this))
{
    setWindowTitle(QStringLiteral("%1 %2").arg(QString::fromUtf8(kProjectName), QString::fromUtf8(kVersion)));
    resize(1500, 920);
    m_normalFontPoints = font().pointSizeF();

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
    left->setSizes({m_methods->minimumSizeHint().height(), 640});
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
    m_configs = new ConfigLoader(m_model, m_settings.get(), this);
    m_configNote = new QLabel(this);
    m_configNote->hide();
    statusBar()->addPermanentWidget(m_configNote);
    connect(m_configs, &ConfigLoader::opened, this, [this](const QString& summary, const QString& details) {
        m_configNote->setText(summary);
        m_configNote->setToolTip(details);
        m_configNote->setVisible(true);
    });
    connect(m_configs, &ConfigLoader::failed, this,
            [this](const QString& message) { QMessageBox::warning(this, tr("Open config"), message); });
    setAcceptDrops(true);

    // Wiring.
    connect(m_methods, &MethodList::currentMethodChanged, m_panel, &ParameterPanel::setMethod);
    connect(m_model, &ParamsModel::methodsChanged, this, [this] {
        if (!m_model->isChecked(m_panel->method()) && !m_model->primary().empty())
            m_methods->setCurrentMethod(m_model->primary());
    });
    // The hover read-out describes the picture under the mouse: any change of picture makes it stale.
    const auto clearHover = [this] { m_readout->setHover(QString()); };
    connect(m_model, &ParamsModel::paramsChanged, m_readout, clearHover);
    connect(m_model, &ParamsModel::methodsChanged, m_readout, clearHover);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        m_readout->setHover(QString());
        m_coordinator->setCurrentPage(currentPage());
        if (const FigureData& shown = currentPage()->figure()->data(); shown.computeMs > 0)
            m_readout->setComputeTime(currentPage()->title().replace(QStringLiteral("&&"), QStringLiteral("&")),
                                      shown.computeMs);
    });
    for (auto* page : m_coordinator->pages()) {
        connect(page->figure(), &FigureWidget::hovered, m_readout, &StatusReadout::setHover);
        connect(page->figure(), &FigureWidget::visibleWindowChanged, m_readout, clearHover);
        connect(page, &ViewPage::optionsChanged, m_readout, clearHover);
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

    m_sessions = new SessionManager(m_model, this, m_tabs, m_splitter, m_settings.get(), this);
    // Sessions list the opened configs by path and read them again when opened.
    m_sessions->setConfigHooks([this] { return m_configs->loaded(); },
                               [this](const QStringList& paths) { return m_configs->reattach(paths); });
    connect(m_sessions, &SessionManager::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 15000); });
    connect(m_sessions, &SessionManager::failed, this,
            [this](const QString& text) { statusBar()->showMessage(text, 15000); });
    m_tables = new TableOpener(m_model, this);
    connect(m_tables, &TableOpener::opened, this, [this](const QString& source, qint64 rows, qint64 cols) {
        m_methods->setCurrentMethod(m_model->primary());
        statusBar()->showMessage(tr("Opened table %1: %2 positions x %3 channels").arg(source).arg(rows).arg(cols),
                                 10000);
    });
    connect(m_tables, &TableOpener::failed, this, [this](const QString& text) {
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Cannot open table"), text, QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open(); // not modal: the explorer keeps running
        statusBar()->showMessage(text, 15000);
    });

    buildMenus();
    restoreSession();
}

MainWindow::~MainWindow()
{
    m_coordinator->shutdown();
}

ViewPage* MainWindow::page(FigureKind kind) const
{
    for (auto* p : m_coordinator->pages())
        if (p->kind() == kind)
            return p;
    return nullptr;
}

ViewPage* MainWindow::currentPage() const
{
    return qobject_cast<ViewPage*>(m_tabs->currentWidget());
}

void MainWindow::buildMenus()
{
    auto* file = menuBar()->addMenu(tr("&File"));
    auto* open = file->addAction(tr("&Open config…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Hugging Face config"), QString(),
                                                          tr("Model configs (*.json *.gguf);;All files (*)"));
        if (!path.isEmpty())
            openConfig(path);
    });
    open->setShortcut(QKeySequence::Open);
    auto* recent = file->addMenu(tr("Open &recent"));
    connect(recent, &QMenu::aboutToShow, this, [this, recent] { m_configs->fillRecentMenu(recent); });
    m_configs->fillRecentMenu(recent);
    file->addAction(tr("&Load preset…"), this, &MainWindow::loadPresetFile);
    file->addAction(tr("Open &table…"), m_tables, &TableOpener::chooseAndOpen);
    file->addAction(tr("&Check implementation…"), this, [this] { // posenc check against the primary (issue 19)
        const std::string id = m_model->primary();
        auto* d = new CheckDialog(Registry::instance().find(id.substr(0, id.find('#'))), m_model->resolved(id), this);
        d->setAttribute(Qt::WA_DeleteOnClose);
        d->show();
    });
    file->addSeparator();
    auto* openSession = file->addAction(tr("Open &session…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open session"), m_settings->lastExportDir(),
                                                          tr("Sessions (*.json);;All files (*)"));
        if (!path.isEmpty() && !m_sessions->open(path))
            QMessageBox::warning(this, tr("Cannot open session"), statusBar()->currentMessage());
    });
    openSession->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    auto* saveSessionAction = file->addAction(tr("Sa&ve session…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save session"), m_settings->lastExportDir(),
                                                          tr("Sessions (*.json)"));
        if (!path.isEmpty() && m_sessions->save(path))
            statusBar()->showMessage(tr("Saved session %1").arg(path), 8000);
    });
    saveSessionAction->setShortcut(QKeySequence::Save);
    file->addSeparator();
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

    m_presentation = view->addAction(tr("&Presentation mode"));
    m_presentation->setCheckable(true);
    m_presentation->setShortcut(QKeySequence(Qt::Key_F11));
    m_presentation->setToolTip(tr("Full screen with large text and thick lines, for a projector; exports keep the "
                                  "large text"));
    connect(m_presentation, &QAction::toggled, this, &MainWindow::setPresentationMode);

    view->addSeparator();
    auto* language = view->addMenu(tr("&Language"));
    auto* languages = new QActionGroup(language);
    for (const QString& code : Translations::available()) {
        auto* a = language->addAction(Translations::nativeName(code), this,
                                      [this, code] { emit languageChangeRequested(code); });
        a->setCheckable(true);
        a->setChecked(code == Translations::current());
        languages->addAction(a);
    }

    buildPresetMenu(menuBar()->addMenu(tr("&Presets")));
    buildGalleryMenu(menuBar()->addMenu(tr("&Gallery")));

    auto* help = menuBar()->addMenu(tr("&Help"));
    auto* guide = help->addAction(tr("&Guide"), this, [this] { m_guide->show(QStringLiteral("index")); });
    guide->setToolTip(tr("One page per method and per view: formulas, parameters, papers and pitfalls"));
    // F1 anywhere in the window: the page of the method or view the focused control belongs to.
    auto* context = new QAction(tr("Guide for the focused control"), this);
    context->setShortcut(QKeySequence::HelpContents);
    connect(context, &QAction::triggered, m_guide, &GuideHelp::showContextHelp);
    help->addAction(context);
    help->addSeparator();
    help->addAction(tr("&About PosEnc Explorer"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::buildPresetMenu(QMenu* menu)
{
    QStringList errors;
    const auto presets = Presets::builtIn(&errors);
    for (const auto& preset : presets) {
        auto* a = menu->addAction(CoreText::preset(preset.name), this, [this, preset] { applyPreset(preset); });
        a->setToolTip(CoreText::preset(preset.description));
        a->setStatusTip(CoreText::preset(preset.description));
    }
    menu->setToolTipsVisible(true);
    menu->addSeparator();
    menu->addAction(tr("Load preset file…"), this, &MainWindow::loadPresetFile);
    if (!errors.isEmpty())
        statusBar()->showMessage(errors.join(QLatin1Char('\n')), 15000);
}

void MainWindow::buildGalleryMenu(QMenu* menu)
{
    menu->setObjectName(QStringLiteral("gallery"));
    for (const GalleryEntry& entry : galleryEntries()) {
        const std::string id = entry.id;
        auto* a = menu->addAction(galleryTitle(entry), this, [this, id] { openGalleryFigure(id); });
        a->setToolTip(galleryCaption(entry) + QStringLiteral("\n") + QString::fromStdString(entry.source));
        a->setStatusTip(galleryCaption(entry));
    }
    menu->setToolTipsVisible(true);
}

bool MainWindow::openGalleryFigure(const std::string& id)
{
    const auto& entries = galleryEntries();
    const auto it = std::find_if(entries.begin(), entries.end(), [&](const GalleryEntry& e) { return e.id == id; });
    if (it == entries.end())
        return false;
    const QStringList ignored = m_sessions->apply(gallerySession(*it));
    m_methods->setCurrentMethod(m_model->primary());
    m_panel->setMethod(m_model->primary());
    // The caption defines what is drawn: it stays in the status bar until the next message.
    statusBar()->showMessage(galleryTitle(*it) + QStringLiteral(" — ") + galleryCaption(*it) +
                             QStringLiteral(" (") + QString::fromStdString(it->source) + QLatin1Char(')') +
                             (ignored.isEmpty() ? QString() : QStringLiteral(" ") + ignored.join(QStringLiteral("; "))));
    return true;
}

void MainWindow::applyPreset(const Preset& preset)
{
    m_model->setState(preset.state, tr("Preset %1").arg(CoreText::preset(preset.name)));
    m_methods->setCurrentMethod(m_model->primary());
    m_panel->setMethod(m_model->primary());
    m_settings->setLastPreset(preset.path);
    setWindowTitle(
        QStringLiteral("%1 — %2 %3")
            .arg(CoreText::preset(preset.name), QString::fromUtf8(kProjectName), QString::fromUtf8(kVersion)));
    statusBar()->showMessage(CoreText::preset(preset.description), 8000);
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

bool MainWindow::openConfig(const QString& path)
{
    return m_configs->open(path);
}

bool MainWindow::openFile(const QString& path)
{
    // A session names its format in its first bytes ("format": "posenc-session"); anything else is a config.
    QFile file(path);
    QFileInfo info(path);
    if (info.isFile() && file.open(QIODevice::ReadOnly) && file.read(4096).contains("\"posenc-session\""))
        return m_sessions->open(path);
    return openConfig(path);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!ConfigLoader::droppedFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    for (const auto& path : ConfigLoader::droppedFiles(event->mimeData()))
        openConfig(path);
    event->acceptProposedAction();
}

void MainWindow::setPresentationMode(bool on)
{
    if (m_presentation->isChecked() != on)
        m_presentation->setChecked(on); // re-enters through toggled
    if (on == (FigureWidget::presentationScale() > 1.0))
        return;
    FigureWidget::setPresentationScale(on ? kPresentationScale : 1.0);
    QFont f = font();
    f.setPointSizeF(on ? m_normalFontPoints * kPresentationScale : m_normalFontPoints);
    setFont(f);
    for (int i = 0; i < m_tabs->count(); ++i)
        if (auto* p = qobject_cast<ViewPage*>(m_tabs->widget(i)))
            p->figure()->redraw();
    on ? showFullScreen() : showNormal();
}

void MainWindow::exportCurrentView()
{
    auto* p = currentPage();
    if (!p)
        return;
    const auto result = ExportDialog::exportFigure(*p->figure(), this, defaultExportBase());
    if (!result.ok)
        return;
    const QFileInfo written(result.path);
    m_settings->setLastExportDir(written.absolutePath());
    statusBar()->showMessage(tr("Exported to %1").arg(QDir::toNativeSeparators(written.absoluteFilePath())), 15000);
}

QString MainWindow::defaultExportBase() const
{
    const auto* p = currentPage();
    QString preset = QFileInfo(m_settings->lastPreset()).completeBaseName();
    if (preset.isEmpty())
        preset = QStringLiteral("explorer");
    const QString view = p ? QString::fromStdString(p->spec().id) : QStringLiteral("view");
    return QDir(m_settings->lastExportDir()).filePath(view + QLatin1Char('-') + preset);
}

void MainWindow::showAbout()
{
    QString citations;
    for (const auto& def : Registry::instance().methods())
        citations += QStringLiteral("<li><b>%1</b>: %2</li>")
                         .arg(CoreText::text(def.info.displayName).toHtmlEscaped(),
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

    // The autosaved session (the last run's state); without one the last preset, by its path; on first launch
    // something worth looking at (LLaMA-2-7B, four methods at s = 8, the primary's heatmap).
    if (!m_sessions->restoreAtStart(m_settings->firstLaunchDone())) {
        const QString preset = m_settings->firstLaunchDone() ? m_settings->lastPreset() : QString();
        try {
            if (preset.isEmpty())
                applyPreset(Presets::builtIn(Presets::defaultFileName()));
            else if (preset.contains(QLatin1Char('/')))
                applyPreset(Presets::load(preset)); // ":/presets/..." or a user's file
            else
                applyPreset(Presets::builtIn(preset)); // settings written before presets were kept by path
        } catch (const std::exception& e) {
            // A bad settings value never stops the explorer from starting: say so and open the default preset.
            applyPreset(Presets::builtIn(Presets::defaultFileName()));
            showError(tr("Ignored the saved preset setting: %1").arg(QString::fromUtf8(e.what())));
        }
        if (!m_sessions->lastError().isEmpty()) // an unusable autosave: say why it was not restored
            statusBar()->showMessage(m_sessions->lastError(), 15000);
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
    m_sessions->finish();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveSession();
    m_coordinator->shutdown(); // cancel running jobs: closing never waits for a figure
    QMainWindow::closeEvent(event);
}

} // namespace posenc::widgets
