// The rulings board: a table of its own where a player puts down what stands on the real
// table and reads the ruling, whatever the sequence of play; opened new or from a game.

#include "board_pieces_dock.h"
#include "game_controller.h"
#include "preview_pane.h"
#include "ruling_board.h"
#include "ruling_dock.h"
#include "sandtable/battle_state.h"
#include "sandtable/geometry.h"
#include "sandtable/ruleset_registry.h"
#include "scenario_document.h"
#include "table_scene.h"
#include "ui_test_support.h"

#include <QComboBox>
#include <QListWidget>
#include <QProcess>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace sandtable;
using namespace sandtable::ui;
using uitest::OpenWindow;

namespace {

/// The palette's first unit piece of `type`.
int pieceOf(const BoardPiecesDock& pieces, const std::string& type) {
    const auto& units = pieces.palette().units;
    for (std::size_t i = 0; i < units.size(); ++i) {
        if (units[i].unit.type == type) {
            return static_cast<int>(i);
        }
    }
    FAIL("the palette has no " << type);
    return -1;
}

int terrainOf(const BoardPiecesDock& pieces, AreaType type) {
    const auto& terrain = pieces.palette().terrain;
    for (std::size_t i = 0; i < terrain.size(); ++i) {
        if (terrain[i].area.type == type) {
            return static_cast<int>(i);
        }
    }
    FAIL("the palette has no such terrain");
    return -1;
}

QStringList orderTexts(const RulingDock& dock) {
    QStringList texts;
    for (int row = 0; row < dock.ordersList()->count(); ++row) {
        texts << dock.ordersList()->item(row)->text();
    }
    return texts;
}

/// A fresh Wars of Ozz board: two musket units 8" apart, the target in a wood.
struct OzzBoard {
    OpenWindow open{"ozz-winkie-border.json", 3};
    RulingBoard* board = nullptr;
    QString firer;
    QString target;
    explicit OzzBoard() {
        NewBattleSettings settings;
        settings.name = "Fire into the wood";
        settings.rulesetId = "wars-of-ozz";
        board = open.window.newRulingBoard(settings);
        REQUIRE(board != nullptr);
        REQUIRE(QTest::qWaitForWindowExposed(board));
        BoardPiecesDock& pieces = *board->pieces();
        const int musket = pieceOf(pieces, "musket-infantry");
        REQUIRE(!pieces.addTerrain(terrainOf(pieces, AreaType::Woods), QPointF(900, 500)).isEmpty());
        firer = pieces.addUnit(musket, "winkies", QPointF(900, 700));
        target = pieces.addUnit(musket, "quadlings", QPointF(900, 500));
        REQUIRE(!firer.isEmpty());
        REQUIRE(!target.isEmpty());
        QCoreApplication::processEvents();
    }
    const Battle& battle() const { return board->document()->battle(); }
};

} // namespace

