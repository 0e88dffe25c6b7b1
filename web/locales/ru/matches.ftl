# Список матчей (/matches), переключатель страниц под каждым списком матчей, общие для страниц
# слова для состояния матча, его вида и вида нарушения, ошибки в параметрах списка.

matches-title = Матчи
matches-title-game = Матчи: { $game }
matches-title-stage = { $tournament }: матчи этапа { $stage }
matches-title-kind = { $title } ({ $kind })
matches-back = Назад: { $link }.
matches-back-leaderboard = рейтинг { $game }
matches-empty = Здесь матчей нет.
matches-match = Матч
matches-when = Когда
matches-game = Игра
matches-kind = Вид
matches-status = Состояние
matches-places = Места

matches-pager = Страницы
matches-newest = « Самые новые
matches-newer = ‹ Новее
matches-older = Старше ›

## Состояние матча
matches-status-queued = в очереди
matches-status-running = идёт
matches-status-finished = завершён
matches-status-failed = сбой
matches-status-cancelled = отменён

## Вид матча
matches-kind-practice = тренировочный
matches-kind-ladder = рейтинговый
matches-kind-tournament = турнирный
matches-kind-human = с людьми

## Нарушения бота
matches-fault-timeout = не успел
matches-fault-connect = нет связи
matches-fault-http-status = ошибка HTTP
matches-fault-too-large = слишком длинный ответ
matches-fault-bad-json = неверный JSON
matches-fault-illegal-action = недопустимый ход

## Параметры списка
matches-error-query-long = Слишком длинная строка запроса.
matches-error-twice = Параметр { $name } указан дважды.
matches-error-cursor = { $name } — это номер матча, а не «{ $value }».
matches-error-both = Укажите before или after, но не оба.
matches-error-per-page = per_page — от 1 до { $max }.
matches-error-parameter = Параметра «{ $name }» здесь нет.
matches-error-kind = kind — это practice, ladder, tournament или human, а не «{ $value }».
matches-error-game = Игры «{ $value }» нет.
matches-error-stage = stage — номер этапа, считая с 0, а не «{ $value }».
matches-error-stage-pair = tournament и stage указываются вместе.
