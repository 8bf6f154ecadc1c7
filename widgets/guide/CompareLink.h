// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "posenc/param_state.h"

#include <QString>
#include <QUrl>

namespace posenc::widgets {

/// A guide link that sets up a comparison: posenc://compare?view=ramp&length=4096&methods=yarn,ntk-by-parts
/// &factor=16&yarn.ramp=index. `methods` lists the compared methods (primary first). An unqualified parameter is
/// shared when the explorer shares that name, else set for every listed method that has it; `id.name` sets one
/// method's own value (an override for a shared name). Values use the CLI's syntax and are range-checked, so a
/// broken link says which parameter is wrong instead of opening a half-configured comparison.
struct CompareLink {
    QString view; ///< the view to show ("ramp", "entropy", ...), as figureKindName()
    ParamState state;

    /// Throws InvalidInput naming the offending key and value.
    static CompareLink parse(const QUrl& url);
};

} // namespace posenc::widgets
