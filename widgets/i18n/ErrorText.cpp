// SPDX-License-Identifier: GPL-3.0-or-later
#include "i18n/ErrorText.h"

#include "i18n/CoreText.h"
#include "i18n/ParamText.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <array>
#include <iterator>

namespace posenc::widgets {

namespace {

/// One shape of a core message: the English pattern (captures in order) and the template that words it.
struct Shape {
    const char* pattern;
    const char* wording; ///< QT_TRANSLATE_NOOP in the context "posenc::errors"; %1, %2, ... the captures
    int reason = 0;      ///< the capture that is the system's reason (strerror), worded by systemReason(); 0: none
    int list = 0;        ///< the capture that is a list of names ("a, b, c"), joined again by listText(); 0: none
};

constexpr const char* kContext = "posenc::errors";

// The shapes of core/src/io (hf_config.cpp, session.cpp, json_object_reader.cpp, hf_dual_chunk.cpp,
// hf_rope_resolve.cpp, gguf_reader.cpp and the table readers). The JSON parser's own detail (nlohmann's words) is left
// out of the wording: the byte says where.
const Shape kShapes[] = {
    {R"re(^(.+): not valid JSON \(NUL byte at byte (\d+)\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: not valid JSON (a NUL byte at byte %2)")},
    {R"re(^(.+): not valid JSON \(byte (\d+): .*\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: not valid JSON (syntax error at byte %2)")},
    {R"re(^(.+): not valid JSON: .*byte (\d+).*$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: not valid JSON (syntax error at byte %2)")},
    {R"re(^(.+): not valid JSON \(.*\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: not valid JSON (a number beyond the range of a double)")},
    // core/src/io/output_file.cpp: a file that cannot be written (exports, sessions, `posenc` outputs)
    {R"re(^cannot write an empty file name$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "cannot write an empty file name")},
    {R"re(^cannot write (.+): No space left on device \(it needs (.+) but only (.+) is free on that file system\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors",
                       "cannot write %1: No space left on device (it needs %2 but only %3 is free on that file "
                       "system)")},
    {R"re(^cannot write (.+): folder (.+) does not exist$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "cannot write %1: folder %2 does not exist")},
    {R"re(^cannot write (.+): folder (.+) is not writable \((.+)\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "cannot write %1: folder %2 is not writable (%3)"), 3},
    {R"re(^cannot write (.+): ([^:]+)$)re", QT_TRANSLATE_NOOP("posenc::errors", "cannot write %1: %2"), 2},
    {R"re(^(.+): cannot be read$)re", QT_TRANSLATE_NOOP("posenc::errors", "%1: cannot be read")},
    {R"re(^(.+): cannot be read \((.+)\)$)re", QT_TRANSLATE_NOOP("posenc::errors", "%1: cannot be read (%2)"), 2},
    {R"re(^(.+): is a folder, not a file$)re", QT_TRANSLATE_NOOP("posenc::errors", "%1: is a folder, not a file")},
    {R"re(^(.+): is not a regular file \(a FIFO, device or socket\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: is not a regular file (a FIFO, device or socket)")},
    {R"re(^(.+): read error$)re", QT_TRANSLATE_NOOP("posenc::errors", "%1: read error")},
    {R"re(^(.+): (\S+) must be a number, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 must be a number, got %3")},
    {R"re(^(.+): (\S+) must be finite, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 must be finite, got %3")},
    {R"re(^(.+): (\S+) must be a positive integer, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 must be a positive integer, got %3")},
    {R"re(^(.+): (\S+) must be a string, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 must be a string, got %3")},
    {R"re(^(.+): (\S+) must be true or false, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 must be true or false, got %3")},
    {R"re(^(.+): (\S+) must be an array of numbers, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 must be an array of numbers, got %3")},
    {R"re(^(.+): (\S+) must be an object, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 must be an object, got %3")},
    {R"re(^(.+): (\S+) is missing$)re", QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is missing")},
    {R"re(^(\S+) is missing; HF has no default for it$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1 is missing; HF has no default for it")},
    // core/src/io/hf_rope_resolve.cpp: a rope type the chosen HF era does not know, or none
    {R"re(^(.+): (\S+) "([^"]*)" is not a rope type HF knows \((.*)\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 \"%3\" is not a rope type HF knows (%4)"), 0, 4},
    {R"re(^(.+): (\S+) is missing \(nor is there a legacy "type"\); HF era (\S+) needs one$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is missing (nor is there a legacy \"type\"); HF era %3 needs one")},
    {R"re(^(.+): (\S+) "proportional" is unknown to HF era (\S+) \(added in v5\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 \"proportional\" is unknown to HF era %3 (added in v5)")},
    {R"re(^(.+): (\S+) is missing; HF era (\S+) has no default for yarn$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is missing; HF era %3 has no default for yarn")},
    // core/src/io/gguf_reader.cpp: the GGUF file a user is most likely to open by mistake (not GGUF, cut short,
    // another version or byte order)
    {R"re(^(.+): GGUF byte \d+: no GGUF magic \(the file must start with the bytes "GGUF"\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: not a GGUF file (it must start with the bytes \"GGUF\")")},
    {R"re(^(.+): GGUF byte (\d+): .* needs (\d+) bytes, (\d+) remain \(truncated file\?\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors",
                       "%1: the GGUF file ends too early (at byte %2, %3 bytes are needed and %4 remain)")},
    {R"re(^(.+): GGUF byte \d+: GGUF version 1 is not supported \(versions 2 and 3 are\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: GGUF version 1 is not supported (versions 2 and 3 are)")},
    {R"re(^(.+): GGUF byte \d+: version (\d+) is not supported \(versions 2 and 3 are\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: GGUF version %2 is not supported (versions 2 and 3 are)")},
    {R"re(^(.+): GGUF byte \d+: version reads as \d+: a big-endian GGUF file \(version (\d+)\); only little-endian files are read$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: a big-endian GGUF file (version %2); only little-endian files are read")},
    // any other damage to a GGUF file's structure (lengths, types, counts): where it is; the detail is the CLI's
    {R"re(^(.+): GGUF byte (\d+): .*$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: the GGUF file is damaged at byte %2 (its structure cannot be read)")},
    // core/src/io/gguf_config.cpp: a GGUF file whose rope metadata llama.cpp would not accept
    {R"re(^(.+): (\S+)(?: \(byte \d+\))? is an? \S+; a number is needed$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is not a number")},
    {R"re(^(.+): (\S+)(?: \(byte \d+\))? is an? \S+; a string is needed$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is not a string")},
    {R"re(^(.+): (\S+)(?: \(byte \d+\))? is an? \S+; an array of numbers is needed$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is not an array of numbers")},
    {R"re(^(.+): (\S+)(?: \(byte \d+\))? is an empty array; a number is needed$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is an empty array; a number is needed")},
    {R"re(^(.+): (\S+)(?: \(byte \d+\))? is (\S+); a finite number is needed$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is %3; a finite number is needed")},
    {R"re(^(.+): (\S+)(?: \(byte \d+\))? is (\S+); a positive integer is needed$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is %3; a positive integer is needed")},
    {R"re(^(.+): general\.architecture is missing; every GGUF model names its architecture$)re",
     QT_TRANSLATE_NOOP("posenc::errors",
                       "%1: general.architecture is missing; every GGUF model names its architecture")},
    {R"re(^(.+): (\S+) has no rope metadata \((\S+)\) and no head size.*; its learned position table is position_embd\.weight.*$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 has no rope metadata (%3) and no head size; its learned position "
                                         "table is the tensor position_embd.weight")},
    {R"re(^(.+): (\S+) has no rope metadata \((\S+)\) and no head size.*$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 has no rope metadata (%3) and no head size")},
    {R"re(^(.+): (\S+)(?: \(byte \d+\))? \((\d+)\) exceeds the head size (\d+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 (%3) exceeds the head size %4")},
    {R"re(^(.+): (\S+)(?: \(byte \d+\))? \((\d+)\) must be even and at most the head size (\d+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 (%3) must be even and at most the head size %4")},
    {R"re(^(.+): (\S+)(?: \(byte \d+\))? is (\d+); rotary channels come in pairs$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is %3; rotary channels come in pairs")},
    {R"re(^(.+): (\S+)(?: \(byte \d+\))? exceeds (\S+): the head size would be 0$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 exceeds %3: the head size would be 0")},
    {R"re(^(.+): (\S+)(?: \(byte \d+\))? is "(.*)"; llama\.cpp knows none, linear, yarn, longrope$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is \"%3\"; llama.cpp knows none, linear, yarn, longrope")},
    {R"re(^(.+): (\S+)(?: \(byte \d+\))? is (\S+); it must be > 0 \(freq_scale = 1/factor\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is %3; it must be > 0 (freq_scale = 1/factor)")},
    {R"re(^(.+): (\S+)(?: \(byte \d+\))? is (\S+); it must be > 1$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is %3; it must be > 1")},
    {R"re(^(.+): (\S+)(?: \(byte \d+\))? is missing, and so is (\S+): YaRN needs the original length$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is missing, and so is %3: YaRN needs the original length")},
    {R"re(^(.+): (\S+) is longrope but the tensor (\S+) is missing$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is longrope but the tensor %3 is missing")},
    {R"re(^(.+): GGUF tensor "(.+)" has (\d+) entries; it needs n_rot/2 = (\d+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: GGUF tensor \"%2\" has %3 entries; it needs n_rot/2 = %4")},
    {R"re(^(.+): GGUF tensor "(.+)" entry (\d+) is (\S+); frequency factors must be > 0$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: GGUF tensor \"%2\" entry %3 is %4; frequency factors must be > 0")},
    // core/src/io/csv_reader.cpp, npy_reader.cpp, safetensors_reader.cpp: a learned table that is not one
    {R"re(^(.+): line (\d+) has (\d+) values, the first row has (\d+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: line %2 has %3 values, the first row has %4")},
    {R"re(^(.+): line (\d+), column (\d+): "(.*)" is not a number$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: line %2, column %3: \"%4\" is not a number")},
    {R"re(^(.+): contains NUL bytes: not a text \(CSV\) file$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: contains NUL bytes: not a text (CSV) file")},
    {R"re(^(.+): holds no rows of numbers$)re", QT_TRANSLATE_NOOP("posenc::errors", "%1: holds no rows of numbers")},
    {R"re(^(.+): the table \((\d+), (\d+)\) is empty; it needs at least one position and one channel$)re",
     QT_TRANSLATE_NOOP("posenc::errors",
                       "%1: the table (%2, %3) is empty; it needs at least one position and one channel")},
    {R"re(^(.+): not a \.npy file \(it does not start with \\x93NUMPY\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: not a .npy file (it does not start with \\x93NUMPY)")},
    {R"re(^(.+): dtype '([^']*)' is not supported; the table must be float16, float32 or float64 .*$)re",
     QT_TRANSLATE_NOOP("posenc::errors",
                       "%1: dtype '%2' is not supported; the table must be float16, float32 or float64")},
    {R"re(^(.+): shape (\(.*\)) is (\d+)-D; a position table must be 2-D \(positions, channels\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: shape %2 is %3-D; a position table must be 2-D (positions, channels)")},
    {R"re(^(.+): tensor (.+) is (\d+)-D; a position table must be 2-D \(positions, channels\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: tensor %2 is %3-D; a position table must be 2-D (positions, channels)")},
    {R"re(^(.+): holds no 2-D F16/BF16/F32/F64 tensor \(tensors: (.*)\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: holds no 2-D F16/BF16/F32/F64 tensor (tensors: %2)"), 0, 2},
    {R"re(^(.+): no tensor named "(.+)" \(tensors: (.*)\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: no tensor named \"%2\" (tensors: %3)"), 0, 3},
    {R"re(^(.+): tensor "(.+)" has dtype (\S+); a table must be F16, BF16, F32 or F64$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: tensor \"%2\" has dtype %3; a table must be F16, BF16, F32 or F64")},
    // a damaged .npy or .safetensors file (its header or data cut short or not as NumPy / safetensors write it)
    {R"re(^(.+): (?:malformed \.npy header.*|unsupported \.npy format version.*|truncated \.npy header|'fortran_order' must be True or False|'shape' must be a tuple of .*|unknown key '.*' in the \.npy header.*|the \.npy header lacks .*)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: the .npy header is damaged (not as NumPy writes it)")},
    {R"re(^(.+): structured dtypes are not supported; .*$)re",
     QT_TRANSLATE_NOOP("posenc::errors",
                       "%1: structured dtypes are not supported; the table must be float16, float32 or float64")},
    {R"re(^(.+): a Fortran-order array of more than 2 dimensions is not supported; .*$)re",
     QT_TRANSLATE_NOOP("posenc::errors",
                       "%1: a Fortran-order array of more than 2 dimensions is not supported; save it in C order")},
    {R"re(^(.+): truncated: shape (\(.*\)) of (\S+) needs (\d+) data bytes, the file has \d+$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: the file ends too early: shape %2 of %3 needs %4 data bytes")},
    {R"re(^(.+): header length (\d+) runs past the end of the file \((\d+) bytes\)$)re",
     QT_TRANSLATE_NOOP(
         "posenc::errors",
         "%1: the header length %2 runs past the end of the file (%3 bytes): the file is cut short or damaged")},
    {R"re(^(.+): (?:too short for a \.safetensors header.*|header length \d+ exceeds the 100 MB limit of the format|the header is not valid JSON.*|the header must be a JSON object of tensors|"__metadata__" must be an object)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: not a readable .safetensors file (its header is damaged)")},
    {R"re(^(.+): tensor "(.+)"(?: must be an object| has an unknown key|: "dtype" must|: "shape" must|: "data_offsets" must|: data_offsets|: shape and dtype| shape entry| data_offsets\[).*$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: the header entry of tensor \"%2\" is damaged")},
    {R"re(^(.+): holds several 2-D tensors; name one as FILE:TENSOR \((.*)\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: holds several 2-D tensors; name one as FILE:TENSOR (%2)"), 0, 2},
};

