// SPDX-License-Identifier: GPL-3.0-or-later
// posenc/grid_check.h: each test plants one bug into a golden cos/sin table (tests/data/grid/grid_golden*.json, the
// models' own code) by rearranging the golden values themselves — channel blocks swapped, text rows replaced,
// image rows re-assembled from the per-axis blocks of other golden rows, channels re-laid, the temporal channels
// recomputed with RIFLEx's formula on another component — and expects checkGridTable to name that bug.
#include "golden_support.h"

#include "posenc/errors.h"
#include "posenc/grid_check.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <map>
#include <string>

using namespace posenc;

namespace {

struct Golden {
    grid::Model model;
    std::vector<grid::LayoutItem> layout;
    std::vector<std::vector<double>> ids;
    std::vector<std::vector<double>> cos;
};

Golden load(const char* file, const QString& name, const QString& layout)
{
    for (const auto& v : test::loadGolden(file)["cases"].toArray()) {
        const auto c = v.toObject();
        if (c["name"].toString() != name || c["layout"].toString() != layout)
            continue;
        const std::string cfg = QJsonDocument(c["config"].toObject()).toJson(QJsonDocument::Compact).toStdString();
        Golden g{c["tower"].toString() == "vision" ? grid::fromVisionConfig(cfg, "golden")
                                                   : grid::fromDiffusersConfig(cfg, "golden"),
                 grid::parseLayout(layout.toStdString()),
                 {},
                 {}};
        for (const auto& r : c["positions"].toArray())
            g.ids.push_back(test::toVector(r));
        for (const auto& r : c["cos"].toArray())
            g.cos.push_back(test::toVector(r));
        return g;
    }
    qFatal("golden case %s %s missing", qPrintable(name), qPrintable(layout));
}

std::vector<double> flat(const std::vector<std::vector<double>>& rows)
{
    std::vector<double> out;
    for (const auto& r : rows)
        out.insert(out.end(), r.begin(), r.end());
    return out;
}

grid::GridCheckResult check(const Golden& g, const std::vector<std::vector<double>>& rows,
                            const grid::GridCheckRequest& req = {})
{
    return grid::checkGridTable(g.model, g.layout, flat(rows), rows.size(), rows.front().size(), req);
}

bool named(const grid::GridCheckResult& r, const std::string& kind)
{
    for (const auto& d : r.diagnosis)
        if (d.kind == kind)
            return true;
    return false;
}

QString kinds(const grid::GridCheckResult& r)
{
    QString s = QString("max error %1; diagnosis:").arg(r.maxError);
    for (const auto& d : r.diagnosis)
        s += " " + QString::fromStdString(d.kind + " (" + d.evidence + ")");
    return s;
}

} // namespace

class TstGridCheck : public QObject {
    Q_OBJECT

private slots:
    void goldenMatches()
    {
        for (const auto& [file, name, layout] : {std::tuple{"grid/grid_golden.json", "flux1", "text:2,image:2x3"},
                                                 std::tuple{"grid/grid_golden.json", "qwen-image", "text:1,image:4x4"},
                                                 std::tuple{"grid/grid_golden_more.json", "ltx-video", "video:2x3x4"},
                                                 std::tuple{"grid/grid_golden_more.json", "pixtral", "image:3x5"}}) {
            const auto g = load(file, name, layout);
            auto rows = g.cos;
            QVERIFY2(check(g, rows).match, qPrintable(kinds(check(g, rows))));
            for (auto& r : rows) // stored as float32, as the models keep it
                for (double& x : r)
                    x = static_cast<float>(x);
            QVERIFY(check(g, rows).match);
        }
    }

    // FLUX.1 with its h and w channel blocks exchanged (16 | 56 | 56: channels 16..71 and 72..127)
    void axesSwapped()
    {
        const auto g = load("grid/grid_golden.json", "flux1", "image:3x4");
        auto rows = g.cos;
        for (auto& r : rows)
            std::swap_ranges(r.begin() + 16, r.begin() + 72, r.begin() + 72);
        const auto res = check(g, rows);
        QVERIFY(!res.match);
        QVERIFY2(named(res, "axes-swapped"), qPrintable(kinds(res)));
        QVERIFY(res.diagnosis.front().evidence.find("h and w") != std::string::npos);
    }

    // FLUX.1 text token 1 carrying an image token's ids (0, 1, 1) instead of zeros
    void textIdsNotZero()
    {
        const auto g = load("grid/grid_golden.json", "flux1", "text:2,image:2x3");
        auto rows = g.cos;
        rows[1] = rows[2 + 1 * 3 + 1];
        const auto res = check(g, rows);
        QVERIFY(!res.match);
        QVERIFY2(named(res, "text-ids"), qPrintable(kinds(res)));
    }

