//! `bridge`: the shedding game "дворовой бридж" of seed 001's AI contest, for 2 to 6 players,
//! with its scoring to 125.
//!
//! A turn is a sequence of atomic decisions, as the contest's AI interface had them (putCard,
//! getCard, finishMove): [`BridgeAction::Play`], [`BridgeAction::Draw`], [`BridgeAction::EndTurn`].
//! The rules and every decision on the seed's gaps are in RULES.md beside this file.

mod clone;
mod deal;
mod describe;
mod determinize;
mod encode;
mod table;
mod transcript;
mod view;

#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;

use rand_chacha::ChaCha8Rng;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use table::{BridgeLayout, Pending};
pub use view::{BridgeView, TurnView};

use crate::cards::{Card, CardSet, Rank, Suit, pack};
use crate::game::{Game, Outcome, PlayerCount, RuleError, Seat, SeatResult, SetupError};
use crate::relabel::{self, SuitMap};
use crate::shuffle::{self, ShuffleModel};

/// Cards dealt to each player.
pub const HAND_SIZE: usize = 5;
/// Cards in the pack: six to ace in four suits.
pub const PACK_SIZE: usize = 36;
/// The most players a game seats.
pub const MAX_PLAYERS: usize = 6;

/// Deals whose scores a match keeps room for from the start (a longer match grows the list).
const SCORES_ROOM: usize = 32;

/// The pack as it comes out of the box, six to ace in ♣ ♦ ♥ ♠: made once, copied at each deal.
static PACK: std::sync::LazyLock<Vec<Card>> =
    std::sync::LazyLock::new(|| pack(Rank::Six, Suit::ALL));

/// Options of a bridge match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct BridgeOptions {
    /// Going over this many points loses the match; reaching it exactly resets to zero.
    #[schemars(range(min = 1))]
    pub target: u32,
    /// Play one deal only, placed by its points (for fast rated play).
    pub single_deal: bool,
    /// How the match seed shuffles each deal and each pile turned into a new deck: uniformly (the
    /// default), or by a dealer's riffles, a cut and a deal in packets, starting from the pack in
    /// order and then from the last deal's cards as the table gathers them (see RULES.md).
    pub shuffle: ShuffleModel,
}

impl Default for BridgeOptions {
    fn default() -> BridgeOptions {
        BridgeOptions {
            target: 125,
            single_deal: false,
            shuffle: ShuffleModel::Uniform,
        }
    }
}

/// One decision in bridge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum BridgeAction {
    /// Put a card on the pile; a jack names the suit it orders.
    Play {
        /// The card.
        card: Card,
        /// The suit a jack orders; absent for every other card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        suit: Option<Suit>,
    },
    /// Take one card from the deck.
    Draw,
    /// Finish the turn.
    EndTurn,
}

/// The points a card left in hand scores: jack 20, ace 15, ten, queen and king 10, others 0.
pub fn points(card: Card) -> u32 {
    match card.rank() {
        Some(Rank::Jack) => 20,
        Some(Rank::Ace) => 15,
        Some(Rank::Ten | Rank::Queen | Rank::King) => 10,
        _ => 0,
    }
}

/// The points a hand scores.
pub fn hand_points(hand: CardSet) -> u32 {
    hand.iter().map(points).sum()
}

/// Where the player to act is within their turn.
#[derive(Debug, Default, PartialEq, Eq)]
struct Turn {
    /// The deal's first turn, on the turned-up card: it may end at once.
    opening: bool,
    /// The player took a card of their own will (not to cover a six).
    drew: bool,
    /// The player must cover the six on top (their own, or the opening up-card).
    must_cover: bool,
    /// Cards the player put on the pile this turn, in order.
    played: Vec<Card>,
    /// The player played or drew something this turn.
    acted: bool,
}

impl Turn {
    /// Starts a new turn, `opening` the deal or not, with the six on top to cover or not; the
    /// list of cards played keeps its buffer.
    fn reset(&mut self, opening: bool, must_cover: bool) {
        self.opening = opening;
        self.drew = false;
        self.must_cover = must_cover;
        self.played.clear();
        self.acted = false;
    }

    /// The rank the turn's next card must have, once a card was played and not a six to cover.
    fn rank_to_follow(&self) -> Option<Rank> {
        self.played.last().and_then(|c| c.rank())
    }
}

