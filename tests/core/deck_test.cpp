#include "sandtable/battle_state.h"
#include "sandtable/deck.h"
#include "sandtable/event.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <set>

using namespace sandtable;

namespace {

// Forms a deck in a battle and turns `count` cards as a ruleset does: turnCard, then the
// events it calls for. Returns the ids turned.
std::vector<std::string> turnCards(Battle& battle, const std::string& deck, DiceStream& stream, int count) {
    std::vector<std::string> turned;
    for (int i = 0; i < count; ++i) {
        const TurnedCard next = turnCard(battle.decks.at(deck), stream, stream.purpose("turn"));
        if (next.reshuffled) {
            applyEvent(battle, event::DeckGathered{deck});
        }
        applyEvent(battle, event::CardTurned{deck, next.card});
        turned.push_back(next.card);
    }
    return turned;
}

Battle battleWithDeck(const std::vector<std::string>& cards) {
    Battle battle;
    applyEvent(battle, event::DeckFormed{"brigades", cards});
    return battle;
}

bool black(const Card& card) { return card.colour() == CardColour::Black; }

} // namespace

TEST_CASE("the LSHM deck: 52 cards and a red and a black joker, all distinct", "[cards]") {
    // 004_96dc734b0b204b1c.txt, "Shuffle Card Deck": "a 52-card deck of playing cards,
    // plus two joker cards, one marked red one marked black".
    Battle battle = battleWithDeck(standardCards(true));
    REQUIRE(battle.decks.at("brigades").cards.size() == 54);
    DiceStream stream(1);
    std::set<std::string> ids;
    int red = 0, blackCards = 0, jokers = 0, faces = 0, aces = 0, hearts = 0;
    for (const std::string& id : turnCards(battle, "brigades", stream, 54)) {
        const Card card = cardFromId(id);
        ids.insert(card.id());
        jokers += card.isJoker() ? 1 : 0;
        faces += card.isFace() ? 1 : 0;
        aces += card.isAce() ? 1 : 0;
        hearts += card.suit() == Suit::Hearts ? 1 : 0;
        (card.colour() == CardColour::Red ? red : blackCards) += 1;
    }
    CHECK(ids.size() == 54);
    CHECK(ids.count("joker-red") == 1);
    CHECK(ids.count("joker-black") == 1);
    CHECK(jokers == 2);
    CHECK(faces == 12);
    CHECK(aces == 4);
    CHECK(hearts == 13);
    CHECK(red == 27);
    CHECK(blackCards == 27);
    CHECK(battle.decks.at("brigades").drawPile.empty());
    CHECK(battle.decks.at("brigades").discards.size() == 54);
}

TEST_CASE("card queries", "[cards]") {
    const Card queen = Card::standard(Suit::Hearts, 12);
    CHECK(queen.id() == "QH");
    CHECK(queen.displayName() == "Queen of Hearts");
    CHECK(queen.isFace());
    CHECK_FALSE(queen.isAce());
    CHECK(queen.colour() == CardColour::Red);
    CHECK(queen.rank() == 12);
    const Card ten = Card::standard(Suit::Spades, 10);
    CHECK(ten.id() == "10S");
    CHECK(ten.colour() == CardColour::Black);
    CHECK_FALSE(ten.isFace());
    const Card joker = Card::joker(CardColour::Black);
    CHECK(joker.displayName() == "black joker");
    CHECK_FALSE(joker.suit().has_value());
    CHECK_FALSE(joker.rank().has_value());
    const Card brigade = Card::named("2nd Brigade");
    CHECK(brigade.isNamed());
    CHECK(brigade.id() == "2nd Brigade");
    CHECK_FALSE(brigade.colour().has_value());
}

TEST_CASE("a card id reads back as the card it names", "[cards]") {
    for (const std::string& id : standardCards(true)) {
        CHECK(cardFromId(id).id() == id);
        CHECK_FALSE(cardFromId(id).isNamed());
    }
    CHECK(cardFromId("10H") == Card::standard(Suit::Hearts, 10));
    CHECK(cardFromId("2nd Brigade") == Card::named("2nd Brigade"));
    CHECK(cardFromId("1H2") == Card::named("1H2"));
    CHECK(cardFromId("") == Card::named(""));
}

