# The rules pages' frame (/rules/GAME); the guides themselves are docs/rules/.
