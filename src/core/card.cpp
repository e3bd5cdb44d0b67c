#include "sandtable/card.h"

#include <cassert>

namespace sandtable {

Card Card::standard(Suit suit, int rank) {
    assert(rank >= 1 && rank <= 13);
    Card card;
    card.m_kind = Kind::Standard;
    card.m_suit = suit;
    card.m_rank = rank;
    card.m_colour = (suit == Suit::Diamonds || suit == Suit::Hearts) ? CardColour::Red : CardColour::Black;
    return card;
}

Card Card::joker(CardColour colour) {
    Card card;
    card.m_kind = Kind::Joker;
    card.m_colour = colour;
    return card;
}

Card Card::named(std::string name) {
    Card card;
    card.m_kind = Kind::Named;
    card.m_name = std::move(name);
    return card;
}

std::optional<Suit> Card::suit() const { return m_kind == Kind::Standard ? std::optional<Suit>(m_suit) : std::nullopt; }

std::optional<int> Card::rank() const { return m_kind == Kind::Standard ? std::optional<int>(m_rank) : std::nullopt; }

std::optional<CardColour> Card::colour() const { return m_kind == Kind::Named ? std::nullopt : std::optional<CardColour>(m_colour); }

namespace {

const char* rankLetters(int rank) {
    static constexpr const char* letters[] = {"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
    return letters[rank];
}

const char* rankName(int rank) {
    static constexpr const char* names[] = {"", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"};
    return names[rank];
}

} // namespace

std::string toString(Suit suit) {
    switch (suit) {
    case Suit::Clubs:
        return "Clubs";
    case Suit::Diamonds:
        return "Diamonds";
    case Suit::Hearts:
        return "Hearts";
    case Suit::Spades:
        return "Spades";
    }
    return {};
}

std::string Card::id() const {
    switch (m_kind) {
    case Kind::Standard:
        return std::string(rankLetters(m_rank)) + toString(m_suit).front();
    case Kind::Joker:
        return m_colour == CardColour::Red ? "joker-red" : "joker-black";
    case Kind::Named:
        return m_name;
    }
    return {};
}

std::string Card::displayName() const {
    switch (m_kind) {
    case Kind::Standard:
        return std::string(rankName(m_rank)) + " of " + toString(m_suit);
    case Kind::Joker:
        return m_colour == CardColour::Red ? "red joker" : "black joker";
    case Kind::Named:
        return m_name;
    }
    return {};
}

Card cardFromId(const std::string& id) {
    for (const CardColour colour : {CardColour::Red, CardColour::Black}) {
        if (const Card joker = Card::joker(colour); id == joker.id()) {
            return joker;
        }
    }
    if (id.size() >= 2 && id.size() <= 3) {
        const std::string letters = id.substr(0, id.size() - 1);
        for (const Suit suit : {Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades}) {
            if (id.back() != toString(suit).front()) {
                continue;
            }
            for (int rank = 1; rank <= 13; ++rank) {
                if (letters == rankLetters(rank)) {
                    return Card::standard(suit, rank);
                }
            }
        }
    }
    return Card::named(id);
}

} // namespace sandtable
