// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/ParameterPanel.h"

#include "posenc/param_state.h"
#include "explorer/ParamEditor.h"
#include "explorer/ParamsModel.h"
#include "figures/ResolvedText.h"
#include "i18n/CoreText.h"
#include "i18n/Translations.h"

#include "posenc/registry.h"

#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace posenc::widgets {

namespace {

ParamSpec lengthSpec()
{
    ParamSpec s;
    s.name = "length";
    s.type = ParamType::Int;
    s.defaultValue = static_cast<double>(kDefaultLength);
    s.min = static_cast<double>(kMinLength);
    s.max = static_cast<double>(kMaxLength);
    s.scale = ScaleHint::Log;
    s.unit = "positions";
    s.displayName = "view length";
    s.help = "Positions shown: positions of the encoding matrix, the longest "
             "context of the entropy plot. At any length each pixel of a matrix view shows the exact mean over the "
             "positions it covers; the angle view, an M-RoPE with a token layout and the engine's float32 "
             "arithmetic, which have no closed form, show the value at the pixel's first position once it covers "
             "more than 32 (the figure's note says so).";
    return s;
}

/// The spec of a shared parameter: from the first compared method that has it.
const ParamSpec* sharedSpec(const ParamsModel& model, const std::string& name, std::string* owner)
{
    for (const auto& id : model.methods())
        for (const auto& spec : ParamState::methodOf(id).info.params)
            if (spec.name == name) {
                *owner = id;
                return &spec;
            }
    return nullptr;
}

void clear(std::vector<ParamEditor*>& editors)
{
    for (auto* e : editors) {
        e->hide();
        e->deleteLater();
    }
    editors.clear();
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

    m_sharedGroup = new QGroupBox(tr("Shared by the compared methods"), this);
    m_sharedGroup->setToolTip(tr("One value for every checked method that has the parameter. A method can keep its "
                                 "own value instead (see its parameters below)."));
    m_sharedLayout = new QVBoxLayout(m_sharedGroup);
    m_sharedLayout->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(m_sharedGroup);

    m_title = new QLabel(this);
    m_title->setTextFormat(Qt::RichText);
    layout->addWidget(m_title);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setStyleSheet(QStringLiteral("color: #555;"));
    layout->addWidget(m_summary);
    m_methodBox = new QWidget(this);
    m_methodLayout = new QVBoxLayout(m_methodBox);
    m_methodLayout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_methodBox);
    m_resolved = new QLabel(this);
    m_resolved->setObjectName(QStringLiteral("resolved"));
    m_resolved->setWordWrap(true);
    m_resolved->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_resolved->setStyleSheet(QStringLiteral("color: #555;"));
    layout->addWidget(m_resolved);
    m_override = new QToolButton(this);
    m_override->setText(tr("Own value for…"));
    m_override->setToolTip(tr("Give this method its own value of a shared parameter"));
    m_override->setPopupMode(QToolButton::InstantPopup);
    m_override->setMenu(new QMenu(m_override));
    connect(m_override->menu(), &QMenu::aboutToShow, this, &ParameterPanel::fillOverrideMenu);
    layout->addWidget(m_override);

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
    // The key itself ("yarn#2"): an instance shows and edits its own parameters.
    const auto parsed = MethodKey::tryParse(methodId);
    const auto* def = parsed ? Registry::instance().tryFind(parsed->id) : nullptr;
    if (!def)
        return;
    const std::string key = MethodKey{def->info.id, parsed->instance}.format();
    if (key == m_method)
        return;
    m_method = key;
    m_overridden.clear();
    m_resolved->setMinimumHeight(0); // another method's resolved line: its own height
    rebuildMethod();
    refresh();
}

ParamEditor* ParameterPanel::sharedEditor(const std::string& name) const
{
    for (auto* e : m_shared)
        if (e->spec().name == name)
            return e;
    return nullptr;
}

ParamEditor* ParameterPanel::editor(const std::string& name) const
{
    if (name == "length")
        return m_length;
    for (auto* e : m_own)
        if (e->spec().name == name)
            return e;
    return sharedEditor(name);
}

std::vector<ParamEditor*> ParameterPanel::editors() const
{
    std::vector<ParamEditor*> all = m_shared;
    all.insert(all.end(), m_own.begin(), m_own.end());
    return all;
}

