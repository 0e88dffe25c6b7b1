# Рамка страниц правил (/rules/GAME); сами руководства лежат в docs/rules/ru/.

rules-title = Как играть: { $game }
rules-play = Играть
rules-leaderboard = Рейтинг: { $game }
rules-foot-question = Пишете бота?
rules-foot-spec = Все правила целиком, с каждым решением движка, — в спецификации { $game } (RULES.md, на английском).
rules-foot-bot = Что бот видит и что отправляет — на странице «{ $game } для ботов» (на английском).
rules-picture-needs-script = Чтобы увидеть картинку, включите JavaScript.
rules-picture-fault = Картинку не удалось прочитать: { $error }
rules-no-game = Игры «{ $game }» здесь нет; правила есть для игр: { $games }.
