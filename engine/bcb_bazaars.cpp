// Bridges, Castles and Bazaars: bazaars (seed 003 "Bazarul", footnotes 5-14), between turns.
//
// A bazaar tile placed in a regular turn opens a bazaar once that turn's scoring is over
// (fn 5). The host (the active player) reveals one tile per player: chance draws in
// Phase::Draw, so `draw <tile>` forces each reveal and apply_random_draw takes the supply's
// top (BazaarStage::Reveal). The tiles are then shared (Share): by auction, or picked in turn
// without bids (bazaar-variant=pick-in-turn; negative-score=forbidden with every score 0,
// ZMG fn 14). Each player then places the tile obtained as a whole turn (Place), the player
// after the host first; then the player after the host plays the next regular turn.
//
// Choices the seed leaves open, decided here:
// - pick-in-turn: the seed's "Variație" has each player select a tile and place it as a
//   normal turn, in turn, so the next player picks after seeing that placement (the digest
//   says only "taken one each in turn order").
// - the last tile of a bazaar goes to the last player without one, free, without an action
//   (there is nothing left to choose).
// - a tile obtained in a bazaar that fits nowhere (or is set aside under fn 17) is placed "ca
//   într-o tură normală" (bazaar-won-unplaceable=normal-turn): base-unplaceable-tile decides
//   its fate (removed, or back in the pile) and the player draws another from the supply and
//   plays it as the placement turn; when the supply is empty nothing is drawn. Under
//   set-aside it is removed with nothing drawn. A tile so drawn is drawn "în mod obișnuit":
//   a bazaar tile among them opens a bazaar (fn 12), but only once every revealed tile is
//   placed ("Fără reacție în lanț"), hosted by its player; such bazaars are held clockwise
//   from the round's host, as the builder question's delayed bazaars ("Oricare bazar
//   întârziat în așteptare va avea loc acum în tură"), then the game goes on where the round
//   left it. A drawn bazaar tile that fits nowhere is held so only under bazaar-unplaced=
//   bazaar-held (fn 6), after the round whatever bazaar-held-timing says (no bazaar comes
//   inside a round).
// - after all placements the next regular turn is the host's left neighbour's; the seed says
//   "the game continues normally" only for the variant.
#include <algorithm>

#include "engine/bcb.h"
#include "engine/rules_impl.h"
#include "engine/switches.h"

