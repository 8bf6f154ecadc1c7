// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/SessionState.h"

#include <QObject>

namespace posenc::widgets::SessionState {

void store(const ExplorerState& state, io::Session& session)
{
    session.methods = state.methods;
    session.shared = io::ValueMap(state.shared.begin(), state.shared.end());
    session.params.clear();
    for (const auto& [id, values] : state.own)
        if (!values.empty())
            session.params[id] = io::ValueMap(values.begin(), values.end());
    session.length = state.length;
    session.labels = state.labels;
}

ExplorerState load(const io::Session& session, const ExplorerState& current, QStringList& warnings)
{
    ExplorerState state;
    state.methods = session.methods.empty() ? current.methods : session.methods;
    if (session.methods.empty())
        warnings << QObject::tr("The session names no known method; the current methods are kept.");
    for (const auto& [name, value] : session.shared) {
        if (ExplorerState::isShared(name))
            state.shared[name] = value;
        else
            warnings << QObject::tr("shared.%1: not a shared parameter of the explorer; ignored")
                            .arg(QString::fromStdString(name));
    }
    for (const auto& [id, values] : session.params)
        state.own[id] = std::map<std::string, ParamValue>(values.begin(), values.end());
    state.length = session.length;
    state.labels = session.labels;
    return state;
}

} // namespace posenc::widgets::SessionState
