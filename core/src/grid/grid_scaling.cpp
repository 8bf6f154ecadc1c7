// SPDX-License-Identifier: GPL-3.0-or-later
// Per-axis PI / NTK of axial RoPE (Cosmos, Lumina-Next) and the per-token angles and scores of the grid views.
#include "posenc/grid_scaling.h"

#include "posenc/errors.h"

#include <cmath>
#include <string>

namespace posenc::grid {

namespace {

void checkFactor(const char* key, const std::string& axis, double v)
{
    if (!(v > 0) || !std::isfinite(v))
        throw InvalidInput(key, std::string(key) + " factor of axis " + axis + " is " + std::to_string(v) +
                                    "; it must be > 0 and finite (1: unchanged)");
}

} // namespace

Model scaleAxes(const Model& model, const std::vector<AxisScale>& scales, NtkRule rule)
{
    if (scales.size() != model.axes.size())
        throw InvalidInput("axes", model.method + " has " + std::to_string(model.axes.size()) +
                                       " axes; got scale factors for " + std::to_string(scales.size()));
    Model out = model;
    for (std::size_t a = 0; a < out.axes.size(); ++a) {
        Axis& axis = out.axes[a];
        const AxisScale& s = scales[a];
        checkFactor("pi", axis.name, s.pi);
        checkFactor("ntk", axis.name, s.ntk);
        if (s.pi == 1 && s.ntk == 1)
            continue;
        if (rule == NtkRule::Exponent && s.ntk != 1 && axis.dim <= 2)
            throw InvalidInput("ntk", "axis " + axis.name + " has " + std::to_string(axis.dim) +
                                          " channels: the NTK exponent d/(d-2) needs d > 2");
        // Cosmos: rope_scale ** (dim / (dim - 2)); Lumina: theta * ntk_factor
        const double ntk =
            rule == NtkRule::Exponent ? std::pow(s.ntk, static_cast<double>(axis.dim) / (axis.dim - 2)) : s.ntk;
        axis.theta *= ntk;
        for (std::size_t i = 0; i < axis.invFreq.size(); ++i)
            axis.invFreq[i] = 1.0 / std::pow(axis.theta, 2.0 * static_cast<double>(i) / axis.dim) / s.pi;
    }
    return out;
}

std::vector<PairRef> pairRefs(const Model& model)
{
    std::vector<PairRef> out;
    for (std::size_t a = 0; a < model.axes.size(); ++a)
        for (std::size_t i = 0; i < model.axes[a].invFreq.size(); ++i)
            out.push_back({static_cast<int>(a), static_cast<int>(i)});
    return out;
}

std::vector<int> channelAxes(const Model& model)
{
    std::vector<int> out;
    for (const PairRef& p : pairRefs(model)) {
        out.push_back(p.axis);
        out.push_back(p.axis);
    }
    return out;
}

std::vector<double> pairAngles(const Model& model, const std::vector<std::vector<double>>& positions, int axis,
                               int index)
{
    if (axis < 0 || axis >= static_cast<int>(model.axes.size()))
        throw InvalidInput("axis", "axis " + std::to_string(axis) + ": " + model.method + " has axes 0.." +
                                       std::to_string(model.axes.size() - 1));
    const Axis& a = model.axes[static_cast<std::size_t>(axis)];
    if (index < 0 || index >= static_cast<int>(a.invFreq.size()))
        throw InvalidInput("pair", "pair " + std::to_string(index) + ": axis " + a.name + " has pairs 0.." +
                                       std::to_string(a.invFreq.size() - 1));
    std::vector<double> out;
    out.reserve(positions.size());
    const double f = a.invFreq[static_cast<std::size_t>(index)];
    for (const auto& row : positions)
        out.push_back(row[static_cast<std::size_t>(axis)] * f);
    return out;
}

std::vector<double> tokenSimilarity(const Model& model, const std::vector<std::vector<double>>& positions,
                                    std::size_t query)
{
    if (query >= positions.size())
        throw InvalidInput("query", "token " + std::to_string(query) + " is outside the " +
                                        std::to_string(positions.size()) + " tokens of the layout");
    const auto& q = positions[query];
    std::vector<double> out;
    out.reserve(positions.size());
    for (const auto& row : positions) {
        double s = 0;
        for (std::size_t a = 0; a < model.axes.size(); ++a) {
            const double d = q[a] - row[a];
            for (double f : model.axes[a].invFreq)
                s += std::cos(d * f);
        }
        out.push_back(s);
    }
    return out;
}

} // namespace posenc::grid
