// SPDX-License-Identifier: GPL-3.0-or-later
// Known answers from ggml's own CPU kernel: calls ggml_rope_ext and ggml_rope_yarn_corr_dims with the arguments
// llama.cpp passes for each case and prints cos, sin (times the magnitude) and a rotated probe as JSON.
// This is posenc's program (not ggml's code); it is the recorded command for tests/data/engines/ggml_rope.json:
//
//   git -C /work/.mirror/ggml-org+ggml/repo archive HEAD | tar -x -C /tmp/ggml   # d99724f2b141
//   cmake -S /tmp/ggml -B /tmp/ggml/build -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=OFF -DGGML_OPENMP=OFF \
//         -DGGML_BUILD_TESTS=OFF -DGGML_BUILD_EXAMPLES=OFF && cmake --build /tmp/ggml/build -j2
//   cc -O2 -I/tmp/ggml/include ggml_rope_dump.c -L/tmp/ggml/build/src -lggml -lggml-base -lggml-cpu -lm \
//      -Wl,-rpath,/tmp/ggml/build/src -o /tmp/ggml_rope_dump && /tmp/ggml_rope_dump > ggml_rope.json
//
// The context's attn_factor for YaRN is computed as llama.cpp's context computes it (g(s, 1) or the DeepSeek2
// ratio, times 1/(1 + 0.1 ln s)); Llama 3's rope_freqs as the GGUF converter writes them.
//
// Case "yarn32-gptoss-neox" is gpt-oss-20b's rope (head_dim 64, rope_theta 150000, YaRN factor 32 over 4096,
// HF truncate = false): ggml has no truncate argument, and ggml_rope_yarn_corr_dims (src/ggml.c lines 4379-4380
// at d99724f2b141) always floors the start and ceils the end of the correction range, so ggml computes this
// model as HF's truncate = true would: the case where llama.cpp's arithmetic and HF's reference differ.
#include "ggml-cpu.h"
#include "ggml.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

