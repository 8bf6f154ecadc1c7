// SPDX-License-Identifier: GPL-3.0-or-later
// Known answers from ggml's own CPU kernel with F16 tensors: ggml_rope_ext on a GGML_TYPE_F16 src (dst is F16 as
// well), the arguments llama.cpp passes for a few cases of ggml_rope_dump.c. ggml's CPU rope
// (src/ggml-cpu/ops.cpp at d99724f2b141: ggml_compute_forward_rope, lines 6111-6131, dispatches GGML_TYPE_F16 to
// ggml_compute_forward_rope_flt<ggml_fp16_t>) builds its cos/sin cache in float32 (ggml_rope_cache_init, lines
// 5846-5860) and rotate_pairs<T> (lines 5933-5950) converts x to float, computes x0 cos - x1 sin in float and
// stores the result with from_f32, i.e. rounded to float16 once. Values are printed with 17 significant digits
// (exact: a float16 value read back is the same double). This is posenc's program (not ggml's code); the
// recorded command for tests/data/engines/ggml_rope_f16.json (ggml built as in ggml_rope_dump.c's header):
//
//   cc -O2 -I/tmp/ggml/include ggml_rope_f16_dump.c -L/tmp/ggml/build/src -lggml -lggml-base -lggml-cpu -lm \
//      -Wl,-rpath,/tmp/ggml/build/src -o /tmp/ggml_rope_f16_dump && /tmp/ggml_rope_f16_dump > ggml_rope_f16.json
//
// Case "bug-attn-missing-yarn8-neox": yarn8 with attn_factor 1/(1 + 0.1 ln s), which cancels the magnitude
// ggml's rope_yarn applies (the YaRN attention factor dropped, as in the llama.cpp issues of engines.md).
#include "ggml-cpu.h"
#include "ggml.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

struct Case {
    const char* name;
    int mode, n_dims, ne0, n_ctx_orig;
    float base, freq_scale, ext_factor, attn_factor, beta_fast, beta_slow;
    int llama3; // rope_freqs from Llama 3.1 scaling (factor 8, low 1, high 4, L0 8192)
    const char* expected_kind;
};

static float get_mscale(float scale, float m)
{
    return scale <= 1.0f ? 1.0f : (0.1f * m * logf(scale) + 1.0f);
}

static const int positions[] = {0, 1, 2, 7, 100, 1000, 4095, 4096, 10000, 32767, 65535, 131071};
#define NPOS ((int)(sizeof(positions) / sizeof(positions[0])))

