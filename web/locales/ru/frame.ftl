# Рамка сайта: шапка, её меню, выбор языка в подвале и страницы ошибок.

language-name = Русский
language-label = Язык

nav-site = Сайт
nav-docs = Документация
menu-button = Меню
nav-leaderboard = Рейтинг
nav-tournaments = Турниры
nav-play = Играть
nav-join = Участвовать
nav-my-bots = Мои боты
nav-leaderboard-of = Рейтинги игр:
nav-docs-index = Документация
nav-doc-writing-a-bot = Как участвовать
nav-doc-protocol = Протокол
nav-doc-api = API
nav-rules-of = Правила:

error-not-found = Не найдено
error-bad-request = Неверный запрос
error-server = Ошибка сервера
error-server-detail = Что-то пошло не так на нашей стороне; ошибка записана в журнал.
error-no-page = По этому адресу страницы нет: возможно, она переехала или в ссылке опечатка.
error-ways-on = Куда перейти дальше:
error-way-home = Рейтинг (главная страница)
error-way-play = Сыграйте партию сами
error-way-docs = Документация
