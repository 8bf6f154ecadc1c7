// SPDX-License-Identifier: GPL-3.0-or-later
// One property suite over EVERY registry entry (a new method is covered without touching this file):
// defaults validate and build, every view computes, rotary frequencies are positive, finite and non-increasing,
// ParamSpecs are sane, factor 1 reproduces plain RoPE, and invalid values are rejected with an InvalidInput that
// names the flag (issue 2 §5). Value-by-value rejections, HF warnings and the matrix budget: tst_registry_rejections.

#include "posenc/errors.h"
#include "posenc/matrix.h"
#include "posenc/registry.h"

#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <map>
#include <numbers>
#include <set>
#include <string>

using namespace posenc;

namespace {

using Flags = std::map<std::string, std::string>;

bool isKebab(const std::string& s)
{
    static const QRegularExpression re(QStringLiteral("^[a-z][a-z0-9]*(-[a-z0-9]+)*$"));
    return re.match(QString::fromStdString(s)).hasMatch();
}

QString methodRowName(const MethodDef& m)
{
    return QString::fromStdString(m.info.id);
}

/// One data row per registry entry (optionally only those `keep` accepts).
template <class Pred> void addMethodRows(Pred keep)
{
    QTest::addColumn<QString>("id");
    for (const auto& m : Registry::instance().methods())
        if (keep(m))
            QTest::newRow(qPrintable(methodRowName(m))) << QString::fromStdString(m.info.id);
}
void addMethodRows()
{
    addMethodRows([](const MethodDef&) { return true; });
}
bool isRotary(const MethodDef& m)
{
    return m.info.kind == MethodKind::Rotary;
}
bool hasFactor(const MethodDef& m)
{
    return isRotary(m) && m.findParam("factor") != nullptr;
}

const MethodDef& methodFrom(const QString& id)
{
    return Registry::instance().find(id.toStdString());
}

/// Runs `fn` and returns the InvalidInput it throws (empty param and message "no exception" otherwise).
template <class Fn> std::pair<std::string, std::string> rejection(Fn&& fn)
{
    try {
        fn();
    } catch (const InvalidInput& e) {
        return {e.param(), e.what()};
    } catch (const std::exception& e) {
        return {"<other exception>", e.what()};
    }
    return {"", "no exception"};
}

} // namespace

class TstRegistryProperties : public QObject {
    Q_OBJECT

private slots:
    void registryIsConsistent()
    {
        const auto& methods = Registry::instance().methods();
        QVERIFY(methods.size() >= 14);
        std::set<std::string> ids;
        for (const auto& m : methods) {
            QVERIFY2(isKebab(m.info.id), m.info.id.c_str());
            QVERIFY2(ids.insert(m.info.id).second, ("duplicate id or alias " + m.info.id).c_str());
            for (const auto& a : m.info.aliases) {
                QVERIFY2(!a.empty(), m.info.id.c_str());
                QVERIFY2(ids.insert(a).second, ("duplicate id or alias " + a).c_str());
                QCOMPARE(&Registry::instance().find(a), &m);
            }
            QVERIFY(!m.info.displayName.empty());
            QVERIFY(!m.info.summary.empty());
            QVERIFY(!m.info.citation.empty());
            QVERIFY(m.build != nullptr);
        }
        for (const char* id : {"rope", "pi", "ntk-aware", "dynamic-ntk", "ntk-by-parts", "yarn", "llama3", "longrope",
                               "xpos", "sinusoidal", "learned", "alibi", "t5", "nope"})
            QVERIFY2(Registry::instance().tryFind(id) != nullptr, id);
        for (const char* alias : {"default", "linear", "dynamic"})
            QVERIFY2(Registry::instance().tryFind(alias) != nullptr, alias);
    }

