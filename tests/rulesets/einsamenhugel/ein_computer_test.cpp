// The computer player on the Einsamenhügel rules: what it chooses in small set pieces,
// and the whole refight played to its end by the computer on both sides.

#include "ein_test_support.h"
#include "sandtable/computer_player.h"
#include "sandtable/replay.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/save_file.h"
#include "sandtable/scenario.h"

#include <catch2/catch.hpp>

using namespace eintest;
using Catch::Matchers::Contains;

namespace {

/// A game on a small table, straight into the movement phase (no pre-battle moves).
std::unique_ptr<Game> setPiece(const Battle& battle, std::uint64_t seed = 5) {
    Scenario scenario;
    scenario.name = "set piece";
    scenario.rulesetId = "einsamenhugel";
    scenario.rulesetOptions = {{"pre-battle-moves", "0"}};
    scenario.battle = battle;
    scenario.battle.phase.clear();
    scenario.battle.session = nlohmann::json::object();
    auto rules = makeRuleset("einsamenhugel", scenario.rulesetOptions);
    REQUIRE(rules);
    auto game = Game::start(std::move(scenario), std::move(rules).value(), seed);
    REQUIRE(game);
    REQUIRE(game.value()->battle().phase == "movement");
    return std::move(game).value();
}

/// Each side: foot, heavy horse, a gun and a general; the horse 6cm apart, the foot 18cm.
Battle mirroredBattle(double footGapCm = 18) {
    Battle battle = emptyBattle();
    const double footY = (footGapCm + 2) / 2;
    addUnit(battle, UnitSpec("a-foot", "a", "regular-foot", 90, 40 + footY));
    addUnit(battle, UnitSpec("b-foot", "b", "regular-foot", 90, 40 - footY, 180));
    addUnit(battle, UnitSpec("a-horse", "a", "heavy-horse", 30, 45));
    addUnit(battle, UnitSpec("b-horse", "b", "heavy-horse", 30, 35, 180));
    addUnit(battle, UnitSpec("a-gun", "a", "artillery", 150, 70).in("unlimbered"));
    addUnit(battle, UnitSpec("b-gun", "b", "artillery", 150, 10, 180).in("unlimbered"));
    addUnit(battle, UnitSpec("a-general", "a", "general", 120, 70));
    addUnit(battle, UnitSpec("b-general", "b", "general", 120, 10, 180));
    return battle;
}

std::string own(const std::string& side, const std::string& what) { return side + "-" + what; }
std::string enemy(const std::string& side, const std::string& what) { return (side == "a" ? "b-" : "a-") + what; }

/// The computer plays both sides of `game` while `goOn` holds (at most 20 actions); the
/// fire orders it gave.
template <class GoOn> std::vector<Action> playBothSides(Game& game, GoOn goOn) {
    const std::set<std::string> both{"a", "b"};
    std::vector<Action> fired;
    for (int guard = 0; guard < 20 && goOn(fired); ++guard) {
        const std::optional<std::string> side = computerToDecide(game, both);
        REQUIRE(side);
        const auto played = playComputerAction(game, *side, [&](const Action& action) {
            auto done = game.perform(action);
            return done ? std::string() : done.error();
        });
        REQUIRE(played);
        if (played->action.type == "fire") {
            fired.push_back(played->action);
        }
    }
    return fired;
}

} // namespace

