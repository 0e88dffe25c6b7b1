//! `greedy`: plans its whole turn and plays the plan's next step.

use cardarena_engine::games::bridge::{BridgeAction, BridgeView, points};
use cardarena_engine::{Card, CardSet, Rank, Suit};

use super::{Strategy, card_set, is_jack, play, playable};

/// A turn-planning heuristic. At each decision it tries every way to finish the turn from here
/// (cards of a rank chained together, sixes covered, drawing, ending) and picks the best end:
///
/// - fewer cards, and fewer points, left in hand; going out above all;
/// - high-scoring cards shed first (aces, tens, queens, kings), while one jack is kept for the end
///   (a jack fits any top, so it is the sure last card);
/// - sevens and eights thrown at the next players, more eagerly at one about to go out; with two
///   players an eight or an ace is an extra turn, which it plans too;
/// - a jack orders the suit it holds most of.
///
/// It keeps no state: the same view and legal actions give the same answer.
#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy;

impl Greedy {
    /// The bot's decision at `view` among `legal`; `None` only when `legal` is empty.
    pub fn choose(&self, view: &BridgeView, legal: &[BridgeAction]) -> Option<BridgeAction> {
        let planner = Planner::new(view);
        let start = Pos::from_view(view);
        let mut best: Option<(f64, BridgeAction)> = None;
        let mut consider = |value: f64, action: BridgeAction| {
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, action));
            }
        };
        for card in playable(legal).iter() {
            let next = start.after(card);
            let mut budget = NODE_BUDGET;
            let value = planner.best(&next, 0, &mut budget);
            let suit = planner.jack_suit(next.hand);
            consider(value, play(card, suit));
        }
        if legal.contains(&BridgeAction::EndTurn) {
            let mut budget = NODE_BUDGET;
            consider(planner.end(&start, 0, &mut budget), BridgeAction::EndTurn);
        }
        if legal.contains(&BridgeAction::Draw) {
            consider(planner.draw(&start), BridgeAction::Draw);
        }
        best.map(|(_, action)| action)
    }
}

impl Strategy for Greedy {
    fn choose(&mut self, view: &BridgeView, legal: &[BridgeAction]) -> Option<BridgeAction> {
        Greedy::choose(self, view, legal)
    }
}

/// Positions a plan may visit per candidate first step (a guard; real turns need far fewer).
const NODE_BUDGET: u32 = 20_000;
/// Extra turns (two players, eights and aces) planned ahead; further ones get a flat value.
const MAX_EXTRA_TURNS: u32 = 2;
/// A card's expected points, for a card not yet seen (260 points in 36 cards).
const MEAN_POINTS: f64 = 260.0 / 36.0;

/// The heuristic's weights.
#[derive(Debug, Clone, Copy)]
struct Weights {
    /// Going out.
    out: f64,
    /// Per card held.
    card: f64,
    /// Per point held, normally.
    point: f64,
    /// Per point held when an opponent is about to go out.
    point_urgent: f64,
    /// For holding at least one jack.
    jack_kept: f64,
    /// Per card given with a seven.
    seven: f64,
    /// Per eight (two cards and a lost turn) with three or more players.
    eight: f64,
    /// Per ace (a lost turn) with three or more players.
    ace: f64,
    /// Per extra turn not planned (two players).
    extra_turn: f64,
    /// How much more an attack is worth on an opponent about to go out.
    threat: f64,
    /// Per card in hand that would fit the top card left.
    fit: f64,
}

const WEIGHTS: Weights = Weights {
    out: 1000.0,
    card: 6.0,
    point: 0.5,
    point_urgent: 1.0,
    jack_kept: 15.0,
    seven: 4.0,
    eight: 8.0,
    ace: 2.0,
    extra_turn: 8.0,
    threat: 2.0,
    fit: 1.0,
};

