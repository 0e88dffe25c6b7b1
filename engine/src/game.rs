//! The [`Game`] trait every game implements, and the types it shares with the rest of cardarena.

use std::fmt::Debug;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::phrase::Phrase;
use crate::table::{Eye, Layout, Table};

/// A seat at the table, numbered from 0 in the order the players joined.
pub type Seat = usize;

/// How many players a game seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PlayerCount {
    /// The fewest players the game can start with.
    pub min: usize,
    /// The most players the game can seat.
    pub max: usize,
    /// The count used when none is given.
    pub default: usize,
    /// The gap between allowed counts: 1 for any count from `min` to `max`, 2 for a team game
    /// seated in pairs (4 or 6).
    pub step: usize,
}

impl PlayerCount {
    /// Whether a table of `players` is allowed.
    pub fn allows(self, players: usize) -> bool {
        (self.min..=self.max).contains(&players) && (players - self.min).is_multiple_of(self.step)
    }

    /// Every allowed count, fewest first.
    pub fn counts(self) -> impl Iterator<Item = usize> {
        (self.min..=self.max).step_by(self.step)
    }

    /// The allowed counts in words, for messages: "2 to 4", or "4 or 6".
    pub fn describe(self) -> String {
        let counts: Vec<String> = self.counts().map(|n| n.to_string()).collect();
        match counts.as_slice() {
            [one] => one.clone(),
            [a, b] if self.step > 1 => format!("{a} or {b}"),
            _ if self.step == 1 => format!("{} to {}", self.min, self.max),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
            [] => String::new(),
        }
    }
}

/// A game is a state machine with hidden information. The implementing type is the whole state of
/// one game in progress; it never asks anything of the outside world.
///
/// Invariants every implementation keeps (and the property tests check): while [`Game::to_act`] is
/// `Some`, [`Game::legal_actions`] is not empty; [`Game::apply`] accepts exactly the legal actions and
/// leaves the state unchanged when it refuses one; a view holds only what its seat may see; the same
/// options, seat count, seed and actions always give the same game.
pub trait Game: Clone + Debug + Send + Sync + Sized + 'static {
    /// The game's id, as the CLI and the API name it (`"durak"`).
    const ID: &'static str;
    /// How many players the game seats.
    const PLAYERS: PlayerCount;
    /// Whether the players form two partnerships, even seats against odd seats, that share each
    /// result (fifty-six). Tournaments then vary who partners whom as well as the seats.
    const PARTNERSHIPS: bool = false;
    /// Whether the rules treat the four suits alike, so that a deal with its suits renamed is
    /// the same game: such a game deals a seed's relabelling (the bits above its 53 deal bits,
    /// [`crate::relabel`]), and tournaments give each table of a duplicate deal its own.
    const RELABELS: bool = false;
    /// The version of the game's rules as this engine plays them: raised whenever a change would
    /// make a stored match replay differently (a new rule, a fixed reading, a different deal).
    /// Every stored match is stamped with it, so `replay` can tell an old match from a wrong one.
    const RULES_VERSION: u32;

    /// The game's options; `{}` in JSON gives the defaults.
    type Options: Clone
        + Debug
        + Default
        + Serialize
        + DeserializeOwned
        + JsonSchema
        + Send
        + Sync
        + 'static;
    /// One decision a seat can take.
    type Action: Clone
        + Debug
        + PartialEq
        + Serialize
        + DeserializeOwned
        + JsonSchema
        + Send
        + Sync
        + 'static;
    /// What one seat may see.
    type View: Clone + Debug + Serialize + DeserializeOwned + JsonSchema + Send + Sync + 'static;
    /// The game's own part of a [`Table`] snapshot: where the cards outside the hands lie.
    type Layout: Layout;

    /// Deals a new game for `players` seats, deterministically from `seed`.
    fn new(options: &Self::Options, players: usize, seed: u64) -> Result<Self, SetupError>;

    /// The number of seats.
    fn players(&self) -> usize;

    /// The seat whose decision it is; `None` once the game is over.
    fn to_act(&self) -> Option<Seat>;

    /// Writes every legal action of the seat to act into `out` (cleared first), in a stable order.
    fn legal_actions_into(&self, out: &mut Vec<Self::Action>);

    /// Every legal action of the seat to act, in a stable order; empty once the game is over.
    fn legal_actions(&self) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// Plays `action` for the seat to act. An illegal action is refused with a [`RuleError`] and
    /// leaves the game unchanged.
    fn apply(&mut self, action: &Self::Action) -> Result<(), RuleError>;

    /// What `seat` may see: never a card that seat may not know.
    fn view(&self, seat: Seat) -> Self::View;

    /// [`Game::view`] written over `out`, a view of this game held before: the same value, its
    /// lists rebuilt in the memory `out` holds, so a search that reads a view at every step of
    /// its rollouts allocates nothing once the lists have grown. The default builds a new view.
    fn view_into(&self, seat: Seat, out: &mut Self::View) {
        *out = self.view(seat);
    }

    /// The result once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// `action`, a legal action of the seat to act, in a few words a spectator understands,
    /// read against the game as it stands before it, as [`Phrase`]s (the acting seat the first
    /// phrase's `actor`; [`crate::phrase::english`] reads them: "seat 0 beats 7H with 9H",
    /// "seat 1 lays off K♥ on seat 2's run 9♥ 10♥ J♥"). The default reads the action's JSON
    /// ([`crate::describe::json_phrase`]).
    fn describe(&self, action: &Self::Action) -> Vec<Phrase> {
        let json = serde_json::to_value(action).unwrap_or(serde_json::Value::Null);
        vec![crate::describe::json_phrase(
            self.to_act().unwrap_or_default(),
            &json,
        )]
    }

    /// What eyes that may not see every card see of `action` (of the seat to act, read against
    /// the game before it): `None` when the action shows nothing hidden, as most actions put
    /// their cards face up (the default); else the phrases to show in its place, the action
    /// itself withheld (fifty-six's trump hidden face down: "hides a card as trump"). Public
    /// frames and the live feed use it; the property tests check that every action naming a
    /// card no public table shows says so here.
    fn hidden(&self, action: &Self::Action) -> Option<Vec<Phrase>> {
        let _ = action;
        None
    }

    /// The table as `eye` sees it now (see [`crate::table`]): every card once, face up where
    /// `eye` may see it and counted where not.
    fn table(&self, eye: Eye) -> Table<Self::Layout>;

    /// The game's own transcript of a finished or running game, in the format its seed document
    /// uses, if it has one: `initial` is the game as dealt, `actions` the actions applied to it, and
    /// `names` the players' names by seat.
    fn transcript(_initial: &Self, _actions: &[Self::Action], _names: &[String]) -> Option<String> {
        None
    }
}

