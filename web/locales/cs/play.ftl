# Hra (/play) a místo člověka u stolu (/play/TOKEN): člověk to čte u svého stolu.

## Formulář hry (/play)

play-title = Hrát
play-heading = Posaďte se ke stolu
play-my-tables = Vaše rozehrané stoly
play-intro = Zahrajte si zápas sami v prohlížeči: proti botům serveru, proti kterémukoli aktivnímu botovi dané hry (i proti vlastnímu), nebo s dalšími lidmi, kteří se připojí přes odkazy, jež dostanete po otevření stolu. Zápas se uloží jako každý jiný, i se záznamem.
play-loading = Načítám hry… (tato stránka potřebuje JavaScript)
play-game = Hra
play-players = Počet hráčů
play-my-seat = Vaše místo
play-short = jen jedno rozdání
play-who-sits-where = Kdo kde sedí
play-start = Začít
play-rules = pravidla
play-note = Hráč má na každý tah několik minut; za místo, kde se tak dlouho nikdo neozve nebo které hráč opustí tlačítkem „{ play-leave-table }“, dál hraje bot serveru, takže zápas vždy skončí.
# Odkaz na popis stolů v dokumentaci API.
play-note-api = JSON, ze kterého tyto stránky vycházejí, popisuje dokumentace API.
# Volba počtu hráčů u stolu.
play-players-count =
    { $count ->
        [one] { $count } hráč
        [few] { $count } hráči
        [many] { $count } hráče
       *[other] { $count } hráčů
    }
# Místo v seznamu, ze kterého si vybíráte to své.
play-seat-number = č. { $seat }
# Řádek „Kdo kde sedí“: místo, pak kdo na něm sedí (seznam na výběr, nebo „vy“).
play-seat-row = Místo č. { $seat }: { $who }
play-you = vy
play-house-bots = Boti serveru
play-house-bot = { $bot } (bot serveru)
play-open-seat = volné místo pro dalšího člověka
play-registered-bots = Registrovaní boti
play-rules-of = pravidla hry { $game }
# Následuje důvod, který uvedl server.
play-open-failed = Stůl se nepodařilo otevřít: { $detail }
play-open-unreachable = Stůl se nepodařilo otevřít: server není dostupný.
play-games-failed = Seznam her nelze načíst: { $detail }
# Chybová odpověď bez vlastních slov.
play-http-status = stav { $status }

## Vaše rozehrané stoly nad formulářem

# Místo člověka u stolu v seznamu soupeřů.
play-another-person = další člověk
play-standing-turn = { $game }, soupeři: { $others }. Jste na tahu.
play-standing-waiting = { $game }, soupeři: { $others }. Čeká se na ostatní.
play-standing-replaced = { $game }, soupeři: { $others }. Za vás teď hraje bot serveru.
play-back = Zpět ke stolu
play-leave = Odejít
play-left = Od stolu jste odešli: vaše místo dohraje bot serveru.
play-leave-failed = Odejít se nepodařilo: { $detail }

## Místo člověka u stolu (/play/TOKEN)

