"""OpenSpiel adapter: both games as Python games of `pyspiel`.

    from cardtable.rl import openspiel
    openspiel.register()
    game = pyspiel.load_game("python_cardtable_thalara", {"players": 4, "mode": "casual"})

- Sequential, imperfect information, zero-sum terminal returns (see
  `terminal_returns`).
- Chance is explicit and happens once: the first node is a chance node with `deals`
  equally likely outcomes; outcome d starts the engine with seed `seed * deals + d`.
  Every later draw or shuffle comes from the engine's own generator, seeded by that
  deal, so the game is a deterministic function of its action history (what OpenSpiel's
  serialisation and replay checks need) while no player learns the deal.
- Actions are the fixed encoding of `cardtable.rl.encoding` (the same integers for every
  seat); `action_to_string` is the engine's text notation.
- Observation string/tensor: the player's engine observation (a spectator's for the
  public observer). Information-state string: the player's own past actions, the move
  number and the observation string; tensor: the observation vector and the move
  number.
- `resample_from_infostate(player, sampler)` is `View.sample_world` with a generator
  seeded from `sampler`, wrapped in a new state with the same move number and the
  player's own past actions (not the others': those would tell what they knew).

Parameters: `players` (2-4), `seed` (default 0), `deals` (default 4096) and every
option the game declares with one value and a fixed default (a choice, a whole number or
a yes/no: Thalara's `mode`, `star_tie`, `idle_rounds` ...; Vale's `expansion`,
`tie_break`, `steal` ...), with the rules' default (`cardtable options GAME` lists them).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from cardtable import games, load_game
from cardtable.engine.api import Action, Game, State
from cardtable.engine.record import GameRecord
from cardtable.rl.encoding import Encoding, encoding_for, terminal_returns

THALARA = "python_cardtable_thalara"
VALE = "python_cardtable_vale"
DEFAULT_DEALS = 1 << 12
MAX_GAME_LENGTH = {"thalara": 2000, "vale": 2000}
# A sampled world whose observation differs from the player's is drawn again (this
# many times at most): a safety net that keeps ISMCTS's root check true.
RESAMPLE_TRIES = 20
_Moves = tuple[Any, int, int] | None
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)



def option_parameters(name: str) -> dict[str, Any]:
    """The options of game `name` that OpenSpiel carries as parameters, with their
    defaults: each declared option of one value (a choice, a whole number, a yes/no)
    whose default the rules fix. Lists, card files and defaults that follow other
    options (Vale's end_score) are left to the engine's defaults."""
    return {o.name: o.default for o in load_game(name).declared_options()
            if o.kind in ("choice", "int", "bool") and o.default is not None
            and o.player_facing}


_OPTION_PARAMS = {name: option_parameters(name) for name in games()}
_PARAMS: dict[str, dict[str, Any]] = {
    name: {"players": 2, **options, "seed": 0, "deals": DEFAULT_DEALS}
    for name, options in _OPTION_PARAMS.items()}
_CONFIGURED = frozenset(("engine_game", "options", "players", "seed", "deals", "encoding",
                         "chance"))


def _game_type(name: str, short_name: str, title: str) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"cardtable {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_PARAMS[name]))


class _Core:
    """The Python-side data of one OpenSpiel state. OpenSpiel clones a Python state
    with `copy.deepcopy`; this object answers that with the engine's own `clone()`."""

    __slots__ = ("actions", "engine", "game", "ids", "moves", "own", "player")

    def __init__(self, game: CardtableGame, engine: State | None, moves: int,
                 own: _Moves = None) -> None:
        self.game = game  # shared by every copy: deepcopy would lose its Python part
        self.engine = engine
        self.moves = moves
        self.own = own  # (earlier, player, action): a linked list shared by copies
        self.player = CHANCE if engine is None else _player_of(engine)
        # The legal actions of `engine`, computed once per position: the engine's list
        # and their integers in that order.
        self.actions: list[Action] | None = None
        self.ids: list[int] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        core = _Core.__new__(_Core)
        core.game = self.game
        core.engine = None if self.engine is None else self.engine.clone()
        core.moves = self.moves
        core.own = self.own
        core.player = self.player
        core.actions = self.actions  # never changed in place, so shared
        core.ids = self.ids
        return core

    # Pickled (OpenSpiel's serialize) as the engine's record, replayed when loaded: an
    # engine state compiled with mypyc cannot be pickled (its card set is made from a
    # file), and the replay gives the same state in either build.
    def __getstate__(self) -> dict[str, Any]:
        record = None if self.engine is None else GameRecord.from_state(self.engine)
        return {"game": self.game, "record": record, "moves": self.moves, "own": self.own,
                "player": self.player}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.game = saved["game"]
        record = saved["record"]
        self.engine = None if record is None else record.replay()
        self.moves = saved["moves"]
        self.own = saved["own"]
        self.player = saved["player"]
        self.actions = None
        self.ids = []

    def legal(self) -> list[Action]:
        """The engine's legal actions, with `ids` their integers (once per position)."""
        actions = self.actions
        if actions is None:
            assert self.engine is not None
            actions = self.actions = self.engine.legal_actions()
            self.ids = self.game.encoding.legal_indices(actions)
        return actions


def _player_of(engine: State) -> int:
    player = engine.current_player()
    return TERMINAL if player is None else player


class CardtableGame(pyspiel.Game):  # type: ignore[misc]
    """One of the two games, with its parameters."""

    engine_name = ""
    short_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = dict(_PARAMS[self.engine_name])
        values.update(params or {})
        self._configure(values)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=self.deals,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH[self.engine_name])
        super().__init__(_TYPES[self.engine_name], info, values)

    def _configure(self, values: dict[str, Any]) -> None:
        name = self.engine_name
        self.engine_game: Game = load_game(name)
        # the options set to other than their default (defaults keep the key short)
        self.options: dict[str, Any] = {k: values[k] for k, default
                                        in _OPTION_PARAMS[name].items()
                                        if values[k] != default}
        self.players = int(values["players"])
        self.seed = int(values["seed"])
        self.deals = int(values["deals"])
        if self.deals < 1:
            raise ValueError("deals must be at least 1")
        self.encoding: Encoding = encoding_for(name, self.players, **self.options)
        self.chance = [(d, 1.0 / self.deals) for d in range(self.deals)]

    def __getattr__(self, name: str) -> Any:
        # An unpickled game (OpenSpiel's own copies) has only its C++ part: rebuild the
        # Python part from its parameters.
        if name in _CONFIGURED:
            values = dict(_PARAMS[self.engine_name])
            values.update(self.get_parameters())
            self._configure(values)
            return object.__getattribute__(self, name)
        raise AttributeError(name)

    def new_initial_state(self) -> CardtableState:
        return CardtableState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> CardtableObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return CardtableObserver(self, iig_obs_type)


