//! House bots for `bridge`.

use cardarena_engine::games::bridge::Bridge;

use crate::bot::Bot;
use crate::random::RandomBot;
use crate::roster::HouseGame;

impl HouseGame for Bridge {
    const HOUSE_BOTS: &'static [&'static str] = &["random"];

    /// A match runs to 125 points over many deals: random play averages over a thousand decisions.
    const MAX_DECISIONS: u32 = 200_000;

    fn house_bot(id: &str, seed: u64) -> Option<Box<dyn Bot<Bridge>>> {
        match id {
            "random" => Some(Box::new(RandomBot::<Bridge>::new(seed))),
            _ => None,
        }
    }
}
