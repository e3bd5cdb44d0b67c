// The computer's levels: the standard player, which weighs its orders through the rules,
// against the basic doctrine and against a player picking at random, from both seats; what
// a weighing counts; and the level kept in a save.

#include "computer_game.h"
#include "computer_weighing.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/computer_player.h"
#include "sandtable/refight.h"
#include "sandtable/ruleset_registry.h"
#include "sandtable/save_file.h"
#include "sandtable/scenario.h"
#include "shipped_scenario.h"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <functional>
#include <set>

using namespace sandtable;
using Catch::Matchers::Contains;
using sandtable::test::shipped;

namespace {

/// The chance that a side winning each game with probability `share` (by default 1/2, a
/// decided game between equals) wins at least `wins` of `games`: how likely a bound is to
/// be passed by luck.
double chanceByLuck(int wins, int games, double share = 0.5) {
    double chance = 0;
    for (int k = wins; k <= games; ++k) {
        chance += std::exp(std::lgamma(games + 1.0) - std::lgamma(k + 1.0) - std::lgamma(games - k + 1.0) + k * std::log(share) +
                           (games - k) * std::log(1 - share));
    }
    return chance;
}

struct Tally {
    int wins = 0;
    int decided = 0;
};

/// `runs` refights with `level` playing `seat` and `other` every other side: the games
/// `level` won, of those a side won.
Tally playedFrom(const Scenario& scenario, const std::string& seat, ComputerLevel level, ComputerLevel other, std::size_t runs) {
    RefightPlan plan;
    plan.runs = runs;
    plan.firstSeed = 1;
    plan.jobs = 2;
    plan.level = other;
    plan.levels[seat] = level;
    auto games = refight(scenario, makeRuleset, plan);
    REQUIRE(games);
    Tally tally;
    for (const RefightGame& game : *games) {
        REQUIRE(game.over);
        tally.decided += game.winner.empty() ? 0 : 1;
        tally.wins += game.winner == seat ? 1 : 0;
    }
    return tally;
}

/// The standard level, from each of `scenario`'s two seats in `runs` seeded games, beats
/// the basic level at least `bound` times and a random player at least `randomBound`:
/// bounds that two players of equal strength would pass (both seats together, against
/// the basic level; each seat, against the random player) with a chance under one in a
/// thousand (chanceByLuck), so that passing them says the standard level is the stronger.
/// Seeded games: the tallies are the same every run.
void beatsBasicAndRandom(const Scenario& scenario, const std::array<std::string, 2>& seats, std::size_t runs, int bound, int randomBound) {
    REQUIRE(chanceByLuck(bound, static_cast<int>(runs)) * chanceByLuck(bound, static_cast<int>(runs)) < 0.001);
    REQUIRE(chanceByLuck(randomBound, static_cast<int>(runs)) < 0.001);
    for (const std::string& seat : seats) {
        const Tally against = playedFrom(scenario, seat, ComputerLevel::Standard, ComputerLevel::Basic, runs);
        INFO("standard as " << seat << " won " << against.wins << " of " << runs << " against basic");
        CHECK(against.wins >= bound);
        const Tally random = playedFrom(scenario, seat, ComputerLevel::Standard, ComputerLevel::Random, runs);
        INFO("standard as " << seat << " won " << random.wins << " of " << runs << " against random");
        CHECK(random.wins >= randomBound);
    }
}

/// The standard level, from `seat` of `scenario` in `runs` seeded games, beats the basic
/// level at least `bound` times: a bound the basic level itself, which wins a share
/// `basicShare` of its games from that seat against itself, would pass with a chance under
/// one in a thousand. For a scenario that favours one side, where the even-odds bound of
/// beatsBasicAndRandom says nothing; `basicShare` is measured over hundreds of games and
/// given where the test names it.
void beatsBasicFrom(const Scenario& scenario, const std::string& seat, std::size_t runs, int bound, double basicShare) {
    REQUIRE(chanceByLuck(bound, static_cast<int>(runs), basicShare) < 0.001);
    const Tally against = playedFrom(scenario, seat, ComputerLevel::Standard, ComputerLevel::Basic, runs);
    INFO("standard as " << seat << " won " << against.wins << " of " << runs << " against basic");
    CHECK(against.wins >= bound);
}

/// The standard level, from `seat` of `scenario` in `runs` seeded games, beats a player
/// choosing at random in at least 95% of them (issue 19's bound).
void beatsRandomFrom(const Scenario& scenario, const std::string& seat, std::size_t runs) {
    const int bound = static_cast<int>(std::ceil(0.95 * static_cast<double>(runs)));
    REQUIRE(chanceByLuck(bound, static_cast<int>(runs)) < 0.001);
    const Tally random = playedFrom(scenario, seat, ComputerLevel::Standard, ComputerLevel::Random, runs);
    INFO("standard as " << seat << " won " << random.wins << " of " << runs << " against random");
    CHECK(random.wins >= bound);
}

/// Plays a two-sided `scenario` from `seed`, `seat` at the level `ours` and the other side
/// at `theirs`, until one of `seat`'s orders gives a reason with `mark` in it (returned),
/// the game ends or `most` decisions are taken.
std::optional<ComputerChoice> playedUntilSaid(const Scenario& scenario, std::uint64_t seed, const std::string& seat, ComputerLevel ours,
                                              ComputerLevel theirs, const std::string& mark, int most) {
    const std::unique_ptr<Game> started = test::startGame(scenario, seed);
    Game& game = *started;
    ComputerPlayer mine(ours);
    ComputerPlayer other(theirs);
    const std::set<std::string> sides = test::everySide(scenario);
    const std::string otherSide = *sides.begin() == seat ? *sides.rbegin() : *sides.begin();
    for (int i = 0; i < most && !game.status().over; ++i) {
        const bool ourTurn = computerToDecide(game, sides) == std::optional<std::string>(seat);
        ComputerChoice played = test::decideGivingReasons(ourTurn ? mine : other, game, {ourTurn ? seat : otherSide});
        if (ourTurn && played.reason.find(mark) != std::string::npos) {
            return played;
        }
    }
    return std::nullopt;
}

/// A standard side's first order that steps past a friend (its reason says so) and that
/// `picked` takes, given the mover and the enemy it advances on as they stood before it:
/// Freeman's Farm from `seed`, the standard Americans against the basic British. With the
/// gap to that enemy before and after the order, and the mover's range after it.
struct SteppedPast {
    std::optional<ComputerChoice> choice;
    double gapBefore = 0;
    double gapAfter = 0;
    double range = 0;
};

SteppedPast firstStepPast(std::uint64_t seed, const std::function<bool(const Game&, const Unit&, const Unit&)>& picked) {
    const Scenario scenario = shipped("oibl-freemans-farm.json");
    const std::unique_ptr<Game> started = test::startGame(scenario, seed);
    Game& game = *started;
    ComputerPlayer americans(ComputerLevel::Standard);
    ComputerPlayer british(ComputerLevel::Basic);
    const std::string mark = "stepping past what stood in its way";
    SteppedPast found;
    for (int i = 0; i < 3000 && !found.choice && !game.status().over; ++i) {
        const std::optional<std::string> side = computerToDecide(game, {"american", "british"});
        REQUIRE(side);
        bool taken = false;
        auto played = (*side == "american" ? americans : british).play(game, *side, [&](const Action& action, const std::string& reason) {
            const Unit* enemy = nullptr;
            if (reason.find(mark) != std::string::npos) {
                for (const Unit& unit : game.battle().units) {
                    if (reason.find("advances on " + unit.name + ",") != std::string::npos) {
                        enemy = &unit;
                    }
                }
                REQUIRE(enemy != nullptr);
                const Unit& mover = *game.battle().findUnit(action.unit);
                taken = picked(game, mover, *enemy);
                found.gapBefore = taken ? distanceBetween(mover, *enemy, DistanceConvention::NearestEdges) : found.gapBefore;
            }
            const std::string enemyId = enemy != nullptr ? enemy->id : std::string();
            auto done = game.perform(action, reason);
            if (done && taken) {
                found.gapAfter = distanceBetween(*game.battle().findUnit(action.unit), *game.battle().findUnit(enemyId),
                                                 DistanceConvention::NearestEdges);
                found.range = game.ruleset().standOffRange(game.battle(), action.unit);
            }
            return done ? std::string() : done.error();
        });
        REQUIRE(played);
        if (taken) {
            found.choice = *played;
        }
    }
    return found;
}

} // namespace

