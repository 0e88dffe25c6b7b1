//! A whole durak game played with the keyboard alone: at each step the next thing a person
//! would use (the chooser's button, else the first playable card, else the first action) is
//! reached with Tab from wherever the focus is, its focus is visible (`:focus-visible` with an
//! outline or a ring), and Enter uses it. No click and no script touches the page's controls.

use std::path::PathBuf;
use std::time::Instant;

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use serde_json::json;

use super::{LAPTOP, PHONE, artefacts};
use crate::play::seat::{self, FREE_CARD, MAX_MOVES, STATE_TIMEOUT, Shown, decision, moved};
use crate::support::TempDb;
use cardarena_testkit::chromium::Browser;

/// The most Tabs that may lead from one control to the next: a page needing more is not one a
/// person plays with the keyboard.
const MAX_TABS: usize = 120;

/// Presses and releases `key` wherever the focus is, as a person's keyboard does.
async fn press(browser: &Browser, key: Key) {
    let keys = KeyActions::new("keyboard".to_string())
        .then(KeyAction::Down { value: key.into() })
        .then(KeyAction::Up { value: key.into() });
    browser
        .client()
        .perform_actions(keys)
        .await
        .expect("the key is pressed");
}

/// Presses `key` with Shift held.
async fn press_shifted(browser: &Browser, key: Key) {
    let keys = KeyActions::new("keyboard".to_string())
        .then(KeyAction::Down {
            value: Key::Shift.into(),
        })
        .then(KeyAction::Down { value: key.into() })
        .then(KeyAction::Up { value: key.into() })
        .then(KeyAction::Up {
            value: Key::Shift.into(),
        });
    browser
        .client()
        .perform_actions(keys)
        .await
        .expect("the keys are pressed");
}

/// Marks the element `css` matches as the one to reach (`data-goal`); false when none does.
async fn mark_goal(browser: &Browser, css: &str) -> bool {
    let script = format!(
        "document.querySelectorAll('[data-goal]').forEach((e) => e.removeAttribute('data-goal')); \
         const goal = document.querySelector({}); \
         if (goal) goal.setAttribute('data-goal', ''); return !!goal;",
        json!(css)
    );
    browser.script(&script).await.as_bool().unwrap()
}

/// The focused element's ring as drawn: whether it has the goal mark, whether it matches
/// `:focus-visible`, its outline (style, width, colour) and its box shadow.
const RING: &str = "const e = document.activeElement; const s = getComputedStyle(e); \
    return [e.hasAttribute('data-goal'), e.matches(':focus-visible'), \
            s.outlineStyle + ' ' + s.outlineWidth + ' ' + s.outlineColor, s.boxShadow, \
            e.outerHTML.slice(0, 120)];";

/// Whether the focus on the goal is visible: it matches `:focus-visible`, and its outline or
/// shadow is not what the same element shows once the focus has left it (Shift+Tab, read, Tab
/// back). A playable card is outlined anyway, so an outline alone proves nothing.
async fn focus_shown(browser: &Browser) -> Result<(), String> {
    let on = browser.script(RING).await;
    let element = on[4].as_str().unwrap_or_default().to_string();
    press_shifted(browser, Key::Tab).await;
    let off = browser
        .script(
            "const s = getComputedStyle(document.querySelector('[data-goal]')); \
             return [s.outlineStyle + ' ' + s.outlineWidth + ' ' + s.outlineColor, s.boxShadow];",
        )
        .await;
    press(browser, Key::Tab).await;
    let back = browser.script(RING).await;
    assert_eq!(back[0], true, "Shift+Tab then Tab left the goal: {back}");
    let changed = on[2] != off[0] || on[3] != off[1];
    let outline = on[2].as_str().unwrap_or_default();
    let drawn = !outline.starts_with("none") || on[3] != "none";
    if on[1] == true && changed && drawn {
        Ok(())
    } else {
        Err(format!(
            "the focus is not visible on {element}: focused {on}, unfocused {off}"
        ))
    }
}