TEST_CASE("a card is drawn when it is turned, one draw from the stream, deterministic from the seed", "[cards]") {
    const auto order = [](std::uint64_t seed) {
        Battle battle = battleWithDeck(standardCards(true));
        DiceStream stream(seed);
        auto turned = turnCards(battle, "brigades", stream, 54);
        CHECK(stream.rollCount() == 54); // one uniform draw per card turned
        return turned;
    };
    CHECK(order(5) == order(5));
    CHECK(order(5) != order(6));
    // Golden: the first cards for seed 5. A change to drawing changes saved games.
    const std::vector<std::string> first = order(5);
    CHECK(std::vector<std::string>(first.begin(), first.begin() + 5) == std::vector<std::string>{"7H", "5D", "10C", "3S", "joker-red"});
}

TEST_CASE("what is left is a composition: the state never holds which card is next", "[cards]") {
    Battle battle = battleWithDeck({"A", "B", "C", "D"});
    DiceStream stream(3);
    turnCards(battle, "brigades", stream, 1);
    const DeckState& deck = battle.decks.at("brigades");
    CHECK(deck.drawPile.size() == 3);
    CHECK(deck.discards.size() == 1);
    CHECK(deck.showing() == deck.discards.back());
    // The same cards left in any order are the same state, and turn the same next card.
    Battle permuted = battle;
    std::reverse(permuted.decks.at("brigades").drawPile.begin(), permuted.decks.at("brigades").drawPile.end());
    CHECK(battleStateText(permuted) == battleStateText(battle));
    DiceStream a(11), b(11);
    const std::string nextInOrder = turnCard(battle.decks.at("brigades"), a, 0).card;
    const std::string nextPermuted = turnCard(permuted.decks.at("brigades"), b, 0).card;
    // Which index the draw falls on differs with the order, but no state can say which
    // card that is before it is turned: both are among the three left.
    CHECK(std::count(deck.drawPile.begin(), deck.drawPile.end(), nextInOrder) == 1);
    CHECK(std::count(deck.drawPile.begin(), deck.drawPile.end(), nextPermuted) == 1);
}

TEST_CASE("an empty draw pile is gathered up from the discards before the next card", "[cards]") {
    Battle battle = battleWithDeck({"A", "B", "C"});
    DiceStream stream(9);
    const auto firstPass = turnCards(battle, "brigades", stream, 3);
    CHECK(battle.decks.at("brigades").drawPile.empty());
    CHECK(battle.decks.at("brigades").shuffles == 1);
    const TurnedCard next = turnCard(battle.decks.at("brigades"), stream, 0);
    CHECK(next.reshuffled);
    applyEvent(battle, event::DeckGathered{"brigades"});
    applyEvent(battle, event::CardTurned{"brigades", next.card});
    CHECK(battle.decks.at("brigades").shuffles == 2);
    CHECK(battle.decks.at("brigades").drawPile.size() == 2);
    CHECK(battle.decks.at("brigades").discards == std::vector<std::string>{next.card});
    CHECK(std::multiset<std::string>(firstPass.begin(), firstPass.end()) == std::multiset<std::string>{"A", "B", "C"});
}

