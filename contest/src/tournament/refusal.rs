//! Why a tournament refuses a request, as values (bot names, sizes, stages, counts) rather than a
//! sentence: the web crate says each in the request's language, and [`Refusal`]'s `Display` is
//! the English sentence, for logs, tests and whoever reads the crate's errors directly.

use std::fmt;

use cardarena_engine::PlayerCount;

use super::spec::{self, StageKind};
use crate::games;
use crate::table_sizes;

/// A stage as sentences name it: "stage 1 (final)".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stage {
    /// Its index, from 0.
    pub index: usize,
    /// Its kind.
    pub kind: StageKind,
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "stage {} ({})", self.index, self.kind.as_str())
    }
}

/// A bot a stage of this tournament would seat at a size it does not play: "pair plays at 2
/// seats only; stage 0 (house) of this tournament seats 3"
/// ([`table_sizes::outside`](crate::table_sizes::outside)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outside {
    /// The bot's name.
    pub bot: String,
    /// The sizes it plays at (its list, or every size its game seats), fewest first.
    pub sizes: Vec<usize>,
    /// The stage that would seat it.
    pub stage: Stage,
    /// The size it would be seated at.
    pub size: usize,
}

impl fmt::Display for Outside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} plays {}; {} of this tournament seats {}",
            self.bot,
            table_sizes::plays_at_in_words(&self.sizes),
            self.stage,
            self.size
        )
    }
}

/// What is wrong with one stage of a tournament's spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StageFault {
    /// The first stage is not a house stage.
    FirstNotHouse,
    /// `deadline_ms` is outside [`spec::DEADLINE_MS`].
    Deadline,
    /// `time_bank_ms` is above [`spec::MAX_TIME_BANK_MS`].
    TimeBank,
    /// `match_time_limit_ms` is outside [`spec::MATCH_TIME_LIMIT_MS`].
    MatchCap,
    /// The game refuses the stage's options, in its own (English) words.
    Options(String),
    /// A house stage names no house bots.
    NoOpponents,
    /// A house stage names a house bot the game does not have.
    NoHouseBot {
        /// The name asked for.
        name: String,
        /// The game's id.
        game: &'static str,
    },
    /// A house stage's table (an entrant and its opponents) is a size the game does not seat.
    Seats {
        /// The game's id.
        game: &'static str,
        /// How many players it seats.
        players: PlayerCount,
    },
    /// A count (`matches`, `deals`) is missing or outside 1 to `most`.
    Count {
        /// The field's name.
        field: &'static str,
        /// The largest allowed.
        most: usize,
    },
    /// A gauntlet or final stage does not give `top`.
    NoTop,
    /// A gauntlet's table (an entrant and `top` opponents) is a size the game does not seat.
    GauntletTop {
        /// The `top` asked for.
        top: usize,
        /// How many players the game seats.
        players: PlayerCount,
    },
    /// A final's `top` is outside [`spec::FINALISTS`].
    Finalists,
    /// A final's `table` is a size the game does not seat, or above `top`.
    FinalTable {
        /// The `table` asked for.
        table: usize,
        /// How many players the game seats.
        players: PlayerCount,
    },
    /// A final names `same_deals`.
    SameDeals,
}

impl fmt::Display for StageFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (low, high) = spec::DEADLINE_MS.into_inner();
        let (cap_low, cap_high) = spec::MATCH_TIME_LIMIT_MS.into_inner();
        let (few, most) = spec::FINALISTS.into_inner();
        match self {
            StageFault::FirstNotHouse => write!(f, "the first stage must be a house stage"),
            StageFault::Deadline => write!(f, "deadline_ms is {low} to {high}"),
            StageFault::TimeBank => {
                write!(f, "time_bank_ms is at most {}", spec::MAX_TIME_BANK_MS)
            }
            StageFault::MatchCap => {
                write!(f, "match_time_limit_ms is {cap_low} to {cap_high}")
            }
            StageFault::Options(why) => write!(f, "options: {why}"),
            StageFault::NoOpponents => write!(f, "name the house bots in \"opponents\""),
            StageFault::NoHouseBot { name, game } => {
                let bots = games::game(game)
                    .map(|info| info.house_bots_in_words())
                    .unwrap_or_default();
                write!(f, "no house bot {name:?}; {game} has {bots}")
            }
            StageFault::Seats { game, players } => {
                write!(f, "{game} seats {} players", players.describe())
            }
            StageFault::Count { field, most } => write!(f, "give \"{field}\", 1 to {most}"),
            StageFault::NoTop => write!(f, "give \"top\""),
            StageFault::GauntletTop { top, players } => write!(
                f,
                "top {top}: an entrant and {top} opponents must fit a table of {}",
                players.describe()
            ),
            StageFault::Finalists => write!(f, "a final has {few} to {most} finalists"),
            StageFault::FinalTable { table, players } => write!(
                f,
                "table {table}: {} players, at most top",
                players.describe()
            ),
            StageFault::SameDeals => write!(
                f,
                "a final always plays each deal at every seating: leave out \"same_deals\""
            ),
        }
    }
}

