// SPDX-License-Identifier: GPL-3.0-or-later
// Grid view, DyPE (option "dype", off by default): FLUX.1's h and w frequencies as DyPE sets them at one diffusion
// timestep, in either published code (posenc/grid_dype.h, the core's `dype` analysis: the view's DyPE controls are that
// analysis' declared options). How each code applies it to FLUX.1's ids:
//  - official (guyyariv/DyPE 436fe61, flux/transformer_flux.py:656 FluxPosEmbed.forward): every axis after the first
//    separately, base_patches = 1024 px / 16 = 64, current_patches = the axis' largest id + 1 (its extent);
//  - ComfyUI (wildminder/ComfyUI-DyPE 3fd9149, src/base.py:107 _calc_yarn_components, :165 _calc_ntk_components):
//    one extent for both spatial axes, max(h span, w span) against max(base grid) (YaRN), or the scale max(h/64,
//    w/64) (NTK); FLUX.1's reference grid is square, so both are max(H, W) / 64.
#include "FigureCompute_p.h"
#include "FigureGrid_p.h"

#include "posenc/errors.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace posenc::widgets::detail {

namespace {

int changedPairs(const grid::DypeAxis& axis, const std::vector<double>& plain)
{
    int n = 0;
    for (std::size_t j = 0; j < plain.size(); ++j)
        n += std::abs(axis.invFreq[j] - plain[j]) > 1e-12 * plain[j] ? 1 : 0;
    return n;
}

QString variantName(grid::DypeVariant v)
{
    return v == grid::DypeVariant::Official ? QObject::tr("official code (guyyariv/DyPE)")
                                            : QObject::tr("ComfyUI-DyPE code");
}

QString formula(const grid::DypeRequest& r)
{
    if (r.method == grid::DypeMethod::Ntk)
        return r.variant == grid::DypeVariant::Official
                   ? QObject::tr("NTK: θ·(s^(d/(d−2)))^(2t²)")
                   : QObject::tr("NTK: θ·(s^(d/(d−2)))^k, k = %1·t^%2").arg(num(r.dypeScale), num(r.dypeExponent));
    return r.variant == grid::DypeVariant::Official
               ? QObject::tr("YaRN with its ramp ends multiplied by κ = t²: β = (1.25κ, 0.75κ), γ = (16κ, 2κ); mscale "
                             "0.1·ln s + 1")
               : QObject::tr("YaRN with its ramp ends raised to k = %1·t^%2: β = (1.25^k, 0.75^k), γ = (16^k, 2^k); "
                             "mscale 1 + 0.1·ln s/√s")
                     .arg(num(r.dypeScale), num(r.dypeExponent));
}

} // namespace

void applyDype(GridSetup& s, const FigureRequest& r)
{
    if (!r.options.flag("dype"))
        return;
    if (s.model.family != grid::Family::Flux)
        throw InvalidInput("dype", QObject::tr("DyPE is drawn for FLUX.1 only (both published codes patch FLUX.1's "
                                               "h and w axes; %1 is not FLUX.1): choose flux.1-dev or turn DyPE off")
                                       .arg(s.name)
                                       .toStdString());
    for (const char* option : {"pi-h", "pi-w", "ntk-h", "ntk-w"})
        if (r.options.real(option) != 1)
            throw InvalidInput(option, QObject::tr("DyPE sets the h and w frequencies itself: %1 must be 1 while "
                                                   "DyPE is on (it is %2)")
                                           .arg(QString::fromLatin1(option), num(r.options.real(option)))
                                           .toStdString());
    grid::DypeRequest q;
    q.variant = grid::parseDypeVariant(r.options.choice("dype-variant"));
    q.method = grid::parseDypeMethod(r.options.choice("dype-method"));
    q.t = r.options.real("dype-timestep");
    const bool official = q.variant == grid::DypeVariant::Official;
    GridSetup::Dype d;
    for (const char* name : {"h", "w"}) {
        const bool h = name[0] == 'h';
        std::size_t a = 0;
        while (a < s.model.axes.size() && s.model.axes[a].name != name)
            ++a;
        grid::Axis& axis = s.model.axes.at(a);
        grid::DypeRequest& req = h ? d.h : d.w;
        req = q;
        req.dim = axis.dim;
        req.theta = axis.theta;
        req.base = static_cast<double>(official ? (h ? s.refH : s.refW) : std::max(s.refH, s.refW));
        req.target = static_cast<double>(official ? (h ? s.h : s.w) : std::max(s.h, s.w));
        grid::DypeAxis& out = h ? d.hAxis : d.wAxis;
        out = grid::dypeAxis(req);
        (h ? d.changedH : d.changedW) = changedPairs(out, axis.invFreq);
        axis.invFreq = out.invFreq;
    }
    s.dype = d;
}

