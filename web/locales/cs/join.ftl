# Joining with a bot (/join) and your bots (/me).
