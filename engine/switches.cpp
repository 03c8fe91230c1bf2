// The switch table (engine/switches.h): the one place where a value's name becomes a reading.
#include "engine/switches.h"

#include <array>
#include <stdexcept>

namespace carcheck {
namespace {

template <auto Field, auto Value>
void set_to(Switches& s) {
  s.*Field = Value;
}

// table-edge:WxH, the table's size in tiles. The start tile lies in the middle (seed 001
// "Folosirea unei mese": it is placed in the middle of the table and the tiles are not moved
// afterwards); on an even side the extra row or column is east or south (x, y grow there).
std::optional<std::string> table_size(Switches& s, std::string_view p) {
  int dims[2] = {0, 0};
  size_t i = 0;
  for (int d = 0; d < 2; ++d) {
    size_t start = i;
    while (i < p.size() && p[i] >= '0' && p[i] <= '9' && i - start < 3)
      dims[d] = dims[d] * 10 + (p[i++] - '0');
    if (i == start || (i < p.size() && p[i] >= '0' && p[i] <= '9'))
      return "the table's size is WxH in tiles, each 1 to 99, such as 12x8";
    if (d == 0) {
      if (i >= p.size() || p[i] != 'x') return "the table's size is WxH in tiles, such as 12x8";
      ++i;
    }
  }
  if (i != p.size()) return "the table's size is WxH in tiles, such as 12x8";
  if (dims[0] < 1 || dims[0] > 99 || dims[1] < 1 || dims[1] > 99)
    return "each side of the table is 1 to 99 tiles";
  s.table_width = static_cast<uint8_t>(dims[0]);
  s.table_height = static_cast<uint8_t>(dims[1]);
  s.table_west = static_cast<int8_t>(-((dims[0] - 1) / 2));
  s.table_north = static_cast<int8_t>(-((dims[1] - 1) / 2));
  return std::nullopt;
}

constexpr FamilyMask kMists = family_bit(Family::Mists);
constexpr FamilyMask kPnp = family_bit(Family::Pnp);
// Bridges, Castles and Bazaars is played on top of the base game and carries its switches.
constexpr FamilyMask kFarms = family_bit(Family::Base) | family_bit(Family::Bcb);
constexpr FamilyMask kCompetitive = kFarms | kPnp;
constexpr FamilyMask kBcb = family_bit(Family::Bcb);

constexpr SwitchValue kTable[] = {
    {"coop-scoring", "per-colour", kMists,
     &set_to<&Switches::coop_scoring, CoopScoring::PerColour>},
    {"coop-scoring", "majority", kMists, &set_to<&Switches::coop_scoring, CoopScoring::Majority>},
    {"pile-threshold-loss", "lose", kMists,
     &set_to<&Switches::pile_threshold_loss, PileThresholdLoss::Lose>},
    {"pile-threshold-loss", "continue", kMists,
     &set_to<&Switches::pile_threshold_loss, PileThresholdLoss::Continue>},
    {"hound-trigger", "on-placement", kMists,
     &set_to<&Switches::hound_trigger, HoundTrigger::OnPlacement>},
    {"hound-trigger", "when-surrounded", kMists,
     &set_to<&Switches::hound_trigger, HoundTrigger::WhenSurrounded>},
    {"bury-empty", "nothing-buried", kMists,
     &set_to<&Switches::bury_empty, BuryEmpty::NothingBuried>},
    {"haunted-closed-ghosts", "no-extra", kMists,
     &set_to<&Switches::haunted_closed_ghosts, HauntedClosedGhosts::NoExtra>},
    {"haunted-closed-ghosts", "extra-on-open", kMists,
     &set_to<&Switches::haunted_closed_ghosts, HauntedClosedGhosts::ExtraOnOpen>},
    {"haunted-closed-ghosts", "none-on-closed", kMists,
     &set_to<&Switches::haunted_closed_ghosts, HauntedClosedGhosts::NoneOnClosed>},
    {"unplaceable-tile", "redraw", kMists,
     &set_to<&Switches::unplaceable_tile, UnplaceableTile::Redraw>},
    {"unplaceable-tile", "pile-bottom", kMists,
     &set_to<&Switches::unplaceable_tile, UnplaceableTile::PileBottom>},
    {"unplaceable-tile", "lost", kMists,
     &set_to<&Switches::unplaceable_tile, UnplaceableTile::Lost>},
    {"unplaceable-tile", "lose", kMists,
     &set_to<&Switches::unplaceable_tile, UnplaceableTile::Lose>},
    {"hound-no-meeple", "hound-lost", kMists,
     &set_to<&Switches::hound_no_meeple, HoundNoMeeple::HoundLost>},
    {"level6-unowned-colour", "team-picks", kMists,
     &set_to<&Switches::level6_unowned_colour, Level6UnownedColour::TeamPicks>},
    {"unoccupied-scoring", "no-scoring", kMists,
     &set_to<&Switches::unoccupied_scoring, UnoccupiedScoring::NoScoring>},
    {"unoccupied-scoring", "ghost-choice", kMists,
     &set_to<&Switches::unoccupied_scoring, UnoccupiedScoring::GhostChoice>},
    {"bury-supply", "active-player", kMists,
     &set_to<&Switches::bury_supply, BurySupply::ActivePlayer>},
    {"bury-supply", "any-player", kMists, &set_to<&Switches::bury_supply, BurySupply::AnyPlayer>},
    {"bury-when", "board-empty", kMists, &set_to<&Switches::bury_when, BuryWhen::BoardEmpty>},
    {"bury-when", "active-player-none", kMists,
     &set_to<&Switches::bury_when, BuryWhen::ActivePlayerNone>},
    {"face-down-adjacency", "any-of-8", kMists,
     &set_to<&Switches::face_down_adjacency, FaceDownAdjacency::AnyOf8>},
    {"face-down-adjacency", "orthogonal-first", kMists,
     &set_to<&Switches::face_down_adjacency, FaceDownAdjacency::OrthogonalFirst>},
    {"haunted-cemetery-ghosts", "surrounding-8", kMists,
     &set_to<&Switches::haunted_cemetery_ghosts, HauntedCemeteryGhosts::Surrounding8>},
    {"haunted-cemetery-ghosts", "orthogonal-4", kMists,
     &set_to<&Switches::haunted_cemetery_ghosts, HauntedCemeteryGhosts::Orthogonal4>},
    {"pile-end-timing", "after-last-turn", kMists,
     &set_to<&Switches::pile_end_timing, PileEndTiming::AfterLastTurn>},
    {"pile-end-timing", "on-last-draw", kMists,
     &set_to<&Switches::pile_end_timing, PileEndTiming::OnLastDraw>},
    {"misty-road-meeple", "allowed", kMists,
     &set_to<&Switches::misty_road_meeple, MistyRoadMeeple::Allowed>},
    {"misty-road-meeple", "clear-only", kMists,
     &set_to<&Switches::misty_road_meeple, MistyRoadMeeple::ClearOnly>},
    {"meeple-on-finished", "allowed", kMists,
     &set_to<&Switches::meeple_on_finished, MeepleOnFinished::Allowed>},
    {"meeple-on-finished", "unfinished-only", kMists,
     &set_to<&Switches::meeple_on_finished, MeepleOnFinished::UnfinishedOnly>},
    {"haunted-close-removal", "keep-ghosts", kMists,
     &set_to<&Switches::haunted_close_removal, HauntedCloseRemoval::KeepGhosts>},
    {"haunted-close-removal", "remove-ghosts", kMists,
     &set_to<&Switches::haunted_close_removal, HauntedCloseRemoval::RemoveGhosts>},
    {"face-down-haunting", "faq", kMists,
     &set_to<&Switches::face_down_haunting, FaceDownHaunting::Faq>},
    {"face-down-haunting", "rules-text", kMists,
     &set_to<&Switches::face_down_haunting, FaceDownHaunting::RulesText>},
    {"double-threshold", "track-order", kMists,
     &set_to<&Switches::double_threshold, DoubleThreshold::TrackOrder>},
    {"hound-timing", "at-once", kMists, &set_to<&Switches::hound_timing, HoundTiming::AtOnce>},
    {"hound-timing", "after-scorings", kMists,
     &set_to<&Switches::hound_timing, HoundTiming::AfterScorings>},
    {"bank-finish-ghosts", "per-tile", kMists,
     &set_to<&Switches::bank_finish_ghosts, BankFinishGhosts::PerTile>},
    {"bank-finish-ghosts", "per-bank", kMists,
     &set_to<&Switches::bank_finish_ghosts, BankFinishGhosts::PerBank>},
    {"ghost-scope", "as-written", kMists, &set_to<&Switches::ghost_scope, GhostScope::AsWritten>},
    {"ghost-scope", "per-tile", kMists, &set_to<&Switches::ghost_scope, GhostScope::PerTile>},
    {"ghost-scope", "per-area", kMists, &set_to<&Switches::ghost_scope, GhostScope::PerArea>},
    {"tile58-symbols", "2", kMists, &set_to<&Switches::tile58_symbols, Tile58Symbols::Two>},
    {"tile58-symbols", "1", kMists, &set_to<&Switches::tile58_symbols, Tile58Symbols::One>},
    {"farm-scoring", "third-edition", kFarms,
     &set_to<&Switches::farm_scoring, FarmScoring::ThirdEdition>},
    {"farm-scoring", "first-edition", kFarms,
     &set_to<&Switches::farm_scoring, FarmScoring::FirstEdition>},
    {"farm-scoring", "second-edition", kFarms,
     &set_to<&Switches::farm_scoring, FarmScoring::SecondEdition>},
    {"small-city", "modern", kCompetitive, &set_to<&Switches::small_city, SmallCity::Modern>},
    {"small-city", "old", kCompetitive, &set_to<&Switches::small_city, SmallCity::Old>},
    {"unfinished-final", "score", kCompetitive,
     &set_to<&Switches::unfinished_final, UnfinishedFinal::Score>},
    {"unfinished-final", "nothing", kCompetitive,
     &set_to<&Switches::unfinished_final, UnfinishedFinal::Nothing>},
    {"pnp-farmers", "no-farmers", kPnp, &set_to<&Switches::pnp_farmers, PnpFarmers::NoFarmers>},
    {"first-player", "youngest", kCompetitive,
     &set_to<&Switches::first_player, FirstPlayer::Youngest>},
    {"first-player", "agree", kCompetitive, &set_to<&Switches::first_player, FirstPlayer::Agree>},
    {"first-player", "random", kCompetitive, &set_to<&Switches::first_player, FirstPlayer::Random>},
    {"winner-tie", "shared", kCompetitive, &set_to<&Switches::winner_tie, WinnerTie::Shared>},
    {"winner-tie", "report-tie", kCompetitive,
     &set_to<&Switches::winner_tie, WinnerTie::ReportTie>},
    {"winner-tie", "replay", kCompetitive, &set_to<&Switches::winner_tie, WinnerTie::Replay>},
    {"base-unplaceable-tile", "remove", kCompetitive,
     &set_to<&Switches::base_unplaceable_tile, BaseUnplaceableTile::Remove>},
    {"base-unplaceable-tile", "back-in-pile", kCompetitive,
     &set_to<&Switches::base_unplaceable_tile, BaseUnplaceableTile::BackInPile>},
    {"board-bounds", "unlimited", kCompetitive,
     &set_to<&Switches::board_bounds, BoardBounds::Unlimited>},
    {"board-bounds", "table-edge", kCompetitive,
     &set_to<&Switches::board_bounds, BoardBounds::TableEdge>, "WxH", &table_size, "9x9"},
    {"pnp-player-count", "2-5", kPnp,
     &set_to<&Switches::pnp_player_count, PnpPlayerCount::TwoToFive>},
    {"pnp-player-count", "2", kPnp, &set_to<&Switches::pnp_player_count, PnpPlayerCount::TwoOnly>},
    {"bridge-timing", "with-tile", kBcb, &set_to<&Switches::bridge_timing, BridgeTiming::WithTile>},
    {"bridge-timing", "before-scoring", kBcb,
     &set_to<&Switches::bridge_timing, BridgeTiming::BeforeScoring>},
    {"bridge-on-monastery", "allowed", kBcb,
     &set_to<&Switches::bridge_on_monastery, BridgeOnMonastery::Allowed>},
    {"bridge-on-monastery", "forbidden", kBcb,
     &set_to<&Switches::bridge_on_monastery, BridgeOnMonastery::Forbidden>},
    {"small-city-castle", "semicircular", kBcb,
     &set_to<&Switches::small_city_castle, SmallCityCastle::Semicircular>},
    {"small-city-castle", "any-two-segment", kBcb,
     &set_to<&Switches::small_city_castle, SmallCityCastle::AnyTwoSegment>},
    {"castle-same-turn", "not-counted", kBcb,
     &set_to<&Switches::castle_same_turn, CastleSameTurn::NotCounted>},
    {"castle-farm-value", "every-castle", kBcb,
     &set_to<&Switches::castle_farm_value, CastleFarmValue::EveryCastle>},
    {"castle-farm-value", "scored-only", kBcb,
     &set_to<&Switches::castle_farm_value, CastleFarmValue::ScoredOnly>},
    {"castle-farm-edition", "refuse", kBcb,
     &set_to<&Switches::castle_farm_edition, CastleFarmEdition::Refuse>},
    {"castle-order", "active-clockwise", kBcb,
     &set_to<&Switches::castle_order, CastleOrder::ActiveClockwise>},
    {"castle-order", "start-player-clockwise", kBcb,
     &set_to<&Switches::castle_order, CastleOrder::StartPlayerClockwise>},
    {"negative-score", "allowed", kBcb, &set_to<&Switches::negative_score, NegativeScore::Allowed>},
    {"negative-score", "forbidden", kBcb,
     &set_to<&Switches::negative_score, NegativeScore::Forbidden>},
    {"bazaar-variant", "auction", kBcb, &set_to<&Switches::bazaar_variant, BazaarVariant::Auction>},
    {"bazaar-variant", "pick-in-turn", kBcb,
     &set_to<&Switches::bazaar_variant, BazaarVariant::PickInTurn>},
    {"bazaar-unplaced", "no-bazaar", kBcb,
     &set_to<&Switches::bazaar_unplaced, BazaarUnplaced::NoBazaar>},
    {"bazaar-unplaced", "bazaar-held", kBcb,
     &set_to<&Switches::bazaar_unplaced, BazaarUnplaced::BazaarHeld>},
    {"bazaar-too-few", "ignored", kBcb, &set_to<&Switches::bazaar_too_few, BazaarTooFew::Ignored>},
    {"bazaar-next-selector", "next-clockwise", kBcb,
     &set_to<&Switches::bazaar_next_selector, BazaarNextSelector::NextClockwise>},
    {"bazaar-next-selector", "seller-again", kBcb,
     &set_to<&Switches::bazaar_next_selector, BazaarNextSelector::SellerAgain>},
    {"bazaar-buy-short", "must-sell", kBcb,
     &set_to<&Switches::bazaar_buy_short, BazaarBuyShort::MustSell>},
    {"bazaar-buy-short", "stop-at-zero", kBcb,
     &set_to<&Switches::bazaar_buy_short, BazaarBuyShort::StopAtZero>},
    {"bazaar-buy-short", "below-zero", kBcb,
     &set_to<&Switches::bazaar_buy_short, BazaarBuyShort::BelowZero>},
    {"bazaar-held-timing", "before-replacement", kBcb,
     &set_to<&Switches::bazaar_held_timing, BazaarHeldTiming::BeforeReplacement>},
    {"bazaar-held-timing", "after-replacement", kBcb,
     &set_to<&Switches::bazaar_held_timing, BazaarHeldTiming::AfterReplacement>},
    {"bazaar-won-unplaceable", "normal-turn", kBcb,
     &set_to<&Switches::bazaar_won_unplaceable, BazaarWonUnplaceable::NormalTurn>},
    {"bazaar-won-unplaceable", "set-aside", kBcb,
     &set_to<&Switches::bazaar_won_unplaceable, BazaarWonUnplaceable::SetAside>},
    // The River (an add-on room: rule sets with `rooms: [river]`).
    {.id = "river-start-tile",
     .value = "removed",
     .families = kFarms,
     .set = &set_to<&Switches::river_start_tile, RiverStartTile::Removed>,
     .room = "river"},
    {.id = "river-start-tile",
     .value = "river-stack",
     .families = kFarms,
     .set = &set_to<&Switches::river_start_tile, RiverStartTile::RiverStack>,
     .room = "river"},
    {.id = "river-start-tile",
     .value = "after-river",
     .families = kFarms,
     .set = &set_to<&Switches::river_start_tile, RiverStartTile::AfterRiver>,
     .room = "river"},
    {.id = "river-start-tile",
     .value = "land-stack",
     .families = kFarms,
     .set = &set_to<&Switches::river_start_tile, RiverStartTile::LandStack>,
     .room = "river"},
    {.id = "river-uturn",
     .value = "faq",
     .families = kFarms,
     .set = &set_to<&Switches::river_uturn, RiverUturn::Faq>,
     .room = "river"},
    {.id = "river-uturn",
     .value = "immediate",
     .families = kFarms,
     .set = &set_to<&Switches::river_uturn, RiverUturn::Immediate>,
     .room = "river"},
    {.id = "river-uturn",
     .value = "no-repeat",
     .families = kFarms,
     .set = &set_to<&Switches::river_uturn, RiverUturn::NoRepeat>,
     .room = "river"},
    {.id = "river-uturn",
     .value = "never-back",
     .families = kFarms,
     .set = &set_to<&Switches::river_uturn, RiverUturn::NeverBack>,
     .room = "river"},
    {.id = "river-uturn",
     .value = "lookahead",
     .families = kFarms,
     .set = &set_to<&Switches::river_uturn, RiverUturn::Lookahead>,
     .room = "river"},
    {.id = "river-continuity",
     .value = "extend",
     .families = kFarms,
     .set = &set_to<&Switches::river_continuity, RiverContinuity::Extend>,
     .room = "river"},
    {.id = "river-continuity",
     .value = "any-edge",
     .families = kFarms,
     .set = &set_to<&Switches::river_continuity, RiverContinuity::AnyEdge>,
     .room = "river"},
    {.id = "river-unplaceable",
     .value = "removed",
     .families = kFarms,
     .set = &set_to<&Switches::river_unplaceable, RiverUnplaceable::Removed>,
     .room = "river"},
    {.id = "river-unplaceable",
     .value = "bottom",
     .families = kFarms,
     .set = &set_to<&Switches::river_unplaceable, RiverUnplaceable::Bottom>,
     .room = "river"},
    {.id = "river-spring-field",
     .value = "one-field",
     .families = kFarms,
     .set = &set_to<&Switches::river_spring_field, RiverSpringField::OneField>,
     .room = "river"},
    {.id = "river-spring-field",
     .value = "split",
     .families = kFarms,
     .set = &set_to<&Switches::river_spring_field, RiverSpringField::Split>,
     .room = "river"},
    {.id = "river-lake-turn",
     .value = "next-player",
     .families = kFarms,
     .set = &set_to<&Switches::river_lake_turn, RiverLakeTurn::NextPlayer>,
     .room = "river"},
    {.id = "river-lake-turn",
     .value = "same-player",
     .families = kFarms,
     .set = &set_to<&Switches::river_lake_turn, RiverLakeTurn::SamePlayer>,
     .room = "river"},
    {.id = "bcb-bridge-across-river",
     .value = "allowed",
     .families = kBcb,
     .set = &set_to<&Switches::bcb_bridge_across_river, BcbBridgeAcrossRiver::Allowed>,
     .room = "river"},
    {.id = "bcb-bridge-across-river",
     .value = "forbidden",
     .families = kBcb,
     .set = &set_to<&Switches::bcb_bridge_across_river, BcbBridgeAcrossRiver::Forbidden>,
     .room = "river"},
};

}  // namespace

std::span<const SwitchValue> switch_table() { return kTable; }

const SwitchValue* find_switch_value(std::string_view id, std::string_view value) {
  for (const SwitchValue& row : kTable)
    if (row.id == id && row.value == value) return &row;
  return nullptr;
}

std::optional<std::string> switch_value_problem(std::string_view id, const std::string& text) {
  const size_t colon = text.find(':');
  const std::string name = text.substr(0, colon);
  const SwitchValue* row = find_switch_value(id, name);
  if (!row) return std::nullopt;  // not the engine's: the caller names the listed values
  if (row->parameter_form.empty()) {
    if (colon == std::string::npos) return std::nullopt;
    return std::string(id) + "=" + name + " takes no parameter (':" + text.substr(colon + 1) + "')";
  }
  if (colon == std::string::npos)
    return std::string(id) + "=" + name + " needs a parameter: " + name + ":" +
           std::string(row->parameter_form);
  Switches scratch;
  if (auto why = row->with(scratch, std::string_view(text).substr(colon + 1)))
    return std::string(id) + "=" + text + ": " + *why;
  return std::nullopt;
}

std::string runnable_value(std::string_view id, const std::string& name) {
  const SwitchValue* row = find_switch_value(id, name);
  if (!row || row->parameter_example.empty()) return name;
  return name + ":" + std::string(row->parameter_example);
}

bool engine_reads_switch(std::string_view id) {
  for (const SwitchValue& row : kTable)
    if (row.id == id) return true;
  return false;
}

Switches resolve_switches(const RuleSet& rules) {
  Switches s;
  for (const VariantSwitch& v : rules.variants) {
    const SwitchValue* row = find_switch_value(v.id, v.name());
    if (!row)
      throw std::invalid_argument("rule set " + rules.name + ": variant " + v.id + "=" + v.value() +
                                  " is not implemented in the engine yet");
    if (auto why = switch_value_problem(v.id, v.value()))
      throw std::invalid_argument("rule set " + rules.name + ": variant " + *why);
    row->set(s);
    if (row->with) row->with(s, v.parameter);
  }
  // castle-farm-edition=refuse (interpretations.md row castle-farm-edition): seed 003 gives a
  // castle's worth to a farm (4) only against the third edition's 3 for a city.
  if (rules.family == Family::Bcb && s.castle_farm_edition == CastleFarmEdition::Refuse &&
      s.farm_scoring != FarmScoring::ThirdEdition)
    throw std::invalid_argument(
        "rule set " + rules.name + ": farm-scoring=" + rules.variant("farm-scoring") +
        " is refused with castles (castle-farm-edition=refuse, interpretations.md: seed 003 "
        "values a castle on a farm at 4 only against the third edition's 3 per city)");
  // river-continuity=any-edge (interpretations.md row river-continuity): with several open
  // river ends only never-back has a direction to count against.
  if (s.river_continuity == RiverContinuity::AnyEdge && s.river_uturn != RiverUturn::NeverBack)
    throw std::invalid_argument(
        "rule set " + rules.name +
        ": river-continuity=any-edge is refused with river-uturn=" + rules.variant("river-uturn") +
        " (interpretations.md: with several open river ends only never-back has a direction "
        "to count against)");
  return s;
}

}  // namespace carcheck
