// SPDX-License-Identifier: GPL-3.0-or-later
// GGUF reader (gguf.h) on files this test writes itself (gguf_writer.h, from ggml docs/gguf.md): every metadata
// type incl. nested arrays in versions 2 and 3; alignment; learned tables from GGUF; a 4 GiB sparse file inspected
// without touching its weights (resident pages counted with mincore, CPU time from getrusage); and a table of
// malformed files, each naming the byte offset and the reason. The rope settings read from GGUF: tst_gguf_config.

#include "gguf_support.h"

#include "posenc/errors.h"
#include "posenc/io/gguf.h"
#include "posenc/io/tables.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/mman.h>
#include <sys/resource.h>

#include <cmath>
#include <fcntl.h>
#include <unistd.h>

using namespace posenc;
using posenc::test::GgufWriter;
using posenc::test::llamaLike;
using posenc::test::resolve;
using posenc::test::span;

Q_DECLARE_METATYPE(std::string)

namespace {

long residentPages(const std::string& path, std::uint64_t size)
{
    const int fd = ::open(path.c_str(), O_RDONLY);
    void* p = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
    ::close(fd);
    const long page = ::sysconf(_SC_PAGESIZE);
    std::vector<unsigned char> v((size + page - 1) / page);
    ::mincore(p, size, v.data());
    ::munmap(p, size);
    long n = 0;
    for (auto c : v)
        n += c & 1;
    return n;
}

double cpuSeconds()
{
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

} // namespace

class TestGguf : public QObject {
    Q_OBJECT

private slots:
    void everyValueType_data()
    {
        QTest::addColumn<int>("version");
        QTest::newRow("v2") << 2;
        QTest::newRow("v3") << 3;
    }
    void everyValueType()
    {
        QFETCH(int, version);
        GgufWriter w(static_cast<std::uint32_t>(version));
        w.kvRaw("t.u8", GgufWriter::U8, std::string(1, '\xfe'))
            .kvRaw("t.i8", GgufWriter::I8, std::string(1, '\xfe'))
            .kvRaw("t.u16", GgufWriter::U16, std::string("\x34\x12", 2))
            .kvRaw("t.i16", GgufWriter::I16, std::string("\xff\xff", 2))
            .u32("t.u32", 4000000000u)
            .i32("t.i32", -123456)
            .f32("t.f32", 0.1f)
            .boolean("t.bool", true)
            .string("t.string", "héllo")
            .i32Array("t.array", {1, -2, 3})
            .u64("t.u64", 18000000000000000000ull)
            .kvRaw("t.i64", GgufWriter::I64, std::string("\xfe\xff\xff\xff\xff\xff\xff\xff", 8))
            .f64("t.f64", 1e300);
        // nested: an array of 2 arrays of strings
        std::string inner1 = GgufWriter::arrayBytes(GgufWriter::String, 2, [] {
            std::string s;
            GgufWriter::str(s, "a");
            GgufWriter::str(s, "bc");
            return s;
        }());
        std::string inner2 = GgufWriter::arrayBytes(GgufWriter::String, 0, "");
        w.array("t.nested", GgufWriter::Array, 2, inner1 + inner2);
        const std::string b = w.bytes();
        const io::GgufFile f = io::parseGguf(span(b), "t");
        QCOMPARE(f.version, static_cast<std::uint32_t>(version));
        QCOMPARE(f.kvs.size(), std::size_t(14));
        QCOMPARE(std::get<std::uint64_t>(f.find("t.u8")->value), std::uint64_t(254));
        QCOMPARE(std::get<std::int64_t>(f.find("t.i8")->value), std::int64_t(-2));
        QCOMPARE(std::get<std::uint64_t>(f.find("t.u16")->value), std::uint64_t(0x1234));
        QCOMPARE(std::get<std::int64_t>(f.find("t.i16")->value), std::int64_t(-1));
        QCOMPARE(std::get<std::uint64_t>(f.find("t.u32")->value), std::uint64_t(4000000000u));
        QCOMPARE(std::get<std::int64_t>(f.find("t.i32")->value), std::int64_t(-123456));
        QCOMPARE(std::get<double>(f.find("t.f32")->value), static_cast<double>(0.1f));
        QCOMPARE(std::get<bool>(f.find("t.bool")->value), true);
        QCOMPARE(std::get<std::string>(f.find("t.string")->value), std::string("héllo"));
        QCOMPARE(std::get<std::uint64_t>(f.find("t.u64")->value), 18000000000000000000ull);
        QCOMPARE(std::get<std::int64_t>(f.find("t.i64")->value), std::int64_t(-2));
        QCOMPARE(std::get<double>(f.find("t.f64")->value), 1e300);
        const auto& a = std::get<io::GgufArray>(f.find("t.array")->value);
        QCOMPARE(a.count, std::uint64_t(3));
        QCOMPARE(io::ggufNumbers(span(b), a, "t"), (std::vector<double>{1, -2, 3}));
        const auto& n = std::get<io::GgufArray>(f.find("t.nested")->value);
        QVERIFY(n.elementType == io::GgufType::Array);
        QCOMPARE(n.count, std::uint64_t(2));
        QVERIFY(f.find("t.nested")->type == io::GgufType::Array);
        QCOMPARE(f.tensors.size(), std::size_t(0));
    }

