"""PettingZoo AEC environments of cardarena's games (needs `pip install pettingzoo`).

    from cardarena import pettingzoo
    env = pettingzoo.env("bridge", players=4)
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents are "player_0" … "player_{n-1}", one per seat. The game decides who acts next: the
agent selected follows the seat to act, so one agent may act several times in a row. An
observation is `{"observation": game.observation(seat), "action_mask": …}`, the agent's own
view encoded as documented in docs/games/<game>.md, with the legal mask only for the agent to
act (zeros for the others). Rewards come at the end only: each seat's place value (1 first,
0 last, tied seats sharing their places); then every agent is terminated, and steps with
`None` as PettingZoo's AEC API has dead agents do. An action is an action id; one that is not
legal raises `cardarena.IllegalAction` and changes nothing.
"""

import gymnasium
import numpy
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

import cardarena
from cardarena import _envs

__all__ = ["env", "raw_env"]


def env(game, players=None, options=None, render_mode=None):
    """A PettingZoo AEC environment of `game` (an id from `cardarena.games()`) at a table of
    `players` seats (the game's usual table when None), with the game's `options` (a dict as
    its JSON options), wrapped in PettingZoo's order-enforcing wrapper as its classic games
    are; `.unwrapped` is the `raw_env`."""
    return OrderEnforcingWrapper(
        raw_env(game, players=players, options=options, render_mode=render_mode)
    )


class raw_env(AECEnv):
    """The AEC environment itself (see the module's documentation); `game` is the
    `cardarena.Game` being played once `reset` dealt it."""

    metadata = {
        "name": "cardarena_v0",
        "is_parallelizable": False,
        "render_modes": ["human", "ansi"],
        "render_fps": 1,
    }

    def __init__(self, game, players=None, options=None, render_mode=None):
        """See `env`; raises cardarena.SetupError for a table or options the game refuses."""
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        probe = cardarena.Game(game, players=players, seed=0, options=options)
        self.metadata = {**type(self).metadata, "name": f"cardarena_{game.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.options = options
        self.possible_agents = [f"player_{seat}" for seat in range(probe.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._num_actions = probe.num_actions
        self._observation_spaces = {
            agent: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(
                    0.0, 1.0, shape=probe.observation_shape, dtype=numpy.float32),
                "action_mask": gymnasium.spaces.Box(
                    0, 1, shape=(probe.num_actions,), dtype=numpy.int8),
            })
            for agent in self.possible_agents
        }
        self._action_spaces = {
            agent: gymnasium.spaces.Discrete(probe.num_actions) for agent in self.possible_agents
        }
        self._id = game
        self._rng, _ = seeding.np_random()
        self.game = None

    def observation_space(self, agent):
        """The agent's observation space: a Dict of "observation" (a float32 Box in [0, 1] of
        the game's observation shape) and "action_mask" (an int8 Box of 0/1, one per id)."""
        return self._observation_spaces[agent]

    def action_space(self, agent):
        """The agent's action space: Discrete(num_actions), the game's fixed action ids."""
        return self._action_spaces[agent]

    def reset(self, seed=None, options=None):
        """Deals a new game. Its seed is drawn from the environment's generator, which `seed`
        seeds anew (so a seed replays the same deals); `options` is accepted and unused (the
        game's options are the constructor's)."""
        if seed is not None:
            self._rng, _ = seeding.np_random(seed)
        self.game = cardarena.Game(
            self._id, players=len(self.possible_agents), seed=_envs.draw_seed(self._rng),
            options=self.options,
        )
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_act]
        self._skip_agent_selection = None

    def observe(self, agent):
        """The agent's observation: its own view encoded, and the legal mask when it is to act
        (zeros otherwise)."""
        seat = self._seats[agent]
        if self.game.to_act == seat:
            mask = _envs.int8_mask(self.game)
        else:
            mask = numpy.zeros(self._num_actions, dtype=numpy.int8)
        return {"observation": self.game.observation(seat), "action_mask": mask}

    def step(self, action):
        """Plays action id `action` for the selected agent (None once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for terminated agents")
        self.game.apply_id(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.game.is_over:
            for name, value in zip(self.possible_agents, self.game.place_values()):
                self.rewards[name] = float(value)
                self.terminations[name] = True
        else:
            self.agent_selection = self.possible_agents[self.game.to_act]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        """The table in text: printed in "human" mode, returned in "ansi" mode."""
        return _envs.render(self)

    def close(self):
        """Nothing to release: the game lives in the process."""
