//! Tables: matches with a seat (or more) for a person, who plays from the browser or a script
//! through `/api/tables` (docs/api.md, "Tables").
//!
//! A table is a match of kind `human`, dealt and played at once rather than queued (a person is
//! waiting), outside the scheduler's slots: a person thinks for minutes, and the ladder must not
//! wait for them. The tables' own limits bound them instead (per client, per registered bot, on
//! the server; [`cardarena_store::TableLimits`]). Each person seat is a [`PersonBot`] in the match
//! runner, so the server treats it as a bot's seat: the same view and legal actions, the move
//! checked by the engine, faults, forfeits and the record as for any match. A person who leaves,
//! or does not move within the person deadline, is replaced by the game's first house bot.
//!
//! The registry is in memory: the process that plays a table answers its seats. A table's state
//! stays readable for [`KEEP_ENDED`] after its end; later its seats read the stored result.

mod feed;
mod person;
mod state;
mod waiters;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use cardarena_bots::Bot;
use cardarena_engine::Game;

pub use feed::TableFeed;
pub use person::{LEFT, PersonBot};
pub use state::{MoveRefused, RECENT_MOVES, TableFacts, TableState};
pub use waiters::{WaitRefused, WaitSlot, Waiters};

/// The names of a table's seats as people read them: a name that sits at more than one seat is
/// numbered from its second seat on (`reference`, `reference (2)`), so that no two seats read
/// alike. The API's seat states and the match page both show these (docs/architecture.md).
pub fn distinct_names<S: AsRef<str>>(names: &[S]) -> Vec<String> {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    names
        .iter()
        .map(|name| {
            let name = name.as_ref();
            let count = seen.entry(name).or_default();
            *count += 1;
            match *count {
                1 => name.to_string(),
                n => format!("{name} ({n})"),
            }
        })
        .collect()
}

/// How long an ended table's state is kept in memory for its seats to read.
pub const KEEP_ENDED: Duration = Duration::from_secs(600);

/// The open tables of this process.
#[derive(Clone, Debug)]
pub struct Tables {
    open: Arc<Mutex<HashMap<String, Arc<TableState>>>>,
    person_deadline: Duration,
    /// The long polls on seats' states.
    pub waiters: Waiters,
}

impl Tables {
    /// No tables yet; each person has `person_deadline` for each decision.
    pub fn new(person_deadline: Duration) -> Tables {
        Tables {
            open: Arc::default(),
            person_deadline,
            waiters: Waiters::default(),
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<TableState>>> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Registers a table about to be played.
    pub fn open(&self, facts: TableFacts) -> Arc<TableState> {
        let players = facts.names.len();
        let id = facts.match_id.clone();
        let state = Arc::new(TableState::new(
            facts,
            vec![serde_json::Value::Null; players],
            None,
        ));
        self.map().insert(id, state.clone());
        state
    }

    /// How many tables are being played (not over).
    pub fn playing(&self) -> usize {
        self.map().values().filter(|t| !t.is_over()).count()
    }

    /// The table of match `id`, while it is kept.
    pub fn get(&self, id: &str) -> Option<Arc<TableState>> {
        self.map().get(id).cloned()
    }

    /// A person seat of match `id`'s table, for the runner (it plays whichever seat it is given).
    pub fn person_bot<G: Game>(&self, id: &str) -> Option<Box<dyn Bot<G>>> {
        let table = self.get(id)?;
        Some(Box::new(PersonBot::<G>::new(
            table,
            id.to_string(),
            self.person_deadline,
        )))
    }

    /// The feed of match `id`'s table, dealt as `dealt`, if it is a table.
    pub fn feed<G: Game>(&self, id: &str, dealt: &G) -> Option<TableFeed<G>> {
        let table = self.get(id)?;
        let mut feed = TableFeed::new(table.clone(), table.facts().persons);
        feed.dealt(dealt);
        Some(feed)
    }

    /// Match `id` is over and its result stored (or it failed): its seats are told, and its
    /// state is dropped after [`KEEP_ENDED`].
    pub fn close(&self, id: &str) {
        let Some(table) = self.get(id) else {
            return;
        };
        table.closed();
        let this = self.clone();
        let id = id.to_string();
        tokio::spawn(async move {
            tokio::time::sleep(KEEP_ENDED).await;
            this.map().remove(&id);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::distinct_names;

    #[test]
    fn a_repeated_name_is_numbered_from_its_second_seat() {
        let names = [
            "person",
            "reference",
            "greedy",
            "reference",
            "person",
            "reference",
        ];
        assert_eq!(
            distinct_names(&names),
            [
                "person",
                "reference",
                "greedy",
                "reference (2)",
                "person (2)",
                "reference (3)"
            ]
        );
        assert_eq!(distinct_names(&["a", "b"]), ["a", "b"]);
    }
}
