// The variant switches the engine reads, typed. Each disputed reading of the interpretation
// register (levels.yaml `variants:`) is an enum here, set from the value's *name* through one
// table (switch_table()), so no list position and no string comparison decides a rule.
//
// | switch                 | field                  | values (default first)                    |
// |------------------------|------------------------|-------------------------------------------|
// | coop-scoring           | coop_scoring           | per-colour, majority                      |
// | pile-threshold-loss    | pile_threshold_loss    | lose, continue                            |
// | hound-trigger          | hound_trigger          | on-placement, when-surrounded             |
// | bury-empty             | bury_empty             | nothing-buried                            |
// | haunted-closed-ghosts  | haunted_closed_ghosts  | no-extra, extra-on-open, none-on-closed   |
// | unplaceable-tile       | unplaceable_tile       | redraw, pile-bottom, lost, lose           |
// | hound-no-meeple        | hound_no_meeple        | hound-lost                                |
// | level6-unowned-colour  | level6_unowned_colour  | team-picks                                |
// | unoccupied-scoring     | unoccupied_scoring     | no-scoring, ghost-choice                  |
// | bury-supply            | bury_supply            | active-player, any-player                 |
// | bury-when              | bury_when              | board-empty, active-player-none           |
// | face-down-adjacency    | face_down_adjacency    | any-of-8, orthogonal-first                |
// | haunted-cemetery-ghosts| haunted_cemetery_ghosts| surrounding-8, orthogonal-4               |
// | pile-end-timing        | pile_end_timing        | after-last-turn, on-last-draw             |
// | misty-road-meeple      | misty_road_meeple      | allowed, clear-only                       |
// | meeple-on-finished     | meeple_on_finished     | allowed, unfinished-only                  |
// | haunted-close-removal  | haunted_close_removal  | keep-ghosts, remove-ghosts                |
// | face-down-haunting     | face_down_haunting     | faq, rules-text                           |
// | double-threshold       | double_threshold       | track-order                               |
// | hound-timing           | hound_timing           | at-once, after-scorings                   |
// | ghost-scope            | ghost_scope            | as-written, per-tile, per-area            |
// | bank-finish-ghosts     | bank_finish_ghosts     | per-tile, per-bank                        |
// | tile58-symbols         | tile58_symbols         | 2, 1 (a tiles.yaml alternative)           |
// | farm-scoring           | farm_scoring           | third-, first-, second-edition            |
// | small-city             | small_city             | modern, old                               |
// | unfinished-final       | unfinished_final       | score, nothing                            |
// | pnp-farmers            | pnp_farmers            | no-farmers                                |
// | first-player           | first_player           | youngest, agree, random                   |
// | winner-tie             | winner_tie             | shared, report-tie, replay                |
// | base-unplaceable-tile  | base_unplaceable_tile  | remove, back-in-pile                      |
// | board-bounds           | board_bounds           | unlimited                                 |
// | pnp-player-count       | pnp_player_count       | 2-5, 2 (the loader sets the player range) |
// | bridge-timing          | bridge_timing          | with-tile, before-scoring                 |
// | bridge-on-monastery    | bridge_on_monastery    | allowed, forbidden                        |
// | small-city-castle      | small_city_castle      | semicircular, any-two-segment             |
// | castle-same-turn       | castle_same_turn       | not-counted                               |
// | castle-farm-value      | castle_farm_value      | every-castle, scored-only                 |
// | castle-farm-edition    | castle_farm_edition    | refuse                                    |
// | castle-order           | castle_order           | active-clockwise, start-player-clockwise  |
// | negative-score         | negative_score         | allowed, forbidden                        |
// | bazaar-variant         | bazaar_variant         | auction, pick-in-turn                     |
// | bazaar-unplaced        | bazaar_unplaced        | no-bazaar, bazaar-held                    |
// | bazaar-too-few         | bazaar_too_few         | ignored (report-gap not implemented)      |
// | bazaar-next-selector   | bazaar_next_selector   | next-clockwise, seller-again              |
// | bazaar-buy-short       | bazaar_buy_short       | must-sell, stop-at-zero, below-zero       |
// | bazaar-held-timing     | bazaar_held_timing     | before-replacement, after-replacement     |
// | bazaar-won-unplaceable | bazaar_won_unplaceable | normal-turn, set-aside                    |
// | river-start-tile       | river_start_tile       | removed, river-stack, after-river,        |
// |                        |                        | land-stack                                |
// | river-uturn            | river_uturn            | faq, immediate, no-repeat, never-back,    |
// |                        |                        | lookahead                                 |
// | river-continuity       | river_continuity       | extend, any-edge                          |
// | river-unplaceable      | river_unplaceable      | removed, bottom                           |
// | river-spring-field     | river_spring_field     | one-field, split (a tiles.yaml alternative)|
// | river-lake-turn        | river_lake_turn        | next-player, same-player                  |
// | bcb-bridge-across-river| bcb_bridge_across_river| allowed, forbidden                        |
//
// The River's switches belong to the add-on room `river` (SwitchValue::room): a rule set
// carries them when its `rooms:` names it.
//
// A value levels.yaml lists that is not in the table must be marked `not-implemented:` there
// (the loader checks both ways); the Bridges, Castles and Bazaars switches the engine does
// not play yet are marked so.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/rules.h"

