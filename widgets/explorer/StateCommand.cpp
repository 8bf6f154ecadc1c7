// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/StateCommand.h"

#include "explorer/ParamsModel.h"

namespace posenc::widgets {

StateCommand::StateCommand(ParamsModel* model, ParamState before, ParamState after, const QString& text,
                           int mergeKey)
    : QUndoCommand(text), m_model(model), m_before(std::move(before)), m_after(std::move(after)),
      m_mergeKey(mergeKey)
{
    m_lastEdit.start();
}

void StateCommand::undo() { m_model->restore(m_before); }

void StateCommand::redo() { m_model->restore(m_after); }

bool StateCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = dynamic_cast<const StateCommand*>(other);
    if (!o || o->m_mergeKey != m_mergeKey || m_lastEdit.elapsed() > kMergeWindowMs)
        return false;
    m_after = o->m_after;
    setText(o->text());
    m_lastEdit.restart();
    setObsolete(m_before == m_after); // dragged back to where it started: no step at all
    return true;
}

} // namespace posenc::widgets
