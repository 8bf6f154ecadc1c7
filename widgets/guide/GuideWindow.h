// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QUrl>
#include <QWidget>

class QTextBrowser;
class QToolButton;

namespace posenc::widgets {

/// Help ▸ Guide: the guide pages (resources/guide/<language>/*.html) in a QTextBrowser with back/forward/contents.
/// Links between pages are relative file names; posenc://compare?... links are handed to whoever listens to
/// compareRequested() (the main window sets the compared methods up); http(s) links open in the system browser.
class GuideWindow : public QWidget {
    Q_OBJECT
public:
    explicit GuideWindow(QWidget* parent = nullptr);

    /// Shows `page` ("yarn", "entropy", "index", ...) in the current language's folder.
    void showPage(const QString& page);
    /// The page shown, without folder and extension ("index" at first).
    QString currentPage() const;
    QTextBrowser* browser() const { return m_browser; }

    /// The qrc folder of the guide in `languageCode` (":/guide/en" or ":/guide/zh_CN").
    static QString folder(const QString& languageCode);

signals:
    /// A posenc://compare link was clicked.
    void compareRequested(const QUrl& link);

private:
    void follow(const QUrl& url);

    QTextBrowser* m_browser;
    QToolButton* m_back;
    QToolButton* m_forward;
};

} // namespace posenc::widgets
