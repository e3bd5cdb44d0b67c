#include "sandtable/page_text.h"

#include <cmath>
#include <sstream>

namespace sandtable {

std::string htmlEscaped(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string numberText(double value) {
    if (std::floor(value) == value && std::abs(value) < 1e15) {
        return std::to_string(static_cast<long long>(value));
    }
    std::ostringstream text;
    text << value;
    return text.str();
}

std::string printedPageStart(const std::string& title) {
    return "<html><head><meta charset=\"utf-8\"><title>" + htmlEscaped(title) +
           "</title><style>\n"
           "h1 { font-size: 15pt; margin-bottom: 2pt; }\n"
           "h2 { font-size: 11pt; margin-top: 10pt; margin-bottom: 1pt; }\n"
           "p.cite { font-size: 7pt; color: #555; font-style: italic; margin-top: 0; }\n"
           "p.note { font-size: 7.5pt; color: #333; margin: 1pt 0; }\n"
           "th, td { font-size: 7.5pt; }\n"
           "li { font-size: 8pt; }\n"
           "</style></head><body>\n<h1>" +
           htmlEscaped(title) + "</h1>\n";
}

std::string printedPageEnd() { return "</body></html>\n"; }

namespace {

std::string markdownCell(const std::string& text) {
    std::string out;
    for (const char c : text) {
        out += c == '|' ? std::string("\\|") : c == '\n' ? std::string(" ") : std::string(1, c);
    }
    return out;
}

} // namespace

TextGrid withoutEmptyColumns(TextGrid grid) {
    if (grid.rows.empty()) {
        return grid; // nothing to say a column is empty: the headings stay
    }
    for (std::size_t column = grid.header.size(); column-- > 0;) {
        bool empty = true;
        for (const auto& row : grid.rows) {
            empty = empty && (column >= row.size() || row[column].empty());
        }
        if (!empty) {
            continue;
        }
        grid.header.erase(grid.header.begin() + static_cast<std::ptrdiff_t>(column));
        for (auto& row : grid.rows) {
            if (column < row.size()) {
                row.erase(row.begin() + static_cast<std::ptrdiff_t>(column));
            }
        }
        if (column < grid.widths.size()) {
            grid.widths.erase(grid.widths.begin() + static_cast<std::ptrdiff_t>(column));
        }
    }
    return grid;
}

std::string toMarkdown(const TextGrid& grid) {
    std::ostringstream text;
    for (const std::string& heading : grid.header) {
        text << "| " << markdownCell(heading) << " ";
    }
    text << "|\n";
    for (std::size_t i = 0; i < grid.header.size(); ++i) {
        text << "|---";
    }
    text << "|\n";
    for (const auto& row : grid.rows) {
        for (const std::string& cell : row) {
            text << "| " << markdownCell(cell) << " ";
        }
        text << "|\n";
    }
    return text.str();
}

std::string toHtml(const TextGrid& grid) {
    std::ostringstream html;
    html << "<table border=\"1\" cellspacing=\"0\" cellpadding=\"2\" width=\"100%\">\n<tr>";
    for (std::size_t column = 0; column < grid.header.size(); ++column) {
        const int width = column < grid.widths.size() ? grid.widths[column] : 0;
        html << "<th bgcolor=\"#e8e4d8\"" << (width > 0 ? " width=\"" + std::to_string(width) + "%\"" : std::string()) << ">"
             << htmlEscaped(grid.header[column]) << "</th>";
    }
    html << "</tr>\n";
    for (const auto& row : grid.rows) {
        html << "<tr>";
        for (const std::string& cell : row) {
            html << "<td>" << htmlEscaped(cell) << "</td>";
        }
        html << "</tr>\n";
    }
    html << "</table>\n";
    return html.str();
}

} // namespace sandtable