TEST_CASE("the levels are named as the CLI, the window and the save name them", "[computer][level]") {
    for (const ComputerLevel level : {ComputerLevel::Random, ComputerLevel::Basic, ComputerLevel::Standard, ComputerLevel::Strong}) {
        CHECK(computerLevelFromString(toString(level)) == level);
    }
    CHECK(toString(ComputerLevel::Standard) == "standard");
    CHECK_FALSE(computerLevelFromString("hard"));
    CHECK(ComputerPlayer().level() == ComputerLevel::Standard);
}

TEST_CASE("a unit's worth counts its bases, its figures' health and what its markers take", "[computer][level][weighing]") {
    auto ozz = makeRuleset("wars-of-ozz", nlohmann::json::object());
    REQUIRE(ozz);
    Unit unit;
    unit.id = "u";
    unit.side = "a";
    unit.elements.resize(4);
    unit.startingBases = 4;
    CHECK(computer::unitWorth(**ozz, unit) == Approx(4));
    CHECK(computer::strengthLeft(**ozz, unit) == Approx(1));
    // Routed takes 0.6 of it, disordered a quarter more (The Wars of Ozz's unitSettings).
    unit.markers = {"routed"};
    CHECK(computer::unitWorth(**ozz, unit) == Approx(1.6));
    unit.markers = {"routed", "disordered"};
    CHECK(computer::unitWorth(**ozz, unit) == Approx(0.6));
    unit.markers.clear();
    unit.elements.resize(2);
    CHECK(computer::strengthLeft(**ozz, unit) == Approx(0.5));
    // A stand of figures counts by its figures standing, a wounded one for less.
    Unit stand = unit;
    stand.elements = {Element{}};
    stand.elements[0].figures = {Health::Fit, Health::Killed, Health::LightlyWounded, Health::Killed};
    CHECK(computer::unitWorth(**ozz, stand) == Approx((1 + 0.7) / 4));
    // A leader counts double; an eliminated unit nothing.
    Unit leader = unit;
    leader.arm = Arm::Leader;
    leader.elements.resize(1);
    CHECK(computer::unitWorth(**ozz, leader) == Approx(2));
    leader.elements.clear();
    CHECK(computer::unitWorth(**ozz, leader) == 0);
}

