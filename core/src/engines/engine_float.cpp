// SPDX-License-Identifier: GPL-3.0-or-later
// --arithmetic engine: the engines' own float32 arithmetic. ggml: the CPU kernel's cache (theta by repeated
// float32 multiplication, rope_yarn's blend and magnitude in float), emulated operation for operation.
// MLX-LM: mlx_float.cpp. HF, vLLM, SGLang, ORT GenAI: float32 tensors: inv_freq as their PyTorch code computes it (torch_float.cpp: rope, pi,
// dynamic-ntk, yarn, llama3 replayed operation for operation; other methods: the float64 value rounded to
// float32), angle = fl(position x inv_freq) (the K = 1 matmul / einsum is one product), cosf/sinf (torch's
// vectorised cos/sin may differ by one ulp), times the float32 attention factor; vLLM's linear scaling divides
// the position first (t / s).
#include "engines_internal.h"

#include "../methods/method_common.h"

#include "posenc/errors.h"
#include "posenc/rope_apply.h"

#include <cmath>
#include <numbers>

namespace posenc {

namespace {

/// F64 arithmetic: the ordinary rotary encoding of the engine's frequencies, tagged with the engine.
class TaggedEncoding final : public Encoding, public engine_detail::EngineTag {
public:
    TaggedEncoding(Engine engine, std::shared_ptr<const Encoding> inner, std::vector<std::string> notes)
        : m_engine(engine), m_inner(std::move(inner)), m_notes(std::move(notes))
    {
    }
    Engine engine() const override { return m_engine; }
    const std::vector<std::string>& notes() const override { return m_notes; }
    MethodKind kind() const override { return m_inner->kind(); }
    std::vector<View> views() const override { return m_inner->views(); }
    std::size_t columns(View view, const ViewOptions& o) const override { return m_inner->columns(view, o); }
    void fillRows(View view, std::int64_t firstRow, std::size_t rows, double* out,
                  const ViewOptions& o) const override
    {
        m_inner->fillRows(view, firstRow, rows, out, o);
    }
    const RotaryFrequencies* rotary() const override { return m_inner->rotary(); }
    std::optional<FrequencyTable> frequencyTable() const override { return m_inner->frequencyTable(); }

private:
    Engine m_engine;
    std::shared_ptr<const Encoding> m_inner;
    std::vector<std::string> m_notes;
};

class FloatRotaryEncoding final : public Encoding, public engine_detail::EngineTag {
public:
    FloatRotaryEncoding(Engine engine, RotaryFrequencies f, engine_detail::GgmlRope g, std::vector<float> torchTheta,
                        std::vector<std::string> notes)
        : m_engine(engine), m_f(std::move(f)), m_g(std::move(g)), m_notes(std::move(notes))
    {
        const std::size_t P = m_f.pairs();
        if (m_engine == Engine::LlamaCpp) {
            engine_detail::ggmlCorrDims(m_g, m_corr);
        } else {
            m_theta.resize(P);
            const auto div = m_f.extras.find("position_divisor");
            m_divisor = div == m_f.extras.end() ? 0.0f : static_cast<float>(div->second);
            const auto mul = m_f.extras.find("position_multiplier"); // MLX: position x (1/s) in the kernel
            m_multiplier = mul == m_f.extras.end() ? 0.0f : static_cast<float>(mul->second);
            const bool unscaled = m_divisor != 0.0f || m_multiplier != 0.0f;
            for (std::size_t i = 0; i < P; ++i)
                m_theta[i] = torchTheta.size() == P ? torchTheta[i]
                                                    : static_cast<float>(unscaled ? m_f.baseInvFreq[i]
                                                                                  : m_f.invFreq[i]);
            m_magnitude = static_cast<float>(m_f.attentionFactor);
        }
        // Report what the engine multiplies: the angle at position 1 and the float32 magnitude.
        std::vector<float> c(P), s(P), a(P);
        row(1, c.data(), s.data(), a.data());
        for (std::size_t i = 0; i < P; ++i)
            m_f.invFreq[i] = a[i];
        if (P > 0) {
            row(0, c.data(), s.data(), a.data());
            m_f.attentionFactor = c[0];
        }
    }

    Engine engine() const override { return m_engine; }
    const std::vector<std::string>& notes() const override { return m_notes; }
    MethodKind kind() const override { return MethodKind::Rotary; }
    std::vector<View> views() const override { return {View::Cos, View::Sin, View::Angle, View::Rotated}; }
    const RotaryFrequencies* rotary() const override { return &m_f; }

    std::optional<FrequencyTable> frequencyTable() const override { return methods::rotaryFrequencyTable(m_f); }

    std::size_t columns(View view, const ViewOptions&) const override { return methods::rotaryColumns(m_f, view); }

