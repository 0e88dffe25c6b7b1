"""A Gymnasium single-agent environment: the learner at one seat, house bots at the others
(needs `pip install gymnasium`).

    import gymnasium
    import cardarena.gym
    env = gymnasium.make("cardarena/Durak-v0", opponents=["greedy", "random"])
    observation, info = env.reset(seed=7)
    done = False
    while not done:
        action = env.action_space.sample(info["action_mask"])
        observation, reward, done, truncated, info = env.step(action)

The opponents are the engine's house bots (`cardarena.HouseBot`, run natively), which play
their turns inside `reset` and `step` until the learner is to act or the game is over. The
observation is the learner's seat's encoding (`game.observation(seat)`, a float32 Box in
[0, 1]; docs/games/<game>.md); the action is an action id (Discrete(num_actions)). The legal
actions come as `info["action_mask"]` (int8, for `action_space.sample(mask)`) and from the
`action_masks()` method (bool), which sb3-contrib's MaskablePPO calls. The reward is 0 until
the game ends, then the learner's place value (1 first, 0 last, ties sharing).

An action id that is not legal ends the episode at once with reward `illegal_reward` (-1 by
default, below any place value) and `info["illegal_action"] = True`; with
`illegal_reward=None` it raises `cardarena.IllegalAction` instead and changes nothing.

Importing this module registers "cardarena/<Game>-v0" for every game (Durak, Bridge,
DurakDuel, Prsi, Most, FiftySix), each at its usual table with the default opponents;
`gymnasium.make_vec(id, num_envs, vectorization_mode="vector_entry_point")` makes its
`VectorEnv` (many games stepped in Rust at once, random opponents unless named).
"""

import gymnasium
import numpy

import cardarena
from cardarena import _envs

__all__ = ["SingleAgentEnv", "VectorEnv", "env_id"]


def default_opponents(players):
    """The house bots of the `players - 1` other seats when none are named: "greedy" and
    "random" in turn."""
    return [("greedy", "random")[n % 2] for n in range(players - 1)]