/// A bridge match: a series of deals until a player goes over the target (or one deal).
#[derive(Debug, PartialEq)]
pub struct Bridge {
    players: usize,
    options: BridgeOptions,
    rng: ChaCha8Rng,
    /// How the suits of every fresh pack are renamed (a relabelled duplicate deal).
    suits: SuitMap,
    hands: [CardSet; MAX_PLAYERS],
    /// Face down; cards are drawn from the end.
    deck: Vec<Card>,
    /// Face up; the top card is the last.
    pile: Vec<Card>,
    /// The suit ordered by the jack on top.
    ordered: Option<Suit>,
    dealer: Seat,
    deal: u32,
    totals: [u32; MAX_PLAYERS],
    /// Each finished deal's points by seat, in order.
    scores: Vec<[u32; MAX_PLAYERS]>,
    /// Turns finished in this deal.
    turns: u32,
    current: Seat,
    turn: Turn,
    /// Turns each seat is still to lose (to eights and aces).
    skips: [u32; MAX_PLAYERS],
    /// Turns in a row that ended with nothing played or drawn.
    idle_turns: usize,
    over: bool,
}

impl Bridge {
    /// The cards `seat` holds.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// The face-down deck, in drawing order from the end.
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// The face-up pile, its top card last.
    pub fn pile(&self) -> &[Card] {
        &self.pile
    }

    /// The top card of the pile.
    pub fn top(&self) -> Card {
        *self.pile.last().expect("the pile always has its top card")
    }

    /// The suit the jack on top orders, if a jack is on top.
    pub fn ordered_suit(&self) -> Option<Suit> {
        self.ordered
    }

    /// The dealer of the current deal.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The number of the current deal, from 1.
    pub fn deal_number(&self) -> u32 {
        self.deal
    }

    /// Every seat's total points so far.
    pub fn totals(&self) -> &[u32] {
        &self.totals[..self.players]
    }

    /// Turns each seat is still to lose.
    pub fn skips(&self) -> &[u32] {
        &self.skips[..self.players]
    }

    /// The match's options.
    pub fn options(&self) -> &BridgeOptions {
        &self.options
    }

    /// Whether `card` may go on the pile now, as far as the top card goes.
    pub fn fits(&self, card: Card) -> bool {
        let top = self.top();
        if card.rank() == Some(Rank::Jack) {
            return true;
        }
        if top.rank() == Some(Rank::Jack) {
            return card.suit() == self.ordered;
        }
        card.suit() == top.suit() || card.rank() == top.rank()
    }

    /// The cards that stay on the pile when it is turned into a new deck: the top card and every
    /// card played this turn (else a player covering a six could draw back and replay their own
    /// sixes forever).
    fn kept_on_reshuffle(&self) -> usize {
        self.turn.played.len().clamp(1, self.pile.len())
    }

    fn can_draw(&self) -> bool {
        !self.deck.is_empty() || self.pile.len() > self.kept_on_reshuffle()
    }

    /// The cards of the player to act that may be played now.
    fn playable(&self) -> CardSet {
        let hand = self.hands[self.current];
        let mut out = CardSet::EMPTY;
        match (self.turn.must_cover, self.turn.rank_to_follow()) {
            (false, Some(rank)) => {
                for card in (hand & CardSet::of_rank(rank)).iter() {
                    out.insert(card);
                }
            }
            _ => {
                for card in hand.iter().filter(|&c| self.fits(c)) {
                    out.insert(card);
                }
            }
        }
        out
    }

    fn may_draw(&self, playable: CardSet) -> bool {
        if !self.can_draw() {
            return false;
        }
        if self.turn.must_cover {
            return playable.is_empty();
        }
        self.turn.played.is_empty() && !self.turn.drew
    }

    fn may_end(&self, playable: CardSet) -> bool {
        if self.turn.must_cover {
            return playable.is_empty() && !self.can_draw();
        }
        if !self.turn.played.is_empty() || self.turn.drew || self.turn.opening {
            return true;
        }
        playable.is_empty() && !self.can_draw()
    }