static void run(const struct Case* c, int first)
{
    struct ggml_init_params ip = {64 * 1024 * 1024, NULL, false};
    struct ggml_context* ctx = ggml_init(ip);
    struct ggml_tensor* ones = ggml_new_tensor_3d(ctx, GGML_TYPE_F16, c->ne0, 1, NPOS);
    struct ggml_tensor* pos = ggml_new_tensor_1d(ctx, GGML_TYPE_I32, NPOS);
    struct ggml_tensor* ff = NULL;
    ggml_fp16_t* x = (ggml_fp16_t*)ones->data;
    for (int t = 0; t < NPOS; ++t) {
        ((int32_t*)pos->data)[t] = positions[t];
        for (int j = 0; j < c->ne0; ++j) {
            // a unit vector per pair: (1, 0) in the pair's two channels, so the output is (cos, sin)
            const int first_of_pair = c->mode == GGML_ROPE_TYPE_NEOX ? (j < c->n_dims / 2) : (j % 2 == 0);
            x[t * c->ne0 + j] = ggml_fp32_to_fp16(j < c->n_dims ? (first_of_pair ? 1.0f : 0.0f) : 0.5f);
        }
    }
    if (c->llama3) {
        ff = ggml_new_tensor_1d(ctx, GGML_TYPE_F32, c->n_dims / 2);
        const double factor = 8, low = 1, high = 4, L0 = 8192;
        for (int i = 0; i < c->n_dims / 2; ++i) {
            const double freq = 1.0 / pow(c->base, (2.0 * i) / c->n_dims);
            const double wavelen = 2 * M_PI / freq;
            double r;
            if (wavelen < L0 / high)
                r = 1;
            else if (wavelen > L0 / low)
                r = factor;
            else {
                const double smooth = (L0 / wavelen - low) / (high - low);
                r = 1 / ((1 - smooth) / factor + smooth);
            }
            ((float*)ff->data)[i] = (float)r;
        }
    }
    struct ggml_tensor* out = ggml_rope_ext(ctx, ones, pos, ff, c->n_dims, c->mode, c->n_ctx_orig, c->base,
                                            c->freq_scale, c->ext_factor, c->attn_factor, c->beta_fast, c->beta_slow);
    struct ggml_cgraph* gf = ggml_new_graph(ctx);
    ggml_build_forward_expand(gf, out);
    ggml_graph_compute_with_ctx(ctx, gf, 1);
    if (out->type != GGML_TYPE_F16) {
        fprintf(stderr, "%s: output type %d, not F16\n", c->name, (int)out->type);
        return;
    }
    printf("%s  {\"name\": \"%s\", \"dtype\": \"f16\", \"mode\": %d, \"n_dims\": %d, \"head_dim\": %d, "
           "\"n_ctx_orig\": %d, \"freq_base\": %.9g, \"freq_scale\": %.9g, \"ext_factor\": %.9g, "
           "\"attn_factor\": %.9g, \"llama3_rope_freqs\": %s,\n",
           first ? "" : ",\n", c->name, c->mode, c->n_dims, c->ne0, c->n_ctx_orig, c->base, c->freq_scale,
           c->ext_factor, c->attn_factor, c->llama3 ? "true" : "false");
    if (c->expected_kind)
        printf("   \"expected_kind\": \"%s\",\n", c->expected_kind);
    printf("   \"positions\": [");
    for (int t = 0; t < NPOS; ++t)
        printf("%s%d", t ? ", " : "", positions[t]);
    printf("],\n");
    const ggml_fp16_t* o = (const ggml_fp16_t*)out->data;
    for (int k = 0; k < 2; ++k) {
        printf("   \"%s\": [", k == 0 ? "cos" : "sin");
        for (int t = 0; t < NPOS; ++t) {
            printf("%s\n    [", t ? "," : "");
            for (int i = 0; i < c->n_dims / 2; ++i) {
                const int a = c->mode == GGML_ROPE_TYPE_NEOX ? i : 2 * i;
                const int b = c->mode == GGML_ROPE_TYPE_NEOX ? i + c->n_dims / 2 : 2 * i + 1;
                printf("%s%.17g", i ? ", " : "", (double)ggml_fp16_to_fp32(o[t * c->ne0 + (k == 0 ? a : b)]));
            }
            printf("]");
        }
        printf("]%s\n", k == 1 ? "}" : ",");
    }
    ggml_free(ctx);
}

int main(void)
{
    // YaRN attn_factor as llama.cpp's context computes it (factor = 1/freq_scale), as in ggml_rope_dump.c
    const float f8 = 1.0f / 0.125f, f40 = 1.0f / (1.0f / 40.0f);
    const float yarn8 = get_mscale(f8, 1.0f) * (1.0f / (1.0f + 0.1f * logf(f8)));
    const float logmul = (float)(0.1 * 1.0) / 0.1f;
    const float ds40 = get_mscale(f40, logmul) / get_mscale(f40, logmul) * (1.0f / (1.0f + 0.1f * logf(f40)));
    const float dropped8 = 1.0f / (1.0f + 0.1f * logf(f8));
    const struct Case cases[] = {
        {"none-neox", GGML_ROPE_TYPE_NEOX, 128, 128, 4096, 10000.0f, 1.0f, 0.0f, 1.0f, 32.0f, 1.0f, 0, NULL},
        {"none-norm-partial", GGML_ROPE_TYPE_NORMAL, 64, 128, 4096, 10000.0f, 1.0f, 0.0f, 1.0f, 32.0f, 1.0f, 0, NULL},
        {"yarn8-neox", GGML_ROPE_TYPE_NEOX, 128, 128, 4096, 10000.0f, 0.125f, 1.0f, yarn8, 32.0f, 1.0f, 0, NULL},
        {"yarn40-deepseek-norm", GGML_ROPE_TYPE_NORMAL, 64, 64, 4096, 10000.0f, 1.0f / 40.0f, 1.0f, ds40, 32.0f, 1.0f,
         0, NULL},
        {"llama3-neox", GGML_ROPE_TYPE_NEOX, 128, 128, 8192, 500000.0f, 1.0f, 0.0f, 1.0f, 32.0f, 1.0f, 1, NULL},
        {"bug-attn-missing-yarn8-neox", GGML_ROPE_TYPE_NEOX, 128, 128, 4096, 10000.0f, 0.125f, 1.0f, dropped8, 32.0f,
         1.0f, 0, "attention-factor-missing"},
    };
    printf("{\"source\": \"ggml d99724f2b141 CPU backend, ggml_rope_ext on GGML_TYPE_F16 tensors\",\n"
           " \"command\": \"tests/data/engines/ggml_rope_f16_dump.c (see its header)\",\n \"cases\": [\n");
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
        run(&cases[i], i == 0);
    printf("]}\n");
    return 0;
}