/// Where a turn stands, as far as the plan needs it.
#[derive(Debug, Clone, Copy)]
struct Pos {
    hand: CardSet,
    top: Card,
    ordered: Option<Suit>,
    must_cover: bool,
    /// The rank of the last card played this turn, if any.
    last: Option<Rank>,
    /// How many cards of that rank end the turn's plays.
    run: u32,
    /// Whether the turn may end without playing (the opening turn, or after a draw).
    may_end_idle: bool,
}

impl Pos {
    fn from_view(view: &BridgeView) -> Pos {
        let last = view.turn.played.last().and_then(|c| c.rank());
        let run = view
            .turn
            .played
            .iter()
            .rev()
            .take_while(|c| c.rank() == last)
            .count() as u32;
        Pos {
            hand: card_set(&view.hand),
            top: view.top,
            ordered: view.ordered_suit,
            must_cover: view.turn.must_cover,
            last,
            run,
            may_end_idle: view.turn.opening || view.turn.drew,
        }
    }

    /// A fresh turn of this hand on `top` (an extra turn).
    fn fresh(hand: CardSet, top: Card) -> Pos {
        Pos {
            hand,
            top,
            ordered: None,
            must_cover: false,
            last: None,
            run: 0,
            may_end_idle: false,
        }
    }

    fn fits(&self, card: Card) -> bool {
        if is_jack(card) {
            return true;
        }
        if is_jack(self.top) {
            return card.suit() == self.ordered;
        }
        card.suit() == self.top.suit() || card.rank() == self.top.rank()
    }

    /// The cards that may be played next.
    fn moves(&self) -> CardSet {
        let mut out = CardSet::EMPTY;
        match (self.must_cover, self.last) {
            (false, Some(rank)) => {
                for card in (self.hand & CardSet::of_rank(rank)).iter() {
                    out.insert(card);
                }
            }
            _ => {
                for card in self.hand.iter().filter(|&c| self.fits(c)) {
                    out.insert(card);
                }
            }
        }
        out
    }

    fn may_end(&self) -> bool {
        !self.must_cover && (self.last.is_some() || self.may_end_idle)
    }

    /// The position once `card` is played (a jack's suit is chosen when the turn ends).
    fn after(&self, card: Card) -> Pos {
        let mut next = *self;
        next.hand.remove(card);
        next.top = card;
        next.ordered = None;
        next.must_cover = card.rank() == Some(Rank::Six);
        next.run = if card.rank() == self.last {
            self.run + 1
        } else {
            1
        };
        next.last = card.rank();
        next
    }
}

/// Evaluates plans for one seat.
struct Planner<'a> {
    view: &'a BridgeView,
    w: Weights,
    /// The weight of a point held now.
    point: f64,
}

