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

bool powersOfTheta(const Model& m)
{
    return m.family != Family::LtxVideo;
}

/// f = θ^(−x) rebased on θ′: θ′^(−x) = f^(ln θ′ / ln θ).
double rebase(double f, double theta, double newTheta)
{
    return std::pow(f, std::log(newTheta) / std::log(theta));
}

} // namespace

Model withTheta(const Model& model, double theta)
{
    if (!(theta > 1) || !std::isfinite(theta))
        throw InvalidInput("theta", "θ " + std::to_string(theta) + ": RoPE's base must be > 1 and finite");
    if (!powersOfTheta(model))
        throw InvalidInput("theta", model.method + ": its frequencies θ^(k/(n−1))·π/2 are no powers θ^(−2i/d), so "
                                                   "changing θ alone is not the model's own knob here");
    Model out = model;
    for (Axis& a : out.axes) {
        for (double& f : a.invFreq)
            f = rebase(f, a.theta, theta);
        a.theta = theta;
    }
    return out;
}

double tokenStep(const Model& model, int axis)
{
    const double unit =
        static_cast<std::size_t>(axis) < model.idUnit.size() ? model.idUnit[static_cast<std::size_t>(axis)] : 1.0;
    return model.idScale * unit;
}

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
        if (s.ntk != 1 && !powersOfTheta(out))
            throw InvalidInput("ntk", out.method + ": its frequencies θ^(k/(n−1))·π/2 are no powers θ^(−2i/d), so "
                                                   "NTK (raising θ) is not defined for them; PI divides them");
        // Cosmos: rope_scale ** (dim / (dim - 2)); Lumina: theta * ntk_factor
        const double ntk =
            rule == NtkRule::Exponent ? std::pow(s.ntk, static_cast<double>(axis.dim) / (axis.dim - 2)) : s.ntk;
        const double theta = axis.theta * ntk;
        for (double& f : axis.invFreq)
            f = (ntk == 1 ? f : rebase(f, axis.theta, theta)) / s.pi;
        axis.theta = theta;
    }
    return out;
}

std::vector<PairRef> pairRefs(const Model& model)
{
    std::vector<PairRef> out;
    if (model.axesInterleaved) { // LTX-Video: (k, axis), the axis fastest (grid_pairs.cpp pairs())
        const std::size_t n = model.axes.empty() ? 0 : model.axes.front().invFreq.size();
        for (std::size_t k = 0; k < n; ++k)
            for (std::size_t a = 0; a < model.axes.size(); ++a)
                out.push_back({static_cast<int>(a), static_cast<int>(k)});
        return out;
    }
    for (std::size_t a = 0; a < model.axes.size(); ++a)
        for (std::size_t i = 0; i < model.axes[a].invFreq.size(); ++i)
            out.push_back({static_cast<int>(a), static_cast<int>(i)});
    return out;
}

std::vector<int> channelAxes(const Model& model)
{
    const auto refs = pairRefs(model);
    std::vector<int> out(static_cast<std::size_t>(model.padding), -1);
    if (model.channels == Channels::Half) { // pair j in channels j and j + C/2
        for (int copy = 0; copy < 2; ++copy)
            for (const PairRef& p : refs)
                out.push_back(p.axis);
        return out;
    }
    for (const PairRef& p : refs) {
        out.push_back(p.axis);
        out.push_back(p.axis);
    }
    return out;
}

std::pair<int, int> pairChannels(const Model& model, int axis, int index)
{
    const auto refs = pairRefs(model);
    for (std::size_t j = 0; j < refs.size(); ++j)
        if (refs[j].axis == axis && refs[j].index == index) {
            const int jj = static_cast<int>(j);
            return model.channels == Channels::Half
                       ? std::pair{model.padding + jj, model.padding + jj + static_cast<int>(refs.size())}
                       : std::pair{model.padding + 2 * jj, model.padding + 2 * jj + 1};
        }
    throw InvalidInput("pair", "pair " + std::to_string(index) + " of axis " + std::to_string(axis) + ": " +
                                   model.method + " has no such pair");
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
        out.push_back((model.idScale * row[static_cast<std::size_t>(axis)] + model.idShift) * f);
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
            const double d = model.idScale * (q[a] - row[a]); // the id shift cancels
            for (double f : model.axes[a].invFreq)
                s += std::cos(d * f);
        }
        out.push_back(s);
    }
    return out;
}

} // namespace posenc::grid