TEST_CASE("a ruling set up from the palette reads what sandtable-cli preview reads on the saved board", "[ui][rulings]") {
    OzzBoard setup;
    RulingBoard& board = *setup.board;
    // Selecting the firer lists every order it could give, though no card has called it.
    board.view()->tableScene()->selectUnits({setup.firer});
    QCoreApplication::processEvents();
    RulingDock& ruling = *board.ruling();
    CHECK(ruling.subject() == setup.firer);
    const QString targetName = QString::fromStdString(setup.battle().findUnit(setup.target.toStdString())->name);
    INFO(orderTexts(ruling).join(" | ").toStdString());
    CHECK(orderTexts(ruling).contains("Charge at " + targetName));
    // Ctrl+click on the target narrows the orders to it.
    board.view()->tableScene()->selectUnits({setup.firer, setup.target});
    QCoreApplication::processEvents();
    CHECK(ruling.target() == setup.target);
    for (const QString& text : orderTexts(ruling)) {
        CHECK((text.contains(targetName) || !text.contains(" at ")));
    }
    // The orders that name no target stay listed beside those at it.
    CHECK(orderTexts(ruling).filter(QRegularExpression("^Move")).size() == 1);
    REQUIRE(ruling.chooseOrder("Fire at " + targetName));
    REQUIRE(ruling.chosen().has_value());
    const Preview& preview = ruling.preview();
    CHECK(preview.allowed());
    CHECK_FALSE(preview.odds.empty());
    // The wood gives the target cover, ticked with its rule.
    bool cover = false;
    for (const ModifierCheck& check : preview.modifiers) {
        cover = cover || (check.applies && check.name.find("cover") != std::string::npos);
    }
    CHECK(cover);
    CHECK(ruling.pane()->modifiersTree()->topLevelItemCount() == static_cast<int>(preview.modifiers.size()));
    // What changes the odds: the firer Disordered would tick its modifier and lower the hits.
    bool disorderedListed = false;
    for (int row = 0; row < ruling.whatIfTree()->topLevelItemCount(); ++row) {
        const QTreeWidgetItem* item = ruling.whatIfTree()->topLevelItem(row);
        if (item->text(0).endsWith(" Disordered") &&
            item->text(0).startsWith(QString::fromStdString(setup.battle().findUnit(setup.firer.toStdString())->name))) {
            disorderedListed = item->text(2).contains("You are Disordered") && item->text(1).contains("→");
        }
    }
    CHECK(disorderedListed);

    // Saved as a scenario, the CLI reads the same odds for the same order.
    QTemporaryDir folder;
    const QString saved = folder.filePath("board.json");
    REQUIRE(board.saveBoard(saved).isEmpty());
    QProcess cli;
    const nlohmann::json action = {{"type", "fire"}, {"unit", setup.firer.toStdString()}, {"target", setup.target.toStdString()}};
    cli.start(SANDTABLE_CLI, {"preview", saved, "--action", QString::fromStdString(action.dump()), "--json"});
    REQUIRE(cli.waitForFinished(30000));
    INFO(cli.readAllStandardError().toStdString());
    REQUIRE(cli.exitCode() == 0);
    const nlohmann::json answer = nlohmann::json::parse(cli.readAllStandardOutput().toStdString());
    REQUIRE(answer["allowed"] == true);
    REQUIRE(answer["odds"].size() == preview.odds.size());
    for (std::size_t i = 0; i < preview.odds.size(); ++i) {
        const nlohmann::json& odds = answer["odds"][i];
        CHECK(odds["title"] == preview.odds[i].title);
        REQUIRE(odds["outcomes"].size() == preview.odds[i].lines.size());
        for (std::size_t j = 0; j < preview.odds[i].lines.size(); ++j) {
            CHECK(odds["outcomes"][j]["outcome"] == preview.odds[i].lines[j].label);
            CHECK(odds["outcomes"][j]["exact"] == toString(preview.odds[i].lines[j].probability));
        }
    }
    if (const QByteArray shots = qgetenv("SANDTABLE_UI_SHOTS"); !shots.isEmpty()) {
        board.resize(1920, 1040);
        board.grab().save(QString::fromLocal8Bit(shots) + "/rulings-board.png");
    }
}

TEST_CASE("the board's ruling follows the table, and every change undoes", "[ui][rulings]") {
    OzzBoard setup;
    RulingBoard& board = *setup.board;
    RulingDock& ruling = *board.ruling();
    ruling.setSubject(setup.firer);
    ruling.setTarget(setup.target);
    REQUIRE(ruling.chooseOrder("Fire at "));
    const auto disordered = [&] {
        for (const ModifierCheck& check : ruling.preview().modifiers) {
            if (check.name.find("Disordered") != std::string::npos) {
                return check.applies;
            }
        }
        FAIL("no modifier for a disordered firer");
        return false;
    };
    CHECK_FALSE(disordered());
    QUndoStack& undo = *board.document()->undoStack();
    const int steps = undo.count();
    board.pieces()->setSetting(setup.firer, "disordered", 1);
    QCoreApplication::processEvents();
    CHECK(setup.battle().findUnit(setup.firer.toStdString())->markers.count("disordered") == 1);
    CHECK(disordered());
    CHECK(undo.count() == steps + 1);
    undo.undo();
    QCoreApplication::processEvents();
    CHECK_FALSE(disordered());

    // Moved out of range, the same order says why not.
    board.pieces()->setSetting(setup.firer, "activation-die", 6);
    CHECK(setup.battle().findUnit(setup.firer.toStdString())->counters.at("activation-die") == 6);
    const std::string target = setup.target.toStdString();
    board.pieces()->removeUnits({setup.target});
    QCoreApplication::processEvents();
    CHECK(setup.battle().findUnit(target) == nullptr);
    CHECK_FALSE(ruling.chosen().has_value());
    undo.undo();
    QCoreApplication::processEvents();
    CHECK(setup.battle().findUnit(target) != nullptr);

    // Changing sides: the unit's side follows, and undo puts it back.
    board.pieces()->setSide(setup.target, "winkies");
    CHECK(setup.battle().findUnit(target)->side == "winkies");
    undo.undo();
    CHECK(setup.battle().findUnit(target)->side == "quadlings");
}