TEST_CASE("a standard game gives each weighed order its reason, and the save keeps the level", "[computer][level]") {
    const Scenario scenario = shipped("ozz-winkie-border.json");
    const std::unique_ptr<Game> started = test::startGame(scenario, 5);
    Game& game = *started;
    ComputerPlayer computer(ComputerLevel::Standard);
    int weighed = 0;
    for (int i = 0; i < 400 && !game.status().over; ++i) {
        const ComputerChoice played = test::decideGivingReasons(computer, game, {"winkies", "quadlings"});
        if (played.reason.find(" tries, loses in ") != std::string::npos) {
            ++weighed;
            CHECK_THAT(played.reason, Contains("bases expected"));
        }
    }
    CHECK(weighed > 0);
    SaveFile save = saveOf(game);
    save.computerSides = {"winkies"};
    save.computerLevel = ComputerLevel::Strong;
    const auto reread = parseSave(toJsonText(save), "level.sandtable");
    REQUIRE(reread);
    CHECK(reread->computerLevel == ComputerLevel::Strong);
    const std::string text = toJsonText(save);
    std::string wrong = text;
    wrong.replace(wrong.find("\"strong\""), 8, "\"expert\"");
    const auto refused = parseSave(wrong, "level.sandtable");
    REQUIRE_FALSE(refused);
    CHECK_THAT(toString(refused.error()), Contains("expected a computer level"));
}

