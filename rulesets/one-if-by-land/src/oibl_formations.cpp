#include "oibl_formations.h"

#include "oibl_movement.h"
#include "oibl_turn.h"
#include "sandtable/battle_geometry.h"
#include "sandtable/kit/preview.h"

#include <algorithm>
#include <cmath>

namespace sandtable::oibl {

namespace {

/// How many stands stand side by side in the first rank of a formation (RULINGS.md,
/// oibl-formations).
std::size_t frontage(const Unit& unit, const std::string& formation, std::size_t stands) {
    if (formation == "close") {
        return (stands + 1) / 2; // "exactly two stands" deep, the odd stand in front
    }
    if (formation == "column") {
        if (unit.arm == Arm::Horse) {
            return stands <= 3 ? 1 : 2;
        }
        return stands >= 6 ? 2 : 1;
    }
    return stands; // open order, cavalry line, skirmish order: one rank
}

struct Row {
    std::vector<std::size_t> stands; // element indices, left to right
};

double rowDepth(const Unit& unit, const Row& row) {
    double depth = 0;
    for (std::size_t index : row.stands) {
        depth = std::max(depth, unit.elements[index].depth);
    }
    return depth;
}

/// The stands in rows, the command stand in the middle of the first. Guns stand in front
/// and their crew behind them.
std::vector<Row> rowsFor(const Unit& unit, const std::string& formation) {
    const std::size_t command = static_cast<std::size_t>(&commandStand(unit) - unit.elements.data());
    std::vector<std::size_t> order{command};
    for (std::size_t i = 0; i < unit.elements.size(); ++i) {
        if (i != command) {
            order.push_back(i);
        }
    }
    std::vector<Row> rows;
    const bool guns = std::any_of(unit.elements.begin(), unit.elements.end(), [](const Element& e) { return e.role == "gun"; });
    if (guns) {
        Row front;
        Row crew;
        for (std::size_t index : order) {
            (unit.elements[index].role == "gun" ? front : crew).stands.push_back(index);
        }
        rows.push_back(front);
        if (!crew.stands.empty()) {
            rows.push_back(crew);
        }
        return rows;
    }
    const std::size_t width = std::max<std::size_t>(1, frontage(unit, formation, order.size()));
    for (std::size_t i = 0; i < order.size(); i += width) {
        Row row;
        row.stands.assign(order.begin() + static_cast<std::ptrdiff_t>(i),
                          order.begin() + static_cast<std::ptrdiff_t>(std::min(order.size(), i + width)));
        rows.push_back(row);
    }
    // The command stand stands in the middle of the front rank.
    Row& front = rows.front();
    const std::size_t middle = (front.stands.size() - 1) / 2;
    front.stands.erase(front.stands.begin());
    front.stands.insert(front.stands.begin() + static_cast<std::ptrdiff_t>(middle), command);
    return rows;
}

} // namespace

std::vector<event::Placement> formedUp(const Unit& unit, const std::string& formation, double facing) {
    std::vector<event::Placement> placements = placementsOf(unit);
    if (unit.elements.empty()) {
        return placements;
    }
    const Element& command = commandStand(unit);
    const std::size_t commandIndex = static_cast<std::size_t>(&command - unit.elements.data());
    const bool skirmish = formation == "skirmish";
    // Offsets from the middle of the front rank: across to the right, back behind it.
    std::vector<std::pair<double, double>> offsets(unit.elements.size());
    double back = 0;
    const std::vector<Row> rows = rowsFor(unit, formation);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const Row& row = rows[r];
        if (r > 0) {
            back += rowDepth(unit, rows[r - 1]) / 2 + rowDepth(unit, row) / 2;
        }
        double width = 0;
        for (std::size_t index : row.stands) {
            width += unit.elements[index].width * (skirmish ? 2 : 1);
        }
        if (skirmish) {
            width -= unit.elements[row.stands.back()].width; // a stand's width between stands, none after the last
        }
        double left = -width / 2;
        for (std::size_t index : row.stands) {
            const double own = unit.elements[index].width;
            offsets[index] = {left + own / 2, back};
            left += own * (skirmish ? 2 : 1);
        }
    }
    const Point ahead = facingVector(facing);
    const Point right = facingVector(facing + 90);
    const auto [commandAcross, commandBack] = offsets[commandIndex];
    for (std::size_t i = 0; i < unit.elements.size(); ++i) {
        const double across = offsets[i].first - commandAcross;
        const double behind = offsets[i].second - commandBack;
        placements[i].centre = Point(command.centre.x() + right.x() * across - ahead.x() * behind,
                                     command.centre.y() + right.y() * across - ahead.y() * behind);
        placements[i].facing = facing;
    }
    return placements;
}

