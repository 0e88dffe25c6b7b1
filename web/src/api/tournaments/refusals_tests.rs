use super::*;
use crate::locale::Locale;
use cardarena_contest::tournament::spec::StageKind;

fn stage(index: usize, kind: StageKind) -> Stage {
    Stage { index, kind }
}

fn outside(sizes: &[usize]) -> Outside {
    Outside {
        bot: "pair".into(),
        sizes: sizes.to_vec(),
        stage: stage(0, StageKind::House),
        size: 3,
    }
}

/// Every fault a stage can have, with values.
fn faults() -> Vec<StageFault> {
    let durak = games::game("durak").unwrap().players;
    let fifty_six = games::game("fifty-six").unwrap().players;
    vec![
        StageFault::FirstNotHouse,
        StageFault::Deadline,
        StageFault::TimeBank,
        StageFault::MatchCap,
        StageFault::Options("no option \"x\"".into()),
        StageFault::NoOpponents,
        StageFault::NoHouseBot {
            name: "nobody".into(),
            game: "bridge",
        },
        StageFault::NoHouseBot {
            name: "nobody".into(),
            game: "durak",
        },
        StageFault::Seats {
            game: "fifty-six",
            players: fifty_six,
        },
        StageFault::Count {
            field: "matches",
            most: 1000,
        },
        StageFault::Count {
            field: "deals",
            most: 100,
        },
        StageFault::NoTop,
        StageFault::GauntletTop {
            top: 9,
            players: durak,
        },
        StageFault::GauntletTop {
            top: 0,
            players: fifty_six,
        },
        StageFault::Finalists,
        StageFault::FinalTable {
            table: 5,
            players: durak,
        },
        StageFault::SameDeals,
    ]
}

/// Every refusal, with values (but words from elsewhere).
fn refusals() -> Vec<Refusal> {
    let mut all = vec![
        Refusal::Name { max: 80 },
        Refusal::UnknownGame {
            game: "chess".into(),
        },
        Refusal::StageCount { max: 10 },
        Refusal::EntriesClosed,
        Refusal::UnknownBot { id: "b-1".into() },
        Refusal::Disqualified { bot: "rick".into() },
        Refusal::WrongGame {
            bot: "rick".into(),
            plays: "durak".into(),
            game: "bridge".into(),
        },
        Refusal::HouseOpponent {
            bot: "greedy".into(),
        },
        Refusal::AlreadyEntered { bot: "rick".into() },
        Refusal::EntryOutside(outside(&[2])),
        Refusal::EntryOutside(outside(&[2, 4])),
        Refusal::ChangeOutside {
            bot: "rick".into(),
            tournament: "Spring cup".into(),
            stage: stage(2, StageKind::Final),
            size: 3,
        },
        Refusal::StageOutside(outside(&[2])),
        Refusal::StageOutside(Outside {
            stage: stage(1, StageKind::Gauntlet),
            ..outside(&[2, 4])
        }),
        Refusal::StageRunning { stage: 0 },
        Refusal::StageStarted { stage: 1 },
        Refusal::Finished,
        Refusal::NoEntries,
        Refusal::TooFewFinalists { count: 1 },
        Refusal::TooFewFinalists { count: 0 },
        Refusal::StageTooLarge { matches: 25_000 },
    ];
    for (index, fault) in faults().into_iter().enumerate() {
        all.push(Refusal::Stage { index, fault });
    }
    all
}

fn is_cyrillic(text: &str) -> bool {
    text.chars().any(|c| ('а'..='я').contains(&c))
}

#[test]
fn the_english_is_the_contest_crates_own_sentence() {
    let mut all = refusals();
    all.push(Refusal::Other("the demo's bots could not listen".into()));
    for refusal in all {
        let english = words(&refusal).render(Locale::En);
        assert_eq!(english, refusal.to_string(), "{refusal:?}");
    }
}

#[test]
fn every_refusal_reads_in_russian_and_czech() {
    for refusal in refusals() {
        let detail = words(&refusal);
        let english = detail.render(Locale::En);
        for locale in [Locale::Ru, Locale::Cs] {
            assert_eq!(detail.language(locale), locale, "{refusal:?}");
            let said = detail.render(locale);
            assert_ne!(said, english, "{refusal:?}");
            assert_eq!(is_cyrillic(&said), locale == Locale::Ru, "{said}");
        }
    }
    let other = words(&Refusal::Other("words from elsewhere".into()));
    assert_eq!(other.language(Locale::Ru), Locale::En);
}

#[test]
fn a_stage_that_cannot_seat_a_bot_reads_whole() {
    let detail = words(&Refusal::StageOutside(outside(&[2])));
    assert_eq!(
        detail.render(Locale::Ru),
        "pair играет только за столом на 2 игроков, а этап 0 (против домашних ботов) этого \
         турнира — на 3 игроков: владелец может добавить 3 к размерам стола бота или \
         организатор может его дисквалифицировать — тогда этап начнётся"
    );
    assert_eq!(
        detail.render(Locale::Cs),
        "pair hraje jen u stolu s 2 hráči; fáze 0 (proti domácím botům) tohoto turnaje je pro 3 \
         hráče: majitel může přidat 3 k velikostem stolu bota, nebo ho pořadatel může \
         diskvalifikovat; pak fáze začne"
    );
    let change = words(&Refusal::ChangeOutside {
        bot: "rick".into(),
        tournament: "Spring cup".into(),
        stage: stage(2, StageKind::Final),
        size: 5,
    });
    assert_eq!(
        change.render(Locale::Cs),
        "rick je přihlášen do turnaje „Spring cup“, jehož fáze 2 (finále) je pro 5 hráčů: \
         velikost 5 musí zůstat mezi jeho velikostmi stolu, dokud turnaj neskončí"
    );
}

#[test]
fn counts_take_their_plural_forms() {
    let finalists = |count, locale| words(&Refusal::TooFewFinalists { count }).render(locale);
    assert_eq!(finalists(0, Locale::Ru), "в финал не вышел ни один бот");
    assert_eq!(finalists(1, Locale::Ru), "в финал вышел только 1 бот");
    assert_eq!(finalists(3, Locale::Ru), "в финал вышли только 3 бота");
    assert_eq!(finalists(1, Locale::Cs), "do finále postoupil jen 1 bot");
    assert_eq!(finalists(2, Locale::Cs), "do finále postoupili jen 2 boti");
    let gauntlet = |top, locale| {
        let players = games::game("durak").unwrap().players;
        let fault = StageFault::GauntletTop { top, players };
        words(&Refusal::Stage { index: 1, fault }).render(locale)
    };
    assert_eq!(
        gauntlet(5, Locale::Ru),
        "этап 1: top 5: участник и 5 соперников должны поместиться за одним столом, а число \
         игроков за столом — от 2 до 4"
    );
    assert_eq!(
        gauntlet(4, Locale::Cs),
        "fáze 1: top 4: účastník a 4 soupeři se musí vejít k jednomu stolu, přitom počet hráčů \
         u stolu je 2 až 4"
    );
    let large = words(&Refusal::StageTooLarge { matches: 20_001 });
    assert_eq!(
        large.render(Locale::Ru),
        "этап поставил бы в очередь 20001 матч, а можно не больше 20000"
    );
    assert_eq!(
        large.render(Locale::Cs),
        "fáze by zařadila do fronty 20001 zápasů, ale povoleno je nejvýš 20000"
    );
}
