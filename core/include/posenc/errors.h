// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file errors.h
/// Typed errors thrown at the core API boundary. Every message is meant to be shown to a user as is.

#include <stdexcept>
#include <string>

namespace posenc {

/// A parameter, option or input value is invalid. `param()` names it (kebab-case, as the CLI flag), or is
/// empty when the error concerns the request as a whole.
class InvalidInput : public std::invalid_argument {
public:
    InvalidInput(std::string param, const std::string& message)
        : std::invalid_argument(message), m_param(std::move(param))
    {
    }
    /// A parameter value that breaks one of ParamSpec's rules: `rule` names the rule ("out-of-range", "not-even",
    /// ...; see checkValue and parseValue) and `value` is the value as shown, so that a user interface can word
    /// the message in its own language from the spec (the English message stays what()).
    InvalidInput(std::string param, const std::string& message, std::string rule, std::string value)
        : std::invalid_argument(message), m_param(std::move(param)), m_rule(std::move(rule)), m_value(std::move(value)),
          m_ruleParam(m_param)
    {
    }
    /// The same error met inside a larger input (a config file): `where` ("config.json: rope_scaling (yarn)") is
    /// put before the message and `param` names the input's key. The rule, its value and its parameter
    /// (ruleParam(), a parameter of `method`) are kept, so that a user interface can still word the message.
    InvalidInput located(std::string param, const std::string& where, std::string method = {}) const
    {
        InvalidInput out(std::move(param), where + ": " + what(), m_rule, m_value);
        out.m_ruleParam = m_ruleParam;
        out.m_where = m_where.empty() ? where : where + ": " + m_where;
        out.m_method = method.empty() ? m_method : std::move(method);
        return out;
    }
    const std::string& param() const noexcept { return m_param; }
    /// Empty unless the error is one of ParamSpec's rules.
    const std::string& rule() const noexcept { return m_rule; }
    const std::string& value() const noexcept { return m_value; }
    /// The parameter the rule is about (param() unless the error was located()).
    const std::string& ruleParam() const noexcept { return m_ruleParam; }
    /// Empty unless located(): where the error was met, and the method whose parameter broke the rule.
    const std::string& where() const noexcept { return m_where; }
    const std::string& method() const noexcept { return m_method; }
    /// The message without where().
    std::string detail() const { return m_where.empty() ? what() : std::string(what()).substr(m_where.size() + 2); }

private:
    std::string m_param;
    std::string m_rule;
    std::string m_value;
    std::string m_ruleParam;
    std::string m_where;
    std::string m_method;
};

/// A request would need more memory than the configured budget.
class BudgetExceeded : public InvalidInput {
public:
    using InvalidInput::InvalidInput;
};

/// A long computation was cancelled through its progress callback.
class Cancelled : public std::runtime_error {
public:
    Cancelled() : std::runtime_error("cancelled") {}
};

} // namespace posenc
