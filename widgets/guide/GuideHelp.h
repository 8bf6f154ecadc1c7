// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

class QWidget;

namespace posenc::widgets {

class GuideWindow;
class MainWindow;

/// Opens the guide from the main window: Help ▸ Guide, and F1 on a control (the page of the method whose
/// parameter has the focus, or of the view). A posenc://compare link from the guide sets the comparison up through
/// ParamsModel (one undo step) and shows the linked view.
class GuideHelp : public QObject {
    Q_OBJECT
public:
    explicit GuideHelp(MainWindow* window);

    /// The page F1 opens for `focus` (a method id or a view name; the current view when nothing more specific).
    QString pageFor(const QWidget* focus) const;
    /// Shows `page` ("index", a method id, a view name).
    void show(const QString& page);
    /// F1: the page of the focused control.
    void showContextHelp();
    /// Applies a posenc://compare link; false (and a status-bar message) when the link is invalid.
    bool applyCompareLink(const QUrl& link);
    GuideWindow* window() const;

private:
    MainWindow* m_window;
    QPointer<GuideWindow> m_guide;
};

} // namespace posenc::widgets
