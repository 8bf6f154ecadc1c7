// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What figure jobs keep between them: values that depend only on their inputs (built encodings, base lower
// bounds). Owned by whoever runs the jobs (the GUI's JobRunner: one per window) and handed to computeFigure() in
// FigureRequest::memo; a request without one is computed with a fresh memo. No static state: two windows or two
// renders share nothing they did not share explicitly. Thread-safe (jobs run on a pool).

#include "posenc/method.h"
#include "posenc/params.h"

#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>

namespace posenc::widgets {

class FigureMemo {
public:
    /// The encoding of `def` with `params`: one of the few most recently built (zooming a learned table or
    /// re-rendering does not rebuild it), else Registry::build (outside the lock: builds may be slow).
    std::shared_ptr<const Encoding> encoding(const MethodDef& def, const ParamSet& params);
    /// analysis::baseLowerBound(rotaryDim, contextLength), computed once per pair (a certified walk of up to
    /// seconds): moving other sliders of the Bounds view does not rescan.
    std::optional<double> baseLowerBound(int rotaryDim, std::int64_t contextLength);

private:
    static constexpr std::size_t kEncodings = 8;
    struct Built {
        const MethodDef* def;
        ParamSet params;
        std::shared_ptr<const Encoding> encoding;
    };
    std::mutex m_mutex;
    std::list<Built> m_encodings; ///< most recently used first
    std::map<std::pair<int, std::int64_t>, std::optional<double>> m_baseBounds;
};

} // namespace posenc::widgets
