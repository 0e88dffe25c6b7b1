//! Seats given as `NAME=BOT` on the command line: `BOT` a house bot's id, a bot's URL, or a bot
//! module's file (`.wasm`).

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use cardarena_engine::PlayerCount;
use url::Url;

use super::CliError;

/// One seat: the player's name and the bot that plays it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatSpec {
    /// The name shown in logs and tables.
    pub name: String,
    /// Who plays it.
    pub bot: SeatBot,
}

/// The bot of a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatBot {
    /// A house bot, by id, played in process.
    House(String),
    /// A bot called over HTTP through the real protocol (docs/protocol.md) at this URL.
    Http(Url),
    /// A WebAssembly bot module in this file, played in the sandbox as the server plays it.
    Module(PathBuf),
}

impl fmt::Display for SeatBot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatBot::House(id) => f.write_str(id),
            SeatBot::Http(url) => f.write_str(url.as_str()),
            SeatBot::Module(path) => write!(f, "{}", path.display()),
        }
    }
}

/// Reads `text` as a bot: an `http://` or `https://` URL (with a host, no credentials, no
/// fragment), a file ending in `.wasm`, or else a house bot's id.
fn parse_bot(text: &str) -> Result<SeatBot, String> {
    let lower = text.to_ascii_lowercase();
    if lower.ends_with(".wasm") {
        return Ok(SeatBot::Module(PathBuf::from(text)));
    }
    if !(lower.starts_with("http://") || lower.starts_with("https://")) {
        return Ok(SeatBot::House(text.to_string()));
    }
    let url = Url::parse(text).map_err(|e| format!("{text:?} is not a URL: {e}"))?;
    if url.host_str().is_none_or(str::is_empty) {
        return Err(format!("{text:?}: a bot's URL needs a host"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(format!("{text:?}: a bot's URL carries no user or password"));
    }
    if url.fragment().is_some() {
        return Err(format!("{text:?}: a bot's URL has no #fragment"));
    }
    Ok(SeatBot::Http(url))
}

impl FromStr for SeatSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<SeatSpec, String> {
        let (name, bot) = text.split_once('=').ok_or_else(|| {
            format!(
                "{text:?} is not NAME=BOT (for example Rick=reference, or \
                 me=http://127.0.0.1:9000/ for your bot)"
            )
        })?;
        let (name, bot) = (name.trim(), bot.trim());
        if name.is_empty() || bot.is_empty() {
            return Err(format!(
                "{text:?}: both NAME and BOT must be given, as in Rick=reference"
            ));
        }
        if name.chars().count() > 40 || name.chars().any(char::is_control) {
            return Err(format!(
                "{name:?}: a name is at most 40 printable characters"
            ));
        }
        Ok(SeatSpec {
            name: name.to_string(),
            bot: parse_bot(bot)?,
        })
    }
}

/// Checks the seats against the game: player count, unique names, known house bots (a URL is
/// any bot's). With no seats given, fills the game's default count with its first house bot.
pub fn check_seats(
    mut seats: Vec<SeatSpec>,
    game: &str,
    players: PlayerCount,
    house_bots: &[&str],
) -> Result<Vec<SeatSpec>, CliError> {
    if seats.is_empty() {
        seats = (1..=players.default)
            .map(|n| SeatSpec {
                name: format!("P{n}"),
                bot: SeatBot::House(house_bots[0].to_string()),
            })
            .collect();
    }
    if !players.allows(seats.len()) {
        return Err(CliError(format!(
            "{game} seats {} players; {} --seat given",
            players.describe(),
            seats.len()
        )));
    }
    for (i, seat) in seats.iter().enumerate() {
        if seats[..i].iter().any(|s| s.name == seat.name) {
            return Err(CliError(format!(
                "the name {:?} is given to two seats",
                seat.name
            )));
        }
        if let SeatBot::House(id) = &seat.bot
            && !cardarena_bots::names_house_bot(house_bots, id)
        {
            return Err(CliError(format!(
                "{id:?} is not a house bot of {game}; they are: {} (or expert:N for the \
                     expert with N ms a decision, N one of {}, or your bot's URL, \
                     http://HOST:PORT/)",
                house_bots.join(", "),
                cardarena_bots::expert::budgets_in_words()
            )));
        }
    }
    Ok(seats)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DURAK: PlayerCount = PlayerCount {
        min: 2,
        max: 4,
        default: 3,
        step: 1,
    };
    const PAIRS: PlayerCount = PlayerCount {
        min: 4,
        max: 6,
        default: 4,
        step: 2,
    };

    #[test]
    fn a_team_game_takes_only_its_counts() {
        let bots = ["random"];
        let seats = |n: usize| {
            (0..n)
                .map(|i| format!("P{i}=random").parse().unwrap())
                .collect::<Vec<SeatSpec>>()
        };
        assert!(check_seats(seats(4), "fifty-six", PAIRS, &bots).is_ok());
        assert!(check_seats(seats(6), "fifty-six", PAIRS, &bots).is_ok());
        let error = check_seats(seats(5), "fifty-six", PAIRS, &bots).unwrap_err();
        assert!(error.0.contains("4 or 6 players"), "{}", error.0);
    }

    #[test]
    fn the_expert_takes_a_budget_in_its_id() {
        let seat = |text: &str| text.parse::<SeatSpec>().unwrap();
        let bots = ["random", "expert"];
        let with = |id: &str| vec![seat(&format!("A={id}")), seat("B=random")];
        assert!(check_seats(with("expert:200"), "durak", DURAK, &bots).is_ok());
        assert!(check_seats(with("expert"), "durak", DURAK, &bots).is_ok());
        for bad in ["expert:0", "expert:2001", "expert:"] {
            assert!(
                check_seats(with(bad), "durak", DURAK, &bots).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn parses_name_equals_bot() {
        let seat: SeatSpec = "Rick=reference".parse().unwrap();
        assert_eq!(seat.name, "Rick");
        assert_eq!(seat.bot, SeatBot::House("reference".into()));
        for bad in ["Rick", "=random", "Rick=", ""] {
            assert!(bad.parse::<SeatSpec>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn parses_a_url_as_an_http_bot() {
        let seat: SeatSpec = "me=http://127.0.0.1:9000/".parse().unwrap();
        assert_eq!(seat.name, "me");
        assert_eq!(seat.bot.to_string(), "http://127.0.0.1:9000/");
        let seat: SeatSpec = "me=HTTPS://bot.example/play?x=1".parse().unwrap();
        assert!(matches!(seat.bot, SeatBot::Http(url) if url.scheme() == "https"));
        for bad in [
            "me=http://",
            "me=http://user:pw@127.0.0.1:9000/",
            "me=http://127.0.0.1:9000/#here",
            "me=http://[::1",
        ] {
            assert!(bad.parse::<SeatSpec>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn checks_count_names_and_bots() {
        let seat = |text: &str| text.parse::<SeatSpec>().unwrap();
        let bots = ["reference", "random"];
        assert!(check_seats(vec![seat("A=random")], "durak", DURAK, &bots).is_err());
        assert!(
            check_seats(
                vec![seat("A=random"), seat("A=random")],
                "durak",
                DURAK,
                &bots
            )
            .is_err()
        );
        assert!(
            check_seats(
                vec![seat("A=random"), seat("B=smart")],
                "durak",
                DURAK,
                &bots
            )
            .is_err()
        );
        let ok = check_seats(
            vec![seat("A=random"), seat("B=reference")],
            "durak",
            DURAK,
            &bots,
        );
        assert_eq!(ok.unwrap().len(), 2);
        let default = check_seats(vec![], "durak", DURAK, &bots).unwrap();
        assert_eq!(default.len(), 3);
        assert!(
            default
                .iter()
                .all(|s| s.bot == SeatBot::House("reference".into()))
        );
        let url = seat("me=http://127.0.0.1:9000/");
        assert!(check_seats(vec![url, seat("B=random")], "durak", DURAK, &bots).is_ok());
    }
}