namespace carcheck {

// ---- Mists over Carcassonne ----------------------------------------------------------------
enum class CoopScoring : uint8_t { PerColour, Majority };
enum class PileThresholdLoss : uint8_t { Lose, Continue };
enum class HoundTrigger : uint8_t { OnPlacement, WhenSurrounded };
enum class HoundTiming : uint8_t { AtOnce, AfterScorings };
enum class BuryEmpty : uint8_t { NothingBuried };
enum class HauntedClosedGhosts : uint8_t { NoExtra, ExtraOnOpen, NoneOnClosed };
enum class UnplaceableTile : uint8_t { Redraw, PileBottom, Lost, Lose };
enum class HoundNoMeeple : uint8_t { HoundLost };
enum class Level6UnownedColour : uint8_t { TeamPicks };
enum class UnoccupiedScoring : uint8_t { NoScoring, GhostChoice };
enum class BurySupply : uint8_t { ActivePlayer, AnyPlayer };
enum class BuryWhen : uint8_t { BoardEmpty, ActivePlayerNone };
enum class BankFinishGhosts : uint8_t { PerTile, PerBank };
enum class FaceDownAdjacency : uint8_t { AnyOf8, OrthogonalFirst };
enum class HauntedCemeteryGhosts : uint8_t { Surrounding8, Orthogonal4 };
enum class PileEndTiming : uint8_t { AfterLastTurn, OnLastDraw };
enum class MistyRoadMeeple : uint8_t { Allowed, ClearOnly };
enum class MeepleOnFinished : uint8_t { Allowed, UnfinishedOnly };
enum class HauntedCloseRemoval : uint8_t { KeepGhosts, RemoveGhosts };
enum class FaceDownHaunting : uint8_t { Faq, RulesText };
enum class DoubleThreshold : uint8_t { TrackOrder };
enum class GhostScope : uint8_t { AsWritten, PerTile, PerArea };
enum class Tile58Symbols : uint8_t { Two, One };

// ---- Base game, Print-and-Play demo --------------------------------------------------------
enum class FarmScoring : uint8_t { ThirdEdition, FirstEdition, SecondEdition };
enum class SmallCity : uint8_t { Modern, Old };
enum class UnfinishedFinal : uint8_t { Score, Nothing };
enum class PnpFarmers : uint8_t { NoFarmers };
enum class FirstPlayer : uint8_t { Youngest, Agree, Random };
enum class WinnerTie : uint8_t { Shared, ReportTie, Replay };
enum class BaseUnplaceableTile : uint8_t { Remove, BackInPile };
enum class BoardBounds : uint8_t { Unlimited, TableEdge };
enum class PnpPlayerCount : uint8_t { TwoToFive, TwoOnly };

// ---- Bridges, Castles and Bazaars ----------------------------------------------------------
enum class BridgeTiming : uint8_t { WithTile, BeforeScoring };
enum class BridgeOnMonastery : uint8_t { Allowed, Forbidden };
enum class SmallCityCastle : uint8_t { Semicircular, AnyTwoSegment };
enum class CastleSameTurn : uint8_t { NotCounted };
enum class CastleFarmValue : uint8_t { EveryCastle, ScoredOnly };
enum class CastleFarmEdition : uint8_t { Refuse };
enum class CastleOrder : uint8_t { ActiveClockwise, StartPlayerClockwise };
enum class NegativeScore : uint8_t { Allowed, Forbidden };
enum class BazaarVariant : uint8_t { Auction, PickInTurn };
enum class BazaarUnplaced : uint8_t { NoBazaar, BazaarHeld };
enum class BazaarTooFew : uint8_t { Ignored };
enum class BazaarNextSelector : uint8_t { NextClockwise, SellerAgain };
enum class BazaarBuyShort : uint8_t { MustSell, StopAtZero, BelowZero };
enum class BazaarHeldTiming : uint8_t { BeforeReplacement, AfterReplacement };
enum class BazaarWonUnplaceable : uint8_t { NormalTurn, SetAside };

enum class RiverStartTile : uint8_t { Removed, RiverStack, AfterRiver, LandStack };
enum class RiverUturn : uint8_t { Faq, Immediate, NoRepeat, NeverBack, Lookahead };
enum class RiverContinuity : uint8_t { Extend, AnyEdge };
enum class RiverUnplaceable : uint8_t { Removed, Bottom };
enum class RiverSpringField : uint8_t { OneField, Split };
enum class RiverLakeTurn : uint8_t { NextPlayer, SamePlayer };
enum class BcbBridgeAcrossRiver : uint8_t { Allowed, Forbidden };

// The readings in force, resolved once per Game; a default-constructed value is every
// switch's default.
struct Switches {
  CoopScoring coop_scoring = CoopScoring::PerColour;
  PileThresholdLoss pile_threshold_loss = PileThresholdLoss::Lose;
  HoundTrigger hound_trigger = HoundTrigger::OnPlacement;
  BuryEmpty bury_empty = BuryEmpty::NothingBuried;
  HauntedClosedGhosts haunted_closed_ghosts = HauntedClosedGhosts::NoExtra;
  UnplaceableTile unplaceable_tile = UnplaceableTile::Redraw;
  HoundNoMeeple hound_no_meeple = HoundNoMeeple::HoundLost;
  Level6UnownedColour level6_unowned_colour = Level6UnownedColour::TeamPicks;
  UnoccupiedScoring unoccupied_scoring = UnoccupiedScoring::NoScoring;
  BurySupply bury_supply = BurySupply::ActivePlayer;
  BuryWhen bury_when = BuryWhen::BoardEmpty;
  FaceDownAdjacency face_down_adjacency = FaceDownAdjacency::AnyOf8;
  HauntedCemeteryGhosts haunted_cemetery_ghosts = HauntedCemeteryGhosts::Surrounding8;
  PileEndTiming pile_end_timing = PileEndTiming::AfterLastTurn;
  MistyRoadMeeple misty_road_meeple = MistyRoadMeeple::Allowed;
  MeepleOnFinished meeple_on_finished = MeepleOnFinished::Allowed;
  HauntedCloseRemoval haunted_close_removal = HauntedCloseRemoval::KeepGhosts;
  FaceDownHaunting face_down_haunting = FaceDownHaunting::Faq;
  DoubleThreshold double_threshold = DoubleThreshold::TrackOrder;
  HoundTiming hound_timing = HoundTiming::AtOnce;
  GhostScope ghost_scope = GhostScope::AsWritten;
  BankFinishGhosts bank_finish_ghosts = BankFinishGhosts::PerTile;
  Tile58Symbols tile58_symbols = Tile58Symbols::Two;

