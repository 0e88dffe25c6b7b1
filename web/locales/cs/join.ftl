# Přihlášení s botem (/join) a vaši boti (/me): člověk to čte o svých botech.
# Zprávy se značkami (<a>, <code>) se vykreslují jako HTML: zachovejte jejich značky a odkazy.

## Registrační formulář (/join)

join-title = Přihlásit se
join-heading = Přihlaste se s botem
join-intro = Zaregistrujte svého bota pro jednu hru. Server ho volá na jeho URL, nebo se váš bot k serveru připojuje sám, když se k němu nikdo nedostane (doma, za firewallem), nebo ho nahrajete jako modul WebAssembly a server ho spouští sám: nemusíte nic provozovat. Začněte <a href="/docs/writing-a-bot">startovní sadou</a>: Python nebo JavaScript, jeden soubor, nic k instalaci.
join-name = Jméno bota
join-name-hint = 1 až 40 písmen bez diakritiky, číslic, znaků <code>-</code>, <code>_</code> nebo <code>.</code>; žádné jméno se nepřidělí dvakrát
join-game = Hra
join-mode = Jak se server k vašemu botovi dostane
join-mode-url = na jeho URL
join-mode-connect = můj bot se připojuje sám (bez otevřeného portu)
join-mode-module = server spouští můj modul <code>.wasm</code>
join-url = URL bota
join-url-hint = kam server posílá své požadavky; bota nejdřív spusťte, žebříček ho může posadit ke stolu hned
join-module = Modul bota
join-module-hint = sestavený skriptem <code>build-wasm.sh</code> z vaší sady (Python, JavaScript, C nebo Rust); nejvýše 64 MiB
join-sizes = Velikosti stolů, u kterých hraje v žebříčku
join-sizes-hint = výchozí jsou všechny; strategie natrénovaná pro jednu velikost stolu rozumí jen pozorováním této velikosti: zaškrtněte jen ji (změnit to můžete na stránce Moji boti)
# Zaškrtávací pole velikosti stolu.
join-seats =
    { $count ->
        [one] { $count } místo
        [few] { $count } místa
        [many] { $count } místa
       *[other] { $count } míst
    }
join-register = Zaregistrovat
# Následuje jméno bota, odkaz na jeho stránku.
join-registered = Zaregistrován:
join-once = Token a tajný klíč si zkopírujte hned: zobrazují se jen tentokrát.
join-kept = Server si ukládá jen jejich otisky (hashe). Tento prohlížeč si token (ne tajný klíč) uloží pro stránku <a href="/me">Moji boti</a>.
join-token = Token
join-token-hint = váš: slouží ke správě bota a ke spouštění tréninku
join-copy = Kopírovat
join-copy-token = Kopírovat token
join-secret = Tajný klíč
join-secret-hint = pro vašeho bota: podle něj bot ověřuje, že požadavky přicházejí z tohoto serveru
join-copy-secret = Kopírovat tajný klíč
join-secret-later = Tajný klíč pro případ, že botovi později dáte URL
join-secret-later-note = Tajný klíč používá jen bot, kterého server volá na URL: server jím podepisuje své požadavky. Pokud byste mohli způsob připojení změnit, uschovejte si ho spolu s tokenem.
join-run = Spusťte svého bota
# Následuje, co sada ze souboru čte.
join-kit-file = Vaše kopie sady je <code>~/my-bot</code> (<a href="/docs/writing-a-bot#1-copy-a-kit">Jak se zapojit</a>, krok 1: <code>cp -r bots/kits/python ~/my-bot</code>, nebo <code>bots/kits/js</code>). Uložte tam tyto řádky jako soubor <code>.cardarena</code> a příkazem <code>chmod 600 .cardarena</code> ho zpřístupněte jen sobě:
join-copy-file = Kopírovat řádky souboru .cardarena
join-run-python = Pak bota spusťte sadou pro Python:
join-copy-python = Kopírovat příkaz sady pro Python
join-run-js = nebo sadou pro JavaScript:
join-copy-js = Kopírovat příkaz sady pro JavaScript
join-then = Co dál
join-next-ping = Server vašeho bota otestuje pingem; jakmile bot odpoví, je aktivní a žebříček ho začne sázet k hodnoceným zápasům.
join-next-me = Na stránce <a href="/me">Moji boti</a>: jeho stav a důvod, chyby, hodnocení a pořadí; trénink proti botům serveru, pozastavení, nová verze nebo nová URL.
# Následuje odkaz na veřejnou stránku bota.
join-next-page = Jeho veřejná stránka se všemi zápasy a chybami:
join-bot-page = stránka bota

