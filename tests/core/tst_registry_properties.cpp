// SPDX-License-Identifier: GPL-3.0-or-later
// One property suite over EVERY registry entry (a new method is covered without touching this file):
// defaults validate and build, every view computes, rotary frequencies are positive, finite and non-increasing,
// ParamSpecs are sane, factor 1 reproduces plain RoPE, and invalid values are rejected with an InvalidInput that
// names the flag (issue 2 §5).

#include "posenc/errors.h"
#include "posenc/matrix.h"
#include "posenc/registry.h"

#include <QRegularExpression>
#include <QTest>

#include <sys/resource.h>

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

long maxRssKiB()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
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

    /// Issue 2 §5, value by value.
    void issueRejections_data()
    {
        QTest::addColumn<QString>("method");
        QTest::addColumn<QStringList>("flags"); // name=value
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("fragment"); // must appear in the message
        auto row = [](const char* name, const char* method, QStringList flags, const char* param,
                      const char* fragment) {
            QTest::newRow(name) << QString(method) << flags << QString(param) << QString(fragment);
        };
        row("odd head-dim", "rope", {"head-dim=127"}, "head-dim", "127");
        row("zero head-dim", "yarn", {"head-dim=0"}, "head-dim", "head-dim 0");
        row("negative head-dim", "pi", {"head-dim=-64"}, "head-dim", "-64");
        row("odd d-model", "sinusoidal", {"d-model=127"}, "d-model", "127");
        row("zero d-model", "sinusoidal", {"d-model=0"}, "d-model", "d-model 0");
        row("negative d-model", "sinusoidal", {"d-model=-8"}, "d-model", "-8");
        row("partial 0", "rope", {"partial-rotary-factor=0"}, "partial-rotary-factor", "(0, 1]");
        row("partial 1.5", "rope", {"partial-rotary-factor=1.5"}, "partial-rotary-factor", "1.5");
        row("partial -0.25", "xpos", {"partial-rotary-factor=-0.25"}, "partial-rotary-factor", "-0.25");
        row("partial zero dim", "rope", {"head-dim=64", "partial-rotary-factor=0.01"}, "partial-rotary-factor", "0.01");
        row("base 1", "rope", {"base=1"}, "base", "base 1");
        row("base 0.5", "llama3", {"base=0.5"}, "base", "0.5");
        row("sinusoidal base 1", "sinusoidal", {"base=1"}, "base", "base 1");
        row("factor 0 ntk", "ntk-aware", {"factor=0"}, "factor", "factor 0");
        row("NaN base", "rope", {"base=nan"}, "base", "NaN");
        row("NaN factor", "yarn", {"factor=NaN"}, "factor", "--factor");
        row("inf factor", "llama3", {"factor=inf"}, "factor", "finite");
        row("inf head-dim", "rope", {"head-dim=inf"}, "head-dim", "finite");
        row("NaN alpha", "ntk-by-parts", {"alpha=nan"}, "alpha", "--alpha");
        row("alpha > beta", "ntk-by-parts", {"alpha=40", "beta=32"}, "alpha", "40");
        row("alpha = beta paper ramp", "yarn", {"alpha=32", "beta=32", "ramp=paper"}, "alpha", "32");
        row("L0 0", "yarn", {"original-max-position-embeddings=0"}, "original-max-position-embeddings", "0");
        row("L0 negative", "llama3", {"original-max-position-embeddings=-8192"}, "original-max-position-embeddings",
            "-8192");
        row("L0 0 dynamic", "dynamic-ntk", {"original-max-position-embeddings=0"}, "original-max-position-embeddings",
            "0");
        row("seq-len -1 dynamic", "dynamic-ntk", {"seq-len=-1"}, "seq-len", "-1");
        row("seq-len -1 longrope", "longrope", {"seq-len=-1"}, "seq-len", "-1");
        row("short list too short", "longrope", {"short-factor=1,1,1"}, "short-factor", "3");
        row("long list too long", "longrope", {"head-dim=8", "long-factor=1,1,1,1,1"}, "long-factor", "5");
        row("long list zero entry", "longrope", {"head-dim=8", "long-factor=1,0,1,1"}, "long-factor", "0");
        row("short list negative", "longrope", {"head-dim=8", "short-factor=1,-2,1,1"}, "short-factor", "-2");
        row("t5 values wrong length", "t5", {"bucket-values=1,2,3"}, "bucket-values", "3");
        row("unknown parameter", "rope", {"factor=2"}, "factor", "--factor");
        row("alibi heads 0", "alibi", {"num-heads=0"}, "num-heads", "0");
    }

    void issueRejections()
    {
        QFETCH(QString, method);
        QFETCH(QStringList, flags);
        QFETCH(QString, param);
        QFETCH(QString, fragment);
        const MethodDef& m = Registry::instance().find(method.toStdString());
        Flags text;
        for (const auto& f : flags) {
            const auto eq = f.indexOf('=');
            text[f.left(eq).toStdString()] = f.mid(eq + 1).toStdString();
        }
        const auto [got, message] = rejection([&] { (void)Registry::build(m, Registry::resolve(m, text)); });
        QVERIFY2(got == param.toStdString(), qPrintable(QStringLiteral("param '%1', message: %2")
                                                            .arg(QString::fromStdString(got))
                                                            .arg(QString::fromStdString(message))));
        QVERIFY2(message.find("--" + param.toStdString()) != std::string::npos ||
                     message.find("--" + text.begin()->first) != std::string::npos,
                 message.c_str());
        QVERIFY2(QString::fromStdString(message).contains(fragment), message.c_str());
    }

    /// Values HF accepts with a warning (issue 8 §1) are computed as HF computes them, not rejected: the build
    /// succeeds, Registry::warnings names them, and the frequencies follow HF's formula.
    void hfWarnings_data()
    {
        QTest::addColumn<QString>("method");
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("factor 0.5") << "pi" << QStringList{"factor=0.5"} << "below 1";
        QTest::newRow("factor 0.99 yarn") << "yarn" << QStringList{"factor=0.99"} << "below 1";
        QTest::newRow("alpha = beta") << "yarn" << QStringList{"alpha=32", "beta=32"} << "beta-slow 32";
        QTest::newRow("beta-slow > beta-fast")
            << "yarn" << QStringList{"beta-slow=33", "beta-fast=32"} << "beta-slow 33";
        QTest::newRow("low >= high") << "llama3" << QStringList{"low-freq-factor=4", "high-freq-factor=1"}
                                     << "low-freq-factor 4";
        QTest::newRow("odd rotary dim") << "rope" << QStringList{"head-dim=10", "partial-rotary-factor=0.5"} << "odd";
        QTest::newRow("attention factor 0") << "yarn" << QStringList{"attention-factor=0"} << "attention-factor 0";
    }

    void hfWarnings()
    {
        QFETCH(QString, method);
        QFETCH(QStringList, flags);
        QFETCH(QString, fragment);
        const MethodDef& m = Registry::instance().find(method.toStdString());
        Flags text;
        for (const auto& f : flags)
            text[f.section('=', 0, 0).toStdString()] = f.section('=', 1).toStdString();
        std::shared_ptr<const Encoding> enc;
        ParamSet p;
        try {
            p = Registry::resolve(m, text);
            enc = Registry::build(m, p);
        } catch (const InvalidInput& e) {
            QFAIL(e.what());
        }
        bool found = false;
        for (const auto& w : Registry::warnings(m, p))
            found = found || QString::fromStdString(w.message).contains(fragment);
        QVERIFY2(found, qPrintable(fragment));
        for (double t : enc->rotary()->invFreq)
            QVERIFY(std::isfinite(t) && t >= 0);
    }

    /// HF's arithmetic for the warned values (torch.arange(0, d, 2)/d, its where-order for llama3).
    void hfWarningValues()
    {
        const MethodDef& rope = Registry::instance().find("rope");
        const auto odd =
            Registry::build(rope, Registry::resolve(rope, {{"head-dim", "10"}, {"partial-rotary-factor", "0.5"}}));
        QCOMPARE(odd->rotary()->invFreq.size(), std::size_t(3)); // ceil(5/2)
        QVERIFY(std::fabs(odd->rotary()->invFreq[2] - std::pow(10000.0, -4.0 / 5.0)) < 1e-15);
        QCOMPARE(odd->rotary()->rotaryDim, 6);
        const MethodDef& pi = Registry::instance().find("pi");
        const auto half = Registry::build(pi, Registry::resolve(pi, {{"factor", "0.5"}}));
        QCOMPARE(half->rotary()->invFreq[1], 2.0 * std::pow(10000.0, -2.0 / 128.0));
        // llama3 with low 4 > high 1 (L0 8192): HF divides every wavelength above L0/4 = 2048, keeps the rest
        const MethodDef& l3 = Registry::instance().find("llama3");
        const auto swapped =
            Registry::build(l3, Registry::resolve(l3, {{"low-freq-factor", "4"}, {"high-freq-factor", "1"}}));
        const auto& f = *swapped->rotary();
        for (std::size_t i = 0; i < f.invFreq.size(); ++i) {
            const double wl = 2.0 * std::numbers::pi / f.baseInvFreq[i];
            QCOMPARE(f.invFreq[i], wl > 2048.0 ? f.baseInvFreq[i] / 8.0 : f.baseInvFreq[i]);
        }
    }

    void unknownMethodAndView()
    {
        auto [param, message] = rejection([] { (void)Registry::instance().find("no-such-method"); });
        QCOMPARE(param, std::string("method"));
        QVERIFY(message.find("no-such-method") != std::string::npos);
        QVERIFY(message.find("rope") != std::string::npos); // lists the known ids
        std::tie(param, message) = rejection([] { (void)parseView("diagonal"); });
        QCOMPARE(param, std::string("view"));
        QVERIFY(message.find("diagonal") != std::string::npos);
        QVERIFY(message.find("rotated") != std::string::npos);
    }

    void matrixBudget()
    {
        const MethodDef& m = Registry::instance().find("rope");
        const auto enc = Registry::build(m, Registry::defaults(m));
        const long before = maxRssKiB();
        MatrixRequest huge;
        huge.view = View::Rotated;
        huge.length = std::int64_t(1) << 30; // 2^30 x 128 doubles = 1 TiB
        try {
            (void)computeMatrix(*enc, huge);
            QFAIL("a 1 TiB matrix was accepted");
        } catch (const BudgetExceeded& e) {
            QCOMPARE(e.param(), std::string("length"));
            QVERIFY2(QString(e.what()).contains(QStringLiteral("1073741824")), e.what());
            QVERIFY2(QString(e.what()).contains(QStringLiteral("budget")), e.what());
        }
        // just above a configured budget: refused, and nothing was allocated
        MatrixRequest over;
        over.view = View::Cos;
        over.length = 1 << 20; // 1 GiB of cos values
        over.memoryBudget = (std::size_t(1) << 30) - 1;
        QVERIFY_THROWS_EXCEPTION(BudgetExceeded, (void)computeMatrix(*enc, over));
        QVERIFY2(maxRssKiB() - before < 64 * 1024, "the refused matrices must not be allocated");
        // exactly at the budget it is accepted (estimate only; not computed here)
        over.memoryBudget = std::size_t(1) << 30;
        QCOMPARE(estimateMatrixBytes(*enc, over), std::size_t(1) << 30);
        // lengths outside [1, 2^40]
        for (const std::int64_t bad : {std::int64_t(0), std::int64_t(-5), (std::int64_t(1) << 40) + 1}) {
            MatrixRequest r;
            r.view = View::Cos;
            r.length = bad;
            const auto [param, message] = rejection([&] { (void)computeMatrix(*enc, r); });
            QVERIFY2(param == "length", message.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TstRegistryProperties)
#include "tst_registry_properties.moc"