TEST_CASE("a ruling exports as text and as an image", "[ui][rulings]") {
    OzzBoard setup;
    RulingDock& ruling = *setup.board->ruling();
    ruling.setSubject(setup.firer);
    ruling.setTarget(setup.target);
    REQUIRE(ruling.chooseOrder("Fire at "));
    QTemporaryDir folder;
    REQUIRE(setup.board->exportRuling(folder.filePath("ruling.txt")).isEmpty());
    QFile text(folder.filePath("ruling.txt"));
    REQUIRE(text.open(QIODevice::ReadOnly));
    const QString written = QString::fromUtf8(text.readAll());
    CHECK(written.startsWith("A ruling by The Wars of Ozz"));
    CHECK(written.contains("Order: "));
    CHECK(written.contains("Modifiers:"));
    CHECK(written.contains("[x] "));
    CHECK(written.contains("Hits on "));
    REQUIRE(setup.board->exportRuling(folder.filePath("ruling.md")).isEmpty());
    REQUIRE(setup.board->exportRuling(folder.filePath("ruling.png")).isEmpty());
    QImage image(folder.filePath("ruling.png"));
    CHECK(image.width() > 600);
    // A file that cannot be written says so.
    CHECK_FALSE(setup.board->exportRuling(folder.filePath("no/such/folder/ruling.txt")).isEmpty());
}

TEST_CASE("Ask a Ruling Here opens the board on a copy of the game, which stays as it was", "[ui][rulings]") {
    OpenWindow open("einsamenhugel-battle.json", 5);
    REQUIRE(open.window.gameController() != nullptr);
    const Game& game = open.window.gameController()->game();
    const std::string hashBefore = stateHash(game.battle());
    RulingBoard* board = open.window.askRulingHere();
    REQUIRE(board != nullptr);
    REQUIRE(board->document()->battle().units.size() == game.battle().units.size());
    CHECK(board->ruleset().info().id == "einsamenhugel");
    // A unit moved and another taken off on the board: the game does not see it.
    const Unit& first = board->document()->battle().units.front();
    board->pieces()->removeUnits({QString::fromStdString(first.id)});
    CHECK(board->document()->battle().units.size() + 1 == game.battle().units.size());
    CHECK(stateHash(game.battle()) == hashBefore);
    // Every unit of every side has orders on the board, whatever the phase.
    const Unit& foot = *std::find_if(game.battle().units.begin(), game.battle().units.end(),
                                     [&](const Unit& u) { return u.arm == Arm::Foot && u.id != first.id; });
    board->ruling()->setSubject(QString::fromStdString(foot.id));
    const QStringList orders = orderTexts(*board->ruling());
    INFO(orders.join(" | ").toStdString());
    CHECK(std::any_of(orders.begin(), orders.end(), [](const QString& t) { return t.startsWith("Fire at "); }));
    CHECK(std::any_of(orders.begin(), orders.end(), [](const QString& t) { return t.startsWith("Move"); }));
    board->close();
}

