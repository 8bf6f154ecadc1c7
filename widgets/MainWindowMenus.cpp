// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's menus: File, Edit, View, Presets, Gallery, Help.
#include "MainWindow.h"

#include "explorer/CheckDialog.h"
#include "posenc/io/hf_config.h"
#include "posenc/method_key.h"
#include "posenc/registry.h"

#include "explorer/ConfigLoader.h"
#include "explorer/LayerPicker.h"
#include "explorer/ParamsModel.h"
#include "explorer/Presets.h"
#include "explorer/SessionManager.h"
#include "explorer/Settings.h"
#include "explorer/TableOpener.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "figures/FigureWidget.h"
#include "guide/Gallery.h"
#include "guide/GuideHelp.h"
#include "i18n/CoreText.h"
#include "i18n/Translations.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QFileDialog>
#include <QKeyEvent>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QUndoStack>

namespace posenc::widgets {

namespace {

/// Lets Undo and Redo reach the window's actions while a spin box inside `window` has the focus.
class SpinBoxUndoFilter : public QObject {
public:
    explicit SpinBoxUndoFilter(QWidget* window) : QObject(window), m_window(window) {}

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::ShortcutOverride)
            return false;
        auto* key = static_cast<QKeyEvent*>(event);
        if (!key->matches(QKeySequence::Undo) && !key->matches(QKeySequence::Redo))
            return false;
        auto* widget = qobject_cast<QWidget*>(watched);
        if (!widget || widget->window() != m_window)
            return false;
        for (QWidget* w = widget; w && w != m_window; w = w->parentWidget())
            if (qobject_cast<QAbstractSpinBox*>(w)) {
                event->ignore(); // not overridden: the shortcut (Edit ▸ Undo) runs
                return true;
            }
        return false;
    }

private:
    QWidget* m_window;
};

} // namespace

int MainWindow::viewShortcutKey(int index)
{
    // Alt+1 … Alt+9, then Alt+0 for the tenth view; later views have none.
    if (index >= 0 && index < 9)
        return Qt::Key_1 + index;
    return index == 9 ? Qt::Key_0 : 0;
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
        auto* d = new CheckDialog(Registry::instance().find(MethodKey::parse(id).id), m_model->resolved(id), this);
        // the loaded config's query temperature is the reference of --quantity query-scale
        if (const auto& config = m_layers->config(); config && !config->encodings.empty())
            d->setQueryScale(queryScaleOfConfig(*config, config->encodings.front()));
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
    edit->addSeparator();
    auto* copy = edit->addAction(tr("&Copy figure"), this, &MainWindow::copyFigure);
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copy->setToolTip(tr("Put the current figure on the clipboard as an image (without the hover crosshair)"));
    // Ctrl+Z / Ctrl+Shift+Z undo the explorer's last step also while a spin box has the focus (its line edit
    // would otherwise take them for its own text undo).
    qApp->installEventFilter(new SpinBoxUndoFilter(this));

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
        auto* a = view->addAction(m_tabs->tabText(i), this, [this, i] {
            if (m_tabs->isTabVisible(i)) // a hidden tab has nothing to draw (FigureSpec::shown)
                m_tabs->setCurrentIndex(i);
        });
        if (const int key = viewShortcutKey(i); key != 0)
            a->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(key)));
    }

    m_sidePanel = view->addAction(tr("&Methods and parameters"));
    m_sidePanel->setCheckable(true);
    m_sidePanel->setChecked(true);
    m_sidePanel->setShortcut(QKeySequence(Qt::Key_F9));
    m_sidePanel->setToolTip(tr("Show or hide the side panel (the method list and the parameters): hidden, the "
                               "figure takes the whole window; presentation mode hides it until shown again"));
    connect(m_sidePanel, &QAction::toggled, this, &MainWindow::setSidePanelShown);

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

} // namespace posenc::widgets
