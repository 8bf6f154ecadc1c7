// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <memory>

namespace posenc::io {
struct HfConfig;
}

namespace posenc::widgets {

class ConfigLoader;
class ParamsModel;
class ViewCoordinator;

/// The config the Layers view shows (the one opened, reattached or chosen as a preset last) and what a click on
/// one of its layers does: that layer's encoding becomes the primary method. Wires itself to the coordinator's
/// Layers pages and to the config loader.
class LayerPicker : public QObject {
    Q_OBJECT
public:
    LayerPicker(ParamsModel* model, ViewCoordinator* coordinator, ConfigLoader* configs, QObject* parent = nullptr);

    void setConfig(std::shared_ptr<const io::HfConfig> config);
    const std::shared_ptr<const io::HfConfig>& config() const { return m_config; }

    /// Makes the encoding of layer `index` the primary: the compared method when it holds the config's values,
    /// else the config's methods again with that encoding first (one undo step). False for a NoPE layer, an
    /// index outside the config, or no config.
    bool pick(int index);

signals:
    /// What a pick did (or why it did nothing), for the status bar.
    void message(const QString& text);
    /// setConfig() was called (the Layers tab may appear or go).
    void configChanged();

private:
    ParamsModel* m_model;
    ViewCoordinator* m_coordinator;
    std::shared_ptr<const io::HfConfig> m_config;
};

} // namespace posenc::widgets
