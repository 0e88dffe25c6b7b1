//! A plain-text log of a fifty-six match, written by replaying its actions: each deal's hands as
//! dealt, the bidding, the hidden trump, void deals, every trick with the reveal and its winner,
//! each deal's score and the match's result.

use std::fmt::Write;

use super::{FiftySix, FiftySixAction, Phase};
use crate::game::Game;
use crate::shuffle::ShuffleModel;

/// The log of `actions` played from `initial`, players named by seat; `None` if an action does
/// not apply (the log is not of this game).
pub(super) fn write(
    initial: &FiftySix,
    actions: &[FiftySixAction],
    names: &[String],
) -> Option<String> {
    let name = |seat: usize| {
        names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("seat {seat}"))
    };
    let shuffle = match initial.shuffle {
        ShuffleModel::Uniform => "uniform shuffle".to_string(),
        ShuffleModel::Riffle(r) => r.to_string(),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Fifty-six, {} players, {} deals, {shuffle}",
        initial.players, initial.deals
    );
    deal_header(&mut out, initial, &name, false);
    let mut game = initial.clone();
    let mut line: Vec<String> = Vec::new();
    for action in actions {
        let before = game.clone();
        let seat = before.turn;
        game.apply(action).ok()?;
        match *action {
            FiftySixAction::Bid { points } => line.push(format!("{} {points}", name(seat))),
            FiftySixAction::Pass => line.push(format!("{} pass", name(seat))),
            FiftySixAction::RevealTrump => line.push(format!(
                "{} calls for the trump: {}",
                name(seat),
                game.trump.map(|c| c.to_string()).unwrap_or_default()
            )),
            FiftySixAction::Play { card } => line.push(format!("{} {card}", name(seat))),
            FiftySixAction::HideTrump { card } => {
                let void = game.deal_counter != before.deal_counter;
                let _ = writeln!(out, "{} hides the trump {card}", name(seat));
                if void {
                    let suit = card.suit().map_or('?', |s| s.letter());
                    let _ = writeln!(out, "Void deal: the defenders hold no {suit}");
                    deal_header(&mut out, &game, &name, true);
                } else if game.tani() {
                    let out_seats: Vec<String> =
                        game.sitting_out().into_iter().map(&name).collect();
                    let verb = if out_seats.len() == 1 { "sits" } else { "sit" };
                    let _ = writeln!(out, "Tani: {} {verb} out", out_seats.join(", "));
                }
            }
        }
        if before.phase == Phase::Bidding && game.phase != Phase::Bidding {
            let _ = writeln!(out, "Bidding: {}", line.join(", "));
            line.clear();
        }
        if let FiftySixAction::Play { card } = *action {
            if let Some((winner, taken)) = before.trick_finished_by(card) {
                let _ = writeln!(
                    out,
                    "Trick {}: {}; {} wins {taken}",
                    before.tricks.len() + 1,
                    line.join(", "),
                    name(winner)
                );
                line.clear();
            }
            if game.deal != before.deal {
                deal_footer(&mut out, &game, &name);
                if game.phase != Phase::Over {
                    deal_header(&mut out, &game, &name, false);
                }
            }
        }
        if before.reveal.is_none() && game.reveal.is_some_and(|r| r.automatic) {
            line.push(format!(
                "{}'s hidden trump {} turns up",
                name(game.turn),
                game.trump.map(|c| c.to_string()).unwrap_or_default()
            ));
        }
    }
    if !line.is_empty() {
        let _ = writeln!(out, "Unfinished: {}", line.join(", "));
    }
    if let Some(outcome) = game.outcome() {
        let teams: Vec<String> = (0..2)
            .map(|t| {
                let members: Vec<String> = (t..game.players).step_by(2).map(&name).collect();
                format!("team {t} ({}) {}", members.join(", "), game.totals[t])
            })
            .collect();
        let result = if outcome.is_draw() {
            "a draw".to_string()
        } else {
            let winner = usize::from(game.totals[1] > game.totals[0]);
            format!("team {winner} wins")
        };
        let _ = writeln!(out, "Match over: {}; {result}", teams.join(", "));
    }
    Some(out)
}

fn deal_header(out: &mut String, game: &FiftySix, name: &impl Fn(usize) -> String, again: bool) {
    let again = if again { ", dealt again" } else { "" };
    let _ = writeln!(
        out,
        "Deal {}{again}, dealer {}",
        game.deal + 1,
        name(game.dealer)
    );
    for seat in 0..game.players {
        let hand: Vec<String> = game.hands[seat].iter().map(|c| c.to_string()).collect();
        let _ = writeln!(out, "  {}: {}", name(seat), hand.join(" "));
    }
}

fn deal_footer(out: &mut String, game: &FiftySix, name: &impl Fn(usize) -> String) {
    let Some(result) = game.last_deal else {
        return;
    };
    let made = if result.made { "made" } else { "failed" };
    let _ = writeln!(
        out,
        "Deal {}: {}'s bid of {} {made} with {} card points: team {} {:+}; totals {} : {}",
        game.deal,
        name(result.bidder),
        result.bid,
        result.card_points,
        result.team,
        result.change,
        game.totals[0],
        game.totals[1]
    );
}
