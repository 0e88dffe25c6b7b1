# Rámec stránek s pravidly (/rules/GAME); samotná pravidla jsou v docs/rules/cs/.

rules-title = Jak hrát: { $game }
rules-play = Hrát
rules-leaderboard = Žebříček: { $game }
rules-foot-question = Píšete bota?
rules-foot-spec = Všechna pravidla do posledního detailu, včetně každého rozhodnutí enginu, najdete ve specifikaci hry { $game } (RULES.md, anglicky).
rules-foot-bot = Co bot vidí a co posílá: { $game } pro boty (anglicky).
rules-picture-needs-script = Obrázek se zobrazí jen se zapnutým JavaScriptem.
rules-picture-fault = Obrázek nelze načíst: { $error }
rules-no-game = Hra „{ $game }“ tu není; pravidla máme pro tyto hry: { $games }.