    // Qwen-Image 4x4 with corner ids (0, r, c): each row assembled from the golden blocks of ids 0..3 (the 4x4
    // and 3x5 cases hold h/w ids -3..3 between their image and text rows)
    void cornerInsteadOfCentred()
    {
        const auto g = load("grid/grid_golden.json", "qwen-image", "text:1,image:4x4");
        const auto other = load("grid/grid_golden.json", "qwen-image", "text:2,image:3x5");
        std::map<std::pair<int, int>, std::vector<double>> block; // (axis, id) -> its channels
        const int dims[] = {16, 56, 56};
        for (const Golden* s : {&g, &other})
            for (std::size_t i = 0; i < s->ids.size(); ++i)
                for (int a = 0, c0 = 0; a < 3; c0 += dims[a], ++a)
                    block[{a, static_cast<int>(s->ids[i][static_cast<std::size_t>(a)])}] =
                        std::vector<double>(s->cos[i].begin() + c0, s->cos[i].begin() + c0 + dims[a]);
        auto rows = g.cos;
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c) {
                QVERIFY(block.count({1, r}) && block.count({2, c}));
                auto& row = rows[static_cast<std::size_t>(1 + r * 4 + c)];
                std::copy(block[{1, r}].begin(), block[{1, r}].end(), row.begin() + 16);
                std::copy(block[{2, c}].begin(), block[{2, c}].end(), row.begin() + 72);
            }
        const auto res = check(g, rows);
        QVERIFY(!res.match);
        QVERIFY2(named(res, "corner-ids"), qPrintable(kinds(res)));
        QCOMPARE(res.diagnosis.size(), std::size_t{1});
    }

    // Qwen2.5-VL's half table re-laid interleaved, and Wan's interleaved table re-laid half
    void wrongChannelLayout()
    {
        for (const auto& [file, name, layout] :
             {std::tuple{"grid/grid_golden_more.json", "qwen2.5-vl-vision", "image:4x6"},
              std::tuple{"grid/grid_golden.json", "wan", "video:2x3x2"}}) {
            const auto g = load(file, name, layout);
            const bool half = g.model.channels == grid::Channels::Half;
            auto rows = g.cos;
            for (auto& r : rows) {
                const std::size_t n = r.size() / 2;
                std::vector<double> o(r.size());
                for (std::size_t j = 0; j < n; ++j) {
                    const double v = half ? r[j] : r[2 * j];
                    if (half)
                        o[2 * j] = o[2 * j + 1] = v;
                    else
                        o[j] = o[j + n] = v;
                }
                r = o;
            }
            const auto res = check(g, rows);
            QVERIFY(!res.match);
            QVERIFY2(named(res, "channel-layout"), qPrintable(kinds(res)));
        }
    }

    // HunyuanVideo at 66 frames: the authors' k = 4 (N_k = 50); the planted table has RIFLEx's 0.9*2*pi/66 on
    // component 5 instead (temporal channels 0..15 recomputed from that frequency list, the rest golden)
    void riflexWrongComponent()
    {
        const auto g = load("grid/grid_golden.json", "hunyuan-video", "video:3x2x3");
        std::vector<double> f;
        for (const auto& v : test::loadGolden("grid/grid_golden.json")["riflex"].toArray())
            if (v.toObject()["name"].toString() == "hunyuan-video")
                f = test::toVector(v.toObject()["inv_freq_unchanged"]);
        QCOMPARE(f.size(), std::size_t{8});
        f[4] = 0.9 * 2 * M_PI / 66;
        auto rows = g.cos;
        for (std::size_t i = 0; i < rows.size(); ++i)
            for (std::size_t j = 0; j < 8; ++j)
                rows[i][2 * j] = rows[i][2 * j + 1] = std::cos(g.ids[i][0] * f[j]);
        grid::GridCheckRequest req;
        req.riflexFrames = 66;
        const auto res = check(g, rows, req);
        QVERIFY(!res.match);
        QVERIFY2(named(res, "riflex-component"), qPrintable(kinds(res)));
        QVERIFY(res.diagnosis.front().evidence.find("k = 5") != std::string::npos);
        // the golden table itself has no RIFLEx: "riflex-missing"
        const auto none = check(g, g.cos, req);
        QVERIFY2(named(none, "riflex-missing"), qPrintable(kinds(none)));
    }

    void badShapes()
    {
        const auto g = load("grid/grid_golden.json", "flux1", "image:3x4");
        auto rows = g.cos;
        rows.pop_back();
        QString e;
        try {
            check(g, rows);
        } catch (const InvalidInput& x) {
            e = x.what();
        }
        QVERIFY2(e.contains("11 rows") && e.contains("12 tokens"), qPrintable(e));
    }
};

QTEST_GUILESS_MAIN(TstGridCheck)
#include "tst_grid_check.moc"
