// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

#include <map>
#include <set>
#include <string>
#include <vector>

class QGroupBox;
class QLabel;
class QToolButton;
class QVBoxLayout;

namespace posenc::widgets {

class ParamEditor;
class ParamsModel;

/// The parameter editors, generated from the registry's ParamSpec lists (no per-method code): the view length;
/// the shared parameters of the compared methods (one editor each, applying to every method that has it); the
/// current method's own parameters, plus the shared ones it overrides. Editors write to the ParamsModel; the
/// panel mirrors the model back (values, overrides, validation problems shown in place).
class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(ParamsModel* model, QWidget* parent = nullptr);

    /// Shows the own parameters of `methodId`.
    void setMethod(const std::string& methodId);
    const std::string& method() const { return m_method; }

    /// The editor that controls `name` for the current method: its override, else the shared editor, else its
    /// own editor; "length" is the view length.
    ParamEditor* editor(const std::string& name) const;
    ParamEditor* sharedEditor(const std::string& name) const;
    ParamEditor* lengthEditor() const { return m_length; }
    /// Every parameter editor on the panel (shared and the current method's).
    std::vector<ParamEditor*> editors() const;

private:
    void rebuildShared();
    void rebuildMethod();
    void refresh();
    void fillOverrideMenu();

    ParamsModel* m_model;
    std::string m_method;
    ParamEditor* m_length;
    QGroupBox* m_sharedGroup;
    QVBoxLayout* m_sharedLayout;
    QLabel* m_title;
    QLabel* m_summary;
    QWidget* m_methodBox;
    QVBoxLayout* m_methodLayout;
    QToolButton* m_override;
    QLabel* m_otherProblems;
    QLabel* m_resolved = nullptr; ///< the values the method resolves to (figures/ResolvedText.h)
    std::vector<ParamEditor*> m_shared;
    std::vector<ParamEditor*> m_own;
    std::vector<std::string> m_sharedNames;  ///< names the shared editors show
    std::set<std::string> m_overridden;      ///< overrides the method editors show
    std::map<std::string, QLabel*> m_overrideNotes; ///< per shared name: "YaRN uses its own value 16 — reset"

public:
    /// The note under the shared editor of `name` naming the methods with their own value (null if none shown).
    QLabel* overrideNote(const std::string& name) const
    {
        const auto it = m_overrideNotes.find(name);
        return it == m_overrideNotes.end() ? nullptr : it->second;
    }
};

} // namespace posenc::widgets
