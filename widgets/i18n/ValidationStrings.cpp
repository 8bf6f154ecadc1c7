// SPDX-License-Identifier: GPL-3.0-or-later
// The checks a method makes across its parameters (the methods' validate functions in core/src/methods and
// core/src/mrope.cpp), for lupdate: ParamText::problem words a message without a parameter rule with
// CoreText::withNumbers, so a source here is the message with its numbers as %1, %2, ... (a message that quotes
// the user's text is a shape of ErrorText's problems instead). tst_translation_catalogue
// (everyCrossParameterCheckIsTranslated) breaks each check on purpose and fails naming the ones without a
// translation.
#include "i18n/CoreStrings.h"

#include <QtGlobal>

namespace posenc::widgets {

const std::vector<const char*>& validationStrings()
{
    static const std::vector<const char*> strings = {
        QT_TRANSLATE_NOOP("posenc::params", "--partial-rotary-factor %1 with --head-dim %2 gives a rotary dimension of %3; it must be a positive number of channels"),
        QT_TRANSLATE_NOOP("posenc::params", "ntk-aware needs a rotary dimension of at least %1 (the NTK exponent d_rot/(d_rot-%2) is undefined at d_rot = %3), got %4"),
        QT_TRANSLATE_NOOP("posenc::params", "dynamic-ntk needs a rotary dimension of at least %1 (the NTK exponent d_rot/(d_rot-%2) is undefined at d_rot = %3), got %4"),
        QT_TRANSLATE_NOOP("posenc::params", "part-ntk-legacy needs a rotary dimension of at least %1 (the NTK exponent d_rot/(d_rot-%2) is undefined at d_rot = %3), got %4"),
        QT_TRANSLATE_NOOP("posenc::params", "--alpha %1 must be smaller than --beta %2 (they are the low and high rotation-count thresholds)"),
        QT_TRANSLATE_NOOP("posenc::params", "--beta1 %1 must be smaller than --beta0 %2"),
        QT_TRANSLATE_NOOP("posenc::params", "--gamma1 %1 must be smaller than --gamma0 %2"),
        QT_TRANSLATE_NOOP("posenc::params", "--short-factor has %1 entries; it needs d_rot/%2 = %3 (one per rotary pair), or none for all %4"),
        QT_TRANSLATE_NOOP("posenc::params", "--long-factor has %1 entries; it needs d_rot/%2 = %3 (one per rotary pair), or none for all %4"),
        QT_TRANSLATE_NOOP("posenc::params", "--original-max-position-embeddings must exceed %1 for the default attention factor sqrt(%2 + ln s / ln L0)"),
        QT_TRANSLATE_NOOP("posenc::params", "--num-buckets %1 must be even and at least %2 when bidirectional"),
        QT_TRANSLATE_NOOP("posenc::params", "--num-buckets %1 must be at least %2"),
        QT_TRANSLATE_NOOP("posenc::params", "--max-distance %1 must exceed the exact-bucket range %2"),
        QT_TRANSLATE_NOOP("posenc::params", "--bucket-values has %1 entries; it needs num-buckets = %2"),
        QT_TRANSLATE_NOOP("posenc::params", "--d-model %1: the t2t exponent i/(d/%2-%3) needs d-model >= %4"),
        QT_TRANSLATE_NOOP("posenc::params", "--mrope-section %1,%2,%3 adds up to %4 pairs; the rotary dimension has %5 (torch.split needs them equal)"),
        QT_TRANSLATE_NOOP("posenc::params", "--mrope-section needs %1 entries (t, h, w pairs), got %2"),
        QT_TRANSLATE_NOOP("posenc::params", "--token-layout ends with ','"),
        QT_TRANSLATE_NOOP("posenc::params", "--token-layout has more than %1 tokens"),
    };
    return strings;
}

} // namespace posenc::widgets