bool formationChangeIsFree(const Unit& unit, const std::string& formation) {
    // "Going into skirmish order: There is NO cost for all or part of a unit going into
    // skirmish order."
    return formation == "skirmish" && unit.formation != "skirmish";
}

std::string whyNoFormation(const Data& data, const Unit& unit, const std::string& formation, bool advancing) {
    if (unit.eliminated() || isOfficer(unit)) {
        return unit.name + " has no formation to change";
    }
    if (routing(unit)) {
        return unit.name + " is routing";
    }
    const auto allowed = formationsFor(data, unit);
    if (std::find(allowed.begin(), allowed.end(), formation) == allowed.end()) {
        std::string list;
        for (const std::string& one : allowed) {
            list += (list.empty() ? "" : ", ") + data.formation(one)->name;
        }
        return unit.name + " may not form \"" + formation + "\" (it may form: " + (list.empty() ? "nothing" : list) + ")";
    }
    if (unit.formation == formation) {
        return unit.name + " is already in " + data.formation(formation)->name;
    }
    if (unit.markers.count("reforming") != 0) {
        return unit.name + " is reforming in place this turn (RULINGS.md, oibl-reforming)";
    }
    if (counter(unit, "charge-failed") != 0) {
        return unit.name + " failed its charge test: it may not move, fire or change formation this turn";
    }
    if (counter(unit, "moved") != 0 || counter(unit, "formation-changed") != 0) {
        return unit.name + " has already moved or changed formation this turn";
    }
    if (counter(unit, "fired") != 0) {
        return unit.name + " has already fired";
    }
    if (advancing) {
        const bool lineChange = (unit.formation == "close" && formation == "open") || (unit.formation == "open" && formation == "close");
        if (!lineChange) {
            return "only a close order line opening, or an open order line closing, may change while advancing";
        }
        if (unit.markers.count("wavering") != 0) {
            return unit.name + " is wavering and may not advance (RULINGS.md, oibl-wavering)";
        }
    }
    return {};
}

namespace {

/// Why cavalry may not mount or dismount now (RULINGS.md, oibl-dismount), or empty.
std::string whyNoDismount(const Unit& unit) {
    if (unit.arm != Arm::Horse) {
        return unit.name + " is not cavalry";
    }
    if (routing(unit) || counter(unit, "moved") != 0 || counter(unit, "formation-changed") != 0 || counter(unit, "charge-failed") != 0 ||
        unit.markers.count("reforming") != 0) {
        return unit.name + " may not mount or dismount now: it has moved, changed formation or may not act";
    }
    return {};
}

std::string lightsOf(const Unit& unit) { return unit.id + "-lights"; }

/// Why a French battalion may not send its light stands out ("detach") or recall them
/// ("recall") now (RULINGS.md, oibl-french-lights), or empty.
std::string whyNoLights(const Battle& battle, const Unit& unit, const std::string& choice) {
    if (routing(unit) || counter(unit, "charge-failed") != 0) {
        return unit.name + " may not change formation now";
    }
    if (choice == "detach") {
        const bool hasLights = std::any_of(unit.elements.begin(), unit.elements.end(), [](const Element& e) { return e.role == "light"; });
        if (!hasLights || unit.formation == "skirmish" || battle.findUnit(lightsOf(unit)) != nullptr) {
            return unit.name + " has no light stands to send out";
        }
        if (counter(unit, "formation-changed") != 0) {
            return unit.name + " has already changed formation this turn";
        }
        return {};
    }
    if (choice == "recall") {
        const Unit* lights = battle.findUnit(lightsOf(unit));
        if (lights == nullptr || lights->eliminated()) {
            return unit.name + " has no skirmishers out to recall";
        }
        if (counter(unit, "moved") != 0 || counter(unit, "formation-changed") != 0) {
            return unit.name + " has already moved or changed formation this turn";
        }
        return {};
    }
    return "the light stands are sent out (\"detach\") or recalled (\"recall\")";
}

} // namespace

