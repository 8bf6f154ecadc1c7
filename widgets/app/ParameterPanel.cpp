// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/ParameterPanel.h"

#include "app/ParamEditor.h"
#include "app/ParamsModel.h"

#include "posenc/registry.h"

#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

namespace posenc::widgets {

namespace {

ParamSpec lengthSpec()
{
    ParamSpec s;
    s.name = "length";
    s.type = ParamType::Int;
    s.defaultValue = 32768.0;
    s.min = static_cast<double>(ParamsModel::kMinLength);
    s.max = static_cast<double>(ParamsModel::kMaxLength);
    s.scale = ScaleHint::Log;
    s.unit = "positions";
    s.displayName = "view length";
    s.help = "Positions shown: rows of the encoding matrix, the largest distance of the decay plot, the longest "
             "context of the entropy plot. Matrix views stay exact at any length: each pixel shows the exact mean "
             "over the positions it covers.";
    return s;
}

} // namespace

ParameterPanel::ParameterPanel(ParamsModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);

    m_length = new ParamEditor(lengthSpec(), false, this);
    layout->addWidget(m_length);
    connect(m_length, &ParamEditor::valueEdited, this, [this](const ParamValue& v) {
        if (const auto* d = std::get_if<double>(&v))
            m_model->setLength(static_cast<std::int64_t>(*d));
    });

    m_title = new QLabel(this);
    m_title->setTextFormat(Qt::RichText);
    layout->addWidget(m_title);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setStyleSheet(QStringLiteral("color: #555;"));
    layout->addWidget(m_summary);

    m_group = new QGroupBox(this);
    m_group->setFlat(true);
    m_groupLayout = new QVBoxLayout(m_group);
    m_groupLayout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_group);

    m_otherProblems = new QLabel(this);
    m_otherProblems->setWordWrap(true);
    m_otherProblems->setStyleSheet(QStringLiteral("color: #b71c1c;"));
    m_otherProblems->hide();
    layout->addWidget(m_otherProblems);
    layout->addStretch(1);

    connect(m_model, &ParamsModel::paramsChanged, this, &ParameterPanel::refresh);
    setMethod(m_model->primary());
}

void ParameterPanel::setMethod(const std::string& methodId)
{
    const auto* def = Registry::instance().tryFind(methodId);
    if (!def || def->info.id == m_method)
        return;
    m_method = def->info.id;
    rebuild();
}

ParamEditor* ParameterPanel::editor(const std::string& name) const
{
    for (auto* e : m_editors)
        if (e->spec().name == name)
            return e;
    return name == "length" ? m_length : nullptr;
}

void ParameterPanel::rebuild()
{
    for (auto* e : m_editors)
        e->deleteLater();
    m_editors.clear();
    const auto& def = Registry::instance().find(m_method);
    m_title->setText(tr("<b>%1</b> parameters").arg(QString::fromStdString(def.info.displayName).toHtmlEscaped()));
    m_summary->setText(QString::fromStdString(def.info.summary));
    m_summary->setToolTip(QString::fromStdString(def.info.citation));
    if (def.info.params.empty())
        m_summary->setText(m_summary->text() + tr("\n(This method has no parameters.)"));
    for (const auto& spec : def.info.params) {
        auto* e = new ParamEditor(spec, ParamsModel::isShared(spec.name), m_group);
        const std::string name = spec.name;
        connect(e, &ParamEditor::valueEdited, this,
                [this, name](const ParamValue& v) { m_model->setValue(m_method, name, v); });
        connect(e, &ParamEditor::overrideToggled, this,
                [this, name](bool on) { m_model->setOverridden(m_method, name, on); });
        m_groupLayout->addWidget(e);
        m_editors.push_back(e);
    }
    refresh();
}

void ParameterPanel::refresh()
{
    m_length->setValue(ParamValue{static_cast<double>(m_model->length())});
    if (m_method.empty())
        return;
    for (auto* e : m_editors) {
        e->setValue(m_model->value(m_method, e->spec().name));
        e->setOverridden(m_model->isOverridden(m_method, e->spec().name));
        e->setProblem({});
    }
    m_length->setProblem({});
    QStringList others;
    for (const auto& p : m_model->problems()) {
        if (p.param == "length" && p.methodId.empty()) {
            m_length->setProblem(p.message);
        } else if (p.methodId == m_method && editor(p.param)) {
            editor(p.param)->setProblem(p.message);
        } else {
            const auto* def = Registry::instance().tryFind(p.methodId);
            others << (def ? QStringLiteral("%1: %2").arg(QString::fromStdString(def->info.displayName), p.message)
                           : p.message);
        }
    }
    // The current method's own problem, even when it is not checked (its values are still edited here).
    if (!m_model->isChecked(m_method))
        if (auto p = m_model->problem(m_method); p && editor(p->param))
            editor(p->param)->setProblem(p->message);
    m_otherProblems->setText(others.join(QLatin1Char('\n')));
    m_otherProblems->setVisible(!others.isEmpty());
}

} // namespace posenc::widgets