namespace carcheck {

namespace {

int players(const State& s) { return s.game().players(); }

bool has_tile(const BcbState& b, int p) {
  for (int i = 0; i < b.revealed_count; ++i)
    if (nth(b.taker, i) == p) return true;
  return false;
}

int tile_of(const BcbState& b, int p) {
  for (int i = 0; i < b.revealed_count; ++i)
    if (nth(b.taker, i) == p) return i;
  return -1;
}

int untaken(const BcbState& b) {
  int n = 0;
  for (int i = 0; i < b.revealed_count; ++i) n += nth(b.taker, i) < 0;
  return n;
}

// The first player clockwise after `from` who has no tile from this bazaar (`from` last).
int next_without_tile(const State& s, int from) {
  const int n = players(s);
  for (int k = 1; k <= n; ++k)
    if (!has_tile(s.bcb(), (from + k) % n)) return (from + k) % n;
  return -1;
}

// The next player after `from`, before the round comes back to the selector, who may still
// bid: one without a tile from this bazaar (seed 003: those who have one take no part).
int next_bidder(const State& s, int from) {
  const BcbState& b = s.bcb();
  const int n = players(s);
  for (int p = (from + 1) % n; p != b.selector; p = (p + 1) % n)
    if (!has_tile(b, p)) return p;
  return -1;
}

bool bids_capped(const State& s) {
  return s.game().switches().negative_score == NegativeScore::Forbidden;
}

// The highest bid player `p` may make: under negative-score=forbidden no more than their
// score (ZMG, fn 8), though a selector may always open at 0 (the seed: "0 is possible");
// otherwise any (the rules set no bound: kMaxBid, the action's field, is the only one).
int max_bid(const State& s, int p, bool opening) {
  if (!bids_capped(s)) return kMaxBid;
  const int score = s.score(p).total;
  return opening ? std::max(0, score) : score;
}

// The bids from `lo` into `out`: every one up to max_bid where the rules bound them, else one
// range entry (engine/action.h kBidRange) for lo and above.
void push_bids(const State& s, int p, Action a, int lo, bool opening, ActionList& out) {
  if (!bids_capped(s)) {
    if (lo > kMaxBid) return;
    a.x = static_cast<int16_t>(lo);
    a.count = kBidRange;
    out.push(a);
    return;
  }
  for (int bid = lo, hi = max_bid(s, p, opening); bid <= hi; ++bid) {
    a.x = static_cast<int16_t>(bid);
    out.push(a);
  }
}

std::string bid_cap_text(const State& s, int p) {
  return "a player may not bid more points than they have (" + std::to_string(s.score(p).total) +
         "; negative-score=forbidden, the ZMG rule of seed 003 fn 8)";
}

bool buy_refused(const State& s) {
  const BcbState& b = s.bcb();
  return bids_capped(s) && s.game().switches().bazaar_buy_short == BazaarBuyShort::MustSell &&
         b.bid > s.score(b.selector).total;
}

}  // namespace

bool Rules::bcb_is_bazaar_tile(const State& s, TileId t) {
  const TileType& tt = s.game_->tile(t);
  for (int c = 0; c < tt.n_cells; ++c)
    if (tt.face(0, c).marks & kMarkBazaar) return true;
  return false;
}

void Rules::bcb_bazaar_pay(State& s, int who, int points, int other) {
  if (points == 0) return;
  award(s, who, FeatureClass::Bazaar, points);
  emit(s, EventKind::BazaarPaid, FeatureClass::Bazaar, who, 0, 0, points, other);
}

void Rules::bcb_bazaar_after_turn(State& s) {
  BcbState& b = s.bcb_;
  if (b.bazaar == BazaarStage::Place) {  // a bazaar's placement turn is over
    if (b.bazaar_redrawn && s.drawn_ >= 0 && bcb_is_bazaar_tile(s, s.drawn_))
      ++nth(b.delayed, s.player_);  // drawn, not won: its bazaar after the round (fn 12)
    b.bazaar_redrawn = false;
    ++s.turn_;
    s.drawn_ = -1;
    bcb_bazaar_next(s);
    return;
  }
  // fn 5: after the scoring of the turn that placed a bazaar tile; bazaar-held with
  // after-replacement: after the replacement's turn.
  const bool opened = s.drawn_ >= 0 && bcb_is_bazaar_tile(s, s.drawn_);
  const bool held = !opened && b.bazaars_due > 0 &&
                    s.game_->switches().bazaar_held_timing == BazaarHeldTiming::AfterReplacement;
  if (!opened && !held) {
    end_turn(s);
    return;
  }
  if (held) --b.bazaars_due;
  ++s.turn_;  // the host's turn is over; the bazaar's turns follow before the next one
  s.drawn_ = -1;
  bcb_bazaar_start(s);
}

bool Rules::bcb_bazaar_draw_due(State& s) {
  BcbState& b = s.bcb_;
  if (b.bazaar != BazaarStage::None || b.bazaars_due == 0) return false;
  if (s.game_->switches().bazaar_held_timing == BazaarHeldTiming::BeforeReplacement) {
    --b.bazaars_due;
    b.bazaar_resume_same = true;  // the host still draws the replacement afterwards
    bcb_bazaar_start(s);
    return true;
  }
  if (!s.tiles_left()) {  // no replacement comes: its bazaar would reveal nothing
    for (; b.bazaars_due > 0; --b.bazaars_due)
      emit(s, EventKind::BazaarIgnored, FeatureClass::None, s.player_, 0, 0, 0);
  }
  return false;
}

void Rules::bcb_bazaar_start(State& s) {
  BcbState& b = s.bcb_;
  const int n = players(s);
  b.bazaar_host = static_cast<int8_t>(s.player_);
  // fn 11 (bazaar-too-few=ignored): fewer face-down tiles than players, no auction.
  if (s.tiles_remaining() < n) {
    emit(s, EventKind::BazaarIgnored, FeatureClass::None, s.player_, 0, 0, s.tiles_remaining());
    bcb_bazaar_resume(s);
    return;
  }
  b.bazaar = BazaarStage::Reveal;
  b.revealed_count = 0;
  b.placed = 0;
  b.taker.fill(-1);
  // ZMG (fn 14): with negative-score=forbidden and every score 0, the variant is played.
  bool all_zero = true;
  for (int p = 0; p < n; ++p) all_zero = all_zero && s.score(p).total == 0;
  b.bazaar_no_bids = s.game_->switches().bazaar_variant == BazaarVariant::PickInTurn ||
                     (bids_capped(s) && all_zero);
  emit(s, EventKind::BazaarOpened, FeatureClass::None, s.player_, 0, 0, n);
  s.phase_ = Phase::Draw;
}

bool Rules::bcb_bazaar_drawn(State& s, TileId t) {
  BcbState& b = s.bcb_;
  if (b.bazaar != BazaarStage::Reveal) return false;
  nth(b.revealed, b.revealed_count) = t;
  nth(b.taker, b.revealed_count) = -1;
  ++b.revealed_count;
  s.drawn_ = -1;  // face up on the table, in nobody's hand
  if (b.revealed_count < players(s)) return true;
  b.bazaar = BazaarStage::Share;
  b.selector = static_cast<int8_t>(next_without_tile(s, b.bazaar_host));  // "jucătorul următor"
  bcb_bazaar_next(s);
  return true;
}

void Rules::bcb_bazaar_unplaceable(State& s, TileId t) {
  BcbState& b = s.bcb_;
  if (b.bazaar == BazaarStage::Place) {
    // A drawn (not won) bazaar tile set aside: bazaar-unplaced as in a regular turn.
    if (b.bazaar_redrawn && bcb_is_bazaar_tile(s, t) &&
        s.game_->switches().bazaar_unplaced == BazaarUnplaced::BazaarHeld)
      ++nth(b.delayed, s.player_);
    if (!bcb_bazaar_lost_tile(s, t)) bcb_bazaar_next(s);
    return;
  }
  // fn 6 (bazaar-unplaced=no-bazaar): a discarded bazaar tile holds no bazaar; bazaar-held:
  // it does, before or after the replacement (bazaar-held-timing, read by draw_due and
  // after_turn).
  if (bcb_is_bazaar_tile(s, t) && s.game_->switches().bazaar_unplaced == BazaarUnplaced::BazaarHeld)
    ++b.bazaars_due;
  competitive_unplaceable(s, t);
}

// Drives the bazaar to its next decision: the last tile to the last player, the next
// selection, or the next placement turn; at the end, back to regular turns.
void Rules::bcb_bazaar_next(State& s) {
  BcbState& b = s.bcb_;
  const int n = players(s);
  for (;;) {
    const int left = untaken(b);
    if (left == 1) {  // "Ultimul cartonaș poate fi luat fără plată"
      int last = -1;
      for (int p = 0; p < n && last < 0; ++p)
        if (!has_tile(b, p)) last = p;
      for (int i = 0; i < b.revealed_count; ++i)
        if (nth(b.taker, i) < 0) bcb_bazaar_take(s, i, last, 0);
      continue;
    }
    if (left > 1 && !b.bazaar_no_bids) {
      b.bazaar = BazaarStage::Share;
      s.decider_ = b.selector;
      s.player_ = b.bazaar_host;
      s.phase_ = Phase::BazaarSelect;
      return;
    }
    if (b.placed >= n) {
      bcb_bazaar_resume(s);
      return;
    }
    const int p = (b.bazaar_host + 1 + b.placed) % n;
    if (!has_tile(b, p)) {  // pick-in-turn: this player picks, then places it at once
      b.bazaar = BazaarStage::Share;
      s.decider_ = static_cast<int8_t>(p);
      s.player_ = b.bazaar_host;
      s.phase_ = Phase::BazaarSelect;
      return;
    }
    if (bcb_bazaar_place_turn(s, p)) return;
  }
}

// Player `p`'s turn with the tile obtained; false when it fits nowhere and the turn is
// already over (nothing drawn in its place).
bool Rules::bcb_bazaar_place_turn(State& s, int p) {
  BcbState& b = s.bcb_;
  const TileId t = static_cast<TileId>(nth(b.revealed, tile_of(b, p)));
  ++b.placed;
  b.bazaar = BazaarStage::Place;
  b.bazaar_redrawn = false;
  s.decider_ = -1;
  s.player_ = p;
  s.drawn_ = t;
  if (placeable_anywhere(s, t)) {
    s.phase_ = Phase::Place;
    return true;
  }
  emit(s, EventKind::TileSetAside, FeatureClass::None, p, 0, 0, t);
  return bcb_bazaar_lost_tile(s, t);
}

// bazaar-won-unplaceable=normal-turn: the tile goes as base-unplaceable-tile says and the
// player draws another (a chance draw, Phase::Draw) while the supply has one; set-aside:
// removed, nothing drawn. False when the placement turn is over.
bool Rules::bcb_bazaar_lost_tile(State& s, TileId t) {
  BcbState& b = s.bcb_;
  s.drawn_ = -1;
  if (s.game_->switches().bazaar_won_unplaceable == BazaarWonUnplaceable::SetAside) {
    s.set_aside_.push_back(t);
  } else {
    competitive_discard(s, t);
    if (s.tiles_left()) {
      b.bazaar_redrawn = true;
      s.phase_ = Phase::Draw;
      return true;
    }
  }
  b.bazaar_redrawn = false;
  ++s.turn_;
  return false;
}

// Every revealed tile placed (or removed): the bazaar is over. The next regular turn is the
// host's neighbour's, or the host's replacement draw (bazaar-held-timing=before-replacement);
// a bazaar held after the replacement and still due comes first.
void Rules::bcb_bazaar_resume(State& s) {
  BcbState& b = s.bcb_;
  int host = b.bazaar_host;
  b.bazaar = BazaarStage::None;
  b.bazaar_redrawn = false;
  s.decider_ = -1;
  b.revealed_count = 0;
  b.placed = 0;
  b.revealed.fill(0);
  b.taker.fill(0);
  b.selector = b.selected = b.high_bidder = -1;
  b.bid = 0;
  b.bazaar_no_bids = false;
  s.drawn_ = -1;
  // Bazaars of tiles drawn in the round (fn 12), clockwise from the round's host; then the
  // game goes on from that round.
  const int n = players(s);
  const int outer = b.bazaar_outer_host >= 0 ? b.bazaar_outer_host : host;
  for (int k = 1; k <= n; ++k) {
    const int q = (outer + k) % n;
    if (nth(b.delayed, q) == 0) continue;
    --nth(b.delayed, q);
    b.bazaar_outer_host = static_cast<int8_t>(outer);
    s.player_ = q;
    bcb_bazaar_start(s);
    return;
  }
  b.bazaar_outer_host = -1;
  host = outer;
  b.bazaar_host = static_cast<int8_t>(host);
  s.player_ = host;
  if (b.bazaars_due > 0 &&
      s.game_->switches().bazaar_held_timing == BazaarHeldTiming::AfterReplacement) {
    --b.bazaars_due;
    bcb_bazaar_start(s);
    return;
  }
  b.bazaar_host = -1;
  if (b.bazaar_resume_same)
    b.bazaar_resume_same = false;
  else
    s.player_ = (host + 1) % players(s);
  enter_draw(s);
}

void Rules::bcb_bazaar_take(State& s, int index, int player, int price) {
  nth(s.bcb_.taker, index) = static_cast<int8_t>(player);
  emit(s, EventKind::BazaarTileTaken, FeatureClass::None, player, 0, 0, nth(s.bcb_.revealed, index),
       price);
}

// The next player who may raise after `from`, or the end of the round: a lone bid is paid to
// nobody and the selector takes the tile; otherwise the selector buys or sells.
void Rules::bcb_bazaar_ask_bidder(State& s, int from) {
  BcbState& b = s.bcb_;
  const int q = next_bidder(s, from);
  if (q >= 0) {
    s.decider_ = static_cast<int8_t>(q);
    s.phase_ = Phase::BazaarBid;
    return;
  }
  if (b.high_bidder == b.selector) {
    bcb_bazaar_pay(s, b.selector, -b.bid, -1);
    bcb_bazaar_take(s, b.selected, b.selector, b.bid);
    bcb_bazaar_dealt(s, next_without_tile(s, b.selector));
    return;
  }
  s.decider_ = b.selector;
  s.phase_ = Phase::BazaarDeal;
}

void Rules::bcb_bazaar_dealt(State& s, int next_selector) {
  BcbState& b = s.bcb_;
  b.selector = static_cast<int8_t>(next_selector);
  b.selected = b.high_bidder = -1;
  b.bid = 0;
  s.decider_ = -1;
  bcb_bazaar_next(s);
}

void Rules::bcb_bazaar_legal(const State& s, ActionList& out) {
  const BcbState& b = s.bcb_;
  const int p = s.decider_;
  switch (s.phase_) {
    case Phase::BazaarSelect:
      for (int i = 0; i < b.revealed_count; ++i) {
        if (nth(b.taker, i) >= 0) continue;
        bool seen = false;
        for (int j = 0; j < i && !seen; ++j)
          seen = nth(b.taker, j) < 0 && nth(b.revealed, j) == nth(b.revealed, i);
        if (seen) continue;
        Action a;
        a.kind = ActionKind::Select;
        a.tile = static_cast<TileId>(nth(b.revealed, i));
        if (b.bazaar_no_bids) {
          a.x = -1;
          out.push(a);
          continue;
        }
        push_bids(s, p, a, 0, true, out);
      }
      return;
    case Phase::BazaarBid: {
      Action pass;
      pass.kind = ActionKind::Pass;
      out.push(pass);
      Action a;
      a.kind = ActionKind::Bid;
      push_bids(s, p, a, b.bid + 1, false, out);
      return;
    }
    case Phase::BazaarDeal: {
      Action a;
      a.kind = ActionKind::Sell;
      out.push(a);
      if (!buy_refused(s)) {
        a.kind = ActionKind::Buy;
        out.push(a);
      }
      return;
    }
    default:
      return;
  }
}

std::optional<std::string> Rules::bcb_bazaar_apply(State& s, const Action& a) {
  BcbState& b = s.bcb_;
  const int p = s.decider_;
  if ((a.kind == ActionKind::Select || a.kind == ActionKind::Bid) && a.count != 0)
    return a.count == kBidRange
               ? "a range entry of the legal actions stands for many bids: bid one amount of it "
                 "(with_amount)"
               : "a bid carries no count";
  switch (a.kind) {
    case ActionKind::Select: {
      if (s.phase_ != Phase::BazaarSelect)
        return std::string("no bazaar tile is to be selected now (") + phase_name(s.phase_) + ")";
      int i = -1;
      for (int k = 0; k < b.revealed_count && i < 0; ++k)
        if (nth(b.taker, k) < 0 && nth(b.revealed, k) == a.tile) i = k;
      if (i < 0) return "that tile is not among the revealed bazaar tiles still to be shared";
      if (b.bazaar_no_bids) {
        if (a.x != -1)
          return "nobody bids in this bazaar: each player takes a revealed tile in turn "
                 "(seed 003 \"Variație\"; select <tile> without a bid)";
        bcb_bazaar_take(s, i, p, 0);
        bcb_bazaar_dealt(s, -1);
        return std::nullopt;
      }
      if (a.x < 0)
        return "the selector opens with a bid of 0 points or more (seed 003: \"este posibil să "
               "oferi 0 puncte\"): select <tile> <bid>";
      if (a.x > max_bid(s, p, true)) return bid_cap_text(s, p);
      b.selector = static_cast<int8_t>(p);
      b.selected = static_cast<int8_t>(i);
      b.bid = a.x;
      b.high_bidder = static_cast<int8_t>(p);
      emit(s, EventKind::BazaarBid, FeatureClass::None, p, 0, 0, a.x);
      bcb_bazaar_ask_bidder(s, p);
      return std::nullopt;
    }
    case ActionKind::Bid:
    case ActionKind::Pass: {
      if (s.phase_ != Phase::BazaarBid)
        return std::string("no bid is open now (") + phase_name(s.phase_) + ")";
      if (a.kind == ActionKind::Bid) {
        if (a.x <= b.bid)
          return "a bid must raise the current bid of " + std::to_string(b.bid) +
                 " (seed 003: each player may once raise the offer or pass)";
        if (a.x > max_bid(s, p, false)) return bid_cap_text(s, p);
        b.bid = a.x;
        b.high_bidder = static_cast<int8_t>(p);
        emit(s, EventKind::BazaarBid, FeatureClass::None, p, 0, 0, a.x);
      }
      bcb_bazaar_ask_bidder(s, p);
      return std::nullopt;
    }
    case ActionKind::Buy:
    case ActionKind::Sell: {
      if (s.phase_ != Phase::BazaarDeal)
        return std::string("no bazaar deal is open now (") + phase_name(s.phase_) + ")";
      const int sel = b.selector, high = b.high_bidder, bid = b.bid;
      if (a.kind == ActionKind::Sell) {  // the highest bidder pays the selector
        bcb_bazaar_pay(s, high, -bid, sel);
        bcb_bazaar_pay(s, sel, bid, high);
        bcb_bazaar_take(s, b.selected, high, bid);
        const bool again =
            s.game_->switches().bazaar_next_selector == BazaarNextSelector::SellerAgain;
        bcb_bazaar_dealt(s, again ? sel : next_without_tile(s, sel));
        return std::nullopt;
      }
      if (buy_refused(s))
        return "the selector may not pay " + std::to_string(bid) + " points with a score of " +
               std::to_string(s.score(sel).total) +
               ": sell instead (negative-score=forbidden, bazaar-buy-short=must-sell)";
      int paid = bid;  // bazaar-buy-short=stop-at-zero: the selector's score stops at 0
      if (bids_capped(s) && bid > s.score(sel).total &&
          s.game_->switches().bazaar_buy_short == BazaarBuyShort::StopAtZero)
        paid = std::max(0, s.score(sel).total);
      bcb_bazaar_pay(s, sel, -paid, high);
      bcb_bazaar_pay(s, high, bid, sel);
      bcb_bazaar_take(s, b.selected, sel, bid);
      bcb_bazaar_dealt(s, next_without_tile(s, sel));
      return std::nullopt;
    }
    default:
      return "that action belongs to Mists over Carcassonne";
  }
}

// A policy's look-ahead into a bazaar's placement turn (engine/bcb.h): BCB's own stage.
std::optional<std::string> Rules::bcb_setup_bazaar_turn(State& s, int player, TileId tile) {
  if (s.bcb_.bazaar != BazaarStage::Share) return "no bazaar's tiles are being shared";
  if (player < 0 || player >= s.game_->players()) return "no such player";
  if (tile < 0 || tile >= static_cast<TileId>(s.game_->tiles().size())) return "no such tile";
  s.bcb_.bazaar = BazaarStage::Place;
  s.bcb_.bazaar_redrawn = false;
  s.decider_ = -1;
  s.player_ = player;
  s.drawn_ = tile;
  s.phase_ = Phase::Place;
  return std::nullopt;
}

std::optional<std::string> setup_bazaar_turn(State& s, int player, TileId tile) {
  return Rules::bcb_setup_bazaar_turn(s, player, tile);
}

}  // namespace carcheck
