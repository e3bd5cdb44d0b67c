#pragma once

#include <cassert>
#include <utility>
#include <variant>

namespace sandtable {

/// A value or the error that prevented it: what boundaries (parsers, loaders) return.
/// C++20 has no std::expected yet; this is the small part of it we use.
template <typename T, typename E> class Expected {
public:
    Expected(T value) : m_state(std::in_place_index<0>, std::move(value)) {}
    Expected(E error) : m_state(std::in_place_index<1>, std::move(error)) {}

    bool hasValue() const { return m_state.index() == 0; }
    explicit operator bool() const { return hasValue(); }

    const T& value() const& {
        assert(hasValue());
        return std::get<0>(m_state);
    }
    T&& value() && {
        assert(hasValue());
        return std::get<0>(std::move(m_state));
    }
    const E& error() const {
        assert(!hasValue());
        return std::get<1>(m_state);
    }
    const T& operator*() const& { return value(); }
    const T* operator->() const { return &value(); }

private:
    std::variant<T, E> m_state;
};

} // namespace sandtable
