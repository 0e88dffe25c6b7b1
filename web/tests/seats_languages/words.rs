//! What the pages of `seats_languages` must say in Russian and Czech, and the English they
//! replaced, which none of them may still show.

/// The English of `/play` that its template and script no longer write.
pub(super) const PLAY_ENGLISH: &[&str] = &[
    "Take a seat",
    "Your open tables",
    "Play a match yourself",
    "Loading the games",
    "Your seat",
    "one deal only",
    "Who sits where",
    "Start",
    " players",
    "House bots",
    "(house bot)",
    "an open seat for another person",
    "Registered bots",
    "the rules",
    "A person has a few minutes",
    "The JSON behind",
    " against ",
    "your turn",
    "waiting for the others",
    "Back to the table",
    "Leave",
];

/// The English of a seat's page (its template, seat.js and hand.js) that they no longer write.
pub(super) const SEAT_ENGLISH: &[&str] = &[
    "Your seat",
    "your seat is",
    "Your turn",
    "Rules of",
    "Loading the table",
    "needs JavaScript",
    "Tap a highlighted card",
    "Click a highlighted card",
    "The other people",
    "Send each link",
    "Last moves",
    "No moves yet",
    "Leave the table",
    "A house bot",
    "you forfeit",
    "Stay",
    " left.",
    "Waiting for",
    "The match is over",
    "Result",
    "Place",
    "Player",
    "Score",
    "You:",
    "Your seat forfeits",
    "The replay, with every hand",
    "(house bot)",
    "Selected:",
    "Clear",
    "Copy",
    "the link of seat",
];

/// The English of `/join` (the form, then a bot registered) that it no longer writes.
pub(super) const JOIN_ENGLISH: &[&str] = &[
    "Join with a bot",
    "Register your bot",
    "starter kit",
    "Bot name",
    "letters, digits",
    "How the server reaches",
    "at its URL",
    "dials out",
    "runs my",
    "The bot's URL",
    "where the server sends",
    "The bot's module",
    "Table sizes it plays",
    "every size by default",
    " seats",
    "Register",
    "Give the URL",
    "Copy the token",
    "The server keeps only",
    "This browser keeps",
    "manages the bot",
    "Secret",
    "in case you give",
    "Start your bot",
    "Your copy of a kit",
    "Save these lines",
    "Then start it",
    "or with the JavaScript kit",
    "Copy",
    "The server pings",
    "its status and why",
    "Its public page",
    "the bot's page",
    "the kit reads",
    "Your bot dials out",
];

/// The English of `/me` and a bot's card there that they no longer write.
pub(super) const ME_ENGLISH: &[&str] = &[
    "The bots registered from",
    "Register another",
    "Loading",
    "No bot yet",
    "Add a bot you registered",
    "Registered with curl",
    "Bot id",
    "Add the bot",
    "Status",
    "Recent faults",
    "of its last",
    "Rating",
    "Rank",
    "Table sizes",
    "Practice",
    " players",
    "Opponent",
    "Matches",
    "Start practice",
    "On the ladder",
    "Pause",
    "a paused bot",
    "Keep these sizes",
    "A bot whose policy",
    "Its program",
    "version",
    "dials out",
    "waiting for it",
    "none yet",
    "New version",
    "what changed",
    "Use this URL",
    "New URL",
    "Upload this module",
    "Delete",
    "Forget",
];