TEST_CASE("a rulings board works for every ruleset: pieces put down, orders listed, a ruling read", "[ui][rulings]") {
    OpenWindow open("ozz-winkie-border.json", 3);
    for (const RegisteredRuleset& registered : registeredRulesets()) {
        INFO(registered.id);
        NewBattleSettings settings;
        settings.name = "Every ruleset";
        settings.rulesetId = registered.id;
        const auto made = makeRuleset(registered.id, nlohmann::json::object());
        REQUIRE(made);
        settings.table.unit = (*made)->info().unit;
        settings.table.boxSize = settings.table.unit == MeasureUnit::Box ? 150 : 0;
        RulingBoard* board = open.window.newRulingBoard(settings);
        REQUIRE(board != nullptr);
        BoardPiecesDock& pieces = *board->pieces();
        REQUIRE_FALSE(pieces.palette().units.empty());
        const std::vector<Side>& sides = board->document()->battle().sides;
        REQUIRE(sides.size() >= 2);
        // The first piece that is not a leader, for each side, a short way apart, face to face.
        int piece = 0;
        while (static_cast<std::size_t>(piece) < pieces.palette().units.size() && pieces.palette().units[piece].unit.arm == Arm::Leader) {
            ++piece;
        }
        const double gap = settings.table.unit == MeasureUnit::Box ? 300 : 150;
        const QString ours = pieces.addUnit(piece, QString::fromStdString(sides[0].id), QPointF(600, 600));
        const QString theirs = pieces.addUnit(piece, QString::fromStdString(sides[1].id), QPointF(600, 600 - gap));
        REQUIRE_FALSE(ours.isEmpty());
        REQUIRE_FALSE(theirs.isEmpty());
        QCoreApplication::processEvents();
        RulingDock& ruling = *board->ruling();
        ruling.setSubject(ours);
        ruling.setTarget(theirs);
        const QStringList orders = orderTexts(ruling);
        INFO(orders.join(" | ").toStdString());
        REQUIRE_FALSE(orders.isEmpty());
        // Every listed order previews: an answer or a reason, and the pane shows it.
        for (const QString& order : orders) {
            if (!order.contains("  (drag ") && !order.contains("  (click ")) {
                REQUIRE(ruling.chooseOrder(order));
                CHECK((ruling.preview().allowed() || !ruling.preview().refusal.empty()));
                const bool saysNothing = ruling.pane()->factsText().isEmpty() && ruling.preview().modifiers.empty() &&
                                         ruling.preview().odds.empty() && ruling.preview().allowed();
                CHECK_FALSE(saysNothing);
            }
        }
        if (const QByteArray shots = qgetenv("SANDTABLE_UI_SHOTS"); !shots.isEmpty()) {
            board->resize(1920, 1040);
            board->grab().save(QString::fromLocal8Bit(shots) + "/rulings-" + QString::fromStdString(registered.id) + ".png");
        }
        board->close();
    }
}

namespace {

/// A new board of `rulesetId`, its table measured as the ruleset measures.
RulingBoard* newBoard(OpenWindow& open, const std::string& rulesetId) {
    NewBattleSettings settings;
    settings.name = "Picked on the table";
    settings.rulesetId = rulesetId;
    const auto made = makeRuleset(rulesetId, nlohmann::json::object());
    REQUIRE(made);
    settings.table.unit = (*made)->info().unit;
    settings.table.boxSize = settings.table.unit == MeasureUnit::Box ? 150 : 0;
    RulingBoard* board = open.window.newRulingBoard(settings);
    REQUIRE(board != nullptr);
    return board;
}

/// `distance` millimetres ahead of the unit's centre, the way its first base faces.
QPointF ahead(const Unit& unit, double distance) {
    const Point forward = facingVector(unit.elements.front().facing);
    const Point centre = unit.centre();
    return {centre.x() + forward.x() * distance, centre.y() + forward.y() * distance};
}

} // namespace

