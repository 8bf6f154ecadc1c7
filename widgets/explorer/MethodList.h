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

private:
    void fitRows();
    void refresh();
    std::string idOf(const QListWidgetItem* item) const;

    ParamsModel* m_model;
    QListWidget* m_list;
    QPushButton* m_primary;
    bool m_refreshing = false;
};

} // namespace posenc::widgets
