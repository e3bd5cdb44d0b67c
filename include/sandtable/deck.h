#pragma once

#include "sandtable/card.h"
#include "sandtable/dice_stream.h"

#include <string>
#include <vector>

namespace sandtable {

/// A deck with a draw pile and a discard pile. Shuffles draw from the game's dice
/// stream, so a replay turns the same cards.
class Deck {
public:
    /// 52 cards, ace to king in each suit, with the red and black jokers if asked.
    static Deck standard(bool withJokers);
    /// One card per name, in the given order until shuffled.
    static Deck named(const std::vector<std::string>& names);
    explicit Deck(std::vector<Card> cards);

    /// Gathers the discards back and shuffles every card (Fisher-Yates, one uniform
    /// draw per position, each recorded under `purpose`).
    void shuffle(DiceStream& stream, PurposeId purpose);

    /// Turns the top card onto the discard pile. An empty draw pile is first refilled
    /// by shuffling the discards, as the texts say ("the card deck can be reshuffled").
    const Card& draw(DiceStream& stream, PurposeId purpose);

    std::size_t size() const { return m_drawPile.size() + m_discards.size(); }
    std::size_t remaining() const { return m_drawPile.size(); }
    const std::vector<Card>& discards() const { return m_discards; }
    /// How many times the deck has been shuffled, by shuffle() or by a draw.
    int shuffles() const { return m_shuffles; }

private:
    // The top of the pile is the back of the vector.
    std::vector<Card> m_drawPile;
    std::vector<Card> m_discards;
    int m_shuffles = 0;
};

} // namespace sandtable