    void fillRows(View view, std::int64_t firstRow, std::size_t rows, double* out,
                  const ViewOptions& options) const override
    {
        const std::size_t cols = columns(view, options);
        const std::size_t P = m_f.pairs();
        std::vector<double> probe;
        if (view == View::Rotated) {
            probe = options.probe.empty() ? defaultProbe(m_f.headDim) : options.probe;
            if (probe.size() != static_cast<std::size_t>(m_f.headDim))
                throw InvalidInput("probe", "the probe vector has " + std::to_string(probe.size()) +
                                                " entries; it needs head_dim = " + std::to_string(m_f.headDim));
        }
        std::vector<float> c(P), s(P), a(P);
        for (std::size_t r = 0; r < rows; ++r) {
            row(firstRow + static_cast<std::int64_t>(r), c.data(), s.data(), a.data());
            double* o = out + r * cols;
            switch (view) {
            case View::Cos:
            case View::Sin: {
                const std::vector<float>& v = view == View::Cos ? c : s;
                for (std::size_t i = 0; i < P; ++i) {
                    o[m_f.channelA(i)] = v[i];
                    o[m_f.channelB(i)] = v[i];
                }
                break;
            }
            case View::Angle:
                for (std::size_t i = 0; i < P; ++i) {
                    const double x = std::fmod(static_cast<double>(a[i]), 2.0 * std::numbers::pi);
                    o[i] = x < 0 ? x + 2.0 * std::numbers::pi : x;
                }
                break;
            case View::Rotated:
                for (std::size_t j = 0; j < cols; ++j)
                    o[j] = probe[j];
                for (std::size_t i = 0; i < P; ++i) {
                    const float x0 = static_cast<float>(probe[m_f.channelA(i)]);
                    const float x1 = static_cast<float>(probe[m_f.channelB(i)]);
                    if (m_engine == Engine::LlamaCpp) { // rotate_pairs as compiled with -mfma (llama_cpp.cpp)
                        o[m_f.channelA(i)] = std::fma(x0, c[i], -(x1 * s[i]));
                        o[m_f.channelB(i)] = std::fma(x0, s[i], x1 * c[i]);
                    } else {
                        o[m_f.channelA(i)] = x0 * c[i] - x1 * s[i];
                        o[m_f.channelB(i)] = x0 * s[i] + x1 * c[i];
                    }
                }
                break;
            default:
                break;
            }
        }
    }

private:
    void row(std::int64_t pos, float* c, float* s, float* a) const
    {
        if (m_engine == Engine::LlamaCpp) {
            engine_detail::ggmlCacheRow(m_g, m_corr, pos, c, s, a);
            return;
        }
        const float t = m_divisor != 0.0f      ? static_cast<float>(pos) / m_divisor
                        : m_multiplier != 0.0f ? static_cast<float>(pos) * m_multiplier
                                               : static_cast<float>(pos);
        for (std::size_t i = 0; i < m_theta.size(); ++i) {
            const float angle = t * m_theta[i];
            a[i] = angle;
            c[i] = std::cos(angle) * m_magnitude;
            s[i] = std::sin(angle) * m_magnitude;
        }
    }

    Engine m_engine;
    RotaryFrequencies m_f;
    engine_detail::GgmlRope m_g;
    float m_corr[2] = {0, 0};
    std::vector<float> m_theta;
    float m_divisor = 0.0f;
    float m_multiplier = 0.0f;
    float m_magnitude = 1.0f;
    std::vector<std::string> m_notes;
};

} // namespace

std::shared_ptr<const Encoding> makeEngineEncoding(Arithmetic arithmetic, const std::string& id,
                                                   const ParamSet& params, EngineFrequencies e)
{
    if (arithmetic == Arithmetic::F64)
        return std::make_shared<const TaggedEncoding>(e.engine, methods::makeRotaryEncoding(std::move(e.frequencies)),
                                                      std::move(e.notes));
    if (!e.frequencies.xposZeta.empty())
        throw InvalidInput("arithmetic", "--arithmetic engine does not emulate xPos's decay");
    engine_detail::GgmlRope g;
    std::vector<float> torchTheta;
    if (e.engine == Engine::LlamaCpp) {
        std::vector<std::string> unused;
        g = engine_detail::ggmlRopeFor(id, params, e.frequencies, unused);
        e.notes.push_back("float32 arithmetic of ggml's CPU kernel (theta by repeated multiplication)");
    } else if (e.engine == Engine::Mlx) {
        torchTheta = engine_detail::mlxInvFreq(id, params, e.frequencies);
        e.notes.push_back(torchTheta.empty()
                              ? "float32 arithmetic: inv_freq rounded to float32 from float64, angle fl(position x "
                                "inv_freq)"
                              : "float32 arithmetic of MLX: rope_utils.py's float32 arrays, the CPU kernel's inv_freq "
                                "(1/freqs or exp(-j ln base/(d/2))) and angle (position x scale) x inv_freq");
    } else {
        torchTheta = engine_detail::torchInvFreq(e.engine, id, params, e.frequencies);
        e.notes.push_back(torchTheta.empty()
                              ? "float32 arithmetic: inv_freq rounded to float32 from float64 (this method's float32 "
                                "steps are not replayed), angle fl(position x inv_freq)"
                              : "float32 arithmetic: inv_freq by the engine's float32 tensor operations, angle "
                                "fl(position x inv_freq), cos and sin by the C library (torch's may differ by one "
                                "ulp)");
    }
    return std::make_shared<const FloatRotaryEncoding>(e.engine, std::move(e.frequencies), std::move(g),
                                                       std::move(torchTheta), std::move(e.notes));
}

} // namespace posenc