    void alignment_data()
    {
        QTest::addColumn<int>("alignment");
        QTest::newRow("default 32") << 0;
        QTest::newRow("64") << 64;
        QTest::newRow("8") << 8;
    }
    void alignment()
    {
        QFETCH(int, alignment);
        const std::uint32_t a = alignment ? static_cast<std::uint32_t>(alignment) : 32;
        GgufWriter w(3, a);
        if (alignment)
            w.u32("general.alignment", a);
        w.string("general.architecture", "gpt2");
        std::vector<float> pe(3 * 5);
        for (std::size_t i = 0; i < pe.size(); ++i)
            pe[i] = 0.25f * static_cast<float>(i) - 1.0f;
        w.tensor("token_embd.weight", {3, 1}, 0, GgufWriter::f32Data({9, 9, 9}));
        w.tensor("position_embd.weight", {3, 5}, 0, GgufWriter::f32Data(pe));
        const std::string b = w.bytes();
        const io::GgufFile f = io::parseGguf(span(b), "t");
        QCOMPARE(f.alignment, a);
        QCOMPARE(f.dataOffset % a, std::uint64_t(0));
        QCOMPARE(f.tensor("position_embd.weight")->offset % a, std::uint64_t(0));
        const Matrix m = io::readGguf(span(b), "", {}, "t");
        QCOMPARE(m.rows, std::size_t(5)); // ggml [channels, positions] → positions rows
        QCOMPARE(m.cols, std::size_t(3));
        for (std::size_t i = 0; i < pe.size(); ++i)
            QCOMPARE(m.data[i], static_cast<double>(pe[i]));
    }