  FarmScoring farm_scoring = FarmScoring::ThirdEdition;
  SmallCity small_city = SmallCity::Modern;
  UnfinishedFinal unfinished_final = UnfinishedFinal::Score;
  PnpFarmers pnp_farmers = PnpFarmers::NoFarmers;
  FirstPlayer first_player = FirstPlayer::Youngest;
  WinnerTie winner_tie = WinnerTie::Shared;
  BaseUnplaceableTile base_unplaceable_tile = BaseUnplaceableTile::Remove;
  BoardBounds board_bounds = BoardBounds::Unlimited;
  // board-bounds=table-edge:WxH: the table is W tiles by H, the start tile in its middle
  // (seed 001 "Folosirea unei mese"); the spaces x in [table_west, table_west + W), likewise y.
  uint8_t table_width = 0, table_height = 0;
  int8_t table_west = 0, table_north = 0;
  PnpPlayerCount pnp_player_count = PnpPlayerCount::TwoToFive;

  BridgeTiming bridge_timing = BridgeTiming::WithTile;
  BridgeOnMonastery bridge_on_monastery = BridgeOnMonastery::Allowed;
  SmallCityCastle small_city_castle = SmallCityCastle::Semicircular;
  CastleSameTurn castle_same_turn = CastleSameTurn::NotCounted;
  CastleFarmValue castle_farm_value = CastleFarmValue::EveryCastle;
  CastleFarmEdition castle_farm_edition = CastleFarmEdition::Refuse;
  CastleOrder castle_order = CastleOrder::ActiveClockwise;
  NegativeScore negative_score = NegativeScore::Allowed;
  BazaarVariant bazaar_variant = BazaarVariant::Auction;
  BazaarUnplaced bazaar_unplaced = BazaarUnplaced::NoBazaar;
  BazaarTooFew bazaar_too_few = BazaarTooFew::Ignored;
  BazaarNextSelector bazaar_next_selector = BazaarNextSelector::NextClockwise;
  BazaarBuyShort bazaar_buy_short = BazaarBuyShort::MustSell;
  BazaarHeldTiming bazaar_held_timing = BazaarHeldTiming::BeforeReplacement;
  BazaarWonUnplaceable bazaar_won_unplaceable = BazaarWonUnplaceable::NormalTurn;