    void paramSpecs_data() { addMethodRows(); }
    void paramSpecs()
    {
        QFETCH(QString, id);
        const MethodDef& m = methodFrom(id);
        std::set<std::string> names;
        for (const auto& p : m.info.params) {
            const std::string where = m.info.id + " --" + p.name;
            QVERIFY2(isKebab(p.name), where.c_str());
            QVERIFY2(names.insert(p.name).second, ("duplicate " + where).c_str());
            for (const auto& a : p.aliases) {
                QVERIFY2(isKebab(a), (where + " alias " + a).c_str());
                QVERIFY2(names.insert(a).second, ("duplicate alias " + a + " in " + m.info.id).c_str());
                QCOMPARE(m.findParam(a), &p);
            }
            QVERIFY2(!p.help.empty(), where.c_str());
            QVERIFY2(!p.rangeText().empty(), where.c_str());
            if (p.optional) {
                QVERIFY2(
                    std::holds_alternative<std::monostate>(p.defaultValue) ||
                        [&] {
                            checkValue(p, p.defaultValue);
                            return true;
                        }(),
                    where.c_str());
            } else {
                QVERIFY2(!std::holds_alternative<std::monostate>(p.defaultValue), where.c_str());
                try {
                    checkValue(p, p.defaultValue);
                } catch (const InvalidInput& e) {
                    QFAIL((where + ": default outside its own range: " + e.what()).c_str());
                }
            }
            if (p.type == ParamType::Int || p.type == ParamType::Real)
                QVERIFY2(p.min < p.max, where.c_str());
            if (p.type == ParamType::Choice)
                QVERIFY2(p.choices.size() >= 2, where.c_str());
        }
    }

    void defaultsBuildAndEveryViewComputes_data() { addMethodRows(); }
    void defaultsBuildAndEveryViewComputes()
    {
        QFETCH(QString, id);
        const MethodDef& m = methodFrom(id);
        const ParamSet defaults = Registry::defaults(m);
        Registry::validate(m, defaults);
        const auto enc = Registry::build(m, defaults);
        QVERIFY(enc != nullptr);
        QVERIFY(enc->kind() == m.info.kind);
        QCOMPARE(enc->rotary() != nullptr, m.info.kind == MethodKind::Rotary);
        QCOMPARE(enc->biasHeads() > 0, m.info.kind == MethodKind::AttentionBias);
        if (m.info.kind == MethodKind::Additive)
            QVERIFY(enc->modelDim() > 0);
        // resolving from no text gives the defaults
        QCOMPARE(Registry::resolve(m, {}), defaults);
        for (const View view : enc->views()) {
            QVERIFY(enc->supports(view));
            MatrixRequest req;
            req.view = view;
            req.firstPosition = 3;
            req.length = 37; // crosses a re-seed of the recurrence
            const Matrix mat = computeMatrix(*enc, req);
            QCOMPARE(mat.rows, std::size_t(37));
            QVERIFY(mat.cols > 0);
            QCOMPARE(mat.data.size(), mat.rows * mat.cols);
            QCOMPARE(estimateMatrixBytes(*enc, req), mat.data.size() * sizeof(double));
            for (std::size_t r = 0; r < mat.rows; ++r)
                for (std::size_t c = 0; c < mat.cols; ++c) {
                    const double x = mat(r, c);
                    // bias views mark masked (future) keys as NaN; everything else is finite
                    const bool masked = view == View::Bias && std::isnan(x) && c + 3 > r + 3;
                    QVERIFY2(std::isfinite(x) || masked, qPrintable(QStringLiteral("%1 view %2 [%3,%4] = %5")
                                                                        .arg(id)
                                                                        .arg(QString::fromStdString(toString(view)))
                                                                        .arg(r)
                                                                        .arg(c)
                                                                        .arg(x)));
                }
        }
        // a view outside views() is refused with an InvalidInput naming "view"
        for (const View view : {View::Pe, View::Cos, View::Sin, View::Angle, View::Rotated, View::Bias}) {
            if (enc->supports(view))
                continue;
            MatrixRequest req;
            req.view = view;
            req.length = 4;
            const auto [param, message] = rejection([&] { (void)computeMatrix(*enc, req); });
            QVERIFY2(param == "view", message.c_str());
        }
    }