    void tableDtypes()
    {
        // F16 bits 0x3C00 = 1, 0xC000 = -2; BF16 0x3F80 = 1, 0x4040 = 3; F64 exact
        GgufWriter w;
        w.string("general.architecture", "gpt2");
        std::string f16, bf16, f64;
        GgufWriter::le(f16, 0x3C00, 2);
        GgufWriter::le(f16, 0xC000, 2);
        GgufWriter::le(bf16, 0x3F80, 2);
        GgufWriter::le(bf16, 0x4040, 2);
        GgufWriter::le(f64, std::bit_cast<std::uint64_t>(0.1), 8);
        GgufWriter::le(f64, std::bit_cast<std::uint64_t>(-1e-300), 8);
        w.tensor("a", {2, 1}, 1, f16).tensor("b", {1, 2}, 30, bf16).tensor("c", {2, 1}, 28, f64);
        w.tensor("q", {32, 1}, 2, std::string(18, '\0'));
        const std::string b = w.bytes();
        QCOMPARE(io::readGguf(span(b), "a", {}, "t").data, (std::vector<double>{1, -2}));
        const Matrix bm = io::readGguf(span(b), "b", {}, "t");
        QCOMPARE(bm.rows, std::size_t(2));
        QCOMPARE(bm.data, (std::vector<double>{1, 3}));
        QCOMPARE(io::readGguf(span(b), "c", {}, "t").data, (std::vector<double>{0.1, -1e-300}));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, io::readGguf(span(b), "q", {}, "t"));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, io::readGguf(span(b), "nope", {}, "t"));
        QCOMPARE(io::readTable(span(b), "a", {}, "t").data, (std::vector<double>{1, -2})); // by content
        const auto src = io::parseTableSource("m.gguf:position_embd.weight");
        QCOMPARE(src.path, std::string("m.gguf"));
        QCOMPARE(src.tensor, std::string("position_embd.weight"));
    }

    void sparseMultiGigabyte()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("big.gguf").toStdString();
        auto w = llamaLike("llama", 5e5f, 64);
        std::vector<float> f(32, 1.0f);
        w.tensor("rope_freqs.weight", {32}, 0, GgufWriter::f32Data(f));
        const std::uint64_t weights = std::uint64_t(4) << 30; // 4 GiB of F16 never written
        w.hole("token_embd.weight", {4096, weights / 2 / 4096}, 1, weights);
        QVERIFY(w.writeSparse(path));
        const long page = ::sysconf(_SC_PAGESIZE);
        const std::uint64_t size = static_cast<std::uint64_t>(QFileInfo(QString::fromStdString(path)).size());
        QVERIFY(size > weights);
        const long before = residentPages(path, size);
        const double cpu0 = cpuSeconds();
        for (int i = 0; i < 20; ++i) {
            const auto c = io::loadGgufConfig(path);
            QCOMPARE(c.encodings.size(), std::size_t(1));
        }
        const double cpu = (cpuSeconds() - cpu0) / 20;
        const long after = residentPages(path, size);
        qInfo("4 GiB sparse GGUF: %.3f ms CPU per inspect; resident pages %ld before, %ld after (page %ld B)",
              cpu * 1e3, before, after, page);
        QVERIFY2(after - before <= 4, "inspect touched pages beyond the header and rope tensor");
        QVERIFY2(after * page < 1 << 20, "more than 1 MB of the file is resident");
        QVERIFY2(cpu < 0.05, "inspect took more than 50 ms of CPU");
    }

    void malformed_data()
    {
        QTest::addColumn<std::string>("bytes");
        QTest::addColumn<std::string>("expected");
        const auto head = [](std::uint32_t version, std::uint64_t tensors, std::uint64_t kvs) {
            std::string b = "GGUF";
            GgufWriter::le(b, version, 4);
            GgufWriter::le(b, tensors, 8);
            GgufWriter::le(b, kvs, 8);
            return b;
        };
        const auto kv = [](const std::string& key, std::uint32_t type, const std::string& value) {
            std::string b;
            GgufWriter::str(b, key);
            GgufWriter::le(b, type, 4);
            return b + value;
        };
        const auto u32 = [](std::uint32_t v) {
            std::string b;
            GgufWriter::le(b, v, 4);
            return b;
        };
        const auto u64 = [](std::uint64_t v) {
            std::string b;
            GgufWriter::le(b, v, 8);
            return b;
        };
        const auto info = [&](const std::string& name, std::vector<std::uint64_t> dims, std::uint32_t type,
                              std::uint64_t offset) {
            std::string b;
            GgufWriter::str(b, name);
            b += u32(static_cast<std::uint32_t>(dims.size()));
            for (auto d : dims)
                b += u64(d);
            return b + u32(type) + u64(offset);
        };
        const auto pad = [](std::string b) {
            b.resize((b.size() + 31) / 32 * 32, '\0');
            return b;
        };
        QTest::newRow("empty") << std::string() << std::string("byte 0: no GGUF magic");
        QTest::newRow("magic") << std::string("GGML\3\0\0\0") << std::string("byte 0: no GGUF magic");
        QTest::newRow("truncated header") << std::string("GGUF\3\0\0") << std::string("byte 4: version needs 4 bytes");
        QTest::newRow("version 1") << head(1, 0, 0) << std::string("byte 4: GGUF version 1 is not supported");
        QTest::newRow("big endian") << std::string("GGUF\0\0\0\3", 8) + std::string(16, '\0')
                                    << std::string("byte 4: version reads as 50331648: a big-endian");
        QTest::newRow("version 4") << head(4, 0, 0) << std::string("byte 4: version 4 is not supported");
        QTest::newRow("absurd kv count") << head(3, 0, 1ull << 40) << std::string("byte 16: metadata count");
        QTest::newRow("absurd tensor count") << head(3, ~0ull, 0) << std::string("byte 8: tensor count");
        QTest::newRow("key past end") << head(3, 0, 1) + u64(1000) + "abcdefghij"
                                      << std::string("byte 24: key length 1000 runs past the end");
        QTest::newRow("empty key") << head(3, 0, 1) + kv("", 4, u32(1)) << std::string("byte 24: empty key");
        QTest::newRow("duplicate key") << head(3, 0, 2) + kv("a.b", 4, u32(1)) + kv("a.b", 4, u32(2))
                                       << std::string("byte 43: duplicate key \"a.b\" (first at byte 24)");
        QTest::newRow("value type 13") << head(3, 0, 1) + kv("a", 13, u32(0))
                                       << std::string("byte 33: key \"a\" has value type 13");
        QTest::newRow("bool 2") << head(3, 0, 1) + kv("a", 7, std::string(1, '\2'))
                                << std::string("byte 37: key \"a\": a bool must be 0 or 1");
        QTest::newRow("truncated value") << head(3, 0, 1) + kv("a", 10, "12")
                                         << std::string("byte 37: value needs 8 bytes, 2 remain");
        QTest::newRow("array past end") << head(3, 0, 1) + kv("a", 9, u32(4) + u64(1ull << 61))
                                        << std::string("byte 49: key \"a\": array of 2305843009213693952 u32 runs");
        QTest::newRow("string array count")
            << head(3, 0, 1) + kv("a", 9, u32(8) + u64(1000)) << std::string("array of 1000 string cannot fit");
        std::string deep = u32(9) + u64(1);
        for (int i = 0; i < 9; ++i)
            deep += u32(9) + u64(1);
        QTest::newRow("nested too deep") << head(3, 0, 1) + kv("a", 9, deep + u32(4) + u64(0))
                                         << std::string("arrays nested deeper than 8 levels");
        QTest::newRow("string past end") << head(3, 0, 1) + kv("a", 8, u64(1ull << 62))
                                         << std::string("string value length 4611686018427387904 exceeds");
        QTest::newRow("alignment 48") << head(3, 0, 1) + kv("general.alignment", 4, u32(48))
                                      << std::string("byte 24: general.alignment 48 is not a power of two");
        QTest::newRow("alignment type") << head(3, 0, 1) + kv("general.alignment", 10, u64(32))
                                        << std::string("general.alignment must be a u32, it is a u64");
        QTest::newRow("tensor name") << head(3, 1, 0) + info(std::string(64, 'x'), {1}, 0, 0) + std::string(64, '\0')
                                     << std::string("byte 24: tensor name length 64 exceeds the limit of 63");
        QTest::newRow("five dims") << head(3, 1, 0) + info("t", {1, 1, 1, 1, 1}, 0, 0) + std::string(64, '\0')
                                   << std::string("byte 33: tensor \"t\" has 5 dimensions");
        QTest::newRow("unknown type") << head(3, 1, 0) + info("t", {1}, 4, 0) + std::string(64, '\0')
                                      << std::string("byte 45: tensor \"t\" has ggml type 4");
        QTest::newRow("block size") << head(3, 1, 0) + info("t", {31}, 2, 0) + std::string(64, '\0')
                                    << std::string("of type Q4_0 has 31 elements per row");
        QTest::newRow("overflow") << head(3, 1, 0) + info("t", {1ull << 40, 1ull << 40}, 0, 0) + std::string(64, '\0')
                                  << std::string("byte 45: tensor \"t\": the element count overflows");
        QTest::newRow("unaligned offset") << head(3, 1, 0) + info("t", {1}, 0, 4) + std::string(64, '\0')
                                          << std::string("byte 49: tensor \"t\" offset 4 is not a multiple");
        QTest::newRow("past end") << pad(head(3, 1, 0) + info("t", {64}, 0, 0)) + std::string(100, '\0')
                                  << std::string("byte 24: tensor \"t\" (F32 64, 256 bytes at data offset 0) runs");
        QTest::newRow("overlap") << pad(head(3, 2, 0) + info("a", {16}, 0, 0) + info("b", {16}, 0, 32)) +
                                        std::string(128, '\0')
                                 << std::string("tensor \"b\" (data offset 32) overlaps tensor \"a\"");
        QTest::newRow("duplicate tensor")
            << pad(head(3, 2, 0) + info("a", {8}, 0, 0) + info("a", {8}, 0, 32)) + std::string(64, '\0')
            << std::string("byte 57: duplicate tensor name \"a\" (first at byte 24)");
    }
    void malformed()
    {
        QFETCH(std::string, bytes);
        QFETCH(std::string, expected);
        try {
            (void)io::parseGguf(span(bytes), "bad.gguf");
            QFAIL("accepted");
        } catch (const InvalidInput& e) {
            const std::string msg = e.what();
            QVERIFY2(msg.rfind("bad.gguf: GGUF byte ", 0) == 0, msg.c_str());
            QVERIFY2(msg.find(expected) != std::string::npos, msg.c_str());
        }
    }

    void badMetadata_data()
    {
        QTest::addColumn<std::string>("bytes");
        QTest::addColumn<std::string>("expected");
        GgufWriter noArch;
        noArch.u32("llama.rope.dimension_count", 64);
        QTest::newRow("no arch") << noArch.bytes() << std::string("general.architecture is missing");
        auto base = llamaLike("llama", 1e4f, 64);
        base.string("llama.rope.scaling.type", "ntk");
        QTest::newRow("scaling type") << base.bytes() << std::string("llama.rope.scaling.type (byte");
        GgufWriter str;
        str.string("general.architecture", "llama")
            .string("llama.rope.freq_base", "1e4")
            .u32("llama.rope.dimension_count", 64);
        QTest::newRow("base type") << str.bytes() << std::string("llama.rope.freq_base (byte 69) is a string");
        auto freqs = llamaLike("llama", 1e4f, 64);
        freqs.tensor("rope_freqs.weight", {16}, 0, GgufWriter::f32Data(std::vector<float>(16, 1.0f)));
        QTest::newRow("rope_freqs size") << freqs.bytes() << std::string("has 16 entries; it needs n_rot/2 = 32");
        auto odd = llamaLike("llama", 1e4f, 63);
        QTest::newRow("odd n_rot") << odd.bytes() << std::string("is 63; rotary channels come in pairs");
        GgufWriter gpt2;
        gpt2.string("general.architecture", "gpt2");
        gpt2.tensor("position_embd.weight", {4, 4}, 0, GgufWriter::f32Data(std::vector<float>(16)));
        QTest::newRow("learned") << gpt2.bytes() << std::string("use --input test.gguf:position_embd.weight");
    }
    void badMetadata()
    {
        QFETCH(std::string, bytes);
        QFETCH(std::string, expected);
        try {
            (void)resolve(bytes);
            QFAIL("accepted");
        } catch (const InvalidInput& e) {
            QVERIFY2(std::string(e.what()).find(expected) != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestGguf)
#include "tst_gguf.moc"