/// What one language's pages must say.
pub(super) struct Words {
    /// The language's tag.
    pub(super) code: &'static str,
    /// `/play`: its heading, the row of your own seat, a table size, the seats' legend, the
    /// rules' link and the start button.
    pub(super) play: [&'static str; 6],
    /// A seat's page on your turn: the turn's line (its start), the heading, the tab's title (its
    /// start), the rules' link, the leave button and the last moves' heading.
    pub(super) turn: [&'static str; 6],
    /// The hand's chooser: its head with 7♥ picked, its note, its clear button.
    pub(super) hand: [&'static str; 3],
    /// After leaving: the confirmation, the line on the house bot, the result's heading, the
    /// summary's start and end.
    pub(super) end: [&'static str; 5],
    /// The link of another person's seat: its label and the copy button.
    pub(super) links: [&'static str; 2],
    /// The table on `/play`'s list of yours: where it stands, and the way back.
    pub(super) tables: [&'static str; 2],
    /// `/join`: the heading, a table size's box, the missing URL's error (its start), the token's
    /// warning, and the run note's start.
    pub(super) join: [&'static str; 5],
    /// `/me`: the heading, a fact's label, the program, the practice heading, the pause button.
    pub(super) me: [&'static str; 5],
    /// The 404 page of a wrong seat link.
    pub(super) no_seat: &'static str,
}

pub(super) const RU: Words = Words {
    code: "ru",
    play: [
        "Сесть за стол",
        "Место № 0: вы",
        "2 игрока",
        "Кто где сидит",
        "правила игры durak",
        "Начать",
    ],
    turn: [
        "Ваш ход: сыграйте подсвеченную карту или выберите действие.",
        "durak: ваше место № 0",
        "Ваш ход · durak, место 0",
        "Правила: durak",
        "Покинуть стол",
        "Последние ходы",
    ],
    hand: [
        "Выбрано: 7♥",
        "…или выберите ещё карты для другого хода.",
        "Сбросить",
    ],
    end: [
        "За вас будет играть бот сервера, а вам засчитают поражение. Уйти Остаться",
        "Бот сервера доиграл за вас до конца (вы покинули стол).",
        "Итог",
        "Итог для вас: ",
        "Вам засчитано поражение (за вас доигрывал бот сервера): последнее место.",
    ],
    links: ["Место № 1", "Копировать"],
    tables: ["durak, соперники: greedy. Ваш ход.", "Вернуться к столу"],
    join: [
        "Участвовать с ботом",
        "2 места",
        "Укажите URL, по которому сервер может обращаться к боту",
        "Скопируйте токен сейчас: он показывается только один раз.",
        "Ваш бот подключается сам",
    ],
    me: [
        "Мои боты",
        "Недавние нарушения",
        "версия 1, подключается сам",
        "Тренировка (без рейтинга) против ботов сервера",
        "Пауза",
    ],
    no_seat: "По этой ссылке нет места за столом",
};

pub(super) const CS: Words = Words {
    code: "cs",
    play: [
        "Posaďte se ke stolu",
        "Místo č. 0: vy",
        "2 hráči",
        "Kdo kde sedí",
        "pravidla hry durak",
        "Začít",
    ],
    turn: [
        "Jste na tahu: zahrajte zvýrazněnou kartu, nebo zvolte akci.",
        "durak: vaše místo č. 0",
        "Jste na tahu · durak, místo 0",
        "Pravidla: durak",
        "Opustit stůl",
        "Poslední tahy",
    ],
    hand: [
        "Vybráno: 7♥",
        "…nebo vyberte další karty pro jiný tah.",
        "Zrušit výběr",
    ],
    end: [
        "Za vás bude hrát bot serveru a vy prohrajete kontumačně. Odejít Zůstat",
        "Vaše místo dohrál bot serveru (opustili jste stůl).",
        "Výsledek",
        "Váš výsledek: ",
        "Prohráváte kontumačně (vaše místo dohrál bot serveru): jste na posledním místě.",
    ],
    links: ["Místo č. 1", "Kopírovat"],
    tables: ["durak, soupeři: greedy. Jste na tahu.", "Zpět ke stolu"],
    join: [
        "Přihlaste se s botem",
        "2 místa",
        "Zadejte URL, na které může server vašeho bota volat",
        "Token si zkopírujte hned: zobrazuje se jen tentokrát.",
        "Váš bot se připojuje sám",
    ],
    me: [
        "Moji boti",
        "Nedávné chyby",
        "verze 1, připojuje se sám",
        "Trénink (bez hodnocení) proti botům serveru",
        "Pozastavit",
    ],
    no_seat: "Tento odkaz nevede k žádnému místu u stolu",
};
