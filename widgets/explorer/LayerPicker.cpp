// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/LayerPicker.h"

#include "explorer/ConfigLoader.h"
#include "explorer/ParamsModel.h"
#include "explorer/Presets.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "figures/FigureCompute_p.h"
#include "figures/FigureWidget.h"
#include "i18n/CoreText.h"

#include "posenc/io/hf_config.h"

#include <algorithm>
#include <cmath>

namespace posenc::widgets {

LayerPicker::LayerPicker(ParamsModel* model, ViewCoordinator* coordinator, ConfigLoader* configs, QObject* parent)
    : QObject(parent), m_model(model), m_coordinator(coordinator)
{
    connect(configs, &ConfigLoader::configLoaded, this, &LayerPicker::setConfig);
    for (ViewPage* page : coordinator->pages())
        if (page->kind() == FigureKind::Layers)
            connect(page->figure(), &FigureWidget::plotClicked, this,
                    [this](double, double y) { pick(static_cast<int>(std::lround(y))); });
}

void LayerPicker::setConfig(std::shared_ptr<const io::HfConfig> config)
{
    m_config = std::move(config);
    m_coordinator->setConfig(m_config);
    emit configChanged();
}

bool LayerPicker::pick(int index)
{
    if (!m_config || index < 0 || index >= static_cast<int>(m_config->layers.size()))
        return false;
    const io::HfLayer& layer = m_config->layers[static_cast<std::size_t>(index)];
    if (layer.encoding < 0) {
        emit message(tr("Layer %1 has no rotary encoding (NoPE): nothing to make primary").arg(index));
        return false;
    }
    const io::HfEncoding& e = m_config->encodings[static_cast<std::size_t>(layer.encoding)];
    // Presets::stateFor keys each encoding of a config by its method id (labelled with the encoding's name).
    const std::string key = e.method;
    const ParamState fromConfig = Presets::stateFor(*m_config);
    const QString name = QString::fromStdString(e.name);
    if (m_model->isChecked(key) && m_model->resolved(key) == fromConfig.resolve(key)) {
        m_model->setPrimary(key);
    } else {
        // The config's values again, this encoding first, then the other compared methods (as opening it does).
        ParamState state = fromConfig;
        state.length = m_model->length();
        state.methods.erase(std::find(state.methods.begin(), state.methods.end(), key));
        state.methods.insert(state.methods.begin(), key);
        state.keepOthersFrom(m_model->state());
        m_model->setState(state, tr("Layer %1: %2 as primary").arg(index).arg(name));
    }
    // The views whose distances the layer's attention limits show its span (full: every key, no window).
    const AttentionSpan span = layer.span();
    for (ViewPage* page : m_coordinator->pages())
        if (page->optionEditor("attention") && page->optionEditor("window")) {
            page->setOption("attention", enumName(kAttentionKindNames, span.kind));
            page->setOption("window", span.full() ? ParamValue{} : ParamValue{static_cast<double>(span.size)});
        }
    emit message(span.full()
                     ? tr("Layer %1: primary method %2; Decay and Entropy with full attention").arg(index).arg(name)
                     : tr("Layer %1: primary method %2; Decay and Entropy limited to its %3")
                           .arg(index)
                           .arg(name, detail::spanText(span)));
    return true;
}

} // namespace posenc::widgets
