#pragma once

#include <string>
#include <vector>

namespace sandtable {

/// `text` with HTML's special characters escaped, for the pages the core writes (the
/// battle report, reference sheets, rosters).
std::string htmlEscaped(const std::string& text);

/// A number as a sheet prints it: whole numbers without a decimal point ("4", "1.5").
std::string numberText(double value);

/// The head of a printed page (the reference sheet, a roster): its title and the style its
/// headings, notes and grids are printed in, up to the opening of the body; and the end.
std::string printedPageStart(const std::string& title);
std::string printedPageEnd();

/// A grid as printed: column headings, then rows of cells.
struct TextGrid {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    /// A printed page's share of the width for each column, in per cent (0, or none
    /// given: as its cells need), so that a name is not broken across lines.
    std::vector<int> widths;
};

/// `grid` without the columns no row has anything in.
TextGrid withoutEmptyColumns(TextGrid grid);

/// A Markdown table, with `|` in cells escaped.
std::string toMarkdown(const TextGrid& grid);
/// An HTML table across the page, bordered, headings shaded: what Qt's rich text prints.
std::string toHtml(const TextGrid& grid);

} // namespace sandtable
