// SPDX-License-Identifier: GPL-3.0-or-later
// llama.cpp's architecture → rope type table: src/llama-model.cpp `llama_model_rope_type` at llama.cpp revision
// 00342301d0 (NONE / NORM "operating on pairs of consecutive head values" / NEOX "offset by n_rot/2" / MROPE),
// with the architecture names of src/llama-arch.cpp `LLM_ARCH_NAMES` (revision 00395eb285). Architectures added
// after that table (e.g. qwen3vl, gemma4, mistral3) are not listed: their pairing is reported as unknown.
#include "posenc/io/gguf.h"

#include <array>

namespace posenc::io {

namespace {

struct ArchRope {
    std::string_view arch;
    std::string_view rope;
};

constexpr std::array kTable{
    // no RoPE
    ArchRope{"clip", "none"},
    ArchRope{"gpt2", "none"},
    ArchRope{"gptj", "none"},
    ArchRope{"mpt", "none"},
    ArchRope{"refact", "none"},
    ArchRope{"bloom", "none"},
    ArchRope{"mamba", "none"},
    ArchRope{"mamba2", "none"},
    ArchRope{"jamba", "none"},
    ArchRope{"jina-bert-v2", "none"},
    ArchRope{"t5", "none"},
    ArchRope{"t5encoder", "none"},
    ArchRope{"jais", "none"},
    ArchRope{"rwkv6", "none"},
    ArchRope{"rwkv6qwen2", "none"},
    ArchRope{"rwkv7", "none"},
    ArchRope{"arwkv7", "none"},
    ArchRope{"wavtokenizer-dec", "none"},
    ArchRope{"nemotron_h", "none"},
    // NORM: adjacent pairs (2i, 2i + 1)
    ArchRope{"llama", "norm"},
    ArchRope{"llada", "norm"},
    ArchRope{"llama4", "norm"},
    ArchRope{"deci", "norm"},
    ArchRope{"baichuan", "norm"},
    ArchRope{"starcoder", "norm"},
    ArchRope{"internlm2", "norm"},
    ArchRope{"minicpm", "norm"},
    ArchRope{"xverse", "norm"},
    ArchRope{"command-r", "norm"},
    ArchRope{"cohere2", "norm"},
    ArchRope{"olmo", "norm"},
    ArchRope{"arctic", "norm"},
    ArchRope{"deepseek", "norm"},
    ArchRope{"deepseek2", "norm"},
    ArchRope{"plm", "norm"},
    ArchRope{"chatglm", "norm"},
    ArchRope{"glm4", "norm"},
    ArchRope{"granite", "norm"},
    ArchRope{"granitemoe", "norm"},
    ArchRope{"granitehybrid", "norm"},
    ArchRope{"chameleon", "norm"},
    ArchRope{"bailingmoe", "norm"},
    ArchRope{"neo-bert", "norm"},
    ArchRope{"smollm3", "norm"},
    ArchRope{"arcee", "norm"},
    ArchRope{"ernie4_5", "norm"},
    ArchRope{"ernie4_5-moe", "norm"},
    // NEOX: pairs (i, i + n_rot/2)
    ArchRope{"falcon", "neox"},
    ArchRope{"falcon-h1", "neox"},
    ArchRope{"grok", "neox"},
    ArchRope{"dbrx", "neox"},
    ArchRope{"bert", "neox"},
    ArchRope{"jina-bert-v3", "neox"},
    ArchRope{"nomic-bert", "neox"},
    ArchRope{"nomic-bert-moe", "neox"},
    ArchRope{"stablelm", "neox"},
    ArchRope{"bitnet", "neox"},
    ArchRope{"qwen", "neox"},
    ArchRope{"qwen2", "neox"},
    ArchRope{"dream", "neox"},
    ArchRope{"qwen2moe", "neox"},
    ArchRope{"qwen3", "neox"},
    ArchRope{"qwen3moe", "neox"},
    ArchRope{"qwen3next", "neox"},
    ArchRope{"llada-moe", "neox"},
    ArchRope{"olmo2", "neox"},
    ArchRope{"olmoe", "neox"},
    ArchRope{"phi2", "neox"},
    ArchRope{"phi3", "neox"},
    ArchRope{"phimoe", "neox"},
    ArchRope{"plamo", "neox"},
    ArchRope{"plamo2", "neox"},
    ArchRope{"gemma", "neox"},
    ArchRope{"gemma2", "neox"},
    ArchRope{"gemma3", "neox"},
    ArchRope{"gemma3n", "neox"},
    ArchRope{"gemma-embedding", "neox"},
    ArchRope{"starcoder2", "neox"},
    ArchRope{"openelm", "neox"},
    ArchRope{"gptneox", "neox"},
    ArchRope{"codeshell", "neox"},
    ArchRope{"orion", "neox"},
    ArchRope{"nemotron", "neox"},
    ArchRope{"exaone", "neox"},
    ArchRope{"exaone4", "neox"},
    ArchRope{"minicpm3", "neox"},
    ArchRope{"bailingmoe2", "neox"},
    ArchRope{"dots1", "neox"},
    ArchRope{"hunyuan-moe", "neox"},
    ArchRope{"gpt-oss", "neox"},
    ArchRope{"hunyuan-dense", "neox"},
    ArchRope{"lfm2", "neox"},
    ArchRope{"lfm2moe", "neox"},
    ArchRope{"smallthinker", "neox"},
    ArchRope{"glm4moe", "neox"},
    ArchRope{"seed_oss", "neox"},
    ArchRope{"grovemoe", "neox"},
    ArchRope{"apertus", "neox"},
    // multimodal sections (NEOX pairing within each section)
    ArchRope{"qwen2vl", "mrope"},
};

} // namespace

std::string llamaCppRopeType(std::string_view arch)
{
    for (const auto& e : kTable)
        if (e.arch == arch)
            return std::string(e.rope);
    return "";
}

} // namespace posenc::io