    void rotaryFrequencies_data() { addMethodRows(isRotary); }
    void rotaryFrequencies()
    {
        QFETCH(QString, id);
        const MethodDef& m = methodFrom(id);
        const auto enc = Registry::build(m, Registry::defaults(m));
        const RotaryFrequencies* f = enc->rotary();
        QVERIFY(f != nullptr);
        QVERIFY(f->rotaryDim > 0 && f->rotaryDim % 2 == 0 && f->rotaryDim <= f->headDim);
        QCOMPARE(f->invFreq.size(), static_cast<std::size_t>(f->rotaryDim / 2));
        QCOMPARE(f->baseInvFreq.size(), f->invFreq.size());
        for (std::size_t i = 0; i < f->invFreq.size(); ++i) {
            const double t = f->invFreq[i];
            QVERIFY2(std::isfinite(t) && t > 0, qPrintable(QStringLiteral("theta'[%1] = %2").arg(i).arg(t)));
            if (i > 0)
                QVERIFY2(t <= f->invFreq[i - 1], qPrintable(QStringLiteral("theta' increases at %1").arg(i)));
            const double direct = std::pow(f->base, -2.0 * static_cast<double>(i) / f->rotaryDim);
            QVERIFY(std::fabs(f->baseInvFreq[i] / direct - 1.0) < 1e-14);
        }
        QVERIFY(std::isfinite(f->attentionFactor) && f->attentionFactor > 0);
        if (f->ramp) {
            QCOMPARE(f->ramp->size(), f->invFreq.size());
            for (double g : *f->ramp)
                QVERIFY(g >= 0.0 && g <= 1.0);
        }
        const auto table = enc->frequencyTable();
        QVERIFY(table.has_value());
        QCOMPARE(table->invFreq, f->invFreq);
        for (std::size_t i = 0; i < table->wavelength.size(); ++i)
            QVERIFY(std::fabs(table->wavelength[i] * f->invFreq[i] / (2 * std::numbers::pi) - 1.0) < 1e-15);
        if (f->scaled && f->scale > 1.0) {
            QVERIFY(table->interpolation.has_value());
            for (double x : *table->interpolation)
                QVERIFY(std::isfinite(x));
        }
    }

    /// Every rotary method with a factor: factor 1 (and no current sequence where there is seq-len) is plain
    /// RoPE with the same head-dim, base, partial-rotary-factor and pairing, attention factor 1.
    void factorOneIsPlainRope_data() { addMethodRows(hasFactor); }
    void factorOneIsPlainRope()
    {
        QFETCH(QString, id);
        const MethodDef& m = methodFrom(id);
        for (const char* pairing : {"half", "interleaved"}) {
            // partial 1: every method is plain RoPE at factor 1; partial 0.5 below, where the method rotates d_rot
            Flags whole = {{"factor", "1"}, {"head-dim", "96"}, {"pairing", pairing}};
            if (m.findParam("seq-len"))
                whole["seq-len"] = "0";
            const auto full = Registry::build(m, Registry::resolve(m, whole));
            const MethodDef& ropeDef = Registry::instance().find("rope");
            const auto plainFull = Registry::build(
                ropeDef, Registry::resolve(ropeDef, {{"head-dim", "96"},
                                                     {"pairing", pairing},
                                                     {"base", formatNumber(Registry::defaults(m).real("base"))}}));
            QCOMPARE(full->rotary()->invFreq.size(), plainFull->rotary()->invFreq.size());
            for (std::size_t i = 0; i < full->rotary()->invFreq.size(); ++i)
                QVERIFY(std::fabs(full->rotary()->invFreq[i] / plainFull->rotary()->invFreq[i] - 1.0) <= 1e-15);
            Flags flags = {{"factor", "1"}, {"head-dim", "96"}, {"partial-rotary-factor", "0.5"}, {"pairing", pairing}};
            if (m.findParam("seq-len"))
                flags["seq-len"] = "0";
            const auto enc = Registry::build(m, Registry::resolve(m, flags));
            const auto defaults = Registry::defaults(m);
            const MethodDef& rope = Registry::instance().find("rope");
            const auto plain =
                Registry::build(rope, Registry::resolve(rope, {{"head-dim", "96"},
                                                               {"partial-rotary-factor", "0.5"},
                                                               {"pairing", pairing},
                                                               {"base", formatNumber(defaults.real("base"))}}));
            const RotaryFrequencies& a = *enc->rotary();
            const RotaryFrequencies& b = *plain->rotary();
            if (a.rotaryDim == 96) { // proportional: the cache spans the head; pairs past p*head_dim/2 stay still
                QCOMPARE(a.invFreq.size(), std::size_t(48));
                QCOMPARE(a.invFreq.back(), 0.0);
                continue;
            }
            QCOMPARE(a.rotaryDim, 48);
            QVERIFY(a.pairing == b.pairing);
            QCOMPARE(a.invFreq.size(), b.invFreq.size());
            for (std::size_t i = 0; i < a.invFreq.size(); ++i)
                QVERIFY2(std::fabs(a.invFreq[i] / b.invFreq[i] - 1.0) <= 1e-15,
                         qPrintable(QStringLiteral("%1 pair %2: %3 vs %4")
                                        .arg(id)
                                        .arg(i)
                                        .arg(a.invFreq[i], 0, 'g', 17)
                                        .arg(b.invFreq[i], 0, 'g', 17)));
            QCOMPARE(a.attentionFactor, 1.0);
        }
    }