// What is wrong at a place (InvalidInput::detail() of a located error without a parameter rule): the session
// reader's problems (core/src/io/session.cpp), a session it cannot open and a value it drops; and the token
// layout's checks (core/src/mrope.cpp), which quote the user's entry.
const Shape kProblems[] = {
    {R"re(^--token-layout grid (\d+)x(\d+) does not divide by spatial_merge_size (\d+) \(the vision merger joins m x m patches into one token\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "--token-layout grid %1x%2 does not divide by spatial_merge_size %3 (the "
                                         "vision merger joins m x m patches into one token)")},
    {R"re(^--token-layout entry "(.*)": has no ':' \(entries: [^()]*\)$)re",
     QT_TRANSLATE_NOOP(
         "posenc::errors",
         "--token-layout entry \"%1\": has no ':' (entries: text:N, image:HxW, video:TxHxW[@FPS], comma-separated)")},
    {R"re(^--token-layout entry "(.*)": "(.*)" is not an integer in \[1, 2\^30\] \(entries: [^()]*\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "--token-layout entry \"%1\": \"%2\" is not an integer in [1, 2^30] (entries: "
                                         "text:N, image:HxW, video:TxHxW[@FPS], comma-separated)")},
    {R"re(^--token-layout entry "(.*)": an image is HxW \(its patch grid\) \(entries: [^()]*\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "--token-layout entry \"%1\": an image is HxW (its patch grid) (entries: "
                                         "text:N, image:HxW, video:TxHxW[@FPS], comma-separated)")},
    {R"re(^--token-layout entry "(.*)": the frame rate after '@' must be a number > 0, got "(.*)" \(entries: [^()]*\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors",
                       "--token-layout entry \"%1\": the frame rate after '@' must be a number > 0, got \"%2\" "
                       "(entries: text:N, image:HxW, video:TxHxW[@FPS], comma-separated)")},
    {R"re(^--token-layout entry "(.*)": a video is TxHxW \(temporal patches x patch grid\) \(entries: [^()]*\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "--token-layout entry \"%1\": a video is TxHxW (temporal patches x patch "
                                         "grid) (entries: text:N, image:HxW, video:TxHxW[@FPS], comma-separated)")},
    {R"re(^--token-layout entry "(.*)": unknown kind "(.*)" \(entries: [^()]*\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "--token-layout entry \"%1\": unknown kind \"%2\" (entries: text:N, "
                                         "image:HxW, video:TxHxW[@FPS], comma-separated)")},
    {R"re(^unknown key$)re", QT_TRANSLATE_NOOP("posenc::errors", "unknown key")},
    {R"re(^unknown method$)re", QT_TRANSLATE_NOOP("posenc::errors", "unknown method")},
    {R"re(^unknown method (.+)$)re", QT_TRANSLATE_NOOP("posenc::errors", "unknown method %1")},
    {R"re(^not a method id: (.+)$)re", QT_TRANSLATE_NOOP("posenc::errors", "not a method id: %1")},
    {R"re(^method (.+) is listed twice$)re", QT_TRANSLATE_NOOP("posenc::errors", "method %1 is listed twice")},
    {R"re(^no method has this parameter$)re", QT_TRANSLATE_NOOP("posenc::errors", "no method has this parameter")},
    {R"re(^not a shared parameter \(give it under "params" for a method\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "not a shared parameter (give it under \"params\" for a method)")},
    {R"re(^(\S+) has no such parameter$)re", QT_TRANSLATE_NOOP("posenc::errors", "%1 has no such parameter")},
    {R"re(^must be an array of method ids, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "must be an array of method ids, got %1")},
    {R"re(^must be an object of parameter values, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "must be an object of parameter values, got %1")},
    {R"re(^must be an object keyed by method id, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "must be an object keyed by method id, got %1")},
    {R"re(^must be an integer number of positions in (.+), got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "must be an integer number of positions in %1, got %2")},
    {R"re(^(.+) is not an integer in (.+)$)re", QT_TRANSLATE_NOOP("posenc::errors", "%1 is not an integer in %2")},
    {R"re(^must be an array of strings, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "must be an array of strings, got %1")},
    {R"re(^entry (.+) is not a string$)re", QT_TRANSLATE_NOOP("posenc::errors", "entry %1 is not a string")},
    {R"re(^must be a string, got (.+)$)re", QT_TRANSLATE_NOOP("posenc::errors", "must be a string, got %1")},
    {R"re(^must be an object keyed by view id, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "must be an object keyed by view id, got %1")},
    {R"re(^must be an object of option values, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "must be an object of option values, got %1")},
    {R"re(^unsupported value (.+)$)re", QT_TRANSLATE_NOOP("posenc::errors", "unsupported value %1")},
    {R"re(^must be an object of strings, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "must be an object of strings, got %1")},
    {R"re(^is (\d+) bytes; sessions larger than (\d+) bytes are not read$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "is %1 bytes; sessions larger than %2 bytes are not read")},
    {R"re(^the top level must be a JSON object$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "the top level must be a JSON object")},
    {R"re(^not a posenc session \(it has no "format"; a session's is "(.+)"\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "not a posenc session (it has no \"format\"; a session's is \"%1\")")},
    {R"re(^the "version" key is missing; it must be a positive integer$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "the \"version\" key is missing; it must be a positive integer")},
    {R"re(^not a posenc session \("format" must be "(.+)", got (.+)\)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "not a posenc session (\"format\" must be \"%1\", got %2)")},
    {R"re(^"version" must be a positive integer, got (.+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "\"version\" must be a positive integer, got %1")},
    {R"re(^written by a newer PosEnc Explorer \(session version (.+)\); this one reads version (\d+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors",
                       "written by a newer PosEnc Explorer (session version %1); this one reads version %2")},
    // the analyses' option checks (entropy.cpp, bias_lod.cpp, similarity.cpp; attention_scale.cpp)
    {R"re(^--head (\d+) is outside \[0, (\d+)\]$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "attention head %1 does not exist: the heads are 0…%2")},
    {R"re(^--(\S+) (\S+) is outside \[(\S+), (\S+)\]$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "--%1 %2 is outside [%3, %4]")},
    {R"re(^--(\S+) must be > (\S+), got (\S+)$)re", QT_TRANSLATE_NOOP("posenc::errors", "--%1 must be > %2, got %3")},
    {R"re(^--(\S+) must be > 1 \(its log divides\), got (\S+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "--%1 must be > 1 (its logarithm divides), got %2")},
    {R"re(^--(\S+) must be > 0 \(it divides the position\), got (\S+)$)re",
     QT_TRANSLATE_NOOP("posenc::errors", "--%1 must be > 0 (it divides the position), got %2")},
    {R"re(^--(\S+) must be finite$)re", QT_TRANSLATE_NOOP("posenc::errors", "--%1 must be finite")},
};

/// A list of names as the core writes it ("a, b, c") with the user's separator between the names.
QString listText(const QString& english)
{
    static constexpr struct {
        const char* source;
        const char* comment;
    } kBetween = QT_TRANSLATE_NOOP3("posenc::errors", ", ", "between the names of a list in an error message");
    return english.split(QStringLiteral(", ")).join(QCoreApplication::translate(kContext, kBetween.source,
                                                                                kBetween.comment));
}

/// `english` worded by the first shape of `shapes` it has (the table's patterns compiled once), else English.
template <const auto& shapes> QString worded(const QString& english)
{
    constexpr std::size_t N = std::size(shapes);
    static const auto compiled = [] {
        std::array<QRegularExpression, N> out;
        for (std::size_t i = 0; i < N; ++i) {
            out[i] = QRegularExpression(QString::fromLatin1(shapes[i].pattern));
            out[i].optimize();
        }
        return out;
    }();
    for (std::size_t i = 0; i < N; ++i) {
        const QRegularExpressionMatch m = compiled[i].match(english);
        if (!m.hasMatch())
            continue;
        QStringList captures = m.capturedTexts().mid(1);
        if (const int r = shapes[i].reason; r > 0)
            captures[r - 1] = ErrorText::systemReason(captures[r - 1]);
        if (const int l = shapes[i].list; l > 0)
            captures[l - 1] = listText(captures[l - 1]);
        // one pass (a path with "%2" in it is not substituted again); the shapes have zero to four captures
        const QString wording = QCoreApplication::translate(kContext, shapes[i].wording);
        switch (captures.size()) {
        case 0:
            return wording;
        case 1:
            return wording.arg(captures[0]);
        case 2:
            return wording.arg(captures[0], captures[1]);
        case 3:
            return wording.arg(captures[0], captures[1], captures[2]);
        default:
            return wording.arg(captures[0], captures[1], captures[2], captures[3]);
        }
    }
    return english;
}

} // namespace

QString ErrorText::systemReason(const QString& english)
{
    // strerror()'s texts (glibc) of the errors a file chooser and a write lead to; a write's reasons keep the
    // system's words in English (`posenc` prints the same message)
    static const std::array<std::pair<const char*, const char*>, 14> kReasons{{
        {"No such file or directory", QT_TRANSLATE_NOOP("posenc::errors", "no such file or folder")},
        {"Permission denied", QT_TRANSLATE_NOOP("posenc::errors", "permission denied")},
        {"Operation not permitted", QT_TRANSLATE_NOOP("posenc::errors", "permission denied")},
        {"Too many levels of symbolic links", QT_TRANSLATE_NOOP("posenc::errors", "too many levels of symbolic links")},
        {"Not a directory", QT_TRANSLATE_NOOP("posenc::errors", "a part of the path is not a folder")},
        {"File name too long", QT_TRANSLATE_NOOP("posenc::errors", "the file name is too long")},
        {"Input/output error", QT_TRANSLATE_NOOP("posenc::errors", "input/output error")},
        {"No space left on device", QT_TRANSLATE_NOOP("posenc::errors", "No space left on device")},
        {"File too large", QT_TRANSLATE_NOOP("posenc::errors", "File too large")},
        {"Is a directory", QT_TRANSLATE_NOOP("posenc::errors", "Is a directory")},
        {"File exists", QT_TRANSLATE_NOOP("posenc::errors", "File exists")},
        {"Read-only file system", QT_TRANSLATE_NOOP("posenc::errors", "Read-only file system")},
        {"Disk quota exceeded", QT_TRANSLATE_NOOP("posenc::errors", "Disk quota exceeded")},
        {"No such device or address", QT_TRANSLATE_NOOP("posenc::errors", "No such device or address")},
    }};
    for (const auto& [system, wording] : kReasons)
        if (english == QLatin1String(system))
            return QCoreApplication::translate(kContext, wording);
    return english;
}

QString ErrorText::text(const QString& english)
{
    return worded<kShapes>(english);
}

QString ErrorText::problem(const std::string& english)
{
    const QString text = QString::fromStdString(english);
    if (const QString withNumbers = CoreText::withNumbers(english); withNumbers != text)
        return withNumbers;
    return worded<kProblems>(text);
}

namespace {

constexpr struct {
    const char* source;
    const char* comment;
} kSeparator = QT_TRANSLATE_NOOP3("posenc::errors", ": ", "between a file and a key");

/// A place as the core writes it ("config.json: rope_scaling (yarn)") with the user's punctuation.
QString placeText(const std::string& where)
{
    static constexpr struct {
        const char* source;
        const char* comment;
    } kType = QT_TRANSLATE_NOOP3("posenc::errors", " (%1)", "a config's rope type after its key");
    static const QRegularExpression type(QStringLiteral(R"( \(([^()]*)\)(?=:|$))"));
    QString out = QString::fromStdString(where);
    out.replace(type, QCoreApplication::translate(kContext, kType.source, kType.comment).arg(QStringLiteral("\\1")));
    return out.replace(QStringLiteral(": "),
                       QCoreApplication::translate(kContext, kSeparator.source, kSeparator.comment));
}

} // namespace

QString ErrorText::of(const std::exception& error)
{
    const QString english = QString::fromUtf8(error.what());
    const auto* located = dynamic_cast<const InvalidInput*>(&error);
    if (!located || located->where().empty()) { // a file's shape, else an option's problem (an analysis' check)
        const QString shaped = text(english);
        return shaped != english ? shaped : problem(error.what());
    }
    if (const QString shaped = text(english); shaped != english)
        return shaped;               // a file's shape (a key of the wrong type, missing) says the place itself
    const ParamSpec* spec = nullptr; // the method's parameter; a session's shared parameter: any method's
    if (!located->rule().empty()) {
        if (const MethodDef* def = Registry::instance().tryFind(located->method()))
            spec = def->findParam(located->ruleParam());
        for (const auto& def : Registry::instance().methods())
            if (!spec)
                spec = def.findParam(located->ruleParam());
    }
    const QString problem = spec ? ParamText::problem(*spec, InvalidInput(located->ruleParam(), located->detail(),
                                                                          located->rule(), located->value()))
                                 : ErrorText::problem(located->detail());
    static constexpr struct {
        const char* source;
        const char* comment;
    } kPlaced = QT_TRANSLATE_NOOP3("posenc::errors", "%1: %2", "a place in a file, then what is wrong there");
    return QCoreApplication::translate(kContext, kPlaced.source, kPlaced.comment)
        .arg(placeText(located->where()), problem);
}

QString ErrorText::withoutFile(const QString& text, const QString& file)
{
    const QString separator = QCoreApplication::translate(kContext, kSeparator.source, kSeparator.comment);
    return text.startsWith(file + separator) ? text.mid(file.size() + separator.size()) : text;
}

} // namespace posenc::widgets
