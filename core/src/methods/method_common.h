// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Building blocks shared by the method files: the common parameters and their
// resolution, and the ramp/blend formulas used by the scaled rotary methods.

#include "posenc/encoding.h"
#include "posenc/method.h"
#include "posenc/param_builders.h"
#include "posenc/params.h"

#include <memory>
#include <string>
#include <vector>

namespace posenc::methods {

// ---- ParamSpec builders: intParam, realParam, ... are core's one set (posenc/param_builders.h) --------------
ParamSpec factorParam(double def = 8.0);
ParamSpec originalLengthParam(double def = 4096.0);
/// alpha: lower rotation-count threshold (HF beta_slow / low_freq_factor).
ParamSpec alphaParam(double def, std::vector<std::string> aliases);
/// beta: upper rotation-count threshold (HF beta_fast / high_freq_factor).
ParamSpec betaParam(double def, std::vector<std::string> aliases);

/// head-dim, base, partial-rotary-factor, pairing (shared by every rotary method).
std::vector<ParamSpec> ropeParams(double defaultBase = 10000.0);
/// ropeParams() followed by `extra`.
std::vector<ParamSpec> withRopeParams(std::vector<ParamSpec> extra, double defaultBase = 10000.0);

// ---- Rotary resolution -----------------------------------------------------------------------------------
struct RopeBase {
    int headDim = 0;
    int rotaryDim = 0;
    double base = 0;
    Pairing pairing = Pairing::Half;
    std::vector<double> theta; ///< base^(-2i/d_rot)
};

/// d_rot = int(head_dim * partial_rotary_factor); throws InvalidInput if it is zero. An odd d_rot is HF's
/// behaviour (ceil(d_rot/2) frequencies with exponent 2i/d_rot) and only warned about.
int rotaryDim(const ParamSet& p);
/// Values the reference implementations accept with a warning: odd d_rot, factor < 1, alpha >= beta (HF
/// beta_slow >= beta_fast, low_freq_factor >= high_freq_factor), attention factor 0. One message each.
std::vector<ParamWarning> rotaryWarnings(const MethodDef& method, const ParamSet& p);
/// Checks the shared rotary parameters (rotary dim even and positive).
void validateRope(const ParamSet& p);
/// Also requires d_rot >= 4 (the NTK exponent d_rot/(d_rot-2) is undefined at 2).
void validateNtkExponent(const ParamSet& p, const std::string& method);
/// alpha < beta, required where the ramp divides by beta - alpha in r (paper formulas, not HF's code).
void validateAlphaBeta(const ParamSet& p);
RopeBase ropeBase(const ParamSet& p);
/// theta_i = base^(-2i/d) for i = 0 .. d/2-1.
std::vector<double> defaultInvFreq(double base, int dim);
/// Starts a RotaryFrequencies with theta' = theta (no scaling).
RotaryFrequencies plainRotary(const RopeBase& rb);

/// Paper ramp (YaRN Eq. 18, llama3): gamma(r) = clamp((r - alpha)/(beta - alpha), 0, 1), r = L0 theta / (2 pi).
std::vector<double> rotationRamp(const std::vector<double>& theta, double originalLength, double alpha, double beta);
/// theta'_i = (1 - gamma_i) theta_i / s + gamma_i theta_i.
std::vector<double> blend(const std::vector<double>& theta, const std::vector<double>& gamma, double s);

/// YaRN reference code `find_correction_dim`: the (fractional) pair index whose wavelength makes `rotations`
/// turns in L0: d ln(L0 / (2 pi N)) / (2 ln base).
double correctionDim(double rotations, int dim, double base, double L0);
/// Reference-code ramp (YaRN repo, HF _compute_yarn_parameters): linear in the pair index between
/// low = floor(i*(beta)) and high = ceil(i*(alpha)) (no rounding if !truncate), clamped to [0, d_rot-1];
/// low == high gets high + 0.001. Returns gamma = 1 - ramp (1 keeps theta) and the bounds used.
std::vector<double> indexRamp(std::size_t pairs, int dim, double base, double L0, double alpha, double beta,
                              bool truncate, double& low, double& high);

/// YaRN mscale g(s, m) = 0.1 m ln s + 1 for s > 1, else 1.
double yarnMscale(double s, double m = 1.0);

/// Wraps a RotaryFrequencies into an Encoding.
std::shared_ptr<const Encoding> makeRotaryEncoding(RotaryFrequencies f);

/// The frequency report of a rotary encoding (RoPE and its scaled variants, M-RoPE, an engine's build):
/// inv_freq, wavelength 2 pi / inv_freq, the ramp, the interpolation fraction of scaled methods, the attention
/// factor and the method's scalars.
FrequencyTable rotaryFrequencyTable(const RotaryFrequencies& f);
/// Columns of a rotary view: cos/sin d_rot, angle one per pair, rotated head_dim. InvalidInput for other views.
std::size_t rotaryColumns(const RotaryFrequencies& f, View view);

} // namespace posenc::methods
