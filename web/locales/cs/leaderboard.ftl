# Žebříček (/): tabulka každé hry, průběžně obnovovaná, a poslední turnaje.

leaderboard-title = Žebříček
leaderboard-ranking = Boti jsou seřazeni podle opatrného odhadu hodnocení μ − 3σ (μ: odhad síly, σ: jeho nejistota).
leaderboard-live = Tabulka se sama obnovuje každé 2 s.
leaderboard-last = Poslední obnovení:
leaderboard-last-load = při načtení stránky
leaderboard-phone = μ, σ a počet výher najdete na stránce každého bota.
leaderboard-bot = Bot
leaderboard-rating = Hodnocení
leaderboard-matches = Zápasy
leaderboard-wins = Výhry
leaderboard-faults = Chyby
leaderboard-faults-recent = (nedávné)
leaderboard-faults-about =
    { $count ->
        [one] zápasy s chybou mezi posledním { $count } zápasem bota v žebříčku a turnajích
       *[other] zápasy s chybou mezi posledními { $count } zápasy bota v žebříčku a turnajích
    }
leaderboard-empty = Zatím žádní boti s hodnocením.
leaderboard-recent-matches = Poslední zápasy: { $game }
leaderboard-recent-about = (všech druhů, nejnovější první, i ty, které právě běží)
leaderboard-tournaments = Turnaje
leaderboard-no-tournaments = Zatím žádné turnaje.
leaderboard-all-tournaments = Všechny turnaje
leaderboard-more-tournaments = (ještě { $count })