    /// Takes the top card of the deck, first turning the pile (but the cards
    /// [`kept_on_reshuffle`](Self::kept_on_reshuffle)) into a new, shuffled deck when the deck is
    /// empty; `None` when there is nothing to take.
    fn take_card(&mut self) -> Option<Card> {
        if self.deck.is_empty() {
            let keep = self.kept_on_reshuffle();
            if self.pile.len() <= keep {
                return None;
            }
            // The deck takes all but the kept cards, in order; both keep their buffers.
            let turned = self.pile.len() - keep;
            self.deck.extend(self.pile.drain(..turned));
            match self.options.shuffle {
                ShuffleModel::Uniform => shuffle::shuffle(&mut self.deck, &mut self.rng),
                ShuffleModel::Riffle(riffle) => {
                    // The pile turned face down: its bottom card on top. Riffled top first, then
                    // laid out to be drawn from the end.
                    riffle.shuffle(&mut self.deck, &mut self.rng);
                    self.deck.reverse();
                }
            }
        }
        self.deck.pop()
    }

    fn give(&mut self, seat: Seat, cards: u32) {
        for _ in 0..cards {
            match self.take_card() {
                Some(card) => {
                    self.hands[seat].insert(card);
                }
                None => break,
            }
        }
    }

    /// What the turn's cards will do when it ends, in the order it happens: each hit seat, the
    /// cards it takes and the turns it loses. Effects come from the run of the last rank played:
    /// sevens make the next player take one card each; each eight hits the next opponent (round
    /// again past the last) with two cards and a lost turn; each ace, a lost turn.
    fn turn_effects(&self) -> impl Iterator<Item = (Seat, u32, u32)> + use<> {
        let seat = self.current;
        let players = self.players;
        let rank = self.turn.rank_to_follow();
        let run = self
            .turn
            .played
            .iter()
            .rev()
            .take_while(|c| c.rank().is_some() && c.rank() == rank)
            .count();
        // (seats hit, cards each takes, turns each loses); the `k`th card of a run hits the
        // next opponents of `seat` in turn order, round again when the run is longer than the
        // opponents are many.
        let (hit, cards, lost) = match rank {
            Some(Rank::Seven) => (1, run as u32, 0),
            Some(Rank::Eight) => (run, 2, 1),
            Some(Rank::Ace) => (run, 0, 1),
            _ => (0, 0, 0),
        };
        (0..hit).map(move |k| ((seat + 1 + k % (players - 1)) % players, cards, lost))
    }

    fn end_turn(&mut self) {
        let seat = self.current;
        let effects = self.turn_effects();
        // The turn is over before the cards are given: a reshuffle for them keeps the top only.
        let acted = self.turn.acted;
        self.turn.reset(false, false);
        for (victim, cards, skips) in effects {
            self.give(victim, cards);
            self.skips[victim] += skips;
        }
        self.idle_turns = if acted { 0 } else { self.idle_turns + 1 };
        if self.hands[seat].is_empty() || self.idle_turns >= self.players {
            self.end_deal();
            return;
        }
        self.turns += 1;
        let mut next = seat;
        loop {
            next = (next + 1) % self.players;
            if self.skips[next] == 0 {
                break;
            }
            self.skips[next] -= 1;
        }
        self.current = next;
    }

    fn end_deal(&mut self) {
        let mut scored = [0; MAX_PLAYERS];
        for (seat, points) in scored.iter_mut().enumerate().take(self.players) {
            *points = hand_points(self.hands[seat]);
            self.totals[seat] += *points;
            if !self.options.single_deal && self.totals[seat] == self.options.target {
                self.totals[seat] = 0;
            }
        }
        self.scores.push(scored);
        let over_target = self.totals().iter().any(|&t| t > self.options.target);
        if self.options.single_deal || over_target {
            self.over = true;
            return;
        }
        self.dealer = (self.dealer + 1) % self.players;
        self.deal += 1;
        self.start_deal();
    }

    fn is_legal(&self, action: &BridgeAction) -> bool {
        let playable = self.playable();
        match *action {
            BridgeAction::Play { card, suit } => {
                playable.contains(card) && (card.rank() == Some(Rank::Jack)) == suit.is_some()
            }
            BridgeAction::Draw => self.may_draw(playable),
            BridgeAction::EndTurn => self.may_end(playable),
        }
    }
}

impl Game for Bridge {
    const ID: &'static str = "bridge";
    const RULES_VERSION: u32 = 1;
    const RELABELS: bool = true;
    const PLAYERS: PlayerCount = PlayerCount {
        min: 2,
        max: MAX_PLAYERS,
        default: 4,
        step: 1,
    };
    type Options = BridgeOptions;
    type Action = BridgeAction;
    type View = BridgeView;
    type Layout = BridgeLayout;

