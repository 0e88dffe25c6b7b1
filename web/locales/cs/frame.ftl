# Rámec webu: záhlaví, jeho nabídky, volba jazyka v zápatí a chybové stránky.

language-name = Čeština
language-label = Jazyk

nav-site = Web
nav-docs = Dokumentace
menu-button = Nabídka
nav-leaderboard = Žebříček
nav-tournaments = Turnaje
nav-play = Hrát
nav-join = Zapojit se
nav-my-bots = Moji boti
nav-leaderboard-of = Žebříčky her:
nav-docs-index = Dokumentace
nav-doc-writing-a-bot = Jak se zapojit
nav-doc-protocol = Protokol
nav-doc-api = API
nav-rules-of = Pravidla:

error-not-found = Nenalezeno
error-bad-request = Chybný požadavek
error-server = Chyba serveru
error-server-detail = Na naší straně se něco pokazilo; chyba byla zaznamenána.
error-no-page = Na této adrese žádná stránka není: možná byla přesunuta, nebo je v odkazu překlep.
error-ways-on = Kam dál:
error-way-home = Žebříček (úvodní stránka)
error-way-play = Zahrajte si partii sami
error-way-docs = Dokumentace
