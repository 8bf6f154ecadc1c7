// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc check --quantity query-scale` end to end: Hugging Face's query temperatures (tests/data/query_scale.json,
// made by tests/data/make_query_scale.py running transformers' own functions) written as CSV columns, checked
// against the Ministral 3 and Llama 4 Scout presets and against --rule; the planted wrong tables are diagnosed by
// name, and bad requests exit 2 with a message naming the option.

#include "cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace posenc::test;

namespace {

QJsonObject golden()
{
    QFile f(QStringLiteral(POSENC_TEST_DATA_DIR "/query_scale.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    return QJsonDocument::fromJson(f.readAll()).object();
}

QString positions()
{
    QStringList p;
    for (const auto& v : golden().value("positions").toArray())
        p << QString::number(static_cast<qint64>(v.toDouble()));
    return p.join(QLatin1Char(','));
}

/// The values of golden()[model][key] as a one-column CSV (N x 1), every double written exactly.
QString writeColumn(const QTemporaryDir& dir, const char* model, const char* key)
{
    const QString path = dir.filePath(QLatin1String(model) + QLatin1Char('_') + QLatin1String(key) + ".csv");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    for (const auto& v : golden().value(QLatin1String(model)).toObject().value(QLatin1String(key)).toArray())
        f.write(QByteArray::number(v.toDouble(), 'g', 17) + '\n');
    return path;
}

Run check(const QStringList& source, const QString& input, bool json = true)
{
    QStringList args{"check"};
    args << source << "--input" << input << "--quantity"
         << "query-scale"
         << "--positions" << positions();
    if (json)
        args << "--format"
             << "json";
    return posencCli(args);
}

QString firstKind(const Run& r)
{
    return jsonOut(r).value("diagnosis").toArray().at(0).toObject().value("kind").toString();
}

} // namespace

class TestCheckQueryScaleCli : public QObject {
    Q_OBJECT
private slots:
    void ministral3Preset()
    {
        QTemporaryDir dir;
        const QStringList preset{"--preset", "ministral-3-8b"};
        const Run ok = check(preset, writeColumn(dir, "ministral3", "scale"));
        QCOMPARE(ok.exitCode, 0);
        const QJsonObject o = jsonOut(ok);
        QVERIFY(o.value("match").toBool());
        QCOMPARE(o.value("quantity").toString(), QStringLiteral("query-scale"));
        QCOMPARE(o.value("method").toString(), QStringLiteral("llama4-scaling-beta"));
        QCOMPARE(o.value("params").toObject().value("attn-scale").toString(), QStringLiteral("0.1"));
        QCOMPARE(o.value("params").toObject().value("original-max-position-embeddings").toString(),
                 QStringLiteral("16384"));
        QCOMPARE(o.value("storage").toString(), QStringLiteral("float32"));

        const Run obo = check(preset, writeColumn(dir, "ministral3", "scale_at_positions_plus_one"));
        QCOMPARE(obo.exitCode, 1);
        QCOMPARE(firstKind(obo), QStringLiteral("query-scale-off-by-one"));
        const QJsonArray who =
            jsonOut(obo).value("diagnosis").toArray().at(0).toObject().value("produced_by").toArray();
        QCOMPARE(who.size(), 1);
        QVERIFY(who.at(0).toString().startsWith(QLatin1String("llama.cpp")));
        QCOMPARE(jsonOut(obo).value("worst").toObject().value("position").toInt(), 16383);

        const Run text = check(preset, writeColumn(dir, "ministral3", "scale_squared"), false);
        QCOMPARE(text.exitCode, 1);
        QVERIFY2(text.out.contains("1. query-scale-squared"), text.out.constData());
        QVERIFY(text.out.startsWith("MISMATCH: query-scale against llama4-scaling-beta"));
    }

    void ruleFlags()
    {
        QTemporaryDir dir;
        const QStringList beta{
            "--rule", "llama4-scaling-beta", "--attn-scale", "0.1", "--original-max-position-embeddings", "16384"};
        QCOMPARE(check(beta, writeColumn(dir, "ministral3", "scale")).exitCode, 0);
        const Run sq = check(beta, writeColumn(dir, "ministral3", "scale_squared"));
        QCOMPARE(sq.exitCode, 1);
        QCOMPARE(firstKind(sq), QStringLiteral("query-scale-squared"));
        // the flag overrides the config's value: with beta 0.2 HF's beta-0.1 table is off
        QCOMPARE(check({"--preset", "ministral-3-8b", "--attn-scale", "0.2"}, writeColumn(dir, "ministral3", "scale"))
                     .exitCode,
                 1);

        // Llama 4 Scout's NoPE layers (attn_temperature_tuning), from the preset and from --rule
        QCOMPARE(check({"--preset", "llama-4-scout"}, writeColumn(dir, "llama4_nope", "scale")).exitCode, 0);
        const Run nope =
            check({"--rule", "llama4-nope"}, writeColumn(dir, "llama4_nope", "scale_at_positions_minus_one"));
        QCOMPARE(nope.exitCode, 1);
        QCOMPARE(firstKind(nope), QStringLiteral("query-scale-off-by-one"));
    }

    void badRequests()
    {
        QTemporaryDir dir;
        const QString table = writeColumn(dir, "ministral3", "scale");
        const auto fails = [&](const QStringList& source, const char* named) {
            const Run r = check(source, table);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(QLatin1String(named)), qPrintable(r.err));
        };
        fails({}, "--rule");
        fails({"--preset", "llama-3.1-8b"}, "no query temperature");
        fails({"--rule", "llama4-scaling-beta"}, "--original-max-position-embeddings");
        fails({"--rule", "yarn-mscale", "--original-max-position-embeddings", "4096"}, "llama4-nope");
        fails({"--preset", "ministral-3-8b", "--layout", "pairs"}, "--layout does not apply");
        fails({"--preset", "ministral-3-8b", "--original-max-position-embeddings", "0"}, "(0, 1e15]");
        const Run cos =
            posencCli({"check", "--method", "rope", "--input", table, "--quantity", "cos", "--rule", "llama4-nope"});
        QCOMPARE(cos.exitCode, 2);
        QVERIFY2(cos.err.contains(QLatin1String("--rule applies to --quantity query-scale")), qPrintable(cos.err));
    }
};

QTEST_GUILESS_MAIN(TestCheckQueryScaleCli)
#include "tst_check_query_scale_cli.moc"
