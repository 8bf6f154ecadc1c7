// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 35, "the explorer a student can trust", on a 1366 x 768 screen: every registry method can be ticked by a
// click on its box and by Space; config A then config B leaves no row of A and the title names B; a shared
// editor shows the value of every method it drives, or "mixed"; problems name controls, not flags; presets with
// an image layout; derived values without rounding digits. The layout half is tst_trust_layout.
#include "trust_fixture.h"

#include "posenc/io/hf_config.h"

#include <QStyle>
#include <QStyleOptionViewItem>

#include <set>

using namespace posenc;
using namespace posenc::widgets;

namespace {

const QString kPresets = QStringLiteral(POSENC_SOURCE_DIR "/resources/presets/");

/// The centre of the check box of `item` as the list's style places it.
QPoint checkBoxCentre(QListWidget* list, QListWidgetItem* item)
{
    QStyleOptionViewItem opt;
    opt.initFrom(list->viewport());
    opt.rect = list->visualItemRect(item);
    opt.features = QStyleOptionViewItem::HasCheckIndicator | QStyleOptionViewItem::HasDisplay |
                   QStyleOptionViewItem::HasDecoration;
    opt.decorationSize = list->iconSize().isValid() ? list->iconSize() : QSize(16, 16);
    opt.text = item->text();
    opt.checkState = item->checkState();
    return list->style()->subElementRect(QStyle::SE_ItemViewItemCheckIndicator, &opt, list).center();
}

} // namespace

class TestTrust : public QObject, public trust_test::TrustFixture {
    Q_OBJECT

private slots:
    void init() { reset(); }
    void cleanup() { close(); }

    // ---- 1. every method can be ticked ----