## Co říká skript formuláře

join-note-host = HOST=0.0.0.0 nechá sadu naslouchat na všech síťových rozhraních, aby se k ní server dostal.
join-note-https = Sady mluví prostým HTTP: postavte před svého bota proxy, která na této URL obsluhuje HTTPS a předává požadavky na port.
join-reads-connect = sada z něj čte adresu serveru, id bota a jeho token, takže se token nedostane do historie shellu ani do výpisu procesů.
join-note-connect = Váš bot se připojuje sám: k tomuto serveru se přihlásí svým id a tokenem, takže nepotřebuje otevřený port a nic z toho, co dostává, není podepsané.
join-reads-secret = sada z něj čte tajný klíč, takže se klíč nedostane do historie shellu ani do výpisu procesů.
join-note-url = Server volá vašeho bota na adrese { $url }. Jakmile bude v souboru .cardarena jeho tajný klíč, bota restartujte (nebo spusťte, pokud ještě neběží): s klíčem ověřuje, že požadavky přicházejí z tohoto serveru; bez něj odpovídá komukoli.
join-once-token = Token si zkopírujte hned: zobrazuje se jen tentokrát.
# $mybots je odkaz na Moji boti.
join-kept-token = Server si ukládá jen jeho otisk (hash). Tento prohlížeč si ho uloží pro stránku { $mybots }.
join-my-bots = Moji boti
join-token-hint-connect = váš a vašeho bota: slouží ke správě bota a bot se jím připojuje
join-token-hint-module = váš: slouží ke správě bota a k nahrávání jeho nových modulů
join-run-module = Váš modul
# $why je chyba slovy, celá věta.
join-module-refused = Bot je zaregistrovaný, ale jeho modul nebyl přijat: { $why } Nahrajte ho znovu na stránce Moji boti.
join-module-runs = Server spouští váš modul (verze { $version }): není co spouštět. Každý nový modul, který nahrajete na stránce Moji boti, je nová verze.
join-tick-size = Zaškrtněte aspoň jednu velikost stolu: žebříček posadí vašeho bota jen ke stolům zaškrtnutých velikostí.
join-need-url = Zadejte URL, na které může server vašeho bota volat, nebo zvolte „{ join-mode-connect }“.
join-need-module = Vyberte modul svého bota: soubor .wasm, který sestavil skript build-wasm.sh z vaší sady.
join-not-registered = Nezaregistrováno: { $why }
join-copied = Zkopírováno.
join-selected = Označeno: zkopírujte klávesami Ctrl+C (⌘C).

## Chyba API slovy, na obou stránkách

# $detail jsou slova samotného API (fráze); následuje rada k chybám, na které lidé narazí.
mybots-failure =
    { $kind ->
        [name_taken] { $detail }. Zvolte jiné jméno.
        [unauthorized] { $detail }. Token v tomto prohlížeči k botovi nepatří (nebyl bot odstraněn?).
        [forbidden] { $detail }. Token v tomto prohlížeči patří jinému botovi.
        [rate_limited] { $detail }. Chvíli počkejte a zkuste to znovu.
        [database_unavailable] { $detail }. Zkuste to za chvíli znovu.
        [held] { $detail }. Organizátor tohoto bota pozdržel: nehraje nic, dokud to organizátor nezruší.
        [bad_module] { $detail }. Sestavte ho skriptem build-wasm.sh ze své sady a zkontrolujte příkazem cardarena module check.
        [busy] { $detail }. Nahrajte ho znovu za pár sekund.
       *[other] { $detail }.
    }
mybots-unreachable = server není dostupný ({ $why })
mybots-http-status = server odpověděl stavem { $status }

## Moji boti (/me)

