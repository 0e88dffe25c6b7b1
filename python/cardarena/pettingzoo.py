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
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

import cardarena
from cardarena import _envs

__all__ = ["env", "raw_env"]


def env(game, players=None, options=None, render_mode=None):
    """A PettingZoo AEC environment of `game` (an id from `cardarena.games()`) at a table of
    `players` seats (the game's usual table when None), with the game's `options` (a dict as
    its JSON options), wrapped in PettingZoo's order-enforcing wrapper as its classic games
    are; `.unwrapped` is the `raw_env`."""
    return Ordered(raw_env(game, players=players, options=options, render_mode=render_mode))


class Ordered(OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper with the same checks, its hot reads reaching the
    environment directly: the base class forwards every attribute through two `__getattr__`
    calls, which made the AEC loop ten times slower than the game it plays."""

    def _check_reset(self, name):
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")

    @property
    def agent_selection(self):
        """The agent to act (after reset)."""
        self._check_reset("agent_selection")
        return self.env.agent_selection

    @property
    def agents(self):
        """The agents still in the game (after reset)."""
        self._check_reset("agents")
        return self.env.agents

    def last(self, observe=True):
        """(observation, cumulative reward, termination, truncation, info) of the agent to
        act, as `AECEnv.last` gives them."""
        self._check_reset("agent_selection")
        return self.env.last(observe)

    def step(self, action):
        """Plays `action` for the agent to act, with the base class's checks."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def agent_iter(self, max_iter=2**63):
        """The agents in the order they act, as the base class's iterator yields them."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Agents(self, max_iter)


class _Agents(AECOrderEnforcingIterable):
    """The order-enforcing agent iterable of an `Ordered` environment."""

    def __iter__(self):
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):
    """The order-enforcing agent iterator, reading the environment under the wrapper."""

    def __next__(self):
        raw = self.env.env
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert self.env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        self.env._has_updated = False
        return raw.agent_selection


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
        game = self.game
        if game.to_act == seat:
            # The bool mask's bytes are 0 and 1: read as int8 without a copy.
            mask = game.legal_mask().view(numpy.int8)
        else:
            mask = numpy.zeros(self._num_actions, dtype=numpy.int8)
        return {"observation": game.observation(seat), "action_mask": mask}

    def last(self, observe=True):
        """(observation, cumulative reward, termination, truncation, info) of the agent to
        act, as `AECEnv.last` gives them."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action):
        """Plays action id `action` for the selected agent (None once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for terminated agents")
        game = self.game
        game.apply_id(int(action))
        # Rewards come at the end only: until then every reward stays 0 and only the acting
        # agent's cumulative reward is cleared, what _clear_rewards and _accumulate_rewards
        # would do in two loops.
        self._cumulative_rewards[agent] = 0.0
        if game.is_over:
            for name, value in zip(self.possible_agents, game.place_values()):
                self.rewards[name] = float(value)
                self._cumulative_rewards[name] += float(value)
                self.terminations[name] = True
        else:
            self.agent_selection = self.possible_agents[game.to_act]
        if self.render_mode == "human":
            self.render()

    def render(self):
        """The table in text: printed in "human" mode, returned in "ansi" mode."""
        return _envs.render(self)

    def close(self):
        """Nothing to release: the game lives in the process."""
