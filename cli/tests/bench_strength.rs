//! `cardarena bench --strength`, run as a user runs it: duplicate deals between house bots, one
//! JSON line of figures, and a clear error for a bot the game does not have.

use std::process::{Command, Output};

fn cardarena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardarena"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs `bench --strength` with `args` added, expecting one JSON line.
fn strength(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["bench", "--strength"];
    all.extend(args);
    let output = cardarena(&all);
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(text.lines().count(), 1, "{text}");
    serde_json::from_str(&text).expect("a JSON line")
}

const GAMES: [&str; 6] = ["durak", "bridge", "durak-duel", "prsi", "most", "fifty-six"];

#[test]
fn a_bot_against_itself_scores_one_half_exactly_in_every_game() {
    for game in GAMES {
        let report = strength(&[
            "--game",
            game,
            "--bot",
            "greedy",
            "--against",
            "greedy",
            "--games",
            "3",
        ]);
        let fields: Vec<&str> = report
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        let mut want = vec![
            "game",
            "games",
            "bot",
            "against",
            "mean",
            "ci95",
            "decisions_per_sec",
            "p99_decision_ms",
            "p99_decision_cpu_ms",
        ];
        want.sort_unstable();
        assert_eq!(fields, want, "{report}");
        assert_eq!(report["game"], game);
        assert_eq!(report["games"], 3);
        assert_eq!(
            (&report["bot"], &report["against"]),
            (&"greedy".into(), &"greedy".into())
        );
        // Every seating of a deal is the same match: the seats' place values average one half.
        let mean = report["mean"].as_f64().unwrap();
        assert!((mean - 0.5).abs() < 1e-9, "{report}");
        assert!(report["ci95"].as_f64().unwrap() < 1e-9, "{report}");
        assert!(
            report["decisions_per_sec"].as_f64().unwrap() > 0.0,
            "{report}"
        );
        assert!(
            report["p99_decision_ms"].as_f64().unwrap() >= 0.0,
            "{report}"
        );
    }
}

#[test]
fn a_stronger_bot_scores_above_one_half_and_the_run_repeats() {
    let args = [
        "--game",
        "durak-duel",
        "--bot",
        "greedy",
        "--against",
        "random",
        "--games",
        "40",
    ];
    let report = strength(&args);
    let (mean, ci95) = (
        report["mean"].as_f64().unwrap(),
        report["ci95"].as_f64().unwrap(),
    );
    assert!(mean > 0.5 && ci95 > 0.0, "{report}");
    let mut one_thread = args.to_vec();
    one_thread.extend(["--threads", "1"]);
    let again = strength(&one_thread);
    assert_eq!(
        (again["mean"].clone(), again["ci95"].clone()),
        (report["mean"].clone(), report["ci95"].clone())
    );
}

#[test]
fn the_expert_with_a_budget_is_measured() {
    let report = strength(&[
        "--game",
        "durak-duel",
        "--bot",
        "expert:5",
        "--against",
        "random",
        "--games",
        "1",
    ]);
    assert_eq!(report["bot"], "expert:5");
    assert!(
        report["p99_decision_ms"].as_f64().unwrap() > 0.0,
        "{report}"
    );
    // One deal is played on one thread: the process's CPU time is the bot's.
    let one_thread = report;
    let two_threads = strength(&[
        "--game",
        "durak-duel",
        "--bot",
        "expert:5",
        "--against",
        "random",
        "--games",
        "2",
        "--threads",
        "2",
    ]);
    // Several threads' CPU times would mix: the CPU figure is given on one thread only.
    assert!(
        two_threads["p99_decision_cpu_ms"].is_null(),
        "{two_threads}"
    );
    let cpu = one_thread["p99_decision_cpu_ms"].as_f64().unwrap();
    assert!(cpu > 0.0, "{one_thread}");
}

#[test]
fn a_bot_the_game_does_not_have_is_refused_with_the_house_bots_named() {
    for (bot, against) in [("nobody", "greedy"), ("greedy", "expert:7")] {
        let output = cardarena(&[
            "bench",
            "--strength",
            "--game",
            "durak",
            "--bot",
            bot,
            "--against",
            against,
        ]);
        assert!(!output.status.success());
        let text = stderr(&output);
        let wrong = if bot == "nobody" { bot } else { against };
        assert!(
            text.contains(&format!("{wrong:?} is not a house bot of durak"))
                && text.contains("greedy"),
            "{text}"
        );
        assert!(output.stdout.is_empty());
    }
    let output = cardarena(&["bench", "--strength", "--game", "chess", "--bot", "greedy"]);
    assert!(
        stderr(&output).contains("unknown game \"chess\""),
        "{}",
        stderr(&output)
    );
}