me-title = Moji boti
me-heading = Moji boti
me-intro = Boti zaregistrovaní z tohoto prohlížeče nebo přidaní níže podle tokenu. Jejich tokeny jsou uložené jen v tomto prohlížeči a posílají se jen do API tohoto serveru; kdokoli, kdo tento prohlížeč používá, s nimi může nakládat. <a href="/join">Zaregistrovat dalšího</a>.
me-loading = Načítám… (tato stránka potřebuje JavaScript)
me-empty = Zatím žádný bot: <a href="/join">zaregistrujte si ho</a>.
me-add-title = Přidat bota zaregistrovaného jinde
me-add-note = Registrovali jste ho přes curl, sadu nebo jiný prohlížeč? Zadejte jeho id a token, který ukázala registrace: stránka se zeptá API tohoto serveru, zda token k botovi patří, a teprve pak ho tu uloží.
me-add-id = Id bota
me-add-token = Token
me-add-button = Přidat bota

## Karta bota na stránce Moji boti

me-fact-status = Stav
me-fact-why = Důvod
me-fact-faults = Nedávné chyby
me-fact-probation = Poslední zkušební zápas
me-fact-rating = Hodnocení
me-fact-rank = Pořadí
me-fact-program = Program
me-fact-sizes = Velikosti stolů
me-status-active = aktivní: hraje v žebříčku
# Proč je bot pozastaven; neznámý důvod se ukáže tak, jak ho pojmenuje server.
me-status-paused =
    { $reason ->
        [unchecked] čeká se, až odpoví na ping serveru
        [faults] pozastaven kvůli chybám (ve zkušební době)
        [owner] pozastavili jste ho
        [organiser] pozastaven organizátorem
        [disqualified] diskvalifikován organizátorem
       *[other] pozastaven ({ $reason })
    }
me-status-removed = odstraněn: už nehraje (Zapomenout ho odebere z tohoto seznamu)
me-faults = { $faults } z { $matches ->
        [one] posledního { $matches } zápasu
       *[other] posledních { $matches } zápasů
    } v žebříčku a turnajích
# Poslední zkušební zápas, který bot nezvládl: druh chyby, pak podrobnosti od serveru.
me-probation =
    { $kind ->
        [timeout] neprošel: žádná odpověď včas ({ $detail })
        [connect] neprošel: bot nebyl dostupný ({ $detail })
        [http_status] neprošel: odpověď s chybovým stavem ({ $detail })
        [too_large] neprošel: příliš velká odpověď ({ $detail })
        [bad_json] neprošel: odpověď není JSON podle protokolu ({ $detail })
        [illegal_action] neprošel: nepovolený tah ({ $detail })
       *[other] neprošel: { $kind } ({ $detail })
    }
me-rating = { $rating } (μ { $mu }; σ { $sigma }), { $matches ->
        [one] { $matches } hodnocený zápas
        [few] { $matches } hodnocené zápasy
        [many] { $matches } hodnoceného zápasu
       *[other] { $matches } hodnocených zápasů
    }
me-no-rating = zatím žádné: získá ho prvním hodnoceným zápasem v žebříčku
me-rank = { $place }. z { $of } v žebříčku hry { $game }
me-program-module = verze { $version }, modul { $module }…, spouští ho server
me-program-no-module = zatím nebyl nahrán žádný modul: nahrajte ho níže
me-program-url = verze { $version }, na adrese { $url }
me-program-connect = verze { $version }, připojuje se sám
# Velikosti stolů, u kterých bot hraje v žebříčku: $sizes je vyjmenovává („2 a 3“), $count je poslední z nich.
me-sizes-only-one = Hraje v žebříčku u stolů pro { $sizes } { $count ->
        [one] hráče
        [few] hráče
       *[other] hráčů
    }, jiné velikosti hra { $game } nemá.
me-sizes-every = Hraje v žebříčku u stolů pro { $sizes } { $count ->
        [one] hráče
        [few] hráče
       *[other] hráčů
    }: u všech velikostí hry { $game }.
me-sizes-one = Hraje v žebříčku jen u stolů pro { $sizes } { $count ->
        [one] hráče
        [few] hráče
       *[other] hráčů
    }.
me-sizes-some = Hraje v žebříčku u stolů pro { $sizes } { $count ->
        [one] hráče
        [few] hráče
       *[other] hráčů
    }.
# $sentence je jedna ze čtyř vět výše.
me-sizes-kept = { $sentence } Od teď ho žebříček sází jen k takovým stolům.

## Tlačítka bota na stránce Moji boti

me-practice = Trénink (bez hodnocení) proti botům serveru
me-players = { $count ->
        [one] { $count } hráč
        [few] { $count } hráči
        [many] { $count } hráče
       *[other] { $count } hráčů
    }