// Fire the rules only set down, to throw with the rest as the phase ends, is given
// unweighed where it has a lone target, and so is a melee with a lone enemy
// (computer_doctrine.cpp); fire they roll at once is weighed, whatever its targets.
TEST_CASE(
    "fire at a lone target that the rules set down, and a melee with a lone enemy, are given unweighed, but fire rolled at once is weighed",
    "[computer][level]") {
    const auto reasons = [](const char* file, const std::set<std::string>& sides) {
        const std::unique_ptr<Game> started = test::startGame(shipped(file), 5);
        Game& game = *started;
        ComputerPlayer computer(ComputerLevel::Standard);
        std::vector<std::string> given;
        for (int i = 0; i < 3000 && !game.status().over; ++i) {
            given.push_back(test::decideGivingReasons(computer, game, sides).reason);
        }
        return given;
    };
    // The reasons that say `first`, and `then` after it.
    const auto count = [](const std::vector<std::string>& given, const std::string& first, const std::string& then = "") {
        return std::count_if(given.begin(), given.end(), [&](const std::string& reason) {
            const std::size_t at = reason.find(first);
            return at != std::string::npos && reason.find(then, at) != std::string::npos;
        });
    };
    const std::vector<std::string> thrownTogether = reasons("einsamenhugel-battle.json", {"pragmatic", "franco-bavarian"});
    CHECK(count(thrownTogether, "fires at ", ", its only target (set down now, rolled later)") > 0);
    CHECK(count(thrownTogether, "fights the melee with ", ", its only enemy") > 0);
    const std::vector<std::string> rolledAtOnce = reasons("oibl-training-charge.json", {"british", "american"});
    CHECK(count(rolledAtOnce, "set down now") == 0);
    CHECK(count(rolledAtOnce, "fires at ", " tries, loses in ") > 0);
}

// Each ruleset whose seats the standard level beats the basic level in at least 70% of
// games from both, over at least 120 games a seat (docs/architecture.md). Abu Klea's
// Mahdists and One If By Land's Americans do not yet: issue 19 stays open for them, and
// the two tests after these hold those rulesets to what the standard level does reach.
TEST_CASE("The Wars of Ozz: the standard level beats the basic one from both seats, and a random player nearly always",
          "[computer][level][match]") {
    beatsBasicAndRandom(shipped("ozz-winkie-border.json"), {"winkies", "quadlings"}, 24, 18, 20);
}

TEST_CASE("Einsamenhügel: the standard level beats the basic one from both seats, and a random player nearly always",
          "[computer][level][match]") {
    beatsBasicAndRandom(shipped("einsamenhugel-battle.json"), {"pragmatic", "franco-bavarian"}, 40, 27, 31);
}

TEST_CASE("Casa Blanca (LSHM): the standard level beats the basic one from both seats, and a random player nearly always",
          "[computer][level][match]") {
    beatsBasicAndRandom(shipped("lshm-casa-blanca.json"), {"french", "british"}, 40, 27, 31);
}

TEST_CASE("Abu Klea: the standard level wins more than the basic one would from both seats, and beats a random player nearly always",
          "[computer][level][match]") {
    // The basic level against itself, 1,000 games from seed 5001: the Desert Column won
    // 44.9%, the Mahdists 40.6%, 14.5% drawn. The standard level, from seed 1: the Desert
    // Column 105 of 120, the Mahdists 141 of 240 (58.8%, short of the 70% issue 19 asks).
    const Scenario scenario = shipped("vcc-abu-klea.json");
    beatsBasicFrom(scenario, "british", 120, 72, 0.449);
    beatsBasicFrom(scenario, "native", 240, 122, 0.406);
    beatsRandomFrom(scenario, "british", 40);
    beatsRandomFrom(scenario, "native", 40);
}