/// Tabs from wherever the focus is to the element marked as the goal (none when it has the
/// focus already, as the chooser's first button has after a pick); gives how many Tabs it took. Panics when the goal is not reached in [`MAX_TABS`].
async fn tab_to_goal(browser: &Browser) -> usize {
    for tabs in 0..=MAX_TABS {
        let there = browser
            .script("return document.activeElement.hasAttribute('data-goal');")
            .await;
        if there == true {
            return tabs;
        }
        press(browser, Key::Tab).await;
    }
    let goal = browser
        .script("return document.querySelector('[data-goal]').outerHTML;")
        .await;
    panic!("{MAX_TABS} Tabs never reached {goal}")
}

/// Makes one move with the keyboard: reaches the chooser's first button, the first playable
/// card or the first action with Tab and presses Enter, until the page sends a move. Gives the
/// Tabs it took and any focus that was not visible. The first focus it reaches is screenshot
/// to `shot`, if given.
async fn move_by_keys(
    browser: &Browser,
    before: &Shown,
    hidden: &mut Vec<String>,
    shot: &mut Option<PathBuf>,
) -> usize {
    let mut tabs = 0;
    for _ in 0..8 {
        let goal = [
            "#chooser button.choice",
            FREE_CARD,
            "#actions button.action",
        ];
        let mut found = false;
        for css in goal {
            if mark_goal(browser, css).await {
                found = true;
                break;
            }
        }
        assert!(found, "a turn with nothing to reach");
        tabs += tab_to_goal(browser).await;

        if let Err(why) = focus_shown(browser).await {
            hidden.push(why);
        }
        if let Some(path) = shot.take() {
            browser.screenshot(&path).await;
        }
        press(browser, Key::Enter).await;
        let start = Instant::now();
        while start.elapsed() < std::time::Duration::from_millis(300) {
            if moved(browser, before).await {
                seat::wait_moved(browser, before).await;
                return tabs;
            }
            tokio::time::sleep(seat::POLL).await;
        }
    }
    panic!("eight presses of Enter made no move")
}

/// Plays a whole durak table at `window` with the keyboard alone; gives the moves and the most
/// Tabs one move took.
async fn whole_game(window: (u32, u32)) -> (usize, usize) {
    let db = TempDb::new();
    let server = seat::server(&db).await;
    let opened = seat::open_table(
        &server,
        json!({"game": "durak", "seats": ["person", "greedy"]}),
    )
    .await;
    let url = opened["seats"][0]["url"].as_str().unwrap();
    let browser = Browser::start().await;
    browser.resize(window).await;
    browser.open(&server.url(url)).await;
    let (mut moves, mut most_tabs) = (0, 0);
    let mut hidden = Vec::new();
    // The focus as a person sees it, on the first thing the keyboard reaches.
    let mut shot = Some(artefacts().join(format!("keyboard-{}.png", window.0)));
    let started = Instant::now();
    loop {
        let now = decision(&browser).await;
        if now.state == "match_end" {
            break;
        }
        let tabs = move_by_keys(&browser, &now, &mut hidden, &mut shot).await;
        most_tabs = most_tabs.max(tabs);
        moves += 1;
        assert!(moves < MAX_MOVES, "the match never ended");
        assert!(
            started.elapsed() < STATE_TIMEOUT * 20,
            "the game takes too long"
        );
    }
    let result = browser.text("#result").await;
    assert!(!result.is_empty(), "no result shown at the end");
    assert!(hidden.is_empty(), "{}", hidden.join("\n"));
    browser.close().await;
    (moves, most_tabs)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_whole_durak_game_is_played_with_the_keyboard_alone_the_focus_always_visible() {
    for window in [LAPTOP, PHONE] {
        let (moves, most_tabs) = whole_game(window).await;
        assert!(moves > 5, "a durak game of {moves} moves at {window:?}");
        eprintln!(
            "{} px: {moves} moves, at most {most_tabs} Tabs to a move",
            window.0
        );
    }
}