TEST_CASE("the computer charges with horse, advances foot to musket range and leaves guns and generals be", "[ein][computer]") {
    auto game = setPiece(mirroredBattle());
    const std::string side = game->status().activeSide;
    const std::vector<ComputerChoice> choices = computerChoices(*game, side);
    REQUIRE(choices.size() >= 3);
    // Horse close to charge: the enemy horse is within its 10cm.
    CHECK(choices[0].action.type == "charge");
    CHECK(choices[0].action.unit == own(side, "horse"));
    CHECK(choices[0].action.target == enemy(side, "horse"));
    CHECK(choices[0].reason == "charges the nearest enemy it may reach");
    // The foot, 18cm from the nearest enemy, advances its whole 6cm straight at it.
    const auto advance = std::find_if(choices.begin(), choices.end(), [&](const ComputerChoice& c) {
        return c.action.type == "move" && c.action.unit == own(side, "foot");
    });
    REQUIRE(advance != choices.end());
    const Unit& foot = *game->battle().findUnit(own(side, "foot"));
    REQUIRE(advance->action.path.size() == 1);
    CHECK(boost::geometry::distance(foot.centre(), advance->action.path.front()) == Approx(mm(6)));
    CHECK(advance->reason == "advances on " + enemy(side, "foot") + ", to come within range");
    // Nothing for guns or the general; the side's pass comes last.
    for (const ComputerChoice& choice : choices) {
        CHECK(choice.action.unit != own(side, "gun"));
        CHECK(choice.action.unit != own(side, "general"));
        CHECK((choice.action.unit.rfind(side + "-", 0) == 0 || choice.action.unit.empty()));
    }
    CHECK(choices.back().action.type == "pass");
    // The other side has nothing to decide, and the same state gives the same choices.
    CHECK(computerChoices(*game, side == "a" ? "b" : "a").empty());
    const std::vector<ComputerChoice> again = computerChoices(*game, side);
    REQUIRE(again.size() == choices.size());
    for (std::size_t i = 0; i < choices.size(); ++i) {
        CHECK(toJson(again[i].action) == toJson(choices[i].action));
    }
}

TEST_CASE("the computer's foot stops short of the enemy's range edge and holds once within it", "[ein][computer]") {
    // 10cm apart: the advance stops at 90% of the 8cm musket range, 7.2cm.
    auto game = setPiece(mirroredBattle(10));
    const std::string side = game->status().activeSide;
    const auto choices = computerChoices(*game, side);
    const auto advance = std::find_if(choices.begin(), choices.end(), [&](const ComputerChoice& c) {
        return c.action.type == "move" && c.action.unit == own(side, "foot");
    });
    REQUIRE(advance != choices.end());
    const Unit& foot = *game->battle().findUnit(own(side, "foot"));
    CHECK(boost::geometry::distance(foot.centre(), advance->action.path.front()) == Approx(mm(10 - 7.2)));
    // Within range, it stays where it is and shoots in the fire phase.
    auto inRange = setPiece(mirroredBattle(6));
    const std::string mover = inRange->status().activeSide;
    for (const ComputerChoice& choice : computerChoices(*inRange, mover)) {
        CHECK_FALSE((choice.action.type == "move" && choice.action.unit == own(mover, "foot")));
    }
}

/// Each side's beaten foot (a quarter of its effectiveness left) with the enemy 9cm ahead,
/// at either end of the table, and with `friendBehind` a friend 2.4cm behind it and 7cm to
/// the side, across its straight way back (as the Royal Foot and the Royal-Buff Grenadiers
/// stood in a refight).
Battle beatenFootBattle(bool friendBehind) {
    Battle battle = emptyBattle();
    const auto beaten = [&](const std::string& id, const std::string& side, double x, double y, double facing) {
        addUnit(battle, UnitSpec(id, side, "regular-foot", x, y, facing)).counters["quarters"] = 1;
    };
    beaten("a-beaten", "a", 30, 44.3, 0);
    beaten("b-beaten", "b", 152.9, 31.9, 180);
    if (friendBehind) {
        addUnit(battle, UnitSpec("a-friend", "a", "regular-foot", 36.9, 46.7));
        addUnit(battle, UnitSpec("b-friend", "b", "regular-foot", 146, 29.5, 180));
    }
    addUnit(battle, UnitSpec("b-enemy", "b", "regular-foot", 28.4, 35.5, 180));
    addUnit(battle, UnitSpec("a-enemy", "a", "regular-foot", 154.5, 40.7));
    return battle;
}

/// The standard level's fall back for the active side's beaten foot, if it gives one.
std::optional<ComputerChoice> fallBackOf(Game& game) {
    const std::string side = game.status().activeSide;
    for (const ComputerChoice& choice : computerChoices(game, side, ComputerLevel::Standard)) {
        if (choice.action.type == "move" && choice.action.unit == own(side, "beaten")) {
            return choice;
        }
    }
    return std::nullopt;
}

