// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 38 (c): ggml's CPU kernel on Phi-3.5-mini's LongRoPE factors, as llama.cpp calls it for a Phi-3 GGUF.
// posenc's program, not ggml's code, and not built with the project: the recorded command for
// tests/data/engines/ggml_rope_phi3.json (see its "command"; ggml d99724f2b141). Calls ggml_rope_ext with
// freq_factors = rope_factors_short or rope_factors_long (llama_model::get_rope_factors), mode NEOX (2),
// n_dims 96, n_ctx_orig 4096, freq_base 10000, freq_scale 1, ext_factor 0, attn_factor = the GGUF's
// rope.scaling.attn_factor (the converter's sqrt(1 + ln(131072/4096)/ln 4096), stored as float32),
// beta_fast 32, beta_slow 1; the probe q_j = 1 + j/10 (float32), one head.
#include "ggml.h"
#include "ggml-cpu.h"
#include <stdio.h>
#include <string.h>

static const float kLong[48] = {
    1.0800000429153442f, 1.1100000143051147f, 1.1399999856948853f, 1.340000033378601f,  1.5899999141693115f,
    1.600000023841858f,  1.6200000047683716f, 2.620000123977661f,  3.2300000190734863f, 3.2300000190734863f,
    4.789999961853027f,  7.400000095367432f,  7.700000286102295f,  9.09000015258789f,   12.199999809265137f,
    17.670000076293945f, 24.46000099182129f,  28.57000160217285f,  30.420001983642578f, 30.840002059936523f,
    32.590003967285156f, 32.93000411987305f,  42.320003509521484f, 44.96000289916992f,  50.340003967285156f,
    50.45000457763672f,  57.55000305175781f,  57.93000411987305f,  58.21000289916992f,  60.1400032043457f,
    62.61000442504883f,  62.62000274658203f,  62.71000289916992f,  63.1400032043457f,   63.1400032043457f,
    63.77000427246094f,  63.93000411987305f,  63.96000289916992f,  63.970001220703125f, 64.02999877929688f,
    64.06999969482422f,  64.08000183105469f,  64.12000274658203f,  64.41000366210938f,  64.4800033569336f,
    64.51000213623047f,  64.52999877929688f,  64.83999633789062f};
static const float kShort[48] = {1.0f,
                                 1.0199999809265137f,
                                 1.0299999713897705f,
                                 1.0299999713897705f,
                                 1.0499999523162842f,
                                 1.0499999523162842f,
                                 1.0499999523162842f,
                                 1.0499999523162842f,
                                 1.0499999523162842f,
                                 1.0699999332427979f,
                                 1.0999999046325684f,
                                 1.1099998950958252f,
                                 1.1599998474121094f,
                                 1.1599998474121094f,
                                 1.1699998378753662f,
                                 1.2899998426437378f,
                                 1.339999794960022f,
                                 1.679999828338623f,
                                 1.7899998426437378f,
                                 1.8199998140335083f,
                                 1.8499997854232788f,
                                 1.8799997568130493f,
                                 1.9099997282028198f,
                                 1.9399996995925903f,
                                 1.9899996519088745f,
                                 2.0199997425079346f,
                                 2.0199997425079346f,
                                 2.0199997425079346f,
                                 2.0199997425079346f,
                                 2.0199997425079346f,
                                 2.0199997425079346f,
                                 2.0299997329711914f,
                                 2.0299997329711914f,
                                 2.0299997329711914f,
                                 2.0299997329711914f,
                                 2.0299997329711914f,
                                 2.0299997329711914f,
                                 2.0299997329711914f,
                                 2.0299997329711914f,
                                 2.0299997329711914f,
                                 2.0799996852874756f,
                                 2.0899996757507324f,
                                 2.189999580383301f,
                                 2.2199995517730713f,
                                 2.5899994373321533f,
                                 2.729999542236328f,
                                 2.749999523162842f,
                                 2.8399994373321533f};
static const int kPos[] = {0, 1, 100, 4095, 4096, 131071};
#define NPOS (int)(sizeof kPos / sizeof kPos[0])

static void run(const char* name, const float* ff, float attn, int last)
{
    struct ggml_init_params ip = {64 * 1024 * 1024, NULL, false};
    struct ggml_context* ctx = ggml_init(ip);
    struct ggml_tensor* a = ggml_new_tensor_3d(ctx, GGML_TYPE_F32, 96, 1, NPOS);
    struct ggml_tensor* b = ggml_new_tensor_1d(ctx, GGML_TYPE_I32, NPOS);
    struct ggml_tensor* c = ggml_new_tensor_1d(ctx, GGML_TYPE_F32, 48);
    for (int t = 0; t < NPOS; ++t) {
        ((int*)b->data)[t] = kPos[t];
        for (int j = 0; j < 96; ++j)
            ((float*)a->data)[t * 96 + j] = 1.0f + (float)j / 10.0f;
    }
    memcpy(c->data, ff, sizeof(float) * 48);
    struct ggml_tensor* r = ggml_rope_ext(ctx, a, b, c, 96, 2, 4096, 10000.0f, 1.0f, 0.0f, attn, 32.0f, 1.0f);
    struct ggml_cgraph* gf = ggml_new_graph(ctx);
    ggml_build_forward_expand(gf, r);
    ggml_graph_compute_with_ctx(ctx, gf, 1);
    printf("  \"%s\": {\n", name);
    for (int t = 0; t < NPOS; ++t) {
        printf("   \"%d\": [", kPos[t]);
        for (int j = 0; j < 96; ++j)
            printf("%s%.9g", j ? ", " : "", ((float*)r->data)[t * 96 + j]);
        printf("]%s\n", t + 1 < NPOS ? "," : "");
    }
    printf("  }%s\n", last ? "" : ",");
    ggml_free(ctx);
}

int main(void)
{
    const float attn = 1.1902380714238083f;
    printf("{\n \"attn_factor\": %.9g,\n \"rotated\": {\n", attn);
    run("short", kShort, attn, 0);
    run("long", kLong, attn, 1);
    printf(" }\n}\n");
    return 0;
}
