#pragma once

#include <string>
#include <string_view>

namespace sandtable {

/// Text from a file or an argument, as a message may quote it: control bytes and terminal
/// escapes shown as \x1b, at most `limit` bytes, never a multibyte character cut in half.
std::string printable(std::string_view text, std::size_t limit = 200);

} // namespace sandtable