TEST_CASE("orders aimed on the table are picked there on the board: a rocket's box, a target for each stand", "[ui][rulings]") {
    OpenWindow open("ozz-winkie-border.json", 3);
    SECTION("Victorian Colonial Combat's rockets, at a box clicked two boxes ahead") {
        RulingBoard* board = newBoard(open, "victorian-colonial");
        BoardPiecesDock& pieces = *board->pieces();
        const QString rockets = pieces.addUnit(pieceOf(pieces, "rockets"), "british", QPointF(675, 975));
        REQUIRE_FALSE(rockets.isEmpty());
        const Unit& unit = *board->document()->battle().findUnit(rockets.toStdString());
        const QString enemy = pieces.addUnit(0, QString::fromStdString(board->document()->battle().sides[1].id), ahead(unit, 300));
        REQUIRE_FALSE(enemy.isEmpty());
        QCoreApplication::processEvents();
        RulingDock& ruling = *board->ruling();
        ruling.setSubject(rockets);
        INFO(orderTexts(ruling).join(" | ").toStdString());
        REQUIRE(ruling.chooseOrder("Fire rockets at a box"));
        // Nothing is previewed until the box is clicked; the view waits for the click.
        CHECK(ruling.picking());
        CHECK(board->view()->picking());
        CHECK_FALSE(ruling.chosen().has_value());
        const QPointF aim = ahead(*board->document()->battle().findUnit(rockets.toStdString()), 300);
        QTest::mouseClick(board->view()->viewport(), Qt::LeftButton, {}, board->view()->mapFromScene(aim));
        QCoreApplication::processEvents();
        CHECK_FALSE(ruling.picking());
        REQUIRE(ruling.chosen().has_value());
        const Table& table = board->document()->battle().table;
        REQUIRE(ruling.chosen()->box.has_value());
        CHECK(*ruling.chosen()->box == table.boxAt(Point(aim.x(), aim.y())));
        INFO(ruling.preview().refusal);
        CHECK(ruling.preview().allowed());
        CHECK_FALSE(ruling.preview().odds.empty());
        // Another order chosen halfway: the table no longer waits for the box.
        REQUIRE(ruling.chooseOrder("Fire rockets at a box"));
        CHECK(board->view()->picking());
        REQUIRE(ruling.chooseOrder("About face"));
        CHECK_FALSE(ruling.picking());
        CHECK_FALSE(board->view()->picking());
        CHECK(ruling.chosen().has_value());
        board->close();
    }
    SECTION("One If By Land's skirmishers, a target clicked for each stand") {
        RulingBoard* board = newBoard(open, "one-if-by-land");
        BoardPiecesDock& pieces = *board->pieces();
        int skirmishers = -1;
        for (std::size_t i = 0; i < pieces.palette().units.size(); ++i) {
            const Unit& piece = pieces.palette().units[i].unit;
            if (piece.formation == "skirmish" && piece.elements.size() > 1 && skirmishers < 0) {
                skirmishers = static_cast<int>(i);
            }
        }
        REQUIRE(skirmishers >= 0);
        const std::vector<Side>& sides = board->document()->battle().sides;
        const QString ours = pieces.addUnit(skirmishers, QString::fromStdString(sides[0].id), QPointF(900, 900));
        REQUIRE_FALSE(ours.isEmpty());
        const Unit& unit = *board->document()->battle().findUnit(ours.toStdString());
        const QString theirs = pieces.addUnit(0, QString::fromStdString(sides[1].id), ahead(unit, 150));
        REQUIRE_FALSE(theirs.isEmpty());
        QCoreApplication::processEvents();
        RulingDock& ruling = *board->ruling();
        ruling.setSubject(ours);
        INFO(orderTexts(ruling).join(" | ").toStdString());
        REQUIRE(ruling.chooseOrder("Fire (each stand at its own target)  (click a target for each stand)"));
        const std::size_t stands = board->document()->battle().findUnit(ours.toStdString())->elements.size();
        const QPointF target = [&] {
            const Point centre = board->document()->battle().findUnit(theirs.toStdString())->centre();
            return QPointF(centre.x(), centre.y());
        }();
        for (std::size_t stand = 0; stand < stands; ++stand) {
            REQUIRE(ruling.picking());
            QTest::mouseClick(board->view()->viewport(), Qt::LeftButton, {}, board->view()->mapFromScene(target));
            QCoreApplication::processEvents();
        }
        CHECK_FALSE(ruling.picking());
        REQUIRE(ruling.chosen().has_value());
        REQUIRE(ruling.chosen()->elements.size() == stands);
        for (const ElementOrder& order : ruling.chosen()->elements) {
            CHECK(order.target == theirs.toStdString());
        }
        CHECK((ruling.preview().allowed() || !ruling.preview().refusal.empty()));
        CHECK_FALSE(ruling.pane()->factsText().isEmpty());
        board->close();
    }
}