/// Why [`Game::apply`] refused an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game is over; nothing more can be played.
    #[error("the game is over")]
    GameOver,
    /// The action breaks a rule; the text says which.
    #[error("illegal action: {0}")]
    Illegal(String),
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The game does not seat this many players.
    #[error("{game} needs {allowed} players, not {players}")]
    Players {
        /// The game's id.
        game: &'static str,
        /// The count asked for.
        players: usize,
        /// The counts the game seats, in words ("2 to 4", "4 or 6").
        allowed: String,
    },
    /// The options are not valid for the game.
    #[error("bad options for {game}: {detail}")]
    Options {
        /// The game's id.
        game: &'static str,
        /// What is wrong.
        detail: String,
    },
}

impl SetupError {
    /// Checks `players` against the game's [`PlayerCount`].
    pub fn check_players<G: Game>(players: usize) -> Result<(), SetupError> {
        if G::PLAYERS.allows(players) {
            Ok(())
        } else {
            Err(SetupError::Players {
                game: G::ID,
                players,
                allowed: G::PLAYERS.describe(),
            })
        }
    }
}

/// One seat's result in a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct SeatResult {
    /// Place, 1 for the best; seats that tie share a place.
    #[schemars(range(min = 1))]
    pub rank: u32,
    /// The game's own score for the seat (higher is better unless the game's docs say otherwise).
    pub score: f64,
}

/// The result of a finished game, one entry per seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Outcome {
    /// Results by seat.
    pub seats: Vec<SeatResult>,
}

/// The place value of a seat ranked `rank` among the places `ranks` of every seat (`rank` one of
/// them): a value from 1 (first) to 0 (last), tied seats sharing the places they occupy.
///
/// A seat whose group of tied seats occupies places b + 1 … b + g (b seats placed strictly
/// better, g seats in the group) has the average place p = b + (g + 1) / 2, and the value
/// (n − p) / (n − 1) for n seats: a sole winner 1, a sole loser 0, two survivors of three-player
/// durak 0.75 each, every seat 0.5 when all tie. The values of a match add up to n / 2, as the
/// places 1 … n are shared out whole. A lone seat scores 1.
pub fn place_value(ranks: impl Iterator<Item = u32> + Clone, rank: u32) -> f64 {
    let n = ranks.clone().count();
    if n < 2 {
        return 1.0;
    }
    let better = ranks.clone().filter(|&r| r < rank).count() as f64;
    let tied = ranks.filter(|&r| r == rank).count() as f64;
    let place = better + (tied + 1.0) / 2.0;
    (n as f64 - place) / (n as f64 - 1.0)
}

impl Outcome {
    /// `seat`'s [`place_value`] in this outcome.
    pub fn place_value(&self, seat: Seat) -> f64 {
        place_value(self.seats.iter().map(|s| s.rank), self.seats[seat].rank)
    }

    /// Whether every seat shares first place: nobody won or lost.
    pub fn is_draw(&self) -> bool {
        self.seats.iter().all(|s| s.rank == 1)
    }

    /// Whether `seat` is among the winners (first place) of a game that was not a draw.
    pub fn is_win(&self, seat: Seat) -> bool {
        !self.is_draw() && self.seats[seat].rank == 1
    }

    /// Whether `seat` is in last place in a game that was not a draw.
    pub fn is_loss(&self, seat: Seat) -> bool {
        let last = self.seats.iter().map(|s| s.rank).max().unwrap_or(1);
        !self.is_draw() && self.seats[seat].rank == last
    }
}

#[cfg(test)]
mod tests {
    use super::PlayerCount;

    #[test]
    fn player_counts_allow_their_steps_only() {
        let any = PlayerCount {
            min: 2,
            max: 6,
            default: 4,
            step: 1,
        };
        let pairs = PlayerCount {
            min: 4,
            max: 6,
            default: 4,
            step: 2,
        };
        assert!((2..=6).all(|n| any.allows(n)));
        assert!(!any.allows(1) && !any.allows(7));
        assert_eq!(pairs.counts().collect::<Vec<_>>(), [4, 6]);
        assert!(pairs.allows(4) && pairs.allows(6));
        assert!(!pairs.allows(5) && !pairs.allows(2) && !pairs.allows(8));
        assert_eq!(any.describe(), "2 to 6");
        assert_eq!(pairs.describe(), "4 or 6");
        let two = PlayerCount { max: 2, ..any };
        assert_eq!(two.describe(), "2");
    }
}
