// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

#include <string>

class QListWidget;
class QListWidgetItem;
class QPushButton;

namespace posenc::widgets {

class ParamsModel;

/// Every registry method with a check box (compare it) and its plot colour; one is the primary (bold, drawn by
/// the matrix views). The highlighted row chooses whose parameters the panel edits.
class MethodList : public QWidget {
    Q_OBJECT
public:
    explicit MethodList(ParamsModel* model, QWidget* parent = nullptr);

    std::string currentMethod() const;
    void setCurrentMethod(const std::string& methodId);
    QListWidget* list() const { return m_list; }

signals:
    void currentMethodChanged(const std::string& methodId);

protected:
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitRows();
    /// The whole widget at least as tall as its contents need at its width (the wrapped hint may take two lines:
    /// the splitter must not take that height from the list).
    void fitHeight();
    void refresh();
    void syncInstanceRows();
    std::string idOf(const QListWidgetItem* item) const;

    ParamsModel* m_model;
    QListWidget* m_list;
    QPushButton* m_primary;
    QPushButton* m_instance;
    bool m_refreshing = false;
};

} // namespace posenc::widgets