void offerFormations(const Data& data, const Battle& battle, const Unit& unit, std::vector<Offer>& offers) {
    if (isOfficer(unit) || routing(unit)) {
        return;
    }
    for (const std::string& formation : formationsFor(data, unit)) {
        if (!whyNoFormation(data, unit, formation, false).empty()) {
            continue;
        }
        const std::string name = data.formation(formation)->name;
        const bool free = formationChangeIsFree(unit, formation);
        offers.push_back({.type = "formation",
                          .label = "Form " + name + (free ? " (no cost)" : " (the whole move)"),
                          .unit = unit.id,
                          .role = OrderRole::Formation,
                          .choice = formation});
        if (whyNoFormation(data, unit, formation, true).empty()) {
            offers.push_back({.type = "formation-advancing",
                              .label = "Form " + name + " while advancing (half the move)",
                              .unit = unit.id,
                              .role = OrderRole::Formation,
                              .choice = formation});
        }
    }
    if (whyNoDismount(unit).empty()) {
        const bool down = unit.markers.count("dismounted") != 0;
        offers.push_back({.type = "dismount",
                          .label = down ? "Mount (half the move)" : "Dismount (half the move)",
                          .unit = unit.id,
                          .role = OrderRole::Formation,
                          .choice = down ? "mount" : "dismount"});
    }
    if (whyNoLights(battle, unit, "detach").empty()) {
        offers.push_back({.type = "lights",
                          .label = "Send out the light stands as skirmishers (no cost)",
                          .unit = unit.id,
                          .role = OrderRole::Formation,
                          .choice = "detach"});
    }
    if (whyNoLights(battle, unit, "recall").empty()) {
        offers.push_back({.type = "lights",
                          .label = "Recall the light stands (the whole move)",
                          .unit = unit.id,
                          .role = OrderRole::Formation,
                          .choice = "recall"});
    }
}

void previewFormation(const Data& data, const Battle& battle, const Unit& unit, const Action& action, Preview& preview) {
    if (action.type == "dismount") {
        preview.refusal = whyNoDismount(unit);
        preview.facts.push_back({"Effect", unit.markers.count("dismounted") != 0
                                               ? "the troopers mount, in line: half the move"
                                               : "each stand dismounts to skirmish with carbines: half the move"});
        kit::showRuling(preview, data, "oibl-dismount");
        return;
    }
    if (action.type == "lights") {
        preview.refusal = whyNoLights(battle, unit, action.choice);
        preview.facts.push_back({"Effect", action.choice == "recall" ? "the skirmishers rejoin the battalion: a formation change"
                                                                     : "the light stands go out as skirmishers, at no cost"});
        kit::showRuling(preview, data, "oibl-french-lights");
        return;
    }
    const bool advancing = action.type == "formation-advancing";
    preview.refusal = whyNoFormation(data, unit, action.choice, advancing);
    if (!preview.allowed()) {
        return;
    }
    const std::string name = data.formation(action.choice)->name;
    if (advancing) {
        preview.facts.push_back({"Effect", "forms " + name + " and may move at half its present rate"});
    } else if (formationChangeIsFree(unit, action.choice)) {
        preview.facts.push_back({"Effect", "goes into " + name + " at no cost, and moves at the skirmish rate"});
    } else {
        preview.facts.push_back({"Effect", "forms " + name + " in place, about its command stand: the whole move"});
    }
    kit::showRuling(preview, data, "oibl-formations");
}

void resolveFormation(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    const bool advancing = action.type == "formation-advancing";
    if (const std::string why = whyNoFormation(step.data, unit, action.choice, advancing); !why.empty()) {
        step.refuse(why);
        return;
    }
    const std::string name = unit.name;
    const bool free = formationChangeIsFree(unit, action.choice);
    step.ruling("oibl-formations");
    if (advancing) {
        spendShareOfMove(step, action.unit, 0.5, "changing formation while advancing");
    }
    step.emit(event::Moved{action.unit, formedUp(step.unit(action.unit), action.choice, commandStand(step.unit(action.unit)).facing)});
    step.emit(event::FormationSet{action.unit, action.choice});
    if (advancing) {
        // "Moving at 50% of normal close order line movement for the turn": the move of the
        // formation it leaves, halved.
        step.outcome(name + " forms " + step.data.formation(action.choice)->name + " while advancing, at half speed",
                     cite("Close order line to open order line"));
    } else if (free) {
        step.outcome(name + " goes into skirmish order at no cost", cite("Formation Changes"));
    } else {
        setCounter(step, action.unit, "formation-changed", 1);
        step.outcome(name + " forms " + step.data.formation(action.choice)->name + " in place: the whole move", cite("Formation Changes"));
    }
}