TEST_CASE("a beaten unit falls back straight from the enemy, and round a friend that bars the straight way", "[ein][computer]") {
    auto open = setPiece(beatenFootBattle(false));
    const std::optional<ComputerChoice> straight = fallBackOf(*open);
    REQUIRE(straight);
    CHECK_THAT(straight->reason, Contains("falls back from") && !Contains("going round"));

    auto game = setPiece(beatenFootBattle(true));
    const std::string side = game->status().activeSide;
    const std::optional<ComputerChoice> round = fallBackOf(*game);
    REQUIRE(round);
    // The straight way back runs into the friend; the step taken goes round it, farther
    // from the enemy, and the rules allow it.
    Action straightBack = straight->action;
    CHECK_FALSE(game->verdict(straightBack).allowed());
    CHECK_THAT(round->reason, Contains("falls back from") && Contains("going round (straight on, ") && Contains("would run into"));
    CHECK(game->verdict(round->action).allowed());
    const Unit& unit = *game->battle().findUnit(own(side, "beaten"));
    const Point enemyAt = game->battle().findUnit(enemy(side, "enemy"))->centre();
    CHECK(boost::geometry::distance(round->action.path.front(), enemyAt) > boost::geometry::distance(unit.centre(), enemyAt) + mm(1));
    // The basic level has no beaten units: it does not fall back.
    for (const ComputerChoice& choice : computerChoices(*game, side)) {
        CHECK_FALSE((choice.action.type == "move" && choice.action.unit == own(side, "beaten")));
    }
}

/// Each side's beaten foot (as beatenFootBattle's) with the enemy foot 9cm ahead and an
/// enemy gun behind it, `gunBehindCm` from its centre: a step back from the foot is a step
/// toward the gun.
Battle beatenBetweenBattle(double gunBehindCm) {
    Battle battle = beatenFootBattle(false);
    addUnit(battle, UnitSpec("b-gun", "b", "artillery", 30, 44.3 + gunBehindCm).in("unlimbered"));
    addUnit(battle, UnitSpec("a-gun", "a", "artillery", 152.9, 31.9 - gunBehindCm, 180).in("unlimbered"));
    return battle;
}

TEST_CASE("a beaten unit does not fall back from one enemy deeper into another's reach", "[ein][computer]") {
    // Between two enemies a beaten unit that stepped back from the nearer stepped back
    // from the other the next turn, to and fro: a refight went on for 900 turns so. With
    // the gun 10cm behind, every step back from the foot ends nearer the gun than the
    // foot is now: the unit holds (the side passes; these rules give a unit no order to
    // say so).
    auto between = setPiece(beatenBetweenBattle(10));
    CHECK_FALSE(fallBackOf(*between));
    // With the gun 30cm behind, beyond its reach whatever the step, it falls back.
    auto clear = setPiece(beatenBetweenBattle(30));
    const std::optional<ComputerChoice> back = fallBackOf(*clear);
    REQUIRE(back);
    CHECK_THAT(back->reason, Contains("falls back from"));
}

/// Each side's `mover` (a unit of `moverType`, `moverDepth` cm deep) facing an enemy
/// `type` (`depth` cm deep) `gap` cm away, at either end of the table.
Battle facingBattle(const std::string& mover, const std::string& moverType, double moverDepth, const std::string& type, double depth,
                    double gap, const std::string& formation) {
    Battle battle = emptyBattle();
    const double apart = gap + moverDepth / 2 + depth / 2; // centre to centre
    addUnit(battle, UnitSpec("a-" + mover, "a", moverType, 30, 60));
    addUnit(battle, UnitSpec("b-target", "b", type, 30, 60 - apart, 180).in(formation));
    addUnit(battle, UnitSpec("b-" + mover, "b", moverType, 150, 60 - apart, 180));
    addUnit(battle, UnitSpec("a-target", "a", type, 150, 60).in(formation));
    return battle;
}

/// Each side's heavy horse (10cm move, 4cm deep) facing an enemy `type` (`depth` cm
/// deep) `gap` cm away, at either end of the table.
Battle horseFacing(const std::string& type, double depth, double gap, const std::string& formation = "") {
    return facingBattle("horse", "heavy-horse", 4, type, depth, gap, formation);
}

/// Each side's foot (6cm move, 8cm musket range, 2cm deep) facing an enemy `type`
/// (`depth` cm deep) `gap` cm away, at either end of the table.
Battle footFacing(const std::string& type, double depth, double gap, const std::string& formation = "") {
    return facingBattle("foot", "regular-foot", 2, type, depth, gap, formation);
}

