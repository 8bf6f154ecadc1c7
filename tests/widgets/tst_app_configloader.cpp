// SPDX-License-Identifier: GPL-3.0-or-later
// Opening Hugging Face config files in the explorer (issue 8 §1): the resolved encodings join the compared
// methods named after the model, recent files are remembered, bad files give a message naming the key, dropped
// URLs are recognised, and values HF accepts with a warning are warnings in the model, not problems.
#include "explorer/ConfigLoader.h"
#include "explorer/ParamsModel.h"
#include "explorer/Settings.h"

#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace posenc;
using namespace posenc::widgets;

namespace {

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(text);
    return path;
}

const QByteArray kGemma = R"({"_name_or_path":"google/gemma-3-4b-it","model_type":"gemma3","text_config":{
  "head_dim":256,"rope_theta":1000000,"rope_local_base_freq":10000,"max_position_embeddings":131072,
  "rope_scaling":{"rope_type":"linear","factor":8}}})";

} // namespace

class TstConfigLoader : public QObject {
    Q_OBJECT

private slots:
    void opensAndNamesAfterTheModel()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        ParamsModel model;
        ConfigLoader loader(&model, &settings);
        QSignalSpy opened(&loader, &ConfigLoader::opened);
        const QString path = writeFile(dir, QStringLiteral("config.json"), kGemma);
        QVERIFY(loader.open(path));
        QCOMPARE(opened.count(), 1);
        const auto& state = model.state();
        QCOMPARE(state.methods, (std::vector<std::string>{"pi", "rope"})); // the config's two, then the old rope
        QCOMPARE(state.labels.at("pi"), std::string("google/gemma-3-4b-it (full_attention)"));
        QCOMPARE(state.labels.at("rope"), std::string("google/gemma-3-4b-it (sliding_attention)"));
        QCOMPARE(model.resolved("pi").real("factor"), 8.0);
        QCOMPARE(model.resolved("pi").real("base"), 1e6);
        QCOMPARE(model.resolved("rope").real("base"), 1e4);
        QCOMPARE(model.resolved("rope").integer("head-dim"), 256LL);
        QCOMPARE(state.length, std::int64_t(131072));
        QVERIFY(opened.first().at(0).toString().contains(QStringLiteral("linear")));
        QCOMPARE(loader.recentFiles(), QStringList{QFileInfo(path).absoluteFilePath()});
        QVERIFY(model.problems().empty());
    }

    void eraDifferencesAreShown()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        ParamsModel model;
        ConfigLoader loader(&model, &settings);
        QSignalSpy opened(&loader, &ConfigLoader::opened);
        QVERIFY(loader.open(writeFile(dir, QStringLiteral("qwen.json"),
                                      R"({"hidden_size":3584,"num_attention_heads":28,"max_position_embeddings":32768,
            "rope_theta":1000000,"rope_scaling":{"type":"yarn","factor":4,"original_max_position_embeddings":32768}})")));
        QVERIFY(opened.first().at(0).toString().contains(QStringLiteral("difference(s) in other HF eras")));
        QVERIFY(opened.first().at(1).toString().contains(QStringLiteral("HF era 2025b")));
    }

    void badFileNamesTheKey()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        ParamsModel model;
        const auto before = model.state();
        ConfigLoader loader(&model, &settings);
        QSignalSpy failed(&loader, &ConfigLoader::failed);
        QVERIFY(!loader.open(writeFile(dir, QStringLiteral("bad.json"), R"({"head_dim":64,"rope_theta":"x"})")));
        QCOMPARE(failed.count(), 1);
        QVERIFY(failed.first().at(0).toString().contains(QStringLiteral("rope_theta")));
        QVERIFY(model.state() == before);
        QVERIFY(loader.recentFiles().isEmpty());
    }

    void droppedUrls()
    {
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(QStringLiteral("/tmp/a/config.json")), QUrl(QStringLiteral("https://x/y"))});
        QCOMPARE(ConfigLoader::droppedFiles(&mime), QStringList{QStringLiteral("/tmp/a/config.json")});
    }

    void hfWarningsAreNotProblems()
    {
        ParamsModel model;
        auto state = model.state();
        state.methods = {"pi"};
        state.shared["factor"] = 0.5;
        model.setState(state, QStringLiteral("t"));
        QVERIFY(model.problems().empty());
        const auto warnings = model.warnings();
        QCOMPARE(warnings.size(), std::size_t(1));
        QCOMPARE(warnings.front().param, std::string("factor"));
    }
};

QTEST_MAIN(TstConfigLoader)
#include "tst_app_configloader.moc"
