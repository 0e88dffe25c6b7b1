# The engine's phrases: every move, result and seat's result, by phrase id.