void reformInPlace(Step& step, const std::string& unitId) {
    const Unit& unit = step.unit(unitId);
    const std::string formation = typeOf(step.data, unit).normalFormation;
    const Unit* enemy = nearestEnemy(step.battle, unit);
    const double facing = enemy != nullptr ? bearing(unit.centre(), enemy->centre()) : commandStand(unit).facing;
    if (step.data.formation(formation) == nullptr) {
        return; // guns and officers keep what they have
    }
    step.emit(event::Moved{unitId, formedUp(unit, formation, facing)});
    step.emit(event::FormationSet{unitId, formation});
}

void resolveDismount(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    if (const std::string why = whyNoDismount(unit); !why.empty()) {
        step.refuse(why);
        return;
    }
    step.ruling("oibl-dismount");
    // "This will take 50% of a unit's movement in place": the horse's move.
    const bool mounting = unit.markers.count("dismounted") != 0;
    spendShareOfMove(step, action.unit, 0.5, mounting ? "mounting" : "dismounting");
    const TroopType& to = *step.data.type(mounting ? unit.type : std::string("dismounted-cavalry"));
    for (const Element& stand : unit.elements) {
        step.emit(event::ElementReshaped{action.unit, stand.id, step.millimetres(to.width), step.millimetres(to.depth), ""});
    }
    step.emit(event::MarkerChanged{action.unit, "dismounted", !mounting});
    const std::string formation = mounting ? std::string("line") : std::string("skirmish");
    step.emit(event::Moved{action.unit, formedUp(step.unit(action.unit), formation, commandStand(unit).facing)});
    step.emit(event::FormationSet{action.unit, formation});
    setCounter(step, action.unit, "mounting", 1); // it counts as having moved when it fires
    step.outcome(unit.name + (mounting ? " mounts, in line" : " dismounts, in skirmish order with carbines") + ": half its move",
                 cite("Cavalry Mounting or Dismounting"));
}

void resolveLights(Step& step, const Action& action) {
    const Unit& unit = step.unit(action.unit);
    if (const std::string why = whyNoLights(step.battle, unit, action.choice); !why.empty()) {
        step.refuse(why);
        return;
    }
    const std::string lightsId = lightsOf(unit);
    step.ruling("oibl-french-lights");
    if (action.choice == "detach") {
        std::vector<std::string> stands;
        for (const Element& stand : unit.elements) {
            if (stand.role == "light") {
                stands.push_back(stand.id);
            }
        }
        Unit lights;
        lights.id = lightsId;
        lights.name = unit.name + " lights";
        lights.side = unit.side;
        lights.type = unit.type;
        lights.arm = unit.arm;
        lights.quality = unit.quality;
        lights.formation = "skirmish";
        lights.brigade = unit.brigade;
        lights.stats = unit.stats;
        lights.stats["skirmish"] = true;
        // The figures they began with go with them, so neither unit's losses change.
        double carried = 0;
        for (const std::string& id : stands) {
            carried += static_cast<double>(unit.findElement(id)->figures.size());
        }
        setCounter(step, action.unit, "starting-figures", startingFigures(unit) - carried);
        step.emit(event::UnitCreated{std::make_shared<const Unit>(lights)});
        step.emit(event::ElementsTransferred{action.unit, lightsId, stands});
        const Unit& created = step.unit(lightsId);
        step.emit(event::Moved{lightsId, formedUp(created, "skirmish", commandStand(created).facing)});
        setCounter(step, lightsId, "starting-figures", carried);
        addToList(step, "acting", lightsId);
        step.outcome(unit.name + " sends its light stands out as skirmishers, at no cost", cite("FRENCH INFANTRY"));
        return;
    }
    const Unit* lights = step.battle.findUnit(lightsId);
    std::vector<std::string> stands;
    for (const Element& stand : lights->elements) {
        stands.push_back(stand.id);
    }
    setCounter(step, action.unit, "starting-figures", startingFigures(unit) + startingFigures(*lights));
    step.emit(event::ElementsTransferred{lightsId, action.unit, stands});
    step.emit(event::UnitRemoved{lightsId});
    removeFromList(step, "acting", lightsId);
    const Unit& whole = step.unit(action.unit);
    step.emit(event::Moved{action.unit, formedUp(whole, whole.formation, commandStand(whole).facing)});
    setCounter(step, action.unit, "formation-changed", 1);
    step.outcome(unit.name + " recalls its skirmishers: a formation change of the whole battalion", cite("FRENCH INFANTRY"));
}

} // namespace sandtable::oibl
