"""Our games as OpenSpiel games: any :class:`~epistemic.extensive.ExtensiveGame`, loaded by name.

Importing this module (it needs the optional extra ``openspiel``) registers
with ``pyspiel`` every game that a model names in the entry-point group
``epistemic.openspiel``, so that OpenSpiel's own loader, algorithms and
tests take them::

    import epistemic.openspiel
    import pyspiel
    game = pyspiel.load_game("epistemic_pirates(pirates=5,coins=3)")

A model registers a :class:`~epistemic.spiel_games.SpielGame`: its name, its parameters with their
defaults, and a function that makes the game's tree from them.  The tree
says the rest: the players, every move's name (``action_names``, numbered
in that order as OpenSpiel's actions), every chance outcome's name
(``chance_names``), the longest play (``longest``), the range of the
payoffs (``utility_range``) and, where they always add up to the same,
their sum (``utility_sum``).  An information state is what the tree says a
player knows (:meth:`~epistemic.extensive.ExtensiveGame.information`), so
subgroup promises stay private and simultaneous votes unseen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import EpistemicError
from .extensive import CHANCE
from .plugins import entries, first_line, origin
from .spiel_games import PlayableGame, SpielGame

__all__ = ["GROUP", "register", "register_all", "registered", "policy_of", "pyspiel_module", "OpenSpielMissing"]

#: The entry-point group the models' OpenSpiel games are named in.
GROUP = "epistemic.openspiel"


class OpenSpielMissing(EpistemicError):
    """OpenSpiel (``pip install 'epistemic-framework[openspiel]'``) is not installed."""


def pyspiel_module() -> Any:
    """OpenSpiel's ``pyspiel``, or :class:`OpenSpielMissing` naming the extra to install."""
    try:
        import pyspiel
    except ImportError:
        raise OpenSpielMissing("OpenSpiel is not installed: pip install 'epistemic-framework[openspiel]'") from None
    return pyspiel


_REGISTERED: dict[str, SpielGame] = {}


def registered() -> dict[str, SpielGame]:
    """The games registered so far, by name."""
    return dict(_REGISTERED)


def register(spec: SpielGame) -> None:
    """Register ``spec`` with ``pyspiel`` under its name (once)."""
    if spec.name in _REGISTERED:
        return
    pyspiel = pyspiel_module()
    kind = pyspiel.GameType
    game_type = kind(
        short_name=spec.name, long_name=spec.long_name, dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC if spec.stochastic else kind.ChanceMode.DETERMINISTIC,
        information=(kind.Information.PERFECT_INFORMATION if spec.perfect_information
                     else kind.Information.IMPERFECT_INFORMATION),
        utility={"zero_sum": kind.Utility.ZERO_SUM, "constant_sum": kind.Utility.CONSTANT_SUM,
                 "general_sum": kind.Utility.GENERAL_SUM}[spec.utility],
        reward_model=kind.RewardModel.TERMINAL, max_num_players=spec.players[1], min_num_players=spec.players[0],
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=False, provides_observation_tensor=False,
        parameter_specification=dict(spec.parameters))
    pyspiel.register_game(game_type, _game_class(spec, game_type, pyspiel))
    _REGISTERED[spec.name] = spec


def register_all() -> list[str]:
    """Register every game of the group :data:`GROUP`; returns their names.

    A model whose entry point fails to load is reported on a warning and
    skipped, so that one broken model cannot stop the others.
    """
    import warnings
    names = []
    for ep in entries(GROUP):
        try:
            spec = ep.load()
        except Exception as error:   # a broken plug-in is named, not fatal
            warnings.warn(f"the OpenSpiel game {ep.name!r} of {origin(ep)} failed to load: {first_line(error)}",
                          stacklevel=2)
            continue
        if not isinstance(spec, SpielGame):
            warnings.warn(f"the OpenSpiel entry point {ep.name!r} of {origin(ep)} is no SpielGame", stacklevel=2)
            continue
        register(spec)
        names.append(spec.name)
    return names


def policy_of(game: Any) -> Callable[[Any], dict[int, float]]:
    """The game's own solution as an OpenSpiel policy function: ``state -> {action: probability}``.

    ``game`` is a game loaded from a :class:`SpielGame`; the tree's
    ``strategy(node)`` names the move made at each node.
    """
    tree = game.tree
    index = {name: i for i, name in enumerate(tree.action_names)}

    def policy(state: Any) -> dict[int, float]:
        # every legal action is listed, as OpenSpiel's policies list them (its bots read the keys)
        chosen = index[tree.strategy(state.node)]
        return {action: float(action == chosen) for action in state.legal_actions()}
    return policy


