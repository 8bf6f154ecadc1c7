// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explorer/Settings.h"
#include "figures/FigureTypes.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QSplitter;
class QTabWidget;
class QLabel;
class QMenu;

namespace posenc::widgets {

class GuideHelp;
class ConfigLoader;
class ElidedLabel;
class JobRunner;
class LayerPicker;
class MethodList;
class ParameterPanel;
class ParamsModel;
class SessionManager;
class TableOpener;
class StatusReadout;
class ViewCoordinator;
class ViewPage;
struct Preset;
struct ExportOptions;
struct ExportResult;

/// The explorer's main window: composes the views and wires them; owns no data and computes nothing.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// `settings`: where window state persists (the user's settings when null).
    explicit MainWindow(std::unique_ptr<Settings> settings = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    ParamsModel* model() const { return m_model; }
    ViewCoordinator* coordinator() const { return m_coordinator; }
    JobRunner* runner() const { return m_runner; }
    ParameterPanel* parameterPanel() const { return m_panel; }
    MethodList* methodList() const { return m_methods; }
    StatusReadout* readout() const { return m_readout; }
    SessionManager* sessions() const { return m_sessions; }
    TableOpener* tables() const { return m_tables; }
    QTabWidget* tabs() const { return m_tabs; }
    ViewPage* page(FigureKind kind) const;
    ViewPage* currentPage() const;

    /// Applies a preset (one undo step).
    void applyPreset(const Preset& preset);
    /// Gallery ▸ entry: shows the canonical figure `id` (methods, parameters, view and its options); false when
    /// there is no such entry.
    bool openGalleryFigure(const std::string& id);
    /// Restores a saved window geometry (settings, a session) only when it fits the current screen; else places
    /// the window by the one rule (placeOnScreen). False when `saved` is not a geometry.
    bool restoreFittingGeometry(const QByteArray& saved);
    /// Adds a Hugging Face config.json's encodings to the compared methods (false, with a message, on error).
    bool openConfig(const QString& path);
    /// A file named on the command line: a saved session, else a Hugging Face config.json (false, with a message).
    bool openFile(const QString& path);
    ConfigLoader* configLoader() const { return m_configs; }
    LayerPicker* layerPicker() const { return m_layers; }
    /// Help ▸ Guide and F1.
    GuideHelp* guide() const { return m_guide; }
    /// The export dialog's default file (without suffix), named after the view and what it shows
    /// ("frequencies-rope-pi-ntk-aware-yarn", "heatmap-rope-cos-32768") in the last export folder (else the
    /// Pictures folder).
    QString defaultExportBase() const;
    /// File ▸ Export view… (Ctrl+E): the dialog, then the full path written in the status bar.
    void exportCurrentView();
    /// What the dialog's OK does: the current view written with `options`. A view along positions (the heatmap)
    /// is computed anew at the export's own resolution (one bin per pixel of the exported plot, as `posenc render`
    /// does), so its title and note describe the binning the file shows, not the screen's.
    ExportResult exportCurrentViewTo(const ExportOptions& options);
    /// The file the last export wrote (absolute path; empty before the first).
    QString lastExport() const { return m_lastExport; }
    /// Edit ▸ Copy figure (Ctrl+Shift+C): the current figure as an image on the clipboard.
    void copyFigure();
    /// The Alt+key of the index-th view's View menu entry (Alt+1 … Alt+9, Alt+0; 0 for none).
    static int viewShortcutKey(int index);
    /// View ▸ Presentation mode (F11): full screen, figure text and lines kPresentationScale times larger, and a
    /// larger interface font.
    void setPresentationMode(bool on);
    bool presentationMode() const { return m_presentation->isChecked(); }
    /// View ▸ Methods and parameters (F9): shows or hides the side panel (the figure then takes the whole
    /// window). Presentation mode hides it on entry and shows it again on exit if it was shown before.
    void setSidePanelShown(bool shown);
    bool sidePanelShown() const { return m_sidePanel->isChecked(); }
    static constexpr double kPresentationScale = 1.6;
    static constexpr int kLeftMinimumWidth = 330;
    static constexpr int kLeftWidth = 360; ///< the methods and parameters side, at start and after presentation mode
    static constexpr double kPresentationTabScale = 1.1; ///< the view tabs' text in presentation mode
    /// Shows an error that needs no answer (an ignored setting, an exception caught at the event loop) in the
    /// status bar; the last one stays readable through lastError().
    void showError(const QString& message);
    QString lastError() const { return m_lastError; }

signals:
    /// View ▸ Language: the user chose `code` ("en", "zh_CN"); the application installs it and rebuilds the window.
    void languageChangeRequested(const QString& code);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    /// The current screen's available area; whether a window frame fits it.
    QRect availableScreen() const;
    bool fitsScreen(const QRect& frame) const;
    /// The one rule for the window's size and place when no saved geometry fits: `wanted` (a saved size Qt would
    /// not restore) when it fits the screen's available area, else 95 % x 92 % of it (room for the frame and a
    /// panel); at least the minimum size hint, never larger than the screen, centred on it.
    void placeOnScreen(QSize wanted = QSize());
    /// The window title: "SUBJECT — PosEnc Explorer VERSION" (the preset or the model of the config opened last).
    void setSubject(const QString& subject);
    /// The side panel's width: kLeftWidth, or what its editors need (wider in presentation mode).
    void fitSidePanel(bool reset);
    /// Hides every view's gallery caption (the state it described was replaced).
    void clearGalleryCaptions();
    void buildMenus();
    void buildPresetMenu(QMenu* menu);
    void buildGalleryMenu(QMenu* menu);
    void loadPresetFile();
    void showAbout();
    void restoreSession();
    void saveSession();

    std::unique_ptr<Settings> m_settings;
    QString m_lastError;
    QString m_lastExport;
    /// The status bar's "view: why it cannot be drawn" last shown; cleared with it when that view draws again.
    QString m_failureShown;
    ParamsModel* m_model;
    JobRunner* m_runner;
    ViewCoordinator* m_coordinator;
    MethodList* m_methods;
    ParameterPanel* m_panel;
    QTabWidget* m_tabs;
    QSplitter* m_splitter;
    StatusReadout* m_readout;
    GuideHelp* m_guide;
    ConfigLoader* m_configs;
    LayerPicker* m_layers = nullptr;
    ElidedLabel* m_configNote; ///< status-bar note of the last opened config (warnings and era notes in its tooltip)
    QAction* m_presentation = nullptr;
    QAction* m_sidePanel = nullptr;
    bool m_sidePanelBeforePresentation = true; ///< restored when presentation mode ends
    double m_normalFontPoints = 0;             ///< the interface font before presentation mode
    SessionManager* m_sessions = nullptr;
    TableOpener* m_tables = nullptr;
};

} // namespace posenc::widgets
