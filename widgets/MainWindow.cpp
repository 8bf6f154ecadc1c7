// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "explorer/CompactTabStyle.h"
#include "explorer/ConfigLoader.h"
#include "explorer/LayerPicker.h"
#include "explorer/JobRunner.h"
#include "explorer/MethodList.h"
#include "explorer/ParameterPanel.h"
#include "explorer/ParamsModel.h"
#include "explorer/Presets.h"
#include "explorer/SessionManager.h"
#include "guide/Gallery.h"
#include "explorer/SafeFileReader.h"
#include "explorer/Settings.h"
#include "explorer/ElidedLabel.h"
#include "explorer/StatusReadout.h"
#include "explorer/TableOpener.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "export/ExportDialog.h"
#include "figures/FigureWidget.h"
#include "guide/GuideHelp.h"
#include "i18n/CoreText.h"
#include "i18n/ErrorText.h"
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
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>

namespace posenc::widgets {

MainWindow::MainWindow(std::unique_ptr<Settings> settings, QWidget* parent)
    : QMainWindow(parent), m_settings(settings ? std::move(settings) : std::make_unique<Settings>()),
      m_model(new ParamsModel(this)), m_runner(new JobRunner(this)),
      m_coordinator(new ViewCoordinator(m_model, m_runner, this)), m_guide(new GuideHelp(this))
{
    setWindowTitle(QStringLiteral("%1 %2").arg(QString::fromUtf8(kProjectName), QString::fromUtf8(kVersion)));
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
    left->setMinimumWidth(kLeftMinimumWidth);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    auto* tabStyle = new CompactTabStyle; // every view tab visible at 1366 px (tst_screen)
    tabStyle->setParent(m_tabs->tabBar());
    m_tabs->tabBar()->setStyle(tabStyle);
    for (const FigureKind kind : allFigureKinds()) {
        auto* page = new ViewPage(kind, m_tabs);
        m_tabs->addTab(page, page->title());
        m_coordinator->addPage(page);
    }

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({kLeftWidth, 1140}); // the view tabs fit 1366 px (tst_screen)
    setCentralWidget(m_splitter);

    m_readout = new StatusReadout(this);
    statusBar()->addPermanentWidget(m_readout, 2);
    m_readout->showMessagesOf(statusBar());
    m_configs = new ConfigLoader(m_model, m_settings.get(), this);
    m_configNote = new ElidedLabel(this);
    // A long summary never widens the window: the label takes a third of the bar, ends in "…" when the summary
    // does not fit, and its tooltip has it all.
    m_configNote->hide();
    statusBar()->addPermanentWidget(m_configNote, 1);
    connect(m_configs, &ConfigLoader::opened, this, [this](const QString& summary, const QString& details) {
        clearGalleryCaptions();
        statusBar()->clearMessage(); // a preset's description (shown 15 s) no longer says what is drawn
        m_configNote->setFullText(summary);
        m_configNote->setFullToolTip(details.isEmpty() ? summary : summary + QStringLiteral("\n") + details);
        m_configNote->setVisible(true);
    });
    // The title names the model whose config was opened last (as a preset names its model).
    connect(m_configs, &ConfigLoader::configLoaded, this, [this](std::shared_ptr<const io::HfConfig> config) {
        if (config)
            setSubject(QString::fromStdString(config->modelName));
    });
    connect(m_configs, &ConfigLoader::gridModelLoaded, m_coordinator, &ViewCoordinator::setGridModel); // issue 37
    m_layers = new LayerPicker(m_model, m_coordinator, m_configs, this); // the Layers view's config and clicks
    // The tabs of views with nothing to draw for the compared methods and the loaded config are hidden
    // (FigureSpec::shown).
    const auto updateTabs = [this] {
        std::vector<std::string> ids;
        for (const auto& key : m_model->methods())
            ids.push_back(ParamState::methodIdOf(key));
        for (int i = 0; i < m_tabs->count(); ++i)
            if (const auto* p = qobject_cast<ViewPage*>(m_tabs->widget(i)); p && p->spec().shown) {
                const bool shown = p->spec().shown(ids, m_layers->config().get());
                m_tabs->setTabVisible(i, shown);
                if (!shown && m_tabs->currentIndex() == i)
                    m_tabs->setCurrentIndex(0);
            }
    };
    connect(m_model, &ParamsModel::methodsChanged, this, updateTabs);
    connect(m_layers, &LayerPicker::configChanged, this, updateTabs);
    updateTabs();
    connect(m_layers, &LayerPicker::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(m_configs, &ConfigLoader::failed, this,
            [this](const QString& message) { QMessageBox::warning(this, tr("Open config"), message); });
    setAcceptDrops(true);

    // Wiring.
    connect(m_methods, &MethodList::currentMethodChanged, m_panel, &ParameterPanel::setMethod);
    // Other editors (after the panel has rebuilt them): the side panel as wide as they need.
    const auto fitLater = [this] { QTimer::singleShot(0, this, [this] { fitSidePanel(false); }); };
    connect(m_model, &ParamsModel::methodsChanged, this, fitLater);
    connect(m_methods, &MethodList::currentMethodChanged, this, fitLater);
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
        if (page != currentPage())
            return;
        m_readout->setComputeTime(page->title().replace(QStringLiteral("&&"), QStringLiteral("&")), ms);
        // A view that draws again no longer fails: its reason would be out of date (it named the old methods).
        if (!m_failureShown.isEmpty() && statusBar()->currentMessage() == m_failureShown)
            statusBar()->clearMessage();
        m_failureShown.clear();
    });
    connect(m_coordinator, &ViewCoordinator::figureFailed, this, [this](ViewPage* page, const QString& message) {
        if (page != currentPage())
            return;
        m_failureShown = tr("%1: %2", "a view's title, then why its figure cannot be drawn").arg(page->title(), message);
        statusBar()->showMessage(m_failureShown, 10000);
    });
    connect(m_coordinator, &ViewCoordinator::problemChanged, m_readout, &StatusReadout::setProblem);
    connect(m_coordinator, &ViewCoordinator::progressChanged, m_readout, &StatusReadout::setProgress);
    connect(m_readout, &StatusReadout::cancelRequested, m_runner, &JobRunner::cancelAll);