    void factorOneCoversTheScaledMethods()
    {
        for (const char* id : {"pi", "ntk-aware", "ntk-by-parts", "yarn", "llama3"}) {
            const MethodDef* m = Registry::instance().tryFind(id);
            QVERIFY2(m && m->findParam("factor"), id);
        }
    }

    /// Generic rejections derived from each ParamSpec: below/above the range, NaN and inf, a bad choice or
    /// boolean; the InvalidInput names the parameter and its message the flag and the range.
    void specRangesAreEnforced_data() { addMethodRows(); }
    void specRangesAreEnforced()
    {
        QFETCH(QString, id);
        const MethodDef& m = methodFrom(id);
        for (const auto& p : m.info.params) {
            std::vector<std::string> bad;
            switch (p.type) {
            case ParamType::Int:
            case ParamType::Real:
                bad = {"nan", "inf", "-inf", "abc"};
                if (std::isfinite(p.min))
                    bad.push_back(formatNumber(
                        p.minInclusive
                            ? p.min - (p.type == ParamType::Int ? 1 : std::max(1e-6, std::fabs(p.min) * 1e-6))
                            : p.min));
                if (std::isfinite(p.max))
                    bad.push_back(
                        formatNumber(p.maxInclusive ? p.max + std::max(1.0, std::fabs(p.max) * 1e-6) : p.max));
                if (p.type == ParamType::Int)
                    bad.push_back(formatNumber(std::isfinite(p.min) ? p.min + 0.5 : 2.5));
                break;
            case ParamType::Bool:
                bad = {"maybe"};
                break;
            case ParamType::Choice:
                bad = {"no-such-choice"};
                break;
            case ParamType::RealList:
                bad = {"1,x", "nan", "inf"};
                break;
            case ParamType::Text:
                break; // any text is a valid value; what it names is checked when the encoding is built
            }
            for (const auto& value : bad) {
                const auto [param, message] = rejection([&] { (void)Registry::resolve(m, {{p.name, value}}); });
                QVERIFY2(param == p.name, qPrintable(QStringLiteral("%1 --%2 %3: %4 (%5)")
                                                         .arg(id)
                                                         .arg(QString::fromStdString(p.name))
                                                         .arg(QString::fromStdString(value))
                                                         .arg(QString::fromStdString(message))
                                                         .arg(QString::fromStdString(param))));
                QVERIFY2(message.find("--" + p.name) != std::string::npos, message.c_str());
            }
        }
        const auto [param, message] = rejection([&] { (void)Registry::resolve(m, {{"no-such-param", "1"}}); });
        QCOMPARE(param, std::string("no-such-param"));
        QVERIFY2(message.find("--no-such-param") != std::string::npos, message.c_str());
    }
};

QTEST_GUILESS_MAIN(TstRegistryProperties)
#include "tst_registry_properties.moc"