TEST_CASE("a board asks its ruling at the step of play chosen, where the rules answer differently", "[ui][rulings]") {
    OpenWindow open("ozz-winkie-border.json", 3);
    // The Wars of Ozz answers alike at every step: no phase to choose.
    RulingBoard* ozz = newBoard(open, "wars-of-ozz");
    CHECK_FALSE(ozz->ruling()->phaseBox()->isVisibleTo(ozz));
    ozz->close();

    // Einsamenhügel's light troops move half after the fire (MOVEMENT).
    RulingBoard* board = newBoard(open, "einsamenhugel");
    RulingDock& ruling = *board->ruling();
    QComboBox& phases = *ruling.phaseBox();
    CHECK(phases.isVisibleTo(board));
    REQUIRE(phases.findData("light-moves") >= 0);
    BoardPiecesDock& pieces = *board->pieces();
    const QString light =
        pieces.addUnit(pieceOf(pieces, "light-horse"), QString::fromStdString(board->document()->battle().sides[0].id), QPointF(900, 900));
    REQUIRE_FALSE(light.isEmpty());
    QCoreApplication::processEvents();
    ruling.setSubject(light);
    const QString route = [&] {
        for (const QString& order : orderTexts(ruling)) {
            if (order.startsWith("Move")) {
                return order;
            }
        }
        return QString();
    }();
    REQUIRE_FALSE(route.isEmpty());
    REQUIRE(ruling.chooseOrder(route));
    const Unit& unit = *board->document()->battle().findUnit(light.toStdString());
    const QVector<QPointF> path{ahead(unit, 50)};
    ruling.previewRoute(light, path);
    REQUIRE(ruling.preview().allowance.has_value());
    const double full = *ruling.preview().allowance;
    const int edits = board->document()->undoStack()->count();
    ruling.setPhase("light-moves");
    QCoreApplication::processEvents();
    CHECK(board->document()->battle().phase == "light-moves");
    ruling.previewRoute(light, path);
    REQUIRE(ruling.preview().allowance.has_value());
    CHECK(*ruling.preview().allowance == Approx(full / 2));
    CHECK(ruling.rulingText().contains("After the fire"));
    // The choice is a question asked of the table, not an edit: nothing to undo.
    CHECK(board->document()->undoStack()->count() == edits);
    board->close();
}

TEST_CASE("a board sets a unit's wounded and fallen figures where the rules count figures, one undo step each", "[ui][rulings][figures]") {
    OpenWindow open("ozz-winkie-border.json", 3);
    // The Wars of Ozz counts bases: no figure to set.
    RulingBoard* ozz = newBoard(open, "wars-of-ozz");
    const QString base = ozz->pieces()->addUnit(0, QString::fromStdString(ozz->document()->battle().sides[0].id), QPointF(600, 600));
    ozz->pieces()->setSelectedUnit(base);
    const std::vector<UnitSetting> settings = ozz->ruleset().unitSettings();
    CHECK(ozz->pieces()->findChildren<QSpinBox*>().size() ==
          static_cast<int>(std::count_if(settings.begin(), settings.end(), [](const UnitSetting& s) { return s.counter; })));
    ozz->close();

    RulingBoard* board = newBoard(open, "lshm-skirmish");
    BoardPiecesDock& pieces = *board->pieces();
    int men = 0;
    while (static_cast<std::size_t>(men) + 1 < pieces.palette().units.size() &&
           pieces.palette().units[static_cast<std::size_t>(men)].unit.elements.size() < 3) {
        ++men;
    }
    REQUIRE(pieces.palette().units[static_cast<std::size_t>(men)].unit.elements.size() >= 3);
    const QString unit = pieces.addUnit(men, QString::fromStdString(board->document()->battle().sides[0].id), QPointF(600, 600));
    REQUIRE_FALSE(unit.isEmpty());
    pieces.setSelectedUnit(unit);
    // A box for each state the rules read: lightly and heavily wounded, and fallen.
    QStringList labels;
    for (const QSpinBox* box : pieces.findChildren<QSpinBox*>()) {
        labels << box->toolTip();
    }
    INFO(labels.join(" | ").toStdString());
    CHECK(labels.filter("lightly wounded").size() == 1);
    CHECK(labels.filter("heavily wounded").size() == 1);
    CHECK(labels.filter("killed").size() == 1);

    QUndoStack& undo = *board->document()->undoStack();
    const int steps = undo.count();
    pieces.setFigures(unit, Health::LightlyWounded, 2);
    const Unit& wounded = *board->document()->battle().findUnit(unit.toStdString());
    CHECK(figuresIn(wounded, Health::LightlyWounded) == 2);
    CHECK(undo.count() == steps + 1);
    undo.undo();
    CHECK(figuresIn(*board->document()->battle().findUnit(unit.toStdString()), Health::LightlyWounded) == 0);
    board->close();
}
