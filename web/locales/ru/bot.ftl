# A bot's page (/bots/ID): its rating, chart, versions and matches.