void ParameterPanel::rebuildShared()
{
    clear(m_shared);
    for (auto& [name, label] : m_overrideNotes)
        label->deleteLater();
    m_overrideNotes.clear();
    for (const auto& name : m_sharedNames) {
        std::string owner;
        const ParamSpec* spec = sharedSpec(*m_model, name, &owner);
        if (!spec)
            continue;
        auto* e = new ParamEditor(*spec, false, m_sharedGroup);
        connect(e, &ParamEditor::valueEdited, this, [this, name](const ParamValue& v) { m_model->setShared(name, v); });
        m_sharedLayout->addWidget(e);
        m_shared.push_back(e);
        // Methods that keep their own value say so under the shared editor, with a link that resets them.
        auto* note = new QLabel(m_sharedGroup);
        note->setObjectName(QStringLiteral("override-note-") + QString::fromStdString(name));
        note->setWordWrap(true);
        note->setTextFormat(Qt::RichText);
        note->setStyleSheet(QStringLiteral("color: #8a5a00;"));
        note->hide();
        connect(note, &QLabel::linkActivated, this, [this, name](const QString& key) {
            m_model->setOverridden(key.toStdString(), name, false);
        });
        m_sharedLayout->addWidget(note);
        m_overrideNotes[name] = note;
    }
    m_sharedGroup->setVisible(!m_shared.empty());
}

void ParameterPanel::rebuildMethod()
{
    clear(m_own);
    const auto& def = ParamState::methodOf(m_method);
    // An instance: "YaRN #2", as the method list and the figures name it (MethodKey::label).
    const QString title = QString::fromStdString(
        MethodKey::parse(m_method).label(CoreText::text(def.info.displayName).toStdString()));
    m_title->setText(Translations::tidySpaces(tr("<b>%1</b> parameters").arg(title.toHtmlEscaped())));
    m_summary->setText(Translations::keptFormulas(CoreText::summary(def.info)));
    m_summary->setToolTip(QString::fromStdString(def.info.citation));
    int own = 0;
    for (const auto& spec : def.info.params) {
        const bool shared = ParamsModel::isShared(spec.name);
        if (shared && !m_overridden.count(spec.name))
            continue;
        auto* e = new ParamEditor(spec, shared, m_methodBox);
        const std::string name = spec.name;
        connect(e, &ParamEditor::valueEdited, this,
                [this, name](const ParamValue& v) { m_model->setValue(m_method, name, v); });
        connect(e, &ParamEditor::overrideToggled, this,
                [this, name](bool on) { m_model->setOverridden(m_method, name, on); });
        m_methodLayout->addWidget(e);
        m_own.push_back(e);
        ++own;
    }
    if (own == 0)
        m_summary->setText(m_summary->text() + tr("\nNo parameters of its own: it uses the shared values above."));
    if (def.info.params.empty())
        m_summary->setText(CoreText::summary(def.info) + tr("\n(This method has no parameters.)"));
    const bool canOverride = std::any_of(def.info.params.begin(), def.info.params.end(),
                                         [](const ParamSpec& s) { return ParamsModel::isShared(s.name); });
    m_override->setVisible(canOverride);
}

void ParameterPanel::fillOverrideMenu()
{
    QMenu* menu = m_override->menu();
    menu->clear();
    for (const auto& spec : ParamState::methodOf(m_method).info.params) {
        if (!ParamsModel::isShared(spec.name) || m_model->isOverridden(m_method, spec.name))
            continue;
        const std::string name = spec.name;
        menu->addAction(CoreText::label(spec), this, [this, name] { m_model->setOverridden(m_method, name, true); });
    }
    if (menu->isEmpty())
        menu->addAction(tr("(every shared value is already overridden)"))->setEnabled(false);
}

