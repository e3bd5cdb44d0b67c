#pragma once

#include <optional>
#include <string>

namespace sandtable {

enum class Suit { Clubs, Diamonds, Hearts, Spades };
enum class CardColour { Red, Black };

/// A playing card: a standard card (ace 1 to king 13), a red or black joker (LSHM
/// "two joker cards, one marked red one marked black"), or a named card such as a
/// brigade's card in One If By Land.
class Card {
public:
    enum class Kind { Standard, Joker, Named };

    static Card standard(Suit suit, int rank);
    static Card joker(CardColour colour);
    static Card named(std::string name);

    Kind kind() const { return m_kind; }
    bool isJoker() const { return m_kind == Kind::Joker; }
    bool isNamed() const { return m_kind == Kind::Named; }

    /// Suit and rank of a standard card; empty for jokers and named cards.
    std::optional<Suit> suit() const;
    std::optional<int> rank() const;
    /// The colour of a standard card or joker; empty for a named card.
    std::optional<CardColour> colour() const;
    bool isAce() const { return m_kind == Kind::Standard && m_rank == 1; }
    /// Jack, Queen or King (LSHM: "a face card (Jack, King, or Queen)").
    bool isFace() const { return m_kind == Kind::Standard && m_rank >= 11; }

    /// A stable id for saves and logs: "QH", "10S", "joker-red", or the card's name.
    std::string id() const;
    /// What a player reads: "Queen of Hearts", "red joker", "2nd Brigade".
    std::string displayName() const;

    friend bool operator==(const Card&, const Card&) = default;

private:
    Kind m_kind = Kind::Standard;
    Suit m_suit = Suit::Clubs;
    int m_rank = 1;
    CardColour m_colour = CardColour::Black;
    std::string m_name;
};

std::string toString(Suit suit);

/// The card an id names, the inverse of Card::id: "QH", "10S", "joker-red"; any other text
/// is a named card (a brigade's). A named card whose name reads as a standard id is read
/// as that card.
Card cardFromId(const std::string& id);

} // namespace sandtable
