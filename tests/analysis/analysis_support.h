// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Helpers for the analysis tests: golden cases mapped to registry methods, encodings built from flags.

#include "../core/golden_support.h"

#include "posenc/registry.h"

#include <QJsonObject>
#include <QStringList>

#include <map>
#include <memory>
#include <string>

namespace posenc::test {

/// Builds a method from textual flags, as the CLI would.
inline std::shared_ptr<const Encoding> buildMethod(const std::string& id,
                                                   const std::map<std::string, std::string>& flags = {})
{
    const auto& def = Registry::instance().find(id);
    return Registry::build(def, Registry::resolve(def, flags));
}

struct GoldenMethod {
    std::string id;
    std::map<std::string, std::string> flags;
};

/// Maps a golden curve/case ("default", "linear s=8", "yarn s=16 L=4096", "llama3 s=8 L=8192 base=5e5", ...)
/// to a registry method; the caller checks the golden inv_freq against the built encoding.
inline GoldenMethod mapGoldenName(const QJsonObject& c)
{
    GoldenMethod m;
    const QStringList words = c["name"].toString().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const QString method = words.value(0);
    m.id = method == QLatin1String("default")     ? "rope"
           : method == QLatin1String("linear")    ? "pi"
           : method == QLatin1String("ntk_aware") ? "ntk-aware"
                                                  : method.toStdString();
    const double dim = c.contains("head_dim") ? c["head_dim"].toDouble() : c["d_rot"].toDouble();
    m.flags["head-dim"] = exactText(dim);
    if (c.contains("base"))
        m.flags["base"] = exactText(c["base"].toDouble());
    for (const QString& w : words) {
        if (w.startsWith(QLatin1String("s=")))
            m.flags["factor"] = w.mid(2).toStdString();
        else if (w.startsWith(QLatin1String("L=")))
            m.flags["original-max-position-embeddings"] = w.mid(2).toStdString();
        else if (w.startsWith(QLatin1String("base=")))
            m.flags["base"] = exactText(w.mid(5).toDouble());
    }
    return m;
}

} // namespace posenc::test
