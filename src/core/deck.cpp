#include "sandtable/deck.h"

#include <cassert>
#include <utility>

namespace sandtable {

Deck::Deck(std::vector<Card> cards) : m_drawPile(std::move(cards)) {}

Deck Deck::standard(bool withJokers) {
    std::vector<Card> cards;
    for (const Suit suit : {Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades}) {
        for (int rank = 1; rank <= 13; ++rank) {
            cards.push_back(Card::standard(suit, rank));
        }
    }
    if (withJokers) {
        cards.push_back(Card::joker(CardColour::Red));
        cards.push_back(Card::joker(CardColour::Black));
    }
    // The first card listed is the first drawn until the deck is shuffled.
    return Deck(std::vector<Card>(cards.rbegin(), cards.rend()));
}

Deck Deck::named(const std::vector<std::string>& names) {
    std::vector<Card> cards;
    for (auto name = names.rbegin(); name != names.rend(); ++name) {
        cards.push_back(Card::named(*name));
    }
    return Deck(std::move(cards));
}

void Deck::shuffle(DiceStream& stream, PurposeId purpose) {
    m_drawPile.insert(m_drawPile.end(), m_discards.begin(), m_discards.end());
    m_discards.clear();
    for (std::size_t i = m_drawPile.size(); i > 1; --i) {
        const auto j = static_cast<std::size_t>(stream.uniform(0, static_cast<int>(i - 1), purpose));
        std::swap(m_drawPile[i - 1], m_drawPile[j]);
    }
    ++m_shuffles;
}

const Card& Deck::draw(DiceStream& stream, PurposeId purpose) {
    assert(size() > 0);
    if (m_drawPile.empty()) {
        shuffle(stream, purpose);
    }
    m_discards.push_back(m_drawPile.back());
    m_drawPile.pop_back();
    return m_discards.back();
}

} // namespace sandtable