  RiverStartTile river_start_tile = RiverStartTile::Removed;
  RiverUturn river_uturn = RiverUturn::Faq;
  RiverContinuity river_continuity = RiverContinuity::Extend;
  RiverUnplaceable river_unplaceable = RiverUnplaceable::Removed;
  RiverSpringField river_spring_field = RiverSpringField::OneField;
  RiverLakeTurn river_lake_turn = RiverLakeTurn::NextPlayer;
  BcbBridgeAcrossRiver bcb_bridge_across_river = BcbBridgeAcrossRiver::Allowed;
};

// Which rule systems a switch belongs to (bit per Family): a rule set of such a family must
// carry it in levels.yaml.
using FamilyMask = uint8_t;
constexpr FamilyMask family_bit(Family f) {
  return static_cast<FamilyMask>(1u << static_cast<int>(f));
}

// One implemented value of one switch: {switch id, value name, what it sets}. A value that
// takes a parameter (`table-edge:12x8`) names its form and reads it: `with` sets the
// parameter's fields, or returns why the text is not such a parameter.
struct SwitchValue {
  std::string_view id;
  std::string_view value;
  FamilyMask families;
  void (*set)(Switches&);
  std::string_view parameter_form = {};  // e.g. "WxH"; empty: the value takes no parameter
  std::optional<std::string> (*with)(Switches&, std::string_view parameter) = nullptr;
  // The parameter a run that enumerates every value uses (fuzz, --matrix, --compare).
  std::string_view parameter_example = {};
  // An add-on room's switch (levels.yaml `rooms:`): carried by the rule sets of `families`
  // that name the room; empty: by every rule set of `families`.
  std::string_view room = {};
};

// Every switch value the engine implements, each switch's values in its enum's order.
std::span<const SwitchValue> switch_table();
// The row of (id, value); nullptr when the engine does not implement it.
const SwitchValue* find_switch_value(std::string_view id, std::string_view value);
// Why `text` (a value's name, `:parameter` when it takes one) is not a value of switch `id`
// that the engine can set: a missing, malformed or unexpected parameter; nullopt when it is.
// An unknown name is the caller's to report (it knows the listed values).
std::optional<std::string> switch_value_problem(std::string_view id, const std::string& text);
// The value `name` of switch `id` as a run that enumerates values selects it: `name`, or
// `name:example` for a value that takes a parameter (board-bounds=table-edge:9x9).
std::string runnable_value(std::string_view id, const std::string& name);
// Whether the engine reads switch `id` at all.
bool engine_reads_switch(std::string_view id);

// The switches of a rule set, by the names of the values in force. Throws
// std::invalid_argument naming the switch and value when one is not implemented, or when
// the values in force make a combination the register refuses (castle-farm-edition=refuse:
// a bcb game scoring farms by another edition than the third).
Switches resolve_switches(const RuleSet& rules);

}  // namespace carcheck
