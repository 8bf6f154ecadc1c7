// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "posenc/param_state.h"

#include <QElapsedTimer>
#include <QUndoCommand>

namespace posenc::widgets {

class ParamsModel;

/// One undoable change of the explorer state. Consecutive edits of the same value within a short time (a slider
/// drag, a spin box held down) merge into one step.
class StateCommand : public QUndoCommand {
public:
    static constexpr int kMergeWindowMs = 1500;

    StateCommand(ParamsModel* model, ParamState before, ParamState after, const QString& text, int mergeKey);

    void undo() override;
    void redo() override;
    int id() const override { return m_mergeKey == -1 ? -1 : 1; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    ParamsModel* m_model;
    ParamState m_before;
    ParamState m_after;
    int m_mergeKey;
    QElapsedTimer m_lastEdit;
};

} // namespace posenc::widgets