TEST_CASE("One If By Land: the standard British win more than the basic ones would, and both sides beat a random player at Freeman's Farm",
          "[computer][level][match]") {
    // The basic level against itself at Freeman's Farm, 400 games from seed 5001: the
    // British won 53.0%, the Americans 46.0%. The standard level, from seed 1: the British
    // 24 of 24 against the basic level; the Americans about 60% (72 of 120 from seed 401),
    // too near the basic level's share for a test of this size to tell them apart.
    const Scenario farm = shipped("oibl-freemans-farm.json");
    beatsBasicFrom(farm, "british", 24, 21, 0.53);
    beatsRandomFrom(farm, "british", 24);
    beatsRandomFrom(farm, "american", 24);
    // The training charge is left out: it favours the British so that a player choosing
    // at random as their side won 77 of 100 games against another as the Americans, and
    // 23 of 60 against the standard level (seed 401); the standard level's British beat
    // a random player in 54 of 60, 90% (docs/architecture.md).
}

TEST_CASE("a shock unit offered a charge from afar goes on to an enemy that does not come, rather than wait for odds",
          "[computer][level][match]") {
    // The Wars of Ozz lets a charge be declared at any enemy in front, however far: from
    // afar it falls short, and the tries never favour it. The standard level's foot and
    // horse, waiting for better odds wherever a charge was offered, never closed with a
    // random player that did not come to them: of these 100 games the Winkies won 85 and
    // the Quadlings 87, with draws at 0 all among the rest. They now wait only with an
    // enemy within the danger gap (about 10"), and won 94 and 97; weighing their rallies
    // too, 98 and 99.
    const Scenario scenario = shipped("ozz-winkie-border.json");
    constexpr std::size_t runs = 100;
    for (const std::string seat : {"winkies", "quadlings"}) {
        const Tally random = playedFrom(scenario, seat, ComputerLevel::Standard, ComputerLevel::Random, runs);
        INFO("standard as " << seat << " won " << random.wins << " of " << runs << " against random");
        CHECK(random.wins >= 92);
    }
}

TEST_CASE("a unit tries a rally only where the tries show it no worse than not trying", "[computer][level][match]") {
    // A failed rally in The Wars of Ozz keeps the unit routing and takes a base. The
    // standard level tried one at every activation of a routed unit, down to its last
    // base: of these 100 games against the basic level the Winkies won 66. Weighed, 78.
    const Scenario scenario = shipped("ozz-winkie-border.json");
    constexpr std::size_t runs = 100;
    const Tally winkies = playedFrom(scenario, "winkies", ComputerLevel::Standard, ComputerLevel::Basic, runs);
    INFO("standard as the Winkies won " << winkies.wins << " of " << runs << " against basic");
    CHECK(winkies.wins >= 75);

    // And the orders say why, the rally taken and the rally left.
    for (const std::string mark : {"tries to rally: gains in ", "does not try to rally: gains in "}) {
        const std::optional<ComputerChoice> said =
            playedUntilSaid(scenario, 3, "winkies", ComputerLevel::Standard, ComputerLevel::Basic, mark, 2000);
        REQUIRE(said);
        CHECK(said->action.type == (mark.starts_with("tries") ? "rally" : "end-activation"));
        CHECK_THAT(said->reason, Contains("bases expected"));
    }
}