void addDypeNotes(FigureData& data, const GridSetup& s, DypePicture picture)
{
    if (!s.dype)
        return;
    const auto& d = *s.dype;
    const grid::DypeRequest& r = d.h;
    const QString method = r.method == grid::DypeMethod::Ntk ? QObject::tr("NTK") : QObject::tr("YaRN");
    data.title += QObject::tr(" · DyPE %1 %2 at t = %3")
                      .arg(r.variant == grid::DypeVariant::Official ? QObject::tr("official") : QObject::tr("ComfyUI"),
                           method, num(r.t));
    // mscale multiplies cos and sin of q and k alike, so a pair's term of q·k is multiplied by mscale²; the angles and
    // wavelengths do not depend on it, the similarity drawn (grid::tokenSimilarity) leaves it out.
    const QString notDrawn =
        picture == DypePicture::Score
            ? QObject::tr("not drawn: the similarity above leaves it out; in the model each h pair's term is "
                          "multiplied by mscale² = %1 and each w pair's by %2")
                  .arg(num(d.hAxis.mscale * d.hAxis.mscale), num(d.wAxis.mscale * d.wAxis.mscale))
            : QObject::tr("not drawn: angles and wavelengths do not depend on it");
    // The official code measures each axis against its own extent; ComfyUI rescales both for max(H, W), so its w
    // (or h) is rescaled as if it had the longer side's tokens.
    const QString extents =
        r.variant == grid::DypeVariant::Official
            ? QObject::tr("h: %1 → %2 tokens (s = %3), %4 of %5 pairs changed; w: %6 → %7 tokens (s = %8), %9 of %10 "
                          "pairs changed")
                  .arg(num(d.h.base), num(d.h.target), num(d.h.target / d.h.base))
                  .arg(d.changedH)
                  .arg(d.hAxis.invFreq.size())
                  .arg(num(d.w.base), num(d.w.target), num(d.w.target / d.w.base))
                  .arg(d.changedW)
                  .arg(d.wAxis.invFreq.size())
            : QObject::tr("h and w both rescaled for the longer side, max(H, W): %1 → %2 tokens (s = %3); %4 of %5 h "
                          "pairs and %6 of %7 w pairs changed")
                  .arg(num(d.h.base), num(d.h.target), num(d.h.target / d.h.base))
                  .arg(d.changedH)
                  .arg(d.hAxis.invFreq.size())
                  .arg(d.changedW)
                  .arg(d.wAxis.invFreq.size());
    addNote(data, QObject::tr("DyPE, %1, at timestep t = %2 (1 = pure noise, towards 0 = the end of sampling): %3. "
                              "Strength %4; %5; cos and sin multiplied by mscale %6 on h and %7 on w (%8)")
                      .arg(variantName(r.variant), num(r.t), formula(r), num(d.hAxis.strength), extents,
                           num(d.hAxis.mscale), num(d.wAxis.mscale), notDrawn));
    // Only an axis whose target exceeds its reference (s > 1) is rescaled (the official code measures each axis
    // against its own extent: H above 64 alone leaves w as trained). On those, YaRN's ramp leaves more fast pairs
    // alone as t falls: the official code multiplies the ramp's ends by t², so at very small t they cross; ComfyUI
    // raises them to the power k, so they tend to one turn and the changed pairs settle on those slower than one turn
    // over the reference. NTK's base factor is above 1 at every t > 0 (grid_dype.cpp), so every pair but pair 0 keeps
    // changing, by less and less.
    if (d.h.target <= d.h.base && d.w.target <= d.w.base)
        return;
    // official: each axis on its own (one may stay as trained); ComfyUI: both axes for max(H, W), so both or neither
    const bool official = r.variant == grid::DypeVariant::Official;
    const QString where = official ? QObject::tr("On an axis whose target is larger than its reference (s > 1)")
                                   : QObject::tr("On both axes, the longer side max(H, W) being larger than the "
                                                 "reference (s > 1)");
    const QString asTrained = official ? QObject::tr("; an axis with s ≤ 1 stays as trained") : QString();
    if (r.method == grid::DypeMethod::Ntk)
        addNote(data, QObject::tr("%1: near t = 1 DyPE rescales almost every pair, and at every t > 0 every pair but "
                                  "pair 0 still changes, by less and less towards t = 0, as NTK's raised θ falls back "
                                  "towards the trained one%2")
                          .arg(where, asTrained));
    else if (official)
        addNote(data, QObject::tr("%1: near t = 1 DyPE rescales almost every pair, and as t falls fewer pairs change "
                                  "over most of the range: the fast pairs keep their trained frequencies for the fine "
                                  "detail, and the slowest are still divided by s; not at very small t, where the "
                                  "ramp's ends cross (the count above is the one at this t)%2")
                          .arg(where, asTrained));
    else
        addNote(data, QObject::tr("%1: near t = 1 DyPE rescales almost every pair, and as t falls fewer pairs change, "
                                  "down to the pairs whose trained wavelength is longer than the reference extent (the "
                                  "ramp's ends tend to one turn over it): the fast pairs keep their trained "
                                  "frequencies for the fine detail, and the slowest are still divided by s")
                          .arg(where));
}

} // namespace posenc::widgets::detail
