// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"

#include "posenc/errors.h"

namespace posenc::methods {

namespace {

class NopeEncoding final : public Encoding {
public:
    MethodKind kind() const override { return MethodKind::None; }
    std::vector<View> views() const override { return {}; }
    std::size_t columns(View view, const ViewOptions&) const override
    {
        throw InvalidInput("view", "nope adds no position signal, so it has no '" + toString(view) +
                                       "' matrix; compare it in the decay and entropy views");
    }
    void fillRows(View view, std::int64_t, std::size_t, double*, const ViewOptions& options) const override
    {
        (void)columns(view, options);
    }
};

} // namespace

MethodDef nopeMethod()
{
    MethodDef m;
    m.info.id = "nope";
    m.info.displayName = "NoPE (no position encoding)";
    m.info.summary = "No explicit position signal: the baseline against which every method is compared.";
    m.info.kind = MethodKind::None;
    m.info.citation = "Kazemnejad et al., The Impact of Positional Encoding on Length Generalization, "
                      "arXiv:2305.19466";
    m.build = [](const ParamSet&) -> std::shared_ptr<const Encoding> { return std::make_shared<const NopeEncoding>(); };
    return m;
}

} // namespace posenc::methods