/// The active side's `mover`'s move among `level`'s choices, if it is given one.
std::optional<ComputerChoice> moveOf(Game& game, const std::string& mover, ComputerLevel level) {
    const std::string side = game.status().activeSide;
    for (const ComputerChoice& choice : computerChoices(game, side, level)) {
        if (choice.action.type == "move" && choice.action.unit == own(side, mover)) {
            return choice;
        }
    }
    return std::nullopt;
}

/// Where the basic level advances the active side's `mover` on the enemy of `waiting`,
/// saying `advanceSays`, the standard level gives it no move; facing the longer range of
/// `crossing`'s enemy, the standard level advances it too.
void waitsButCrosses(const std::string& mover, const Battle& waiting, const Battle& crossing, const std::string& advanceSays) {
    auto waits = setPiece(waiting);
    const std::optional<ComputerChoice> basic = moveOf(*waits, mover, ComputerLevel::Basic);
    REQUIRE(basic);
    CHECK_THAT(basic->reason, Contains(advanceSays));
    CHECK_FALSE(moveOf(*waits, mover, ComputerLevel::Standard));
    auto crosses = setPiece(crossing);
    const std::optional<ComputerChoice> standard = moveOf(*crosses, mover, ComputerLevel::Standard);
    REQUIRE(standard);
    CHECK_THAT(standard->reason, Contains(advanceSays));
}

TEST_CASE("horse waits outside the range of foot it could charge from there, and crosses a gun's longer range", "[ein][computer]") {
    // 14cm from foot whose muskets reach 8cm: a 10cm advance would end within them, to be
    // shot in the fire phase; 8cm out it is still within a charge of them. A gun 30cm off
    // outranges the horse's move (24cm): there is no waiting outside its range and still
    // charging it, so the horse advances into it at every level.
    waitsButCrosses("horse", horseFacing("regular-foot", 2, 14), horseFacing("artillery", 4, 30, "unlimbered"), "to close and charge");
}

TEST_CASE("foot waits outside the range of foot that must come within its own to shoot, and crosses a gun's longer range",
          "[ein][computer]") {
    // 12cm from foot whose muskets reach 8cm, as its own do: a 6cm advance would end
    // within them, where the enemy shoots at it first. The basic level steps in; the
    // standard level waits for the enemy to come. A gun 20cm off outranges the muskets:
    // it need not come nearer to shoot, so the foot advances into its range at every level.
    waitsButCrosses("foot", footFacing("regular-foot", 2, 12), footFacing("artillery", 4, 20, "unlimbered"), "to come within range");
}

TEST_CASE("foot does not wait outside the range of foot that has stood idle since the last turn began", "[ein][computer]") {
    // The same foot 12cm apart, both sides passing every phase of the first turn: in the
    // second the enemy shows no sign of coming, so the standard level steps in as the
    // basic level does.
    auto game = setPiece(footFacing("regular-foot", 2, 12));
    while (game->battle().turn < 2) {
        REQUIRE(game->perform(Action{"pass", "", "", {}, {}, {}}));
    }
    REQUIRE(game->battle().phase == "movement");
    const std::optional<ComputerChoice> standard = moveOf(*game, "foot", ComputerLevel::Standard);
    REQUIRE(standard);
    CHECK_THAT(standard->reason, Contains("to come within range"));
}

TEST_CASE("in the fire phase the computer orders each unit to fire at its nearest target, then passes", "[ein][computer]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("a-foot", "a", "regular-foot", 90, 44));
    addUnit(battle, UnitSpec("b-foot", "b", "regular-foot", 90, 38, 180));
    addUnit(battle, UnitSpec("b-far", "b", "regular-foot", 140, 38, 180));
    auto game = setPiece(battle);
    const std::vector<Action> fired = playBothSides(*game, [&](const std::vector<Action>&) { return game->battle().turn == 1; });
    CHECK(game->battle().turn == 2);
    REQUIRE(fired.size() == 2);
    std::map<std::string, std::string> targetOf;
    for (const Action& action : fired) {
        targetOf[action.unit] = action.target;
    }
    CHECK(targetOf["a-foot"] == "b-foot"); // the nearer of the two
    CHECK(targetOf["b-foot"] == "a-foot");
}