TEST_CASE("a shock unit within an enemy's fire charges rather than wait for odds the turn's tries never give it",
          "[computer][level][match]") {
    // Abu Klea's Mahdists fight hand to hand against rifles that outrange them. Weighed to
    // the turn's end, a charge across the fire always looked a loss and waiting cost
    // nothing; the standard level's Mahdists waited and were shot down: they won 1 of
    // these 24 games against the basic level's British, and lost 22. Waiting under fire
    // is the loss the tries do not count.
    const Scenario scenario = shipped("vcc-abu-klea.json");
    constexpr std::size_t runs = 24;
    const Tally mahdists = playedFrom(scenario, "native", ComputerLevel::Standard, ComputerLevel::Basic, runs);
    INFO("standard as the Mahdists won " << mahdists.wins << " of " << runs << ", " << mahdists.decided << " decided");
    CHECK(mahdists.wins >= 12);
    CHECK(mahdists.decided - mahdists.wins <= 2);

    // And the order says why.
    const std::optional<ComputerChoice> saidWhy =
        playedUntilSaid(scenario, 3, "native", ComputerLevel::Standard, ComputerLevel::Basic, "; rather than stand in ", 400);
    REQUIRE(saidWhy);
    CHECK(saidWhy->action.type == "charge");
    CHECK_THAT(saidWhy->reason, Contains("bases expected"));
}

TEST_CASE("a unit that shoots charges only where an enemy outranges it, and else keeps to its fire", "[computer][level][match]") {
    // Casa Blanca's British riflemen and light companies charged out whenever the tries,
    // which play the turn on with nothing else done, favoured a charge: their own fire,
    // the order they gave up, was never counted. At the standard level the British won 11
    // and lost 13 of these 24 games against the basic level's French.
    const Scenario scenario = shipped("lshm-casa-blanca.json");
    constexpr std::size_t runs = 24;
    const Tally british = playedFrom(scenario, "british", ComputerLevel::Standard, ComputerLevel::Basic, runs);
    INFO("standard as the British won " << british.wins << " of " << runs << ", " << british.decided << " decided");
    CHECK(british.decided - british.wins <= 6);
    CHECK(british.wins >= 2 * (british.decided - british.wins));
}

TEST_CASE("a unit its formation holds in place, with no enemy near, changes it to advance", "[computer][level][match]") {
    // Abu Klea's British begin in square, which may not move (vcc-square). The standard
    // level left formations as the scenario set them, so the squares never moved again:
    // against the random level's Mahdists, who wander out of range, it drew 6 and lost 1
    // of 12 seeded games, each draw with the four squares in the boxes they began in.
    const Scenario scenario = shipped("vcc-abu-klea.json");
    constexpr std::size_t runs = 24;
    const Tally british = playedFrom(scenario, "british", ComputerLevel::Standard, ComputerLevel::Random, runs);
    INFO("standard as the British won " << british.wins << " of " << runs << " against random");
    CHECK(british.wins >= 23);

    // And the order says why: a square, no enemy near, leaves it.
    const std::optional<ComputerChoice> left =
        playedUntilSaid(scenario, 2, "british", ComputerLevel::Standard, ComputerLevel::Random, ", to advance on ", 2000);
    REQUIRE(left);
    CHECK(left->action.type == "formation");
    CHECK(left->action.choice == "line");
    CHECK_THAT(left->reason, Contains("Leave square") && Contains("no enemy within reach") && Contains("bases expected"));
}

TEST_CASE("a shooter standing so close behind a friend that its first millimetre would end on it steps past it", "[computer][level]") {
    // Freeman's Farm, the standard Americans against the basic British from seed 403: the
    // American second line closed up on the first, and a regiment whose every step, the
    // first millimetre too, would end on the regiment in front of it was told no allowance
    // by the rules (a move ending on a friend was refused without one) and given no move,
    // turn after turn, out of range. The refusal now gives the allowance, and it steps past.
    const SteppedPast stepped = firstStepPast(403, [](const Game& game, const Unit& mover, const Unit& enemy) {
        // Its first millimetre toward the enemy, as the computer first asks.
        Action millimetre{.type = "move", .unit = mover.id};
        const Point from = mover.centre();
        const Point to = enemy.centre();
        const double apart = std::hypot(to.x() - from.x(), to.y() - from.y());
        millimetre.path = {Point(from.x() + (to.x() - from.x()) / apart, from.y() + (to.y() - from.y()) / apart)};
        const Preview first = game.verdict(millimetre);
        return !first.allowed() && first.allowance && first.refusal.find("would end its move on") != std::string::npos;
    });
    REQUIRE(stepped.choice);
    CHECK(stepped.choice->action.type == "move");
    CHECK_THAT(stepped.choice->reason, Contains("to come within range") && Contains("would end its move on"));
    INFO("from " << stepped.gapBefore << " mm to " << stepped.gapAfter << " mm");
    CHECK(stepped.gapAfter < stepped.gapBefore);
}