    m_sessions = new SessionManager(m_model, this, m_tabs, m_splitter, m_settings.get(), this);
    // Sessions list the opened configs by path and read them again when opened.
    m_sessions->setConfigHooks([this] { return m_configs->loaded(); },
                               [this](const QStringList& paths) { return m_configs->reattach(paths); });
    m_sessions->setGeometryHook([this](const QByteArray& saved) { return restoreFittingGeometry(saved); });
    connect(m_sessions, &SessionManager::message, this, [this](const QString& text) {
        clearGalleryCaptions();                           // an opened session replaced the gallery's setup
        const QStringList own = m_model->overrideNotes(); // a session's own values are said, not hidden
        statusBar()->showMessage(own.isEmpty() ? text : text + QStringLiteral(" ") + own.join(QObject::tr("; ")),
                                 15000);
    });
    // every value a session could not use, one per line (the status bar cuts a long list off)
    connect(m_sessions, &SessionManager::ignored, this, [this](const QString& file, const QStringList& values) {
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Open session"),
                                    tr("Opened session %1. These values could not be used and were ignored:")
                                        .arg(QDir::toNativeSeparators(file)),
                                    QMessageBox::Ok, this);
        box->setInformativeText(QStringLiteral("• ") + values.join(QStringLiteral("\n• ")));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open(); // not modal: the explorer keeps running
    });
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

bool MainWindow::openGalleryFigure(const std::string& id)
{
    const auto& entries = galleryEntries();
    const auto it = std::find_if(entries.begin(), entries.end(), [&](const GalleryEntry& e) { return e.id == id; });
    if (it == entries.end())
        return false;
    const QStringList ignored = m_sessions->apply(gallerySession(*it));
    m_methods->setCurrentMethod(m_model->primary());
    m_panel->setMethod(m_model->primary());
    const QStringList own = m_model->overrideNotes(); // "YaRN uses its own factor 16"
    // The caption defines what is drawn: shown above the figure of the entry's view until hidden or replaced (the
    // status bar's permanent read-out would hide it); own values and ignored settings are said in the status bar.
    clearGalleryCaptions();
    for (auto* p : m_coordinator->pages())
        if (p->spec().id == it->view)
            p->setCaption(galleryTitle(*it), galleryCaption(*it), QString::fromStdString(it->source));
    QStringList said{galleryTitle(*it)};
    if (!own.isEmpty())
        said << QObject::tr("%1.", "notes said as one sentence").arg(own.join(QObject::tr("; ")));
    if (!ignored.isEmpty())
        said << ignored.join(QObject::tr("; "));
    statusBar()->showMessage(said.join(QLatin1Char(' ')), 15000);
    return true;
}

void MainWindow::clearGalleryCaptions()
{
    for (auto* p : m_coordinator->pages())
        p->setCaption({}, {}, {});
}

void MainWindow::applyPreset(const Preset& preset)
{
    clearGalleryCaptions(); // a caption describes the gallery's setup, not this one
    // The view stays the one shown if the preset has it: between the new methods and the new config a view can be
    // hidden for a moment (FigureSpec::shown sees the new methods with the old config), which moved to the first.
    const int shown = m_tabs->currentIndex();
    m_model->setState(preset.state, tr("Preset %1").arg(CoreText::preset(preset.name)));
    m_layers->setConfig(preset.config);
    if (shown >= 0 && m_tabs->isTabVisible(shown))
        m_tabs->setCurrentIndex(shown);
    m_methods->setCurrentMethod(m_model->primary());
    m_panel->setMethod(m_model->primary());
    m_settings->setLastPreset(preset.path);
    setSubject(CoreText::preset(preset.name));
    statusBar()->showMessage(CoreText::preset(preset.description), 8000);
}

void MainWindow::setSubject(const QString& subject)
{
    const QString program = QStringLiteral("%1 %2").arg(QString::fromUtf8(kProjectName), QString::fromUtf8(kVersion));
    setWindowTitle(subject.isEmpty() ? program : QStringLiteral("%1 — %2").arg(subject, program));
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
            QMessageBox::warning(this, tr("Cannot load preset"), ErrorText::of(e));
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

void MainWindow::showAbout()
{
    QString citations;
    for (const auto& def : Registry::instance().methods())
        citations += tr("<li><b>%1</b>: %2</li>", "a method and its sources, in the About box")
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
    // The window layout is kept in one place, the session: the autosave below restores the last run's geometry
    // (only when it fits this screen: the geometry hook), window state, splitter and view. Until then, and without
    // an autosave, the window is placed on the screen.
    placeOnScreen();
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
            showError(tr("Ignored the saved preset setting: %1").arg(ErrorText::of(e)));
        }
        if (!m_sessions->lastError().isEmpty()) // an unusable autosave: say why it was not restored
            statusBar()->showMessage(m_sessions->lastError(), 15000);
    }
    m_model->undoStack()->clear(); // loading the start-up state is not an edit the user can undo
    m_settings->setFirstLaunchDone(true);
}

void MainWindow::saveSession()
{
    m_settings->sync();
    m_sessions->finish(); // the autosave: parameters, view options and the window layout
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveSession();
    m_coordinator->shutdown(); // cancel running jobs: closing never waits for a figure
    QMainWindow::closeEvent(event);
}

} // namespace posenc::widgets
