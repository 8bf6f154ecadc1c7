// SPDX-License-Identifier: GPL-3.0-or-later
// The registry's refusals and warnings, value by value (issue 2 §5): each invalid value named by its flag and a
// reason, HF's accepted-but-unusual values warned about (and computed as HF computes them), unknown methods and
// views, and computeMatrix's memory budget. The properties over every registry entry: tst_registry_properties.

#include "posenc/errors.h"
#include "posenc/matrix.h"
#include "posenc/registry.h"

#include <QTest>

#include <sys/resource.h>

#include <cmath>
#include <map>
#include <numbers>
#include <string>

using namespace posenc;

namespace {

using Flags = std::map<std::string, std::string>;

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

class TstRegistryRejections : public QObject {
    Q_OBJECT

private slots:
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

QTEST_GUILESS_MAIN(TstRegistryRejections)
#include "tst_registry_rejections.moc"