class SingleAgentEnv(gymnasium.Env):
    """`game` (an id from `cardarena.games()`) with the learner at `seat` (a seat number, or
    None for a random seat each episode) and house bots at the other seats.

    `opponents` names the house bot of each other seat in seat order (a list of ids from
    `cardarena.games()`, e.g. ["greedy", "random"]; a single id fills every other seat; None
    alternates "greedy" and "random"). `players` is the table size: 1 + len(opponents) for a
    list, else the game's usual table. `options` are the game's options (a dict as its JSON
    options). `game`, `seat` and `bots` are the current episode's once `reset` dealt it.
    """

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(self, game, opponents=None, seat=0, players=None, options=None,
                 illegal_reward=-1.0, render_mode=None):
        """See the class; raises ValueError for opponents that do not fit the table and
        cardarena.SetupError for a table or options the game refuses."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if players is None and isinstance(opponents, (list, tuple)):
            players = 1 + len(opponents)
        probe = cardarena.Game(game, players=players, seed=0, options=options)
        players = probe.players
        if opponents is None:
            opponents = default_opponents(players)
        elif isinstance(opponents, str):
            opponents = [opponents] * (players - 1)
        opponents = list(opponents)
        if len(opponents) != players - 1:
            raise ValueError(
                f"{len(opponents)} opponents at a table of {players}: name one per other seat")
        for bot in set(opponents):
            cardarena.HouseBot(game, bot)  # raises for a bot the game does not have
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not at a table of {players}")
        self.observation_space = gymnasium.spaces.Box(
            0.0, 1.0, shape=probe.observation_shape, dtype=numpy.float32)
        self.action_space = gymnasium.spaces.Discrete(probe.num_actions)
        self.render_mode = render_mode
        self.opponents = opponents
        self.players = players
        self.options = options
        self.illegal_reward = illegal_reward
        self._id = game
        self._seat = seat
        self.game = None
        self.seat = seat
        self.bots = {}
        self._done = True

    def reset(self, *, seed=None, options=None):
        """Deals a new game (its seed, the learner's seat when random and the bots' seeds drawn
        from the environment's generator, which `seed` seeds) and lets the bots play up to the
        learner's first turn; `options` is accepted and unused. Returns (observation, info)."""
        super().reset(seed=seed)
        while True:
            self.game = cardarena.Game(self._id, players=self.players,
                                       seed=_envs.draw_seed(self.np_random), options=self.options)
            if self._seat is None:
                self.seat = int(self.np_random.integers(self.players))
            others = [s for s in range(self.players) if s != self.seat]
            self.bots = {
                s: cardarena.HouseBot(self._id, bot, seed=_envs.draw_seed(self.np_random))
                for s, bot in zip(others, self.opponents)
            }
            self._play_opponents()
            if not self.game.is_over:  # a deal the learner never acts in is dealt again
                break
        self._done = False
        if self.render_mode == "human":
            self.render()
        return self.game.observation(self.seat), {"action_mask": _envs.int8_mask(self.game)}

    def step(self, action):
        """Plays the learner's action id, then the bots' turns up to the learner's next one or
        the end. Returns (observation, reward, terminated, truncated, info)."""
        if self._done:
            raise cardarena.GameOver("the episode is over: call reset()")
        action = int(action)
        legal = 0 <= action < self.action_space.n and action in self.game.action_ids()
        if not legal:
            if self.illegal_reward is None:
                raise cardarena.IllegalAction(
                    f"no legal action has id {action} (legal ids: {self.game.action_ids()})")
            self._done = True
            info = {"action_mask": _envs.int8_mask(self.game), "illegal_action": True}
            return (self.game.observation(self.seat), float(self.illegal_reward), True, False,
                    info)
        self.game.apply_id(action)
        self._play_opponents()
        reward = 0.0
        if self.game.is_over:
            self._done = True
            reward = float(self.game.place_values()[self.seat])
        if self.render_mode == "human":
            self.render()
        info = {"action_mask": _envs.int8_mask(self.game)}
        return self.game.observation(self.seat), reward, self._done, False, info

    def action_masks(self):
        """A bool array of num_actions, true at the learner's legal ids (all false once the
        episode is over): what sb3-contrib's MaskablePPO asks the environment for."""
        if self._done:
            return numpy.zeros(self.action_space.n, dtype=bool)
        return self.game.legal_mask()

    def render(self):
        """The table in text: printed in "human" mode, returned in "ansi" mode."""
        return _envs.render(self, f"the learner is player_{self.seat}\n")

    def _play_opponents(self):
        """The house bots' turns, until the learner is to act or the game is over."""
        game = self.game
        while not game.is_over and game.to_act != self.seat:
            game.apply(self.bots[game.to_act].choose(game))


class VectorEnv(gymnasium.vector.VectorEnv):
    """`num_envs` games of `game` stepped at once in Rust (`cardarena.VectorEnv`), as a
    Gymnasium vector environment: the learner at `seat` (None: drawn each game) and
    `opponents` at the others ("random", the default, drawn natively, or house bot ids as
    `SingleAgentEnv` takes them). Observations are float32 `(num_envs, *observation_shape)`,
    actions one action id per game; a game that ends is dealt again in the same step (the
    autoreset mode SAME_STEP: the observation returned is the new game's first, the reward and
    termination the ended game's). The legal masks come as `info["action_mask"]` (bool,
    `(num_envs, num_actions)`) and from `action_masks()`. An illegal id raises
    `cardarena.IllegalAction` and plays nothing. Games never truncate.
    """

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}

    def __init__(self, game, num_envs, opponents=None, seat=0, players=None, options=None,
                 seed=0):
        """See the class; raises cardarena.SetupError for a table, options or opponents the
        game refuses."""
        if players is None and isinstance(opponents, (list, tuple)):
            players = 1 + len(opponents)
        self.env = cardarena.VectorEnv(game, num_envs, players=players, opponents=opponents,
                                       seat=seat, seed=seed, options=options)
        self.num_envs = num_envs
        self.single_observation_space = gymnasium.spaces.Box(
            0.0, 1.0, shape=self.env.observation_shape, dtype=numpy.float32)
        self.single_action_space = gymnasium.spaces.Discrete(self.env.num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(
            self.single_action_space, num_envs)
        self._masks = None

    def reset(self, *, seed=None, options=None):
        """Deals every game again (keyed from `seed` when given); `options` is accepted and
        unused. Returns (observations, infos)."""
        observations, self._masks = self.env.reset(seed)
        return observations, {"action_mask": self._masks}

    def step(self, actions):
        """Plays one action id per game. Returns (observations, rewards, terminations,
        truncations, infos)."""
        observations, self._masks, rewards, ends = self.env.step(actions)
        return (observations, rewards, ends, numpy.zeros_like(ends),
                {"action_mask": self._masks})

    def action_masks(self):
        """The legal masks of the learners' current turns, bool `(num_envs, num_actions)`."""
        return self._masks

    def legal_ids(self):
        """The legal ids of the learners' current turns, compactly: `cardarena.VectorEnv`'s
        `legal_ids()`, `(ids, counts)`."""
        return self.env.legal_ids()


def env_id(game):
    """The Gymnasium id registered for `game`: "durak-duel" is "cardarena/DurakDuel-v0"."""
    return "cardarena/" + "".join(part.title() for part in game.split("-")) + "-v0"


for _info in cardarena.games():
    if env_id(_info["id"]) not in gymnasium.registry:
        gymnasium.register(id=env_id(_info["id"]), entry_point="cardarena.gym:SingleAgentEnv",
                           vector_entry_point="cardarena.gym:VectorEnv",
                           kwargs={"game": _info["id"]})
