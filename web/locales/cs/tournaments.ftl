# Seznam turnajů (/tournaments) a stránka turnaje (/tournaments/ID) s jejím živým skriptem
# (web/static/tournament.js).

tournaments-not-found = Turnaj „{ $id }“ neexistuje.
tournaments-title = Turnaje
tournaments-empty = Zatím žádné turnaje.
tournaments-name = Název
tournaments-game = Hra
tournaments-status = Stav
tournaments-stage = Fáze
tournaments-podium = Stupně vítězů
tournaments-created = Založen
tournaments-data = Data
tournaments-stage-none = nezačal
tournaments-stage-of = { $stage } z { $stages }: { $kind }

tournaments-line-running = probíhá (fáze { $stage })

## Stavy a druhy fází
tournaments-status-open = přihlášky otevřeny
tournaments-status-pending = čeká
tournaments-status-running = probíhá
tournaments-status-finished = skončil
tournaments-kind-house = proti vestavěným botům
tournaments-kind-gauntlet = proti nejlepším
tournaments-kind-final = finále

## Stupně vítězů
tournaments-first = Vítěz: { $bot } (průměr { $mean })
tournaments-second = druhý: { $bot } ({ $mean })
tournaments-third = třetí: { $bot } ({ $mean })
tournaments-podium-two = { $first }; { $second }
tournaments-podium-three = { $first }; { $second }; { $third }

## Stránka turnaje
tournaments-current-stage = Nynější fáze
tournaments-current = { $stage }. fáze z { $stages }: { $kind }
tournaments-current-open = zatím žádná: přihlášky jsou otevřené
tournaments-current-none = žádná
tournaments-podium-later = rozhodne se po poslední fázi
tournaments-stages = Fáze
tournaments-auto = každá začne sama, když skončí předchozí
tournaments-manual = každou spouští pořadatel
tournaments-entries = Přihlášení
tournaments-entries-none = zatím nikdo
tournaments-api = API
tournaments-about = Výsledek zápasu je umístění převedené na stupnici od 1 (první) do 0 (poslední); boti, kteří se dělí o místa, dostanou každý hodnotu svého průměrného místa (dva přeživší durak ve třech po 0,75, durak 0), takže výsledky zápasu dají vždy dohromady polovinu počtu hráčů. Tabulka řadí boty podle průměrného výsledku, uvedeného s 95% intervalem spolehlivosti; ve fázi proti vestavěným botům nebo proti nejlepším se bot posuzuje jen podle svých zápasů, ne podle těch, kde seděl jako soupeř jiného účastníka. Počet zápasů bota odkazuje na tyto zápasy. Stupně vítězů fáze jsou nejlepší tři z její tabulky, když skončí; stupně vítězů turnaje jsou ty z poslední fáze. Buňka vzájemných zápasů udává výhry–prohry–remízy bota v řádku proti botovi ve sloupci. Stránka se sama obnovuje každé 2 s, dokud turnaj probíhá; naposledy: { $updated }.
tournaments-page-load = při načtení stránky
tournaments-stage-title = { $stage }. fáze: { $kind }
tournaments-stage-matches = zápasy fáze
tournaments-progress-none = zatím žádné zápasy
tournaments-progress = dohráno { $finished } z { $total }
tournaments-progress-running = hraje se { $count }
tournaments-progress-queued = ve frontě { $count }
tournaments-progress-failed = selhalo { $count }
tournaments-progress-cancelled = zrušeno { $count }
tournaments-list = { $first }, { $rest }
tournaments-standings = Tabulka
tournaments-standings-none = Tabulka zatím není: fáze nezačala.
tournaments-bot = Bot
tournaments-rank = Pořadí
tournaments-matches = Zápasy
tournaments-mean = Průměr ± 95% IS
tournaments-total = Celkem
tournaments-mean-score = Průměr bodů
tournaments-faults = Chyby
tournaments-skipped = vynechán
tournaments-skipped-about = vynechán kvůli chybám ve většině svých zápasů
tournaments-disqualified = diskvalifikován
tournaments-disqualified-about = diskvalifikován pořadatelem: jeho výsledky jsou vidět, ale nikde se neumisťuje
tournaments-h2h = Vzájemné zápasy
tournaments-h2h-none = Zatím žádná setkání.
tournaments-against = proti { $bot }

## Hlavní údaje fáze
tournaments-entrants = Účastníci
tournaments-house-bots = Vestavění boti
tournaments-opponents = Soupeři
tournaments-finalists = Finalisté
tournaments-deals = Rozdání
tournaments-table = Stůl
tournaments-deadline = Čas na tah
tournaments-time-bank = Časová rezerva
tournaments-match-cap = Limit zápasu
tournaments-options = Nastavení
tournaments-every-entered = všichni přihlášení boti
tournaments-top-of =
    { $top ->
        [one] nejlepší z { $stage }. fáze
        [few] { $top } nejlepší z { $stage }. fáze
       *[other] { $top } nejlepších z { $stage }. fáze
    }
tournaments-not-skipped = všichni boti { $stage }. fáze kromě vynechaných
tournaments-per-entrant = { $count } na účastníka
tournaments-deals-each = { $count }, každé odehrané ve všech rozesazeních
tournaments-players =
    { $count ->
        [one] { $count } hráč
        [few] { $count } hráči
       *[other] { $count } hráčů
    }
tournaments-per-decision = { $ms } ms na rozhodnutí
tournaments-bank-none = žádná
tournaments-per-bot = { $ms } ms na bota a zápas
tournaments-duration-ms = { $ms } ms
tournaments-duration-s = { $seconds } s