    fn new(options: &BridgeOptions, players: usize, seed: u64) -> Result<Bridge, SetupError> {
        SetupError::check_players::<Bridge>(players)?;
        if options.target == 0 {
            return Err(SetupError::Options {
                game: Self::ID,
                detail: "the target must be at least 1 point".into(),
            });
        }
        options
            .shuffle
            .validate()
            .map_err(|detail| SetupError::Options {
                game: Self::ID,
                detail,
            })?;
        let (seed, suits) = relabel::split_seed(seed);
        // One generator shuffles the whole match; a riffle match keys it apart from the uniform.
        let rng = match options.shuffle {
            ShuffleModel::Uniform => shuffle::rng(seed),
            ShuffleModel::Riffle(_) => shuffle::rng(shuffle::derive_seed(seed, 0)),
        };
        let mut game = Bridge {
            players,
            options: options.clone(),
            rng,
            suits,
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            deck: Vec::with_capacity(PACK_SIZE),
            pile: Vec::with_capacity(PACK_SIZE),
            ordered: None,
            dealer: players - 1,
            deal: 1,
            totals: [0; MAX_PLAYERS],
            scores: Vec::with_capacity(SCORES_ROOM),
            turns: 0,
            current: 0,
            turn: Turn {
                played: Vec::with_capacity(PACK_SIZE),
                ..Turn::default()
            },
            skips: [0; MAX_PLAYERS],
            idle_turns: 0,
            over: false,
        };
        game.start_deal();
        Ok(game)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> Option<Seat> {
        (!self.over).then_some(self.current)
    }

    fn legal_actions_into(&self, out: &mut Vec<BridgeAction>) {
        out.clear();
        if self.over {
            return;
        }
        let playable = self.playable();
        for card in playable.iter() {
            if card.rank() == Some(Rank::Jack) {
                out.extend(Suit::ALL.map(|suit| BridgeAction::Play {
                    card,
                    suit: Some(suit),
                }));
            } else {
                out.push(BridgeAction::Play { card, suit: None });
            }
        }
        if self.may_draw(playable) {
            out.push(BridgeAction::Draw);
        }
        if self.may_end(playable) {
            out.push(BridgeAction::EndTurn);
        }
    }

    fn apply(&mut self, action: &BridgeAction) -> Result<(), RuleError> {
        if self.over {
            return Err(RuleError::GameOver);
        }
        if !self.is_legal(action) {
            return Err(RuleError::Illegal(format!(
                "{action:?} is not allowed now (top card {}, hand {:?})",
                self.top(),
                self.hands[self.current]
            )));
        }
        match *action {
            BridgeAction::Play { card, suit } => {
                self.hands[self.current].remove(card);
                self.pile.push(card);
                self.ordered = suit;
                self.turn.must_cover = card.rank() == Some(Rank::Six);
                self.turn.played.push(card);
                self.turn.acted = true;
            }
            BridgeAction::Draw => {
                if let Some(card) = self.take_card() {
                    self.hands[self.current].insert(card);
                }
                if !self.turn.must_cover {
                    self.turn.drew = true;
                }
                self.turn.acted = true;
            }
            BridgeAction::EndTurn => self.end_turn(),
        }
        Ok(())
    }

    fn describe(&self, action: &BridgeAction) -> Vec<crate::phrase::Phrase> {
        describe::describe(self, action)
    }

    fn view(&self, seat: Seat) -> BridgeView {
        view::view(self, seat, None)
    }

    fn view_into(&self, seat: Seat, out: &mut BridgeView) {
        let view = view::view(self, seat, Some(out));
        *out = view;
    }

    fn table(&self, eye: crate::table::Eye) -> crate::table::Table<BridgeLayout> {
        table::table(self, eye)
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        let totals = self.totals();
        let seats = totals
            .iter()
            .map(|&mine| SeatResult {
                rank: 1 + totals.iter().filter(|&&other| other < mine).count() as u32,
                score: -f64::from(mine),
            })
            .collect();
        Some(Outcome { seats })
    }

    fn transcript(initial: &Bridge, actions: &[BridgeAction], names: &[String]) -> Option<String> {
        transcript::write(initial, actions, names)
    }
}
