// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

#include <string>
#include <vector>

class QLabel;
class QVBoxLayout;
class QGroupBox;

namespace posenc::widgets {

class ParamEditor;
class ParamsModel;

/// The parameter editors of one method, generated from the registry's ParamSpec list (no per-method code), plus
/// the view length. Editors write to the ParamsModel; the panel mirrors the model back (values, which shared
/// parameters this method overrides, validation problems shown in place).
class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(ParamsModel* model, QWidget* parent = nullptr);

    /// Shows the editors of `methodId` (rebuilt only when the method changes).
    void setMethod(const std::string& methodId);
    const std::string& method() const { return m_method; }

    ParamEditor* editor(const std::string& name) const;
    ParamEditor* lengthEditor() const { return m_length; }
    const std::vector<ParamEditor*>& editors() const { return m_editors; }

private:
    void rebuild();
    void refresh();

    ParamsModel* m_model;
    std::string m_method;
    QLabel* m_title;
    QLabel* m_summary;
    QGroupBox* m_group;
    QVBoxLayout* m_groupLayout;
    ParamEditor* m_length;
    QLabel* m_otherProblems;
    std::vector<ParamEditor*> m_editors;
};

} // namespace posenc::widgets
