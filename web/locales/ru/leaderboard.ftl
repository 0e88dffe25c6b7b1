# Рейтинг (/): таблица каждой игры, обновляемая на лету, и последние турниры.

leaderboard-title = Рейтинг
leaderboard-ranking = Боты упорядочены по осторожной оценке рейтинга μ − 3σ (μ — оценка силы, σ — её неопределённость).
leaderboard-live = Таблица обновляется сама каждые 2 с.
leaderboard-last = Последнее обновление:
leaderboard-last-load = при загрузке страницы
leaderboard-phone = μ, σ и число побед — на странице каждого бота.
leaderboard-bot = Бот
leaderboard-rating = Рейтинг
leaderboard-matches = Матчи
leaderboard-wins = Победы
leaderboard-faults = Нарушения
leaderboard-faults-recent = (недавние)
leaderboard-faults-about =
    { $count ->
        [one] матчи с нарушениями среди последнего { $count } матча бота в рейтинге и турнирах
       *[other] матчи с нарушениями среди последних { $count } матчей бота в рейтинге и турнирах
    }
leaderboard-empty = Пока нет ботов с рейтингом.
leaderboard-recent-matches = Последние матчи: { $game }
leaderboard-recent-about = (всех видов, сначала новые, включая идущие)
leaderboard-tournaments = Турниры
leaderboard-no-tournaments = Турниров пока нет.
leaderboard-all-tournaments = Все турниры
leaderboard-more-tournaments = (ещё { $count })