play-no-seat = Tento odkaz nevede k žádnému místu u stolu: zkontrolujte odkaz, který jste dostali, nebo si otevřete vlastní stůl na stránce Hrát.
play-seat-title = Vaše místo
play-seat-rules = Pravidla
play-table-loading = Načítám stůl…
play-needs-js = Stůl potřebuje JavaScript.
play-keys-touch = Klepnutím na zvýrazněnou kartu ji zahrajete (nebo klepněte na několik a pak zvolte tah).
play-keys-mouse = Kliknutím na zvýrazněnou kartu ji zahrajete (nebo jich vyberte několik a pak zvolte tah). Klávesy: 1–9 vyberou n-tou hratelnou kartu, Enter potvrdí, Escape zruší výběr.
play-links-title = Místa dalších lidí
play-links-note = Každý odkaz pošlete tomu, kdo má na daném místě hrát; kdo má odkaz, ten na místě hraje.
play-recent = Poslední tahy
play-no-moves = Zatím žádné tahy.
play-leave-table = Opustit stůl
play-leave-confirm = Za vás bude hrát bot serveru a vy prohrajete kontumačně.
play-leave-yes = Odejít
play-leave-no = Zůstat
# Název karty prohlížeče.
play-tab-turn = Jste na tahu · { $game }, místo { $seat } · cardarena
play-tab = { $game }, místo { $seat } · cardarena
play-seat-heading = { $game }: vaše místo č. { $seat }
play-rules-title = Pravidla: { $game }
play-cannot-draw = Tato stránka neumí vykreslit stůl hry { $game }.
# Jména míst u vašeho stolu: vaše a místo jiného člověka.
play-name-you = vy
play-name-person = člověk
play-name-person-n = člověk ({ $n })
play-turn = Jste na tahu: zahrajte zvýrazněnou kartu, nebo zvolte akci.
# $clock jsou minuty a sekundy, 1:05.
play-turn-clock = Jste na tahu: zahrajte zvýrazněnou kartu, nebo zvolte akci. Zbývá { $clock }.
play-house-in-seat = Na tahu je bot serveru, který hraje za vás.
play-waiting = Čeká se na tah: { $name } (č. { $seat }).
play-over = Zápas skončil.
# Proč za vás hraje bot serveru: odešli jste, nestihli jste táhnout, nebo jiný důvod.
play-replaced-over =
    { $why ->
        [left] Vaše místo dohrál bot serveru (opustili jste stůl).
        [timeout] Vaše místo dohrál bot serveru (nestihli jste táhnout).
       *[other] Vaše místo dohrál bot serveru.
    }
play-replaced-now =
    { $why ->
        [left] Za vás teď hraje bot serveru (opustili jste stůl): zápas pokračuje bez vás.
        [timeout] Za vás teď hraje bot serveru (nestihli jste táhnout): zápas pokračuje bez vás.
       *[other] Za vás teď hraje bot serveru: zápas pokračuje bez vás.
    }
play-result = Výsledek
play-unfinished =
    { $status ->
        [failed] Zápas nebyl dohrán: na serveru došlo k chybě.
        [cancelled] Zápas nebyl dohrán: byl zrušen.
       *[other] Zápas nebyl dohrán.
    }
play-col-place = Pořadí
play-col-seat = Místo
play-col-player = Hráč
play-col-score = Body
# Jak váš zápas dopadl: slova hry o vašem umístění ($words), pak kontumace, pokud vaše místo dohrál bot serveru.
play-summary = Váš výsledek: { $words }.
play-summary-forfeit = Váš výsledek: { $words }. Prohráváte kontumačně (vaše místo dohrál bot serveru): jste na posledním místě.
play-replay = Záznam zápasu se všemi kartami
# Vaše umístění, když slova samotné hry nejsou po ruce.
play-place-draw = remíza
play-place-won = vítězství
play-place-last = poslední místo
play-place =
    { $place ->
        [1] první místo
        [2] druhé místo
        [3] třetí místo
        [4] čtvrté místo
        [5] páté místo
        [6] šesté místo
        [7] sedmé místo
        [8] osmé místo
       *[other] { $place }. místo
    }
play-place-shared = dělené { play-place }, stejně jako { $others }
# Tah, který za vás zahrál bot serveru.
play-substitute = (bot serveru)
play-refused = Tah nebyl přijat: { $detail }
play-send-failed = Tah se nepodařilo odeslat (spojení selhalo); zkuste to znovu.
play-no-such-seat = Takové místo neexistuje: zkontrolujte odkaz, který jste dostali.
play-cannot-follow = Stůl teď nelze sledovat ({ $why }); zkouším to znovu…
play-unreachable = server není dostupný
play-link-label = odkaz na místo č. { $seat }
play-link-seat = Místo č. { $seat }
play-copy = Kopírovat
play-copied = zkopírováno
play-copy-selected = označeno: zkopírujte klávesami Ctrl+C

## Ovládání karet v ruce

# Dosud vybrané karty.
play-selected = Vybráno: { $cards }
play-select-more-or = …nebo vyberte další karty pro jiný tah.
play-select-more = Vyberte další karty: samy o sobě tah netvoří.
play-clear = Zrušit výběr
# Hratelná karta jako tlačítko: znak na kartě, pak její název („J, srdcový spodek“).
play-card-button = { $rank }, { $name }
# Nápověda pod tlačítky, která jmenuje tlačítko, k němuž patří.
play-hint-for = { $label }: { $hint }
play-joker =
    { $colour ->
        [red] červený žolík
       *[black] černý žolík
    }
