// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/encoding.h"

#include "posenc/errors.h"

#include <algorithm>
#include <cmath>

namespace posenc {

std::string toString(MethodKind kind)
{
    return enumName(kMethodKindNames, kind);
}

std::string toString(View view)
{
    return enumName(kViewNames, view);
}

View parseView(const std::string& name)
{
    for (const auto& [v, n] : kViewNames)
        if (name == n)
            return v;
    std::string all;
    for (const auto& n : enumNames(kViewNames))
        all += (all.empty() ? "" : ", ") + n;
    throw InvalidInput("view", "--view '" + name + "': unknown view; expected one of " + all);
}

std::string toString(Pairing pairing)
{
    return enumName(kPairingNames, pairing);
}

std::vector<double> RotaryFrequencies::logDecayPerPosition() const
{
    std::vector<double> out(xposZeta.size());
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = std::log(xposZeta[i]) / xposScaleBase;
    return out;
}

std::vector<double> RotaryFrequencies::interpolationFraction() const
{
    if (!scaled)
        return {};
    std::vector<double> out(invFreq.size(), 0.0);
    if (scale == 1.0)
        return out; // nothing is interpolated at scale 1
    const double ls = std::log(scale);
    for (std::size_t i = 0; i < out.size(); ++i) // a zero frequency (proportional's padding) stays zero
        out[i] = baseInvFreq[i] == 0.0 ? 0.0 : std::log(baseInvFreq[i] / invFreq[i]) / ls;
    return out;
}

bool Encoding::supports(View view) const
{
    const auto v = views();
    return std::find(v.begin(), v.end(), view) != v.end();
}

double Encoding::bias(int, std::int64_t) const
{
    throw InvalidInput("method", "this method has no attention bias");
}

} // namespace posenc
