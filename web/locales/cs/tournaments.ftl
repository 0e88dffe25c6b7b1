# The tournaments list and a tournament's page.
