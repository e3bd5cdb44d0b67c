// Ruleset options in the window: the New Battle dialog and Game > Rules Options build
// their forms from what the ruleset declares.

#include "game_controller.h"
#include "new_battle_dialog.h"
#include "ruleset_options_dialog.h"
#include "ruleset_options_form.h"
#include "ui_test_support.h"

#include <QComboBox>

using namespace sandtable;

namespace {

void chooseRuleset(ui::NewBattleDialog& dialog, const QString& id) {
    for (QComboBox* list : dialog.findChildren<QComboBox*>()) {
        if (const int index = list->findData(id); index >= 0) {
            list->setCurrentIndex(index);
            return;
        }
    }
    FAIL("no ruleset list offers " << id.toStdString());
}

} // namespace

TEST_CASE("New Battle shows the chosen ruleset's options, defaults marked, and the battle plays with those chosen", "[ui][options]") {
    ui::NewBattleDialog dialog;
    chooseRuleset(dialog, "wars-of-ozz");
    ui::RulesetOptionsForm* form = dialog.optionsForm();
    RulesetOptions shown = form->chosen();
    CHECK(shown.size() == 5);
    CHECK(shown.at("activation") == "double-random");
    CHECK(shown.at("hits-per-base") == "2");
    // Each option is a list of its choices, the default marked, the ruling in the tooltip.
    auto* activation = form->findChild<QComboBox*>("activation");
    REQUIRE(activation != nullptr);
    CHECK(activation->count() == 2);
    CHECK(activation->itemText(0) == "double-random (default)");
    CHECK(activation->toolTip().contains("ozz-activation"));
    REQUIRE(form->choose("activation", "alternate-units"));
    CHECK_FALSE(form->choose("activation", "by-cards"));
    CHECK_FALSE(form->choose("no-such-option", "on"));
    const NewBattleSettings settings = dialog.settings();
    CHECK(settings.rulesetOptions.at("activation") == "alternate-units");
    const NewBattle battle = newBattle(settings);
    CHECK(battle.scenario.rulesetOptions.at("activation") == "alternate-units");
    // Another ruleset: its own options, at their defaults.
    chooseRuleset(dialog, "einsamenhugel");
    shown = form->chosen();
    CHECK(shown.count("activation") == 0);
    CHECK(shown.at("army-break") == "half");
    CHECK(shown.at("quiet-turns") == "2");
    CHECK(shown.size() == 8);
}

TEST_CASE("Rules Options: changed before the first order the game starts again with the same seed, after it they are fixed",
          "[ui][options]") {
    uitest::OpenWindow open("ozz-winkie-border.json", 31);
    const Game& before = open.window.gameController()->game();
    REQUIRE(before.ruleset().options().at("activation") == "double-random");
    const std::uint64_t seed = before.seed();
    RulesetOptions options = before.ruleset().options();
    options["activation"] = "alternate-units";
    REQUIRE(open.window.restartWithOptions(options).isEmpty());
    const Game& after = open.window.gameController()->game();
    CHECK(after.ruleset().options().at("activation") == "alternate-units");
    CHECK(after.seed() == seed);
    CHECK(after.log().empty());
    CHECK(after.battle().decks.empty()); // alternate units turn no cards
    CHECK(open.window.logText().contains("Rules options changed before the first order (activation alternate-units)"));
    // The dialog shows them editable now, fixed once an order is given.
    {
        ui::RulesetOptionsDialog dialog(after.ruleset().info(), after.ruleset().options(), true);
        CHECK(dialog.form()->findChild<QComboBox*>("activation")->isEnabled());
        CHECK(dialog.chosen() == after.ruleset().options());
    }
    const GameStatus status = after.status();
    REQUIRE_FALSE(status.mayActivate.empty());
    REQUIRE(open.window.gameController()->perform(Action{"end-activation", status.mayActivate.front(), "", {}, {}, {}}).isEmpty());
    options["activation"] = "double-random";
    const QString refused = open.window.restartWithOptions(options);
    CHECK(refused.contains("fixed once an order is given (1 so far)"));
    CHECK(open.window.gameController()->game().log().size() == 1); // nothing lost
    ui::RulesetOptionsDialog fixed(after.ruleset().info(), after.ruleset().options(), false);
    CHECK_FALSE(fixed.form()->findChild<QComboBox*>("activation")->isEnabled());
}