class ThalaraOpenSpielGame(CardtableGame):
    engine_name = "thalara"
    short_name = THALARA


class ValeOpenSpielGame(CardtableGame):
    engine_name = "vale"
    short_name = VALE


class CardtableState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: CardtableGame, core: _Core | None = None) -> None:
        super().__init__(game)
        self._core = core if core is not None else _Core(game, None, 0)

    @property
    def _g(self) -> CardtableGame:
        return self._core.game

    # ---- the engine behind it --------------------------------------------------------

    @property
    def engine_state(self) -> State | None:
        """The cardtable state (None before the deal)."""
        return self._core.engine

    # ---- the OpenSpiel contract -------------------------------------------------------

    def current_player(self) -> int:
        return self._core.player

    def _legal_actions(self, player: int) -> list[int]:
        core = self._core
        if player != core.player or player < 0:
            return []
        if core.actions is None:
            core.legal()
        return sorted(core.ids)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As pyspiel's, answered in Python (the C++ round trip costs more than the
        answer). Chance nodes list their outcomes."""
        core = self._core
        mover = core.player
        if player is not None and player != mover:
            return []
        if mover >= 0:
            if core.actions is None:
                core.legal()
            return sorted(core.ids)
        if mover == CHANCE:
            return list(range(core.game.deals))
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._g.chance if self._core.engine is None else []

    def _apply_action(self, action: int) -> None:
        core = self._core
        engine = core.engine
        if engine is None:
            g = core.game
            if not 0 <= action < g.deals:
                raise pyspiel.SpielError(f"deal {action} is out of range 0..{g.deals - 1}")
            engine = core.engine = g.engine_game.new_game(
                g.players, seed=g.seed * g.deals + action, **g.options)
        else:
            actions = core.actions
            if actions is None:
                actions = core.legal()
            try:
                chosen = actions[core.ids.index(action)]
            except ValueError:
                text = core.game.encoding.action_text(action)
                raise pyspiel.SpielError(f"action {action} ({text}) is not legal now") from None
            core.own = (core.own, core.player, action)
            engine.apply(chosen)
            core.moves += 1
        player = engine.current_player()
        core.player = TERMINAL if player is None else player
        core.actions = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self._g.encoding.action_text(action)

    def is_terminal(self) -> bool:
        return self._core.player == TERMINAL

    def returns(self) -> list[float]:
        engine = self._core.engine
        if engine is None or not engine.is_over():
            return [0.0] * self._g.players
        return terminal_returns(self._g.players, engine.winners())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state this player cannot tell from this one, hidden parts redealt."""
        engine = self._core.engine
        if engine is None:
            return self.clone()
        seed = int(probability_sampler() * (1 << 53)) if probability_sampler else 0
        rng = random.Random(seed)
        view = engine.view(player_id)
        world = view.sample_world(rng)
        for _ in range(RESAMPLE_TRIES):
            if world.observation(player_id) == view.observation:
                break
            world = view.sample_world(rng)
        # Only the player's own past actions come along: the others' would tell what
        # they knew.
        mine = [a for p, a in own_actions(self._core.own) if p == player_id]
        hist: _Moves = None
        for a in mine:
            hist = (hist, player_id, a)
        return CardtableState(self._g, _Core(self._g, world, self._core.moves, hist))

    def __str__(self) -> str:
        engine = self._core.engine
        if engine is None:
            return "(before the deal)"
        return self._g.encoding.observation_string(engine.observation(None))