    void everyMethodTicksByClickAndBySpace()
    {
        ParamsModel model;
        MethodList methods(&model);
        methods.resize(360, 700);
        methods.show();
        QVERIFY(QTest::qWaitForWindowExposed(&methods));
        QListWidget* list = methods.list();
        for (const auto& def : Registry::instance().methods()) {
            const std::string id = def.info.id;
            QListWidgetItem* item = nullptr;
            for (int i = 0; i < list->count(); ++i)
                if (list->item(i)->data(Qt::UserRole).toString().toStdString() == id)
                    item = list->item(i);
            QVERIFY2(item, id.c_str());
            QVERIFY2(item->data(Qt::CheckStateRole).isValid(),
                     qPrintable(QStringLiteral("%1 shows no check box").arg(QString::fromStdString(id))));
            list->scrollToItem(item);
            const bool before = model.isChecked(id);
            QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, checkBoxCentre(list, item));
            QVERIFY2(model.isChecked(id) != before, qPrintable(QStringLiteral("click on %1").arg(item->text())));
            QCOMPARE(item->checkState(), model.isChecked(id) ? Qt::Checked : Qt::Unchecked);
            list->setCurrentItem(item);
            list->setFocus();
            QTest::keyClick(list, Qt::Key_Space);
            QVERIFY2(model.isChecked(id) == before, qPrintable(QStringLiteral("Space on %1").arg(item->text())));
            QCOMPARE(item->checkState(), before ? Qt::Checked : Qt::Unchecked);
        }
    }

    // ---- 2. config A, then config B ----

    void configAThenBLeavesNoRowOfA()
    {
        m_f.open();
        const QString a = kPresets + QStringLiteral("gemma-3-27b.json");
        const QString b = kPresets + QStringLiteral("llama-4-scout.json");
        const auto configA = io::loadHfConfig(a.toStdString());
        const auto configB = io::loadHfConfig(b.toStdString());
        const QString nameA = QString::fromStdString(configA.modelName);
        const QString nameB = QString::fromStdString(configB.modelName);
        QVERIFY(nameA != nameB);
        QVERIFY(w().openConfig(a));
        QVERIFY2(w().windowTitle().contains(nameA), qPrintable(w().windowTitle()));
        QVERIFY(w().openConfig(b));
        waitIdle();
        QVERIFY2(w().windowTitle().contains(nameB) && !w().windowTitle().contains(nameA),
                 qPrintable(w().windowTitle()));
        // Every labelled row is one of B's encodings, with B's values.
        std::set<std::string> namesB;
        for (const auto& e : configB.encodings)
            namesB.insert(e.name);
        const ParamsModel* model = w().model();
        for (const auto& [key, label] : model->state().labels) {
            QVERIFY2(namesB.count(label), label.c_str());
            QVERIFY2(model->isChecked(key), key.c_str());
        }
        for (const auto& e : configB.encodings) {
            const ParamSet drawn = model->resolved(e.method);
            for (const auto& [name, value] : e.params.values())
                QVERIFY2(drawn.has(name) && drawn.get(name) == value,
                         qPrintable(QString::fromStdString(e.method + " " + name)));
        }
        // No row of the method list names A's model.
        QListWidget* list = w().methodList()->list();
        for (int i = 0; i < list->count(); ++i)
            QVERIFY2(!list->item(i)->text().contains(nameA, Qt::CaseInsensitive), qPrintable(list->item(i)->text()));
        // The same rows as B opened alone on top of the same start.
        m_f.window.reset();
        QFile::remove(m_f.dir.filePath(QStringLiteral("autosave.posenc-session.json")));
        for (const QString& f : QDir(m_f.dir.path()).entryList(QDir::Files))
            QFile::remove(m_f.dir.filePath(f));
        m_f.open();
        QVERIFY(w().openConfig(b));
        QStringList alone;
        for (int i = 0; i < w().methodList()->list()->count(); ++i)
            if (w().methodList()->list()->item(i)->checkState() == Qt::Checked)
                alone << w().methodList()->list()->item(i)->text();
        QVERIFY2(alone.join(QLatin1Char('\n')).contains(nameB), qPrintable(alone.join(QLatin1Char('\n'))));
    }

    // ---- 3. a shared editor shows what every method it drives is drawn with ----

    void sharedEditorShowsTheDrawnValueOrMixed()
    {
        ParamsModel model;
        ParameterPanel panel(&model);
        // YaRN keeps its own factor 16; PI uses the default: the shared field shows PI's 8, not YaRN's 16.
        ParamState s;
        s.methods = {"yarn", "pi"};
        s.own["yarn"]["factor"] = 16.0;
        model.setState(s, QStringLiteral("t"));
        ParamEditor* factor = panel.sharedEditor("factor");
        QVERIFY(factor);
        QCOMPARE(model.resolved("pi").real("factor"), 8.0);
        QVERIFY(!factor->isMixed());
        QCOMPARE(std::get<double>(factor->value()), 8.0);
        QCOMPARE(factor->spinBox()->value(), 8.0);
        // PI (default 8) and LongRoPE (default 32) with no shared value: "mixed", both values listed.
        s = ParamState();
        s.methods = {"pi", "longrope"};
        model.setState(s, QStringLiteral("t"));
        factor = panel.sharedEditor("factor");
        QVERIFY(factor->isMixed());
        QCOMPARE(factor->spinBox()->text(), QStringLiteral("mixed"));
        QLabel* note = panel.overrideNote("factor");
        QVERIFY(note && note->isVisibleTo(&panel));
        QVERIFY2(note->text().contains(QStringLiteral("mixed")) && note->text().contains(QStringLiteral(" 8")) &&
                     note->text().contains(QStringLiteral("LongRoPE 32")),
                 qPrintable(note->text()));
        // A value typed over "mixed" applies to both, even the one it equals.
        factor->spinBox()->setFocus();
        factor->spinBox()->selectAll();
        QTest::keyClicks(factor->spinBox(), QStringLiteral("8"));
        QTest::keyClick(factor->spinBox(), Qt::Key_Return);
        QCOMPARE(model.resolved("longrope").real("factor"), 8.0);
        QVERIFY(!factor->isMixed());

        // Every preset: each shared editor shows the value of every method it drives, or says "mixed".
        for (const Preset& preset : Presets::builtIn()) {
            model.setState(preset.state, QStringLiteral("preset"));
            for (const auto& name : ParamsModel::sharedNames()) {
                ParamEditor* e = panel.sharedEditor(name);
                if (!e)
                    continue;
                std::vector<ParamValue> drawn;
                for (const auto& key : model.methods())
                    if (ParamState::methodOf(key).findParam(name) && !model.isOverridden(key, name))
                        drawn.push_back(model.resolved(key).get(name));
                const bool differ =
                    std::any_of(drawn.begin(), drawn.end(), [&](const ParamValue& v) { return !(v == drawn.front()); });
                QVERIFY2(e->isMixed() == differ,
                         qPrintable(preset.name + QStringLiteral(" ") + QString::fromStdString(name)));
                if (!differ && !drawn.empty())
                    QVERIFY2(e->value() == drawn.front(),
                             qPrintable(preset.name + QStringLiteral(" ") + QString::fromStdString(name)));
            }
        }
    }

    // ---- 4. figures: readable log axes, legends of drawn lines, no raw text ----

    void problemsNameControlsNotFlags()
    {
        // alpha (beta_slow) above beta (beta_fast): the message in place names the controls as labelled.
        ParamsModel model;
        ParamState s;
        s.methods = {"yarn"};
        s.shared["alpha"] = 40.0;
        model.setState(s, QStringLiteral("t"));
        std::vector<ParamProblem> said = model.problems(); // refused or, as HF does, accepted with a warning
        for (const ParamProblem& w : model.warnings())
            said.push_back(w);
        QVERIFY(!said.empty());
        for (const ParamProblem& p : said)
            QVERIFY2(!p.message.contains(QStringLiteral("--")), qPrintable(p.message));
        QVERIFY2(said.front().message.contains(QStringLiteral("alpha = 40")), qPrintable(said.front().message));
    }

    void visionPresetsHaveAnImageLayout()
    {
        // An M-RoPE preset without a token layout drew three identical text diagonals (t = h = w).
        int seen = 0;
        for (const Preset& preset : Presets::builtIn())
            for (const auto& key : preset.state.methods)
                if (ParamState::methodIdOf(key).rfind("mrope", 0) == 0) {
                    ++seen;
                    const ParamSet p = preset.state.resolve(key);
                    QVERIFY2(p.has("token-layout") &&
                                 std::get<std::string>(p.get("token-layout")).find("image:") != std::string::npos,
                             qPrintable(preset.name));
                }
        QVERIFY(seen >= 2);
    }

    void effectiveBaseHasNoRoundingDigits()
    {
        ParamsModel model;
        ParameterPanel panel(&model);
        panel.setMethod("rope");
        auto* line = panel.findChild<QLabel*>(QStringLiteral("resolved"));
        QVERIFY(line);
        QVERIFY2(line->text().contains(QStringLiteral("effective base 10000")) &&
                     !line->text().contains(QStringLiteral("9999.99")),
                 qPrintable(line->text()));
    }
};

int main(int argc, char** argv)
{
    return screen_test::runOnScreen<TestTrust>(argc, argv);
}

#include "tst_trust.moc"
