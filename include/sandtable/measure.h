#pragma once

namespace sandtable::measure {

/// The one tolerance of every measured comparison (a distance against a range, a path's
/// cost against an allowance, a move against a fraction of a move), in whatever unit both
/// sides of the comparison are in: millimetres, inches, centimetres or boxes. A player
/// measures to a tenth of a unit at best, while the arithmetic of turned rectangles and
/// unit conversions leaves noise near 1e-12; a millionth of a unit sits between the two,
/// so a target placed exactly on a boundary is on it, and nothing a player can see is.
inline constexpr double tolerance = 1e-6;

/// `value` is no more than `limit` ("within 14 inches" holds at 14.000000001).
constexpr bool atMost(double value, double limit) { return value <= limit + tolerance; }
/// `value` is more than `limit` by more than the tolerance: the negation of atMost.
constexpr bool exceeds(double value, double limit) { return !atMost(value, limit); }
/// `value` is no less than `limit` ("within 25 per cent of its full distance").
constexpr bool atLeast(double value, double limit) { return value >= limit - tolerance; }
/// `value` is less than `limit` by more than the tolerance: the negation of atLeast.
constexpr bool below(double value, double limit) { return !atLeast(value, limit); }
/// Nothing to speak of: a length, a cost or an angle that is zero but for noise.
constexpr bool negligible(double value) { return value <= tolerance && value >= -tolerance; }

} // namespace sandtable::measure