TEST_CASE("the computer plays the Battle of Einsamenhügel to its end on both sides, and the save replays", "[ein][computer][scenario]") {
    for (const std::uint64_t seed : {1u, 2u, 3u}) {
        auto scenario = loadScenario(scenariosDir() / "einsamenhugel-battle.json");
        REQUIRE(scenario);
        auto rules = makeRuleset("einsamenhugel", scenario->rulesetOptions);
        REQUIRE(rules);
        auto game = Game::start(std::move(scenario).value(), std::move(rules).value(), seed);
        REQUIRE(game);
        Game& playing = **game;
        const std::set<std::string> both{"pragmatic", "franco-bavarian"};
        for (int guard = 0; guard < 2000 && !playing.status().over; ++guard) {
            const std::optional<std::string> side = computerToDecide(playing, both);
            REQUIRE(side);
            const auto played = playComputerAction(playing, *side, [&](const Action& action) {
                auto done = playing.perform(action);
                return done ? std::string() : done.error();
            });
            INFO("seed " << seed << ", turn " << playing.battle().turn << " " << playing.battle().phase);
            REQUIRE(played);
        }
        INFO("seed " << seed);
        REQUIRE(playing.status().over);
        CHECK_FALSE(playing.status().result.empty());
        CHECK(playing.battle().turn >= 3); // armies 40cm apart do not break in two turns
        const SaveFile save = saveOf(playing);
        auto replayed = replay(save, [](const std::string& id, const nlohmann::json& options) { return makeRuleset(id, options); });
        REQUIRE(replayed);
        CHECK(replayed->reproduced());
    }
}

TEST_CASE("a unit that has given its fire order is offered no more fire, may no longer act, and a second order is refused as "
          "the preview shows",
          "[ein][fire][offers]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("a-foot", "a", "regular-foot", 90, 44));
    addUnit(battle, UnitSpec("b-foot", "b", "regular-foot", 90, 38, 180));
    auto game = setPiece(battle);
    const std::vector<Action> orders = playBothSides(*game, [](const std::vector<Action>& fired) { return fired.empty(); });
    REQUIRE(orders.size() == 1);
    const std::optional<Action> fired = orders.front();
    REQUIRE(game->battle().phase == "fire");
    const std::string firer = fired->unit;
    for (const Offer& offer : game->offers(firer)) {
        CHECK(offer.type != "fire");
    }
    const std::vector<std::string>& may = game->status().mayActivate;
    CHECK(std::find(may.begin(), may.end(), firer) == may.end());
    const Preview again = game->preview(*fired);
    CHECK_THAT(again.refusal, Catch::Matchers::Contains("has already been ordered to fire this turn"));
    const auto done = game->perform(*fired);
    REQUIRE_FALSE(done);
    CHECK(done.error() == again.refusal);
}

TEST_CASE("a general is not offered to join the unit he is already with, and the preview says why", "[ein][offers]") {
    Battle battle = emptyBattle();
    addUnit(battle, UnitSpec("a-foot", "a", "regular-foot", 90, 60));
    addUnit(battle, UnitSpec("a-horse", "a", "heavy-horse", 110, 60));
    addUnit(battle, UnitSpec("a-general", "a", "general", 100, 68));
    addUnit(battle, UnitSpec("b-foot", "b", "regular-foot", 90, 10, 180));
    battle.findUnit("a-general")->attachedTo = "a-foot";
    auto game = setPiece(battle);
    if (game->status().activeSide != "a") {
        REQUIRE(game->perform(actionFromJson({{"type", "pass"}}).value()));
    }
    REQUIRE(game->status().activeSide == "a");
    bool offeredJoin = false;
    for (const Offer& offer : game->offers("a-general")) {
        if (offer.type == "attach") {
            offeredJoin = true;
            CHECK(std::find(offer.targets.begin(), offer.targets.end(), "a-foot") == offer.targets.end());
            CHECK(std::find(offer.targets.begin(), offer.targets.end(), "a-horse") != offer.targets.end());
        }
    }
    CHECK(offeredJoin);
    const Preview already = game->preview(actionFromJson({{"type", "attach"}, {"unit", "a-general"}, {"target", "a-foot"}}).value());
    CHECK(already.refusal == "a-general is already with a-foot");
}
