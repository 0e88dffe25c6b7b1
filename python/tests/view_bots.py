"""Bots written against the views and legal actions alone, as a contestant writes one: they play
locally (cardarena.play) and on a server (served_bot.py, through the kit) unchanged."""

RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14}


def rank(card):
    """A card's rank as a number ("10H" is 10, "QS" 12); a joker or anything else ranks 0."""
    if not isinstance(card, str) or len(card) < 2:
        return 0
    face = card[:-1]
    return int(face) if face.isdigit() else RANKS.get(face, 0)


def cards_of(action):
    """The cards an action names (its "card", or its "cards")."""
    if not isinstance(action, dict):
        return []
    cards = list(action.get("cards") or [])
    if action.get("card"):
        cards.append(action["card"])
    return cards


class LowCard:
    """Sheds low cards first: the legal action whose cards have the lowest rank, playing a card
    rather than not when it can; among equals the first."""

    name = "low-card"

    def act(self, view, legal_actions):
        def cost(index):
            cards = cards_of(legal_actions[index])
            return (0, min(map(rank, cards)), index) if cards else (1, 0, index)

        return min(range(len(legal_actions)), key=cost)


def first_legal(view, legal_actions):
    """The simplest bot: a function that always plays the first legal action."""
    return 0