def _game_class(spec: SpielGame, game_type: Any, pyspiel: Any) -> type:
    """A ``pyspiel.Game`` subclass that plays ``spec``'s trees."""

    class Game(pyspiel.Game):
        def __init__(self, params: Mapping[str, Any] | None = None):
            tree = spec.tree(params)
            low, high = tree.utility_range
            total = getattr(tree, "utility_sum", None)
            info = pyspiel.GameInfo(
                num_distinct_actions=len(tree.action_names), max_chance_outcomes=len(tree.chance_names),
                num_players=len(tree.players), min_utility=float(low), max_utility=float(high),
                utility_sum=None if total is None else float(total), max_game_length=tree.longest)
            super().__init__(game_type, info, {**dict(spec.parameters), **dict(params or {})})
            self.tree = tree
            self.actions = {name: i for i, name in enumerate(tree.action_names)}
            self.outcomes = {name: i for i, name in enumerate(tree.chance_names)}

        def new_initial_state(self) -> Any:
            return State(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            return Observer(self.tree, iig_obs_type)

    class State(pyspiel.State):
        # OpenSpiel clones a state by deep-copying its attributes: the node alone is kept
        # here (a value), and the game is asked for when needed
        def __init__(self, game: Game):
            super().__init__(game)
            self.node = game.tree.root()

        def _moves(self) -> dict[int, Any]:
            # asked for twice a move (the legal actions, then the one applied): kept for the node
            known = getattr(self, "known", None)
            if known is not None and known[0] is self.node:
                return known[1]
            game = self.get_game()
            tree, node = game.tree, self.node
            ids = game.outcomes if tree.turn(node) == CHANCE else game.actions
            moves = {ids[label]: child for label, child in tree.moves(node)}
            self.known = (node, moves)
            return moves

        def current_player(self) -> int:
            mover = self.get_game().tree.turn(self.node)
            if mover is None:
                return pyspiel.PlayerId.TERMINAL
            return pyspiel.PlayerId.CHANCE if mover == CHANCE else mover

        def _legal_actions(self, player: int) -> list[int]:
            return sorted(self._moves())

        def chance_outcomes(self) -> list[tuple[int, float]]:
            game = self.get_game()
            tree, node = game.tree, self.node
            odds = tree.chances(node)
            return sorted((game.outcomes[label], float(p)) for (label, _), p in zip(tree.moves(node), odds))

        def _apply_action(self, action: int) -> None:
            self.node = self._moves()[action]

        def _action_to_string(self, player: int, action: int) -> str:
            tree = self.get_game().tree
            return (tree.chance_names if player == pyspiel.PlayerId.CHANCE else tree.action_names)[action]

        def is_terminal(self) -> bool:
            return self.get_game().tree.turn(self.node) is None

        def returns(self) -> list[float]:
            tree = self.get_game().tree
            if tree.turn(self.node) is not None:
                return [0.0] * len(tree.players)
            return [float(v) for v in tree.payoffs(self.node)]

        def __str__(self) -> str:
            tree = self.get_game().tree
            describe = getattr(tree, "describe", None)
            return describe(self.node) if describe is not None else repr(self.node)

    class Observer:
        """What a player knows, with perfect recall: the tree's information, as a string.  The
        games give information states only; an observation of another kind (without recall,
        or public only) would need what a tree does not say, and is refused."""

        def __init__(self, tree: PlayableGame, iig_obs_type: Any):
            import numpy as np
            if iig_obs_type is not None and not (
                    iig_obs_type.perfect_recall and iig_obs_type.public_info
                    and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER):
                raise ValueError(f"{spec.name} gives information states only (perfect recall, "
                                 f"what one player knows), not {iig_obs_type}")
            self.tree = tree
            self.tensor = np.zeros(0, np.float32)
            self.dict: dict[str, Any] = {}

        def set_from(self, state: Any, player: int) -> None:
            pass

        def string_from(self, state: Any, player: int) -> str:
            # the player is named: OpenSpiel's tabular policies key every player's states in one table
            return f"{self.tree.players[player]}: {self.tree.information(state.node, player)}"

    Game.__name__ = State.__name__ = "".join(part.title() for part in spec.name.split("_"))
    return Game


def _register_if_installed() -> None:
    """Register every game now, where OpenSpiel is installed (importing this module is the way in)."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return
    register_all()


_register_if_installed()