TEST_CASE("a shooter whose every step short of its range would end on a friend steps past it", "[computer][level]") {
    // Freeman's Farm's American line advances behind Morgan's riflemen. A regiment 19.3 cm
    // from the 20th Foot (its range 17.8 cm) wanted 3.3 cm, every length of which ended on
    // the riflemen: it was given no move, and stood out of range for the rest of the game.
    const SteppedPast stepped = firstStepPast(402, [](const Game&, const Unit&, const Unit&) { return true; });
    REQUIRE(stepped.choice);
    CHECK(stepped.choice->action.type == "move");
    CHECK_THAT(stepped.choice->reason, Contains("to come within range") && Contains("would end its move on"));
    // Past the friend, within its range of the enemy it advanced on.
    INFO("from " << stepped.gapBefore << " mm to " << stepped.gapAfter << " mm, its range " << stepped.range << " mm");
    CHECK(stepped.gapBefore > stepped.range);
    CHECK(stepped.gapAfter <= stepped.range);
}

TEST_CASE("at the levels that weigh a question's choices are weighed, the likelier gain first, and the basic level takes the first",
          "[computer][level]") {
    // The Wars of Ozz asks a charger that may close whether to stop short and fire, and a
    // charged horse whether to move away or counter charge. The standard level answered
    // with the rules' first choice, unweighed; it now weighs each and says so.
    const Scenario scenario = shipped("ozz-winkie-border.json");
    int weighedAnswers = 0;
    int firstChoices = 0;
    for (std::uint64_t seed = 1; seed <= 8 && weighedAnswers == 0; ++seed) {
        const std::unique_ptr<Game> started = test::startGame(scenario, seed);
        Game& game = *started;
        ComputerPlayer winkies(ComputerLevel::Standard);
        ComputerPlayer quadlings(ComputerLevel::Basic);
        for (int i = 0; i < 2000 && !game.status().over; ++i) {
            const std::optional<std::string> side = computerToDecide(game, {"winkies", "quadlings"});
            REQUIRE(side);
            const std::optional<Prompt> prompt = game.prompt();
            // What the tries show of each choice, as the standard level's own weigher sees them.
            std::optional<std::string> best;
            if (prompt && prompt->side == "winkies" && prompt->choices.size() > 1) {
                computer::Weigher weigher(game, "winkies", 10);
                double bestEdge = 0;
                double bestGain = 0;
                for (const Prompt::Choice& choice : prompt->choices) {
                    const computer::Weighing weighing = weigher.weigh(answerChoosing(choice.id));
                    REQUIRE(weighing.allowed);
                    const double edge = weighing.favourable - weighing.unfavourable;
                    if (!best || edge > bestEdge + 1e-9 || (std::abs(edge - bestEdge) <= 1e-9 && weighing.gain > bestGain + 1e-9)) {
                        best = choice.id;
                        bestEdge = edge;
                        bestGain = weighing.gain;
                    }
                }
            }
            const ComputerChoice played = test::decideGivingReasons(*side == "winkies" ? winkies : quadlings, game, {*side});
            if (best) {
                ++weighedAnswers;
                INFO(played.reason);
                CHECK(played.action.type == "answer");
                CHECK(played.action.choice == *best);
                CHECK_THAT(played.reason, Contains("answers \"") && Contains("bases expected"));
            } else if (prompt && prompt->side == "quadlings" && prompt->choices.size() > 1) {
                ++firstChoices;
                CHECK(played.action.choice == prompt->choices.front().id);
                CHECK_THAT(played.reason, Contains("with its first choice"));
            }
        }
    }
    INFO("the basic level's answers seen: " << firstChoices);
    CHECK(weighedAnswers > 0);
}
