#pragma once

namespace sandtable {

/// Lambdas joined into one visitor for std::visit.
template <class... Ts> struct Overloaded : Ts... { using Ts::operator()...; };
template <class... Ts> Overloaded(Ts...) -> Overloaded<Ts...>;

} // namespace sandtable