impl<'a> Planner<'a> {
    fn new(view: &'a BridgeView) -> Planner<'a> {
        let w = WEIGHTS;
        let urgent = (0..view.players)
            .filter(|&p| p != view.seat)
            .any(|p| view.hand_sizes.get(p).is_some_and(|&n| n <= 2));
        Planner {
            view,
            w,
            point: if urgent { w.point_urgent } else { w.point },
        }
    }

    fn players(&self) -> usize {
        self.view.players
    }

    /// The seat `k` places after this one.
    fn next(&self, k: usize) -> usize {
        (self.view.seat + k) % self.players()
    }

    /// The `k`th opponent an eight or ace of a run hits.
    fn victim(&self, k: usize) -> usize {
        self.next(1 + k % (self.players() - 1))
    }

    /// How much an attack on `seat` is worth, relative to an ordinary one.
    fn threat(&self, seat: usize) -> f64 {
        match self.view.hand_sizes.get(seat) {
            Some(&n) if n <= 2 => self.w.threat,
            _ => 1.0,
        }
    }

    /// The best value reachable from `pos` within this turn (and planned extra turns).
    fn best(&self, pos: &Pos, extra: u32, budget: &mut u32) -> f64 {
        *budget = budget.saturating_sub(1);
        let mut best = f64::NEG_INFINITY;
        if pos.may_end() {
            best = self.end(pos, extra, budget);
        }
        if *budget == 0 {
            return if best.is_finite() {
                best
            } else {
                self.hold(pos.hand, None)
            };
        }
        for card in pos.moves().iter() {
            best = best.max(self.best(&pos.after(card), extra, budget));
        }
        if best.is_finite() {
            best
        } else {
            // A six that cannot be covered: draws until it can.
            self.hold(pos.hand, None) - 2.0 * (self.w.card + self.point * MEAN_POINTS)
        }
    }

    /// The value of ending the turn at `pos`.
    fn end(&self, pos: &Pos, extra: u32, budget: &mut u32) -> f64 {
        let w = &self.w;
        let run = pos.run as usize;
        let two = self.players() == 2;
        let mut attack = 0.0;
        let mut extra_turns = 0;
        match pos.last {
            Some(Rank::Seven) => attack += w.seven * run as f64 * self.threat(self.next(1)),
            Some(Rank::Eight) if two => {
                attack += 2.0 * w.seven * run as f64;
                extra_turns = run;
            }
            Some(Rank::Eight) => {
                attack += (0..run)
                    .map(|k| w.eight * self.threat(self.victim(k)))
                    .sum::<f64>();
            }
            Some(Rank::Ace) if two => extra_turns = run,
            Some(Rank::Ace) => {
                attack += (0..run)
                    .map(|k| w.ace * self.threat(self.victim(k)))
                    .sum::<f64>();
            }
            _ => {}
        }
        if pos.hand.is_empty() {
            return w.out + attack;
        }
        if extra_turns > 0 {
            if extra < MAX_EXTRA_TURNS {
                let again = Pos::fresh(pos.hand, pos.top);
                let more = (extra_turns - 1) as f64 * w.extra_turn;
                return attack + more + self.best_fresh(&again, extra + 1, budget);
            }
            attack += extra_turns as f64 * w.extra_turn;
        }
        let ordered = pos
            .last
            .filter(|&r| r == Rank::Jack)
            .map(|_| self.jack_suit(pos.hand));
        attack + self.hold(pos.hand, Some((pos.top, ordered)))
    }

    /// The best value of an extra turn from `pos`: play if anything fits, else draw.
    fn best_fresh(&self, pos: &Pos, extra: u32, budget: &mut u32) -> f64 {
        let mut best = f64::NEG_INFINITY;
        for card in pos.moves().iter() {
            best = best.max(self.best(&pos.after(card), extra, budget));
        }
        best.max(self.draw(pos))
    }

    /// The value of drawing a card and playing nothing more.
    fn draw(&self, pos: &Pos) -> f64 {
        self.hold(pos.hand, None) - self.w.card - self.point * MEAN_POINTS
    }

    /// The value of holding `hand`, with the top card left (and a jack's order) if known.
    fn hold(&self, hand: CardSet, left: Option<(Card, Option<Suit>)>) -> f64 {
        let w = &self.w;
        let points: u32 = hand.iter().map(points).sum();
        let mut value = -w.card * hand.len() as f64 - self.point * f64::from(points);
        if !(hand & CardSet::of_rank(Rank::Jack)).is_empty() {
            value += w.jack_kept;
        }
        if let Some((top, ordered)) = left {
            let fits = hand
                .iter()
                .filter(|&c| match ordered {
                    Some(suit) => c.suit() == Some(suit),
                    None => c.suit() == top.suit() || c.rank() == top.rank(),
                })
                .count();
            value += w.fit * fits as f64;
        }
        value
    }

    /// The suit a jack orders: the one `hand` holds most of (then most points, then the first).
    fn jack_suit(&self, hand: CardSet) -> Suit {
        let mut best = Suit::ALL[0];
        let mut best_key = (0, 0);
        for suit in Suit::ALL {
            let cards = (hand & CardSet::of_suit(suit)) - CardSet::of_rank(Rank::Jack);
            let key = (cards.len(), cards.iter().map(points).sum::<u32>());
            if key > best_key {
                best = suit;
                best_key = key;
            }
        }
        best
    }
}
