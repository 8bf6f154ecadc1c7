// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "posenc/param_state.h"
#include "figures/FigureTypes.h"

#include <QObject>
#include <QStringList>
#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QUndoStack;

namespace posenc::widgets {

/// A validation problem of one method: the parameter at fault (may be empty) and a message a user can act on.
struct ParamProblem {
    std::string methodId;
    std::string param;
    QString message;
};

/// One line per distinct message: "PI, YaRN: --factor 0.5: out of the valid range ..." (a shared parameter's
/// error is one line naming every method it affects, not one line per method).
QStringList problemLines(const std::vector<ParamProblem>& problems);

/// The current methods and parameters. Editors write here, never to compute code. Every change goes through the
/// undo stack (so Ctrl+Z restores it) and emits paramsChanged() only when the state really changed.
/// What follows from a state (each method's resolved parameters, problems, warnings, the selections) is decided
/// once per state, on first use after a change, and shared by every reader (panel, views, status).
class ParamsModel : public QObject {
    Q_OBJECT
public:
    /// Parameters that apply to every compared method unless a method overrides them (ParamState's).
    static const std::vector<std::string>& sharedNames();
    static bool isShared(const std::string& name);

    explicit ParamsModel(QObject* parent = nullptr);

    const ParamState& state() const { return m_state; }
    QUndoStack* undoStack() const { return m_undo; }

    const std::vector<std::string>& methods() const { return m_state.methods; }
    std::string primary() const;
    bool isChecked(const std::string& methodId) const;
    std::int64_t length() const { return m_state.length; }

    /// Defaults, then shared values (for names the method has and does not override), then own values.
    ParamSet resolved(const std::string& methodId) const;
    /// The value the editor of `name` shows for `methodId`.
    ParamValue value(const std::string& methodId, const std::string& name) const;
    bool isOverridden(const std::string& methodId, const std::string& name) const;
    /// The compared methods (keys) that use their own value of the shared parameter `name`, in order.
    std::vector<std::string> overriding(const std::string& name) const;
    /// "YaRN uses its own factor 16" for every own value of a shared parameter among the compared methods.
    QStringList overrideNotes() const;
    /// The name a user reads for a compared method key ("YaRN #2"; MethodKey::label).
    static QString keyLabel(const std::string& key);

    /// Problems of the checked methods and the length (empty when everything validates).
    std::vector<ParamProblem> problems() const;
    std::optional<ParamProblem> problem(const std::string& methodId) const;
    /// Valid but unusual values of the checked methods (Registry::warnings): shown in place, never a refusal.
    std::vector<ParamProblem> warnings() const;
    bool isValid() const;
    /// The checked methods with their resolved parameters, primary first (meaningful when isValid()).
    std::vector<MethodSelection> selections() const;
    /// How many times a state was resolved and validated (once per state that was read): an event count for tests.
    std::uint64_t derivations() const { return m_derivations; }

    // Edits (each one undoable). `text` names the step in the Edit menu.
    void setValue(const std::string& methodId, const std::string& name, const ParamValue& value);
    /// Sets the shared value of `name` (every compared method that has it and does not override it).
    void setShared(const std::string& name, const ParamValue& value);
    void setOverridden(const std::string& methodId, const std::string& name, bool overridden);
    void setChecked(const std::string& methodId, bool checked);
    void setPrimary(const std::string& methodId);
    /// Compares one more instance of the method of `methodId` ("yarn#2", "yarn#3", ...; one undo step), starting
    /// with its parameters: the user then sets the instance's own (YaRN s = 4 beside s = 8). Returns the key.
    std::string addInstance(const std::string& methodId);
    void setLength(std::int64_t length);
    /// Replaces the whole state (a preset); one undo step named `text`.
    void setState(const ParamState& state, const QString& text);

    /// Applies `state` without touching the undo stack (used by the undo command itself).
    void restore(const ParamState& state);

signals:
    void paramsChanged();
    /// The checked methods or the primary changed (editors may need rebuilding).
    void methodsChanged();

private:
    struct Derived; ///< what the current state resolves to (ParamsModel.cpp)
    const Derived& derived() const;
    void push(ParamState next, const QString& text, int mergeKey);

    ParamState m_state;
    mutable std::shared_ptr<const Derived> m_derived; ///< null after a change: recomputed on first use
    mutable std::uint64_t m_derivations = 0;
    QUndoStack* m_undo;
};

} // namespace posenc::widgets