void ParameterPanel::refresh()
{
    // Structure first: which shared editors and which overrides to show.
    std::vector<std::string> sharedNames;
    for (const auto& name : ParamsModel::sharedNames()) {
        std::string owner;
        if (sharedSpec(*m_model, name, &owner))
            sharedNames.push_back(name);
    }
    if (sharedNames != m_sharedNames) {
        m_sharedNames = sharedNames;
        rebuildShared();
    }
    std::set<std::string> overridden;
    if (!m_method.empty())
        for (const auto& spec : ParamState::methodOf(m_method).info.params)
            if (m_model->isOverridden(m_method, spec.name))
                overridden.insert(spec.name);
    if (overridden != m_overridden) {
        m_overridden = overridden;
        rebuildMethod();
    }

    m_length->setValue(ParamValue{static_cast<double>(m_model->length())});
    m_length->setProblem({});
    // A shared editor shows the value every method it drives is drawn with (the compared methods that have the
    // parameter and do not keep their own), or "mixed" with each method's value when they differ (defaults of
    // different methods, before a shared value is set). Never an overriding method's own value.
    std::map<std::string, QStringList> drawnWith; // per mixed shared name: "PI 8", "LongRoPE 32"
    for (auto* e : m_shared) {
        const std::string& name = e->spec().name;
        std::vector<std::pair<std::string, ParamValue>> driven;
        for (const auto& key : m_model->methods())
            if (ParamState::methodOf(key).findParam(name) && !m_model->isOverridden(key, name))
                driven.emplace_back(key, m_model->value(key, name));
        const auto shared = m_model->state().shared.find(name);
        std::string owner;
        sharedSpec(*m_model, name, &owner);
        const ParamValue shown = !driven.empty()                           ? driven.front().second
                                 : shared != m_model->state().shared.end() ? shared->second
                                                                           : m_model->value(owner, name);
        const bool mixed = std::any_of(driven.begin(), driven.end(), [&](const auto& d) { return !(d.second == shown); });
        e->setValue(shown);
        e->setMixed(mixed);
        if (mixed)
            for (const auto& [key, value] : driven)
                drawnWith[name] << QStringLiteral("%1 %2").arg(ParamsModel::keyLabel(key),
                                                               QString::fromStdString(formatValue(value)));
        e->setProblem({});
    }
    for (auto& [name, note] : m_overrideNotes) {
        QStringList lines;
        if (const auto it = drawnWith.find(name); it != drawnWith.end())
            lines << tr("mixed: %1").arg(it->second.join(QObject::tr(", ")).toHtmlEscaped());
        for (const auto& key : m_model->overriding(name))
            lines << tr("%1 uses its own value %2 — <a href=\"%3\">reset</a>")
                         .arg(ParamsModel::keyLabel(key).toHtmlEscaped(),
                              QString::fromStdString(formatValue(m_model->value(key, name))).toHtmlEscaped(),
                              QString::fromStdString(key).toHtmlEscaped());
        note->setText(lines.join(QStringLiteral("<br>")));
        note->setVisible(!lines.isEmpty());
    }
    for (auto* e : m_own) {
        e->setValue(m_model->value(m_method, e->spec().name));
        e->setOverridden(m_model->isOverridden(m_method, e->spec().name));
        e->setProblem({});
    }
    // Resolved values next to the parameters (an unset attention factor shows what it resolves to).
    ParamSet params;
    for (const auto& spec : ParamState::methodOf(m_method).info.params)
        params.set(spec.name, m_model->value(m_method, spec.name));
    const ResolvedText resolved = resolvedText(ParamState::methodOf(m_method).info.id, params);
    m_resolved->setText(resolved.line);
    m_resolved->setVisible(!resolved.line.isEmpty());
    // The line keeps the tallest height it has had for this method: a value with more digits wraps to one more
    // line, and a label that shrank back at the next value re-laid out the panel at every slider step.
    if (const int needed = m_resolved->heightForWidth(m_resolved->width()); needed > m_resolved->minimumHeight())
        m_resolved->setMinimumHeight(needed);
    for (auto* e : m_own) {
        const auto it = resolved.byParam.find(e->spec().name);
        e->setResolved(it == resolved.byParam.end() ? std::nullopt : std::optional<double>(it->second));
    }

    // Problems in place: on the editor that controls the value, else listed under the panel.
    std::vector<ParamProblem> problems = m_model->problems();
    if (!m_model->isChecked(m_method))
        if (auto p = m_model->problem(m_method))
            problems.push_back(*p);
    std::vector<ParamProblem> others;
    std::map<ParamEditor*, std::vector<ParamProblem>> messages;
    for (const auto& p : problems) {
        ParamEditor* target = nullptr;
        if (p.param == "length" && p.methodId.empty())
            target = m_length;
        else if (p.methodId == m_method && (!ParamsModel::isShared(p.param) || m_overridden.count(p.param)))
            target = editor(p.param);
        else if (ParamsModel::isShared(p.param) && !m_model->isOverridden(p.methodId, p.param))
            target = sharedEditor(p.param);
        if (target)
            messages[target].push_back(p);
        else
            others.push_back(p);
    }
    for (auto& [e, list] : messages)
        e->setProblem(problemLines(list).join(QLatin1Char('\n')));
    // Warnings (values HF accepts and computes) in place too, on editors without a problem.
    std::map<ParamEditor*, std::vector<ParamProblem>> warnings;
    for (auto* e : m_shared)
        warnings[e];
    for (auto* e : m_own)
        warnings[e];
    for (const auto& w : m_model->warnings()) {
        ParamEditor* target = nullptr;
        if (w.methodId == m_method && (!ParamsModel::isShared(w.param) || m_overridden.count(w.param)))
            target = editor(w.param);
        else if (ParamsModel::isShared(w.param) && !m_model->isOverridden(w.methodId, w.param))
            target = sharedEditor(w.param);
        if (target)
            warnings[target].push_back(w);
    }
    for (auto& [e, list] : warnings) {
        if (!messages.count(e))
            e->setWarning(problemLines(list).join(QLatin1Char('\n')));
    }
    m_otherProblems->setText(problemLines(others).join(QLatin1Char('\n')));
    m_otherProblems->setVisible(!others.empty());
}

} // namespace posenc::widgets