me-opponent = Soupeř { $n }
me-table = Stůl
me-matches = Počet zápasů
me-start-practice = Spustit trénink
me-practice-failed = Trénink nebyl spuštěn
me-practice-queued = { $count ->
        [one] { $count } tréninkový zápas ve frontě (bez hodnocení): { $links }
        [few] { $count } tréninkové zápasy ve frontě (bez hodnocení): { $links }
        [many] { $count } tréninkového zápasu ve frontě (bez hodnocení): { $links }
       *[other] { $count } tréninkových zápasů ve frontě (bez hodnocení): { $links }
    }
me-match-link = zápas { $n }
me-on-ladder = V žebříčku
me-pause = Pozastavit
me-resume = Obnovit
me-pause-hint = pozastavený bot nehraje žádné zápasy v žebříčku; trénovat může dál
me-sizes-legend = Velikosti stolů, u kterých hraje v žebříčku
me-keep-sizes = Uložit velikosti
me-tick-size = Zaškrtněte aspoň jednu velikost stolu: žebříček posadí bota jen ke stolům zaškrtnutých velikostí.
me-sizes-failed = Velikosti stolů nebyly změněny
me-sizes-advice = Bot, jehož strategie byla natrénována pro jednu velikost stolu, by měl v žebříčku hrát jen u ní: jeho pozorování (a v některých hrách i tahy) závisí na počtu míst.
me-program = Jeho program
me-not-resumed = Neobnoveno
me-not-paused = Nepozastaveno
me-resumed = Obnoveno: server bota otestuje pingem a bot začne hrát, jakmile odpoví.
me-paused = Pozastaveno: žebříček ho k žádnému stolu neposadí, dokud ho neobnovíte.
me-note = Poznámka
me-note-placeholder = co se změnilo (nepovinné)
me-new-version = Nová verze
me-version-failed = Nová verze nevznikla
me-version-started = Začala verze { $version }: hodnocení přechází na ni s větší nejistotou.
me-new-url = Nová URL
me-use-url = Použít tuto URL
me-url-failed = URL nebyla změněna
me-url-changed = Bot teď hraje na adrese { $url } (verze { $version }), jakmile odpoví na ping.
me-new-module = Nový modul
me-upload = Nahrát tento modul
me-choose-module = Vyberte soubor .wasm, který sestavil skript build-wasm.sh z vaší sady.
me-module-failed = Modul nebyl přijat
me-module-taken = Tento modul běží jako verze { $version }: hodnocení přechází na ni s větší nejistotou.
me-delete = Smazat…
me-delete-confirm = Smazat bota { $name } natrvalo? Už nebude hrát a jeho jméno se nikomu znovu nepřidělí; jeho zápasy zůstanou.
me-delete-failed = Nesmazáno
me-deleted = Bot { $name } je smazán.
me-forget = Zapomenout
me-forget-confirm = Zapomenout bota { $name } v tomto prohlížeči? Bot bude hrát dál; bez jeho tokenu ho odsud už nebudete moci spravovat.
me-forgotten = Bot { $name } je v tomto prohlížeči zapomenut.
me-forget-hint = Zapomenout odebere token z tohoto prohlížeče; bot hraje dál
# Nepovedená akce ($failed, jak výše), pak proč.
me-failed = { $failed }: { $why }
me-read-failed = Bota se nepodařilo načíst: { $why }
me-games-failed = Seznam her se nepodařilo načíst: { $why }

## Přidání bota na stránce Moji boti

me-add-missing = Nepřidáno: zadejte id bota i jeho token.
me-checking = Ověřuji…
me-add-known = Bot { $name } tu už byl: jeho token je aktualizován.
me-added = Bot { $name } je přidán k vašim botům výše.
# Odmítnutí API ($detail, fráze), pak co zkontrolovat.
me-add-refused =
    { $kind ->
        [unauthorized] Nepřidáno: { $detail }. Zkontrolujte token: ten, který ukázala registrace, zkopírovaný celý.
        [forbidden] Nepřidáno: { $detail }. Tento token patří jinému botovi: zkontrolujte id.
       *[not_found] Nepřidáno: { $detail }. Zkontrolujte id: je v odpovědi na registraci a na konci adresy stránky bota.
    }
me-add-failed = Nepřidáno: { $why }