TEST_CASE("the deck events are checked: a card not left to turn, or a deck the battle lacks, is a ruleset's bug", "[cards]") {
    Battle battle = battleWithDeck({"A", "B"});
    applyEvent(battle, event::CardTurned{"brigades", "A"});
    CHECK_THROWS_AS(applyEvent(battle, event::CardTurned{"brigades", "A"}), std::logic_error);
    CHECK_THROWS_AS(applyEvent(battle, event::CardTurned{"activation", "B"}), std::logic_error);
    CHECK_THROWS_AS(applyEvent(battle, event::DeckGathered{"activation"}), std::logic_error);
    CHECK(describe(battle, event::CardTurned{"brigades", "QH"}) == "the brigades deck: turns the Queen of Hearts");
    // A command's card reads as the command it calls.
    battle.commands.push_back({"1st", "the 1st Brigade", "blue", "brigade", "", ""});
    CHECK(describe(battle, event::CardTurned{"brigades", "1st"}) == "the brigades deck: turns the card of the 1st Brigade");
    CHECK(describe(battle, event::DeckFormed{"brigades", {"A", "B"}}) == "the brigades deck: 2 cards, shuffled");
    // Formed again: every card back, one more shuffle.
    applyEvent(battle, event::DeckFormed{"brigades", {"A", "B"}});
    CHECK(battle.decks.at("brigades").drawPile.size() == 2);
    CHECK(battle.decks.at("brigades").shuffles == 2);
}

TEST_CASE("the next card's chance, from what is left, a reshuffle included", "[cards][odds]") {
    Battle battle = battleWithDeck(standardCards(true));
    DeckState deck = battle.decks.at("brigades");
    CHECK(nextCardChance(deck, black) == Probability(27, 54));
    CHECK(nextCardChance(deck, [](const Card& card) { return card.isJoker(); }) == Probability(1, 27));
    applyEvent(battle, event::CardTurned{"brigades", "AS"});
    applyEvent(battle, event::CardTurned{"brigades", "2S"});
    deck = battle.decks.at("brigades");
    CHECK(nextCardChance(deck, black) == Probability(25, 52));
    // Nothing left: the next is drawn from the whole deck gathered up.
    DeckState spent = deck;
    spent.discards.insert(spent.discards.end(), spent.drawPile.begin(), spent.drawPile.end());
    spent.drawPile.clear();
    CHECK(nextCardChance(spent, black) == Probability(27, 54));
}

TEST_CASE("k matches in n draws: exact, hypergeometric from the pile, then from the deck gathered up", "[cards][odds]") {
    // Two of four cards black, one turned (black): left B, R, R.
    Battle battle = battleWithDeck({"AS", "2S", "AH", "2H"});
    applyEvent(battle, event::CardTurned{"brigades", "AS"});
    const DeckState deck = battle.decks.at("brigades");
    auto chances = matchesInDraws(deck, black, 2);
    REQUIRE(chances.size() == 3);
    CHECK(chances[0] == Probability(1, 3)); // both reds: 1 of C(3,2) = 3 pairs
    CHECK(chances[1] == Probability(2, 3));
    CHECK(chances[2] == 0);
    // Five draws: the three left (one black), then two from all four gathered (two black).
    chances = matchesInDraws(deck, black, 5);
    REQUIRE(chances.size() == 6);
    CHECK(chances[1] == Probability(1, 6)); // no black among the two: C(2,2)/C(4,2)
    CHECK(chances[2] == Probability(4, 6));
    CHECK(chances[3] == Probability(1, 6));
    Probability total = 0;
    for (const Probability& chance : chances) {
        total += chance;
    }
    CHECK(total == 1);
    CHECK(matchesInDraws(deck, black, 0) == std::vector<Probability>{Probability(1)});
}

TEST_CASE("every card turns up equally often first, and every order equally often", "[cards][montecarlo]") {
    // 20,000 turnings of 3 cards: each order has probability 1/6; the standard error of a
    // frequency is 0.0026, so a tolerance of 0.015 is over five of them.
    std::map<std::string, int> counts;
    DiceStream stream(77);
    constexpr int samples = 20'000;
    for (int i = 0; i < samples; ++i) {
        Battle battle = battleWithDeck({"A", "B", "C"});
        std::string order;
        for (const std::string& card : turnCards(battle, "brigades", stream, 3)) {
            order += card;
        }
        ++counts[order];
    }
    REQUIRE(counts.size() == 6);
    for (const auto& [order, count] : counts) {
        INFO(order);
        CHECK(std::abs(static_cast<double>(count) / samples - 1.0 / 6.0) < 0.015);
    }
}