/// Why a tournament refused a request. Its `Display` is the sentence in English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The tournament's name is empty, longer than `max` characters or holds control characters.
    Name {
        /// The most characters.
        max: usize,
    },
    /// The spec names a game the server does not have.
    UnknownGame {
        /// The name asked for.
        game: String,
    },
    /// The spec has no stages, or more than `max`.
    StageCount {
        /// The most stages.
        max: usize,
    },
    /// A stage of the spec is wrong.
    Stage {
        /// The stage's index.
        index: usize,
        /// What is wrong with it.
        fault: StageFault,
    },
    /// Entries closed when the first stage started.
    EntriesClosed,
    /// No bot has this id.
    UnknownBot {
        /// The id asked for.
        id: String,
    },
    /// The organiser disqualified the bot.
    Disqualified {
        /// The bot's name.
        bot: String,
    },
    /// The bot plays another game than the tournament.
    WrongGame {
        /// The bot's name.
        bot: String,
        /// Its game.
        plays: String,
        /// The tournament's game.
        game: String,
    },
    /// The bot is one of a house stage's opponents.
    HouseOpponent {
        /// The bot's name.
        bot: String,
    },
    /// The bot is entered already.
    AlreadyEntered {
        /// The bot's name.
        bot: String,
    },
    /// Entering: a stage is planned to seat the bot at a size it does not play.
    EntryOutside(Outside),
    /// Changing an entered bot's table sizes would leave out a size a stage still to come seats
    /// it at.
    ChangeOutside {
        /// The bot's name.
        bot: String,
        /// The tournament's name.
        tournament: String,
        /// The stage.
        stage: Stage,
        /// The size it seats the bot at.
        size: usize,
    },
    /// Starting a stage: one of its tables seats a bot at a size it does not play.
    StageOutside(Outside),
    /// The current stage is not over.
    StageRunning {
        /// Its index.
        stage: u32,
    },
    /// The stage was started already (by another request meanwhile).
    StageStarted {
        /// Its index.
        stage: u32,
    },
    /// The last stage is over.
    Finished,
    /// No bot is entered (or every entrant is disqualified).
    NoEntries,
    /// Fewer bots qualified for the final than its game seats.
    TooFewFinalists {
        /// How many qualified.
        count: usize,
    },
    /// The stage would queue more matches than [`spec::MAX_STAGE_MATCHES`].
    StageTooLarge {
        /// How many it would queue.
        matches: usize,
    },
    /// Words written elsewhere (an I/O error, a spec that does not parse), in English only.
    Other(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Name { max } => write!(f, "a name has 1 to {max} printable characters"),
            Refusal::UnknownGame { game } => write!(f, "no game {game:?}"),
            Refusal::StageCount { max } => write!(f, "a tournament has 1 to {max} stages"),
            Refusal::Stage { index, fault } => write!(f, "stage {index}: {fault}"),
            Refusal::EntriesClosed => write!(f, "entries closed when the first stage started"),
            Refusal::UnknownBot { id } => write!(f, "no bot {id:?}"),
            Refusal::Disqualified { bot } => write!(f, "{bot} is disqualified by the organiser"),
            Refusal::WrongGame { bot, plays, game } => {
                write!(f, "{bot} plays {plays}, the tournament {game}")
            }
            Refusal::HouseOpponent { bot } => write!(
                f,
                "{bot} is a house opponent of this tournament and cannot be entered"
            ),
            Refusal::AlreadyEntered { bot } => write!(f, "{bot} is entered already"),
            Refusal::EntryOutside(outside) => write!(
                f,
                "{outside}: add {} to its table sizes (its \"ladder_players\", on the My bots \
                 page or with PATCH /api/bots/{{id}}) to enter it",
                outside.size
            ),
            Refusal::ChangeOutside {
                bot,
                tournament,
                stage,
                size,
            } => write!(
                f,
                "{bot} is entered in the tournament \"{tournament}\", whose {stage} seats {size}: \
                 its table sizes keep {size} until the tournament is over"
            ),
            Refusal::StageOutside(outside) => write!(
                f,
                "{outside}: its owner can add {} to its table sizes, or the organiser can \
                 disqualify it, and the stage starts then",
                outside.size
            ),
            Refusal::StageRunning { stage } => write!(f, "stage {stage} is not over yet"),
            Refusal::StageStarted { stage } => write!(f, "stage {stage} was started already"),
            Refusal::Finished => write!(f, "the last stage is over: the tournament is finished"),
            Refusal::NoEntries => write!(f, "no bot is entered"),
            Refusal::TooFewFinalists { count } => write!(f, "{count} finalists qualified"),
            Refusal::StageTooLarge { matches } => write!(
                f,
                "the stage would queue {matches} matches, above {}",
                spec::MAX_STAGE_MATCHES
            ),
            Refusal::Other(text) => f.write_str(text),
        }
    }
}

impl From<String> for Refusal {
    fn from(text: String) -> Refusal {
        Refusal::Other(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardarena_store::{BotHealth, BotKind, BotRecord};

    #[test]
    fn a_bot_outside_its_sizes_reads_as_the_table_sizes_say_it() {
        let durak = games::game("durak").unwrap();
        for ladder_players in [Some(vec![2]), Some(vec![2, 4]), None] {
            let health = BotHealth {
                paused: None,
                detail: None,
                next_check_at: None,
                backoff_ms: 0,
                active_since: None,
                recent_faults: 0,
                recent_matches: 0,
                matches_since_active: 0,
                probation_match: None,
                last_probation: None,
            };
            let bot = BotRecord {
                id: "b".into(),
                name: "pair".into(),
                game: "durak".into(),
                kind: BotKind::Dial,
                secret_hash: None,
                created_at: 0,
                deleted: false,
                health,
                organiser: None,
                ladder_players,
            };
            let stage = Stage {
                index: 1,
                kind: StageKind::Gauntlet,
            };
            let outside = Outside {
                bot: bot.name.clone(),
                sizes: table_sizes::of(&bot, durak.players),
                stage,
                size: 3,
            };
            let what = "stage 1 (gauntlet) of this tournament";
            let said = table_sizes::outside(&bot, durak.players, what, 3);
            assert_eq!(outside.to_string(), said);
        }
    }
}
