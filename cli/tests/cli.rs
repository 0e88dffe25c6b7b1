//! The `cardarena` binary, run as a user runs it: `play` and `bench` (of the engine and of the
//! queue), good input and bad.

use std::process::{Command, Output};

fn cardarena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardarena"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 stdout")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 stderr")
}

const RICK_MORTY_SUMMER: [&str; 6] = [
    "--seat",
    "Rick=reference",
    "--seat",
    "Morty=reference",
    "--seat",
    "Summer=reference",
];

fn reference_log(number: &str) -> Output {
    let mut args = vec!["play", "--game", "durak", "--deck-number", number];
    args.extend(RICK_MORTY_SUMMER);
    args.push("--log");
    cardarena(&args)
}

#[test]
fn play_log_of_60493_is_the_reference_log_byte_for_byte() {
    let output = reference_log("60493");
    assert!(output.status.success(), "{}", stderr(&output));
    let expected = include_bytes!("../../testdata/seed000/reference_log_60493.txt");
    assert_eq!(output.stdout, expected.to_vec(), "{}", stdout(&output));
}

#[test]
fn play_log_of_24227_ends_with_rick_the_fool() {
    let output = reference_log("24227");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).ends_with("\n\nFool: Rick\n"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn a_uniform_deal_prints_its_seed_and_replays_from_it() {
    let first = cardarena(&["play", "--seat", "A=random", "--seat", "B=greedy", "--log"]);
    assert!(first.status.success(), "{}", stderr(&first));
    let seed = stderr(&first)
        .lines()
        .find_map(|line| line.strip_prefix("seed: "))
        .expect("the seed is printed on stderr")
        .to_string();
    assert!(stdout(&first).starts_with(&format!("Deck seed: {seed}\nTrump: ")));
    let again = cardarena(&[
        "play", "--seat", "A=random", "--seat", "B=greedy", "--log", "--seed", &seed,
    ]);
    assert_eq!(stdout(&again), stdout(&first));
}

/// Three house bots, 300 games, a fixed seed.
const THREE_BOTS_300_GAMES: [&str; 11] = [
    "play",
    "--seat",
    "G=greedy",
    "--seat",
    "R=random",
    "--seat",
    "F=reference",
    "--games",
    "300",
    "--seed",
    "5",
];

#[test]
fn many_games_print_a_table_with_every_game_counted() {
    let output = cardarena(&THREE_BOTS_300_GAMES);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    assert_eq!(
        header,
        [
            "name", "bot", "games", "wins", "losses", "draws", "loss", "rate", "95%", "interval"
        ],
        "house bots cannot fault: no faults column"
    );
    let rows: Vec<Vec<String>> = lines
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect();
    assert_eq!(rows.len(), 3);
    let number = |row: &Vec<String>, i: usize| row[i].parse::<f64>().unwrap();
    let mut losses = 0.0;
    for row in &rows {
        assert_eq!(number(row, 2), 300.0, "{row:?}");
        assert_eq!(
            number(row, 3) + number(row, 4) + number(row, 5),
            300.0,
            "{row:?}"
        );
        assert!((number(row, 6) - number(row, 4) / 300.0).abs() < 0.001);
        let (low, high) = row[7].split_once('-').unwrap();
        let (low, high) = (low.parse::<f64>().unwrap(), high.parse::<f64>().unwrap());
        assert!(low <= number(row, 6) && number(row, 6) <= high, "{row:?}");
        assert!(
            high - low < 0.12,
            "300 games give an interval narrower than that: {row:?}"
        );
        losses += number(row, 4);
    }
    let draws = number(&rows[0], 5);
    assert_eq!(losses + draws, 300.0, "each game has one fool or is a draw");
    let random = rows.iter().find(|r| r[0] == "R").unwrap();
    let greedy = rows.iter().find(|r| r[0] == "G").unwrap();
    assert!(
        number(random, 6) > 2.0 * number(greedy, 6),
        "greedy must beat random clearly: {text}"
    );
    let same = cardarena(&THREE_BOTS_300_GAMES);
    assert_eq!(stdout(&same), text, "the same seed gives the same results");
}

#[test]
fn bench_prints_one_json_line_of_figures() {
    let output = cardarena(&["bench", "--game", "durak", "--games", "200"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1);
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(report["game"], "durak");
    assert_eq!(report["games"], 200);
    let decisions = report["decisions"].as_u64().unwrap();
    assert!(decisions > 200 * 10, "{report}");
    let seconds = report["seconds"].as_f64().unwrap();
    let per_sec = report["decisions_per_sec"].as_f64().unwrap();
    assert!((per_sec * seconds - decisions as f64).abs() / (decisions as f64) < 0.01);
    assert!(report["games_per_sec"].as_f64().unwrap() > 0.0);
}

#[test]
fn bench_queue_plays_every_queued_match_on_sqlite() {
    let dir = std::env::temp_dir().join(format!("cardarena-bench-queue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("bench.db").display());
    let args = [
        "bench",
        "--queue",
        "--database-url",
        &url,
        "--matches",
        "6",
        "--think-ms",
        "1",
        "--max-matches",
        "4",
    ];
    let output = cardarena(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1, "{text}");
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(report["backend"], "sqlite");
    assert_eq!(report["workers"], 0);
    assert_eq!(report["slots"], 4);
    assert_eq!(report["matches"], 6);
    assert_eq!(report["finished"], 6, "{report}");
    assert!(
        report["decisions_per_sec"].as_f64().unwrap() > 0.0,
        "{report}"
    );
    // The database holds matches now: a second run would count them, so it is refused.
    let again = cardarena(&args);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        stderr(&again).contains("holds matches already"),
        "{}",
        stderr(&again)
    );
    // Workers share a PostgreSQL database; a SQLite file is one process's.
    let other = format!("sqlite://{}", dir.join("other.db").display());
    let workers = cardarena(&[
        "bench",
        "--queue",
        "--database-url",
        &other,
        "--workers",
        "2",
    ]);
    assert_eq!(workers.status.code(), Some(2));
    assert!(
        stderr(&workers).contains("--workers needs PostgreSQL"),
        "{}",
        stderr(&workers)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_frames_reads_one_long_match_with_one_build_when_cached() {
    let output = cardarena(&[
        "bench",
        "--frames",
        "--game",
        "prsi",
        "--concurrency",
        "8",
        "--seconds",
        "1",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let runs: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(runs.len(), 2, "{text}");
    let (cached, uncached) = (&runs[0], &runs[1]);
    assert_eq!(cached["cache_mb"], 32, "{cached}");
    assert_eq!(uncached["cache_mb"], 0, "{uncached}");
    for run in &runs {
        assert!(run["steps"].as_u64().unwrap() > 10, "{run}");
        let (plain, gzip) = (
            run["frames_bytes"].as_u64(),
            run["frames_gzip_bytes"].as_u64(),
        );
        assert!(plain.unwrap() > 4 * gzip.unwrap(), "{run}");
        // Every read answered whole, every revalidation 304: nothing refused, nothing lost.
        let reads = run["read_statuses"].as_object().unwrap();
        assert!(
            reads.keys().all(|s| s == "200") && reads["200"].as_u64() >= Some(8),
            "{run}"
        );
        let checks = run["revalidation_statuses"].as_object().unwrap();
        assert!(
            checks.keys().all(|s| s == "304") && checks["304"].as_u64() >= Some(8),
            "{run}"
        );
        assert!(run["games_p99_ms_reading"].as_f64().unwrap() > 0.0, "{run}");
    }
    // Eight readers arriving at once at a cold cache cost one build; without it, every read
    // that finds no build under way makes one.
    assert_eq!(cached["builds_during_reads"], 1, "{cached}");
    assert!(
        uncached["builds_during_reads"].as_u64() >= Some(1),
        "{uncached}"
    );
}

#[test]
fn bad_input_gets_a_clear_error_and_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["play", "--game", "chess"],
            "unknown game \"chess\"; the games are: durak",
        ),
        (&["bench", "--game", "chess"], "unknown game \"chess\""),
        (
            &["play", "--seat", "A=random", "--seat", "B=clever"],
            "\"clever\" is not a house bot of durak",
        ),
        (
            &["play", "--seat", "A=random"],
            "durak seats 2 to 4 players; 1 --seat given",
        ),
        (
            &["play", "--seat", "A=random", "--seat", "A=greedy"],
            "the name \"A\" is given to two seats",
        ),
        (
            &["play", "--options", "[1]"],
            "--options must be a JSON object",
        ),
        (&["play", "--options", "{"], "--options is not valid JSON"),
        (
            &["play", "--options", "{\"colour\": 1}"],
            "bad options for durak: unknown field `colour`",
        ),
        (
            &["play", "--game", "most", "--options", "{\"target\": \"x\"}"],
            "bad options for most: target: invalid type: string \"x\", expected",
        ),
        (
            &[
                "play",
                "--options",
                r#"{"shuffle": {"kind": "riffle", "riffles": 1000000000}}"#,
            ],
            "bad options for durak: shuffle.riffles is 1 to 32, not 1000000000",
        ),
        (
            &["bench", "--options", r#"{"deck_number": "x"}"#],
            "bad options for durak: deck_number: invalid type: string",
        ),
        (
            &["bench", "--players", "9"],
            "durak needs 2 to 4 players, not 9",
        ),
        (
            &["serve", "--trust-proxy", "10.0.0.0/8,10.0.0.0/33"],
            "\"10.0.0.0/33\" is not a CIDR range (like 10.0.0.0/8 or 2001:db8::/32) or an address",
        ),
        (
            &["serve", "--trust-proxy", "127.0.0.1", "proxy.local"],
            "\"proxy.local\" is not a CIDR range",
        ),
    ];
    for (args, message) in cases {
        let output = cardarena(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    let output = cardarena(&["play", "--seat", "Rick"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("is not NAME=BOT"),
        "{}",
        stderr(&output)
    );
    let output = cardarena(&["play", "--games", "0"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn replay_without_a_database_says_so_and_creates_none() {
    let dir = std::env::temp_dir().join(format!("cardarena-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("missing.db");
    let url = format!("sqlite://{}", db.display());
    let output = cardarena(&["replay", "some-match", "--database-url", &url]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.contains("creates none"), "{message}");
    assert!(message.contains("missing.db"), "{message}");
    assert!(!db.exists(), "replay created {}", db.display());
    // The default database, in the working directory, is not created either.
    let output = Command::new(env!("CARGO_BIN_EXE_cardarena"))
        .args(["replay", "some-match"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(!dir.join("cardarena.db").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_describes_the_server_as_it_is() {
    let output = cardarena(&["--help"]);
    assert_eq!(output.status.code(), Some(0));
    let help = stdout(&output);
    assert!(!help.contains("comes next"), "{help}");
    assert!(help.contains("tournament server"), "{help}");
    let serve = stdout(&cardarena(&["serve", "--help"]));
    for setting in [
        "--max-connections",
        "--max-connections-per-address",
        "--trust-proxy <CIDR>",
        "--head-timeout-ms",
        "--body-timeout-ms",
        "--registrations-per-hour",
        "--max-unused-bots",
        "--network-v4-prefix",
        "--network-v6-prefix",
    ] {
        assert!(serve.contains(setting), "{serve}");
    }
    // A network wider than a /8 or narrower than a single address is refused before anything
    // starts.
    for (flag, bits) in [
        ("--network-v4-prefix", "7"),
        ("--network-v4-prefix", "33"),
        ("--network-v6-prefix", "15"),
        ("--network-v6-prefix", "129"),
    ] {
        let refused = cardarena(&["serve", flag, bits, "--database-url", "sqlite::memory:"]);
        assert_eq!(refused.status.code(), Some(2), "{flag} {bits}");
        assert!(stderr(&refused).contains(flag), "{}", stderr(&refused));
    }
}

#[test]
fn play_seats_the_expert_with_a_budget_and_replays_its_choices_from_the_seed() {
    let args = [
        "play",
        "--game",
        "durak-duel",
        "--seat",
        "A=expert:5",
        "--seat",
        "B=greedy",
        "--log",
        "--seed",
        "28",
    ];
    let first = cardarena(&args);
    assert!(first.status.success(), "{}", stderr(&first));
    assert_eq!(stdout(&cardarena(&args)), stdout(&first));
    let refused = cardarena(&["play", "--seat", "A=expert:0", "--seat", "B=greedy"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("\"expert:0\" is not a house bot of durak"),
        "{}",
        stderr(&refused)
    );
}