class CardtableObserver:
    """Observation (perfect_recall False) or information state (perfect_recall True) of
    one player, or of a spectator when the observer type has no private information."""

    def __init__(self, game: CardtableGame, iig_obs_type: Any) -> None:
        self._enc = game.encoding
        self._max_len = float(MAX_GAME_LENGTH[game.engine_name])
        self._recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self._public_only = bool(
            iig_obs_type is not None
            and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE)
        if (iig_obs_type is not None
                and iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS):
            raise ValueError("cardtable games offer no observer that sees every player's "
                             "private information")
        size = self._enc.observation_size + (1 if self._recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor}

    def _obs(self, state: CardtableState, player: int) -> dict[str, Any] | None:
        engine = state.engine_state
        if engine is None:
            return None
        return engine.observation(None if self._public_only else player)

    def set_from(self, state: CardtableState, player: int) -> None:
        obs = self._obs(state, player)
        self.tensor.fill(0.0)
        if obs is None:
            return
        n = self._enc.observation_size
        self._enc.observation_tensor(obs, self.tensor[:n])
        if self._recall:
            self.tensor[n] = state._core.moves / self._max_len

    def string_from(self, state: CardtableState, player: int) -> str:
        obs = self._obs(state, player)
        if obs is None:
            return "(before the deal)"
        if self._recall:
            mine = " ".join(str(a) for p, a in own_actions(state._core.own) if p == player)
            return (f"mine [{mine}] "
                    + self._enc.information_state_string(obs, state._core.moves))
        return self._enc.observation_string(obs)


_TYPES: dict[str, Any] = {}


def own_actions(hist: _Moves) -> list[tuple[int, int]]:
    """(player, action) of every recorded move, oldest first."""
    out: list[tuple[int, int]] = []
    while hist is not None:
        hist, player, action = hist
        out.append((player, action))
    out.reverse()
    return out


def register() -> None:
    """Register `python_cardtable_thalara` and `python_cardtable_vale` (idempotent)."""
    known = set(pyspiel.registered_names())
    for cls, title in ((ThalaraOpenSpielGame, "Thalara: The Last Artifacts"),
                       (ValeOpenSpielGame, "The Vale of Eternity")):
        if cls.engine_name not in _TYPES:
            _TYPES[cls.engine_name] = _game_type(cls.engine_name, cls.short_name, title)
        if cls.short_name not in known:
            pyspiel.register_game(_TYPES[cls.engine_name], cls)


def load(game: str, **params: Any) -> Any:
    """`pyspiel.load_game` of one of the two games ("thalara" or "vale")."""
    register()
    short = {"thalara": THALARA, "vale": VALE}[game.strip().lower()]
    return pyspiel.load_game(short, params)
