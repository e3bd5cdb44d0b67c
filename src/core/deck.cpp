#include "sandtable/deck.h"

#include <algorithm>
#include <cassert>
#include <stdexcept>

namespace sandtable {

namespace {

using Count = boost::multiprecision::cpp_int;

// C(n, k) as an exact integer (n is at most a deck's size).
Count choose(int n, int k) {
    if (k < 0 || k > n) {
        return 0;
    }
    Count result = 1;
    for (int i = 1; i <= k; ++i) {
        result *= n - k + i;
        result /= i; // exact: the product of i consecutive integers is divisible by i!
    }
    return result;
}

// The chance of each number of matches in `draws` cards drawn without replacement from
// `size` cards of which `matching` match.
std::vector<Probability> hypergeometric(int matching, int size, int draws) {
    std::vector<Probability> chances;
    chances.reserve(static_cast<std::size_t>(draws) + 1);
    const Count all = choose(size, draws);
    for (int k = 0; k <= draws; ++k) {
        const Count ways = choose(matching, k) * choose(size - matching, draws - k);
        chances.emplace_back(ways, all);
    }
    return chances;
}

std::vector<Probability> convolve(const std::vector<Probability>& a, const std::vector<Probability>& b) {
    std::vector<Probability> sum(a.size() + b.size() - 1);
    for (std::size_t i = 0; i < a.size(); ++i) {
        for (std::size_t j = 0; j < b.size(); ++j) {
            const Probability both = a[i] * b[j];
            sum[i + j] += both;
        }
    }
    return sum;
}

int countPassing(const std::vector<std::string>& cards, const CardTest& test) {
    return static_cast<int>(std::count_if(cards.begin(), cards.end(), [&](const std::string& id) { return test(cardFromId(id)); }));
}

} // namespace

std::vector<std::string> standardCards(bool withJokers) {
    std::vector<std::string> cards;
    for (const Suit suit : {Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades}) {
        for (int rank = 1; rank <= 13; ++rank) {
            cards.push_back(Card::standard(suit, rank).id());
        }
    }
    if (withJokers) {
        cards.push_back(Card::joker(CardColour::Red).id());
        cards.push_back(Card::joker(CardColour::Black).id());
    }
    return cards;
}

DeckState gathered(DeckState deck) {
    // Back into the deck's own order: what is left is a composition, never an order.
    deck.drawPile = deck.cards;
    deck.discards.clear();
    ++deck.shuffles;
    return deck;
}

namespace {

// What the next card is drawn from: the cards left, or, with none left, every card of the
// deck gathered back (as DeckGathered makes it).
const std::vector<std::string>& nextDrawnFrom(const DeckState& deck) { return deck.drawPile.empty() ? deck.cards : deck.drawPile; }

} // namespace

TurnedCard turnCard(const DeckState& deck, DiceStream& stream, PurposeId purpose) {
    const std::vector<std::string>& pile = nextDrawnFrom(deck);
    if (pile.empty()) {
        throw std::logic_error("a card was turned from a deck with no cards");
    }
    const int index = stream.uniform(0, static_cast<int>(pile.size()) - 1, purpose);
    return TurnedCard{pile[static_cast<std::size_t>(index)], deck.drawPile.empty()};
}

Probability nextCardChance(const DeckState& deck, const CardTest& test) {
    const std::vector<std::string>& pile = nextDrawnFrom(deck);
    if (pile.empty()) {
        return 0;
    }
    return Probability(countPassing(pile, test), static_cast<int>(pile.size()));
}

std::vector<Probability> matchesInDraws(const DeckState& deck, const CardTest& test, int draws) {
    std::vector<Probability> chances(1, Probability(1));
    if (draws <= 0 || deck.cards.empty()) {
        return chances;
    }
    const int left = static_cast<int>(deck.drawPile.size());
    const int fromPile = std::min(draws, left);
    chances = hypergeometric(countPassing(deck.drawPile, test), left, fromPile);
    int rest = draws - fromPile;
    const int size = static_cast<int>(deck.cards.size());
    const int matching = countPassing(deck.cards, test);
    // Past the pile, the whole deck gathered up: each full pass turns every card once.
    while (rest > 0) {
        const int pass = std::min(rest, size);
        chances = convolve(chances, hypergeometric(matching, size, pass));
        rest -= pass;
    }
    return chances;
}

} // namespace sandtable
