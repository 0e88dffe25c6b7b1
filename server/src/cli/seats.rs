//! Seats given as `NAME=BOT` on the command line.

use std::str::FromStr;

use cardarena_engine::PlayerCount;

use super::CliError;

/// One seat: the player's name and the house bot that plays it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatSpec {
    /// The name shown in logs and tables.
    pub name: String,
    /// The house bot's id.
    pub bot: String,
}

impl FromStr for SeatSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<SeatSpec, String> {
        let (name, bot) = text
            .split_once('=')
            .ok_or_else(|| format!("{text:?} is not NAME=BOT (for example Rick=reference)"))?;
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
            bot: bot.to_string(),
        })
    }
}

/// Checks the seats against the game: player count, unique names, known house bots. With no
/// seats given, fills the game's default count with its first house bot.
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
                bot: house_bots[0].to_string(),
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
        if !house_bots.contains(&seat.bot.as_str()) {
            return Err(CliError(format!(
                "{:?} is not a house bot of {game}; they are: {}",
                seat.bot,
                house_bots.join(", ")
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
    fn parses_name_equals_bot() {
        let seat: SeatSpec = "Rick=reference".parse().unwrap();
        assert_eq!(seat.name, "Rick");
        assert_eq!(seat.bot, "reference");
        for bad in ["Rick", "=random", "Rick=", ""] {
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
        assert!(default.iter().all(|s| s.bot == "reference"));
    }
}