struct Case {
    const char* name;
    int mode, n_dims, ne0, n_ctx_orig;
    float base, freq_scale, ext_factor, attn_factor, beta_fast, beta_slow;
    int llama3;       // rope_freqs from Llama 3.1 scaling (factor 8, low 1, high 4, L0 8192)
    const char* note; // printed as the case's "note" (NULL: none)
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
    struct ggml_tensor* ones = ggml_new_tensor_3d(ctx, GGML_TYPE_F32, c->ne0, 1, NPOS);
    struct ggml_tensor* probe = ggml_new_tensor_3d(ctx, GGML_TYPE_F32, c->ne0, 1, NPOS);
    struct ggml_tensor* pos = ggml_new_tensor_1d(ctx, GGML_TYPE_I32, NPOS);
    struct ggml_tensor* ff = NULL;
    float* x = (float*)ones->data;
    float* q = (float*)probe->data;
    for (int t = 0; t < NPOS; ++t) {
        ((int32_t*)pos->data)[t] = positions[t];
        for (int j = 0; j < c->ne0; ++j) {
            // a unit vector per pair: (1, 0) in the pair's two channels, so the output is (cos, sin)
            const int first_of_pair = c->mode == GGML_ROPE_TYPE_NEOX ? (j < c->n_dims / 2) : (j % 2 == 0);
            x[t * c->ne0 + j] = j < c->n_dims ? (first_of_pair ? 1.0f : 0.0f) : 0.5f;
            q[t * c->ne0 + j] = (float)(j % 7) - 3.0f + 0.25f; // the probe the tests pass as ViewOptions::probe
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
    struct ggml_tensor* out1 = ggml_rope_ext(ctx, ones, pos, ff, c->n_dims, c->mode, c->n_ctx_orig, c->base,
                                             c->freq_scale, c->ext_factor, c->attn_factor, c->beta_fast, c->beta_slow);
    struct ggml_tensor* out2 = ggml_rope_ext(ctx, probe, pos, ff, c->n_dims, c->mode, c->n_ctx_orig, c->base,
                                             c->freq_scale, c->ext_factor, c->attn_factor, c->beta_fast, c->beta_slow);
    struct ggml_cgraph* gf = ggml_new_graph(ctx);
    ggml_build_forward_expand(gf, out1);
    ggml_build_forward_expand(gf, out2);
    ggml_graph_compute_with_ctx(ctx, gf, 1);
    float dims[2];
    ggml_rope_yarn_corr_dims(c->n_dims, c->n_ctx_orig, c->base, c->beta_fast, c->beta_slow, dims);

    printf("%s  {\"name\": \"%s\", \"mode\": %d, \"n_dims\": %d, \"head_dim\": %d, \"n_ctx_orig\": %d, "
           "\"freq_base\": %.9g, \"freq_scale\": %.9g, \"ext_factor\": %.9g, \"attn_factor\": %.9g, "
           "\"beta_fast\": %.9g, \"beta_slow\": %.9g, \"llama3_rope_freqs\": %s, \"corr_dims\": [%.9g, %.9g],\n",
           first ? "" : ",\n", c->name, c->mode, c->n_dims, c->ne0, c->n_ctx_orig, c->base, c->freq_scale,
           c->ext_factor, c->attn_factor, c->beta_fast, c->beta_slow, c->llama3 ? "true" : "false", dims[0], dims[1]);
    if (c->note)
        printf("   \"note\": \"%s\",\n", c->note);
    printf("   \"positions\": [");
    for (int t = 0; t < NPOS; ++t)
        printf("%s%d", t ? ", " : "", positions[t]);
    printf("],\n");
    const char* keys[3] = {"cos", "sin", "rotated"};
    for (int k = 0; k < 3; ++k) {
        printf("   \"%s\": [", keys[k]);
        for (int t = 0; t < NPOS; ++t) {
            printf("%s\n    [", t ? "," : "");
            const int n = k == 2 ? c->ne0 : c->n_dims / 2;
            for (int i = 0; i < n; ++i) {
                float v;
                if (k == 2)
                    v = ((float*)out2->data)[t * c->ne0 + i];
                else {
                    const int a = c->mode == GGML_ROPE_TYPE_NEOX ? i : 2 * i;
                    const int b = c->mode == GGML_ROPE_TYPE_NEOX ? i + c->n_dims / 2 : 2 * i + 1;
                    v = ((float*)out1->data)[t * c->ne0 + (k == 0 ? a : b)];
                }
                printf("%s%.9g", i ? ", " : "", v);
            }
            printf("]");
        }
        printf("]%s\n", k == 2 ? "}" : ",");
    }
    ggml_free(ctx);
}

int main(void)
{
    // YaRN attn_factor as llama.cpp's context computes it (factor = 1/freq_scale)
    const float f8 = 1.0f / 0.125f, f40 = 1.0f / (1.0f / 40.0f), f3 = 1.0f / (1.0f / 3.0f);
    const float yarn8 = get_mscale(f8, 1.0f) * (1.0f / (1.0f + 0.1f * logf(f8)));
    const float logmul = (float)(0.1 * 1.0) / 0.1f; // DeepSeek converter: 0.1 * mscale_all_dim, loader: / 0.1
    const float ds40 = get_mscale(f40, logmul) / get_mscale(f40, logmul) * (1.0f / (1.0f + 0.1f * logf(f40)));
    const float yarn3 = get_mscale(f3, 1.0f) * (1.0f / (1.0f + 0.1f * logf(f3)));
    const float f32s = 1.0f / (1.0f / 32.0f);
    const float yarn32 = get_mscale(f32s, 1.0f) * (1.0f / (1.0f + 0.1f * logf(f32s)));
    const struct Case cases[] = {
        {"none-neox", GGML_ROPE_TYPE_NEOX, 128, 128, 4096, 10000.0f, 1.0f, 0.0f, 1.0f, 32.0f, 1.0f, 0},
        {"none-norm-partial", GGML_ROPE_TYPE_NORMAL, 64, 128, 4096, 10000.0f, 1.0f, 0.0f, 1.0f, 32.0f, 1.0f, 0},
        {"linear4-neox", GGML_ROPE_TYPE_NEOX, 128, 128, 4096, 10000.0f, 0.25f, 0.0f, 1.0f, 32.0f, 1.0f, 0},
        {"yarn8-neox", GGML_ROPE_TYPE_NEOX, 128, 128, 4096, 10000.0f, 0.125f, 1.0f, yarn8, 32.0f, 1.0f, 0},
        {"yarn40-deepseek-norm", GGML_ROPE_TYPE_NORMAL, 64, 64, 4096, 10000.0f, 1.0f / 40.0f, 1.0f, ds40, 32.0f, 1.0f,
         0},
        {"yarn3-neox-base1e6", GGML_ROPE_TYPE_NEOX, 128, 128, 32768, 1000000.0f, 1.0f / 3.0f, 1.0f, yarn3, 32.0f, 1.0f,
         0},
        {"llama3-neox", GGML_ROPE_TYPE_NEOX, 128, 128, 8192, 500000.0f, 1.0f, 0.0f, 1.0f, 32.0f, 1.0f, 1},
        {"yarn32-gptoss-neox", GGML_ROPE_TYPE_NEOX, 64, 64, 4096, 150000.0f, 1.0f / 32.0f, 1.0f, yarn32, 32.0f, 1.0f, 0,
         "gpt-oss-20b: HF truncate=false; ggml_rope_yarn_corr_dims (src/ggml.c:4379-4380) floors/ceils the "
         "correction dims always, so the ramp is HF's truncate=true one"},
    };
    printf("{\"source\": \"ggml d99724f2b141 CPU backend, ggml_rope_ext / ggml_rope_yarn_corr_dims\",\n"
           " \"command\": \"tests/data/engines/ggml_rope_dump.c (see its header)\",\n"
           " \"probe\": \"x_j = (j mod 7) - 3 + 0.25\",\n \"cases\": [\n");
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i)
        run(&cases[i], i == 0);
    printf("]}\n");
    return 0;
}
