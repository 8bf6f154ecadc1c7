// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explorer/ExplorerState.h"

#include "posenc/io/session.h"

#include <QStringList>

namespace posenc::widgets {

/// The parameter part of a session (methods, shared and own values, length) to and from an ExplorerState.
/// Plain functions: the session document itself is core's (posenc/io/session.h).
namespace SessionState {

/// Writes the state's methods, shared values, own values and length into `session`.
void store(const ExplorerState& state, io::Session& session);
/// The state a session describes, starting from `current` for what the session leaves out (no known method:
/// the current methods). Values the explorer cannot use (a non-shared name under "shared") are dropped with a
/// message in `warnings`.
ExplorerState load(const io::Session& session, const ExplorerState& current, QStringList& warnings);

} // namespace SessionState

} // namespace posenc::widgets
