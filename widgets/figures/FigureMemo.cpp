// SPDX-License-Identifier: GPL-3.0-or-later
// FigureMemo (FigureMemo.h): the encodings and base lower bounds figure jobs share.
#include "figures/FigureMemo.h"

#include "posenc/analysis/bounds.h"
#include "posenc/registry.h"

namespace posenc::widgets {

std::shared_ptr<const Encoding> FigureMemo::encoding(const MethodDef& def, const ParamSet& params)
{
    {
        std::lock_guard lock(m_mutex);
        for (auto it = m_encodings.begin(); it != m_encodings.end(); ++it)
            if (it->def == &def && it->params == params) {
                m_encodings.splice(m_encodings.begin(), m_encodings, it);
                return it->encoding;
            }
    }
    auto built = Registry::build(def, params);
    std::lock_guard lock(m_mutex);
    m_encodings.push_front({&def, params, built});
    if (m_encodings.size() > kEncodings)
        m_encodings.pop_back();
    return built;
}

std::optional<double> FigureMemo::baseLowerBound(int rotaryDim, std::int64_t contextLength)
{
    const auto key = std::make_pair(rotaryDim, contextLength);
    {
        std::lock_guard lock(m_mutex);
        if (auto it = m_baseBounds.find(key); it != m_baseBounds.end())
            return it->second;
    }
    const auto value = analysis::baseLowerBound(rotaryDim, contextLength); // outside the lock: seconds at 1M
    std::lock_guard lock(m_mutex);
    m_baseBounds[key] = value;
    return value;
}

} // namespace posenc::widgets
