//! A small random-play loop for profilers: `cargo run --release -p cardarena-engine --example
//! playout -- GAME PLAYERS GAMES` plays `GAMES` uniform random games of `GAME` (prsi,
//! durak-duel, durak, fifty-six, bridge or most) and prints the decisions taken, so an
//! instruction count (valgrind's callgrind) can be divided into a count per decision.

use cardarena_engine::Game;
use cardarena_engine::games::{
    bridge::Bridge, durak::Durak, durak_duel::DurakDuel, fifty_six::FiftySix, most::Most,
    prsi::Prsi,
};
use cardarena_engine::playout::random_playout;
use cardarena_engine::shuffle::{derive_seed, rng};

/// Plays `games` random games of `G` at `players` and returns the decisions taken.
fn play<G: Game>(players: usize, games: u64) -> u64 {
    let options = G::Options::default();
    let mut chooser = rng(1);
    let mut legal = Vec::new();
    (0..games)
        .map(|index| {
            let mut game = G::new(&options, players, derive_seed(7, index)).expect("valid setup");
            random_playout(&mut game, &mut chooser, &mut legal).expect("legal play")
        })
        .sum()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, players, games] = args.as_slice() else {
        eprintln!("usage: playout GAME PLAYERS GAMES");
        std::process::exit(2);
    };
    let players: usize = players.parse().expect("PLAYERS is a number");
    let games: u64 = games.parse().expect("GAMES is a number");
    let decisions = match game.as_str() {
        "prsi" => play::<Prsi>(players, games),
        "durak-duel" => play::<DurakDuel>(players, games),
        "durak" => play::<Durak>(players, games),
        "fifty-six" => play::<FiftySix>(players, games),
        "bridge" => play::<Bridge>(players, games),
        "most" => play::<Most>(players, games),
        other => {
            eprintln!("unknown game {other}");
            std::process::exit(2);
        }
    };
    println!("{decisions}");
}
