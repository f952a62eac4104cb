"""The pirate game's experiments for ``epistemic experiment``: Stewart's question, cell by cell.

Stewart (1999), quoted by seed ``000``: with 100 coins "the pirates who
avoid this fate [of being thrown overboard] are [...] pirates whose number
equals 200 plus a power of 2".  :func:`survivors` asks it of one crew of
``n`` pirates sharing ``M`` coins under one set of :class:`~.rules.Rules`,
so that a sweep over ``(n, M)`` and every rule variant tabulates who
lives.

One cell solves the whole game with the model's :class:`~.predict.PirateSolver`
(what :func:`~.stewart.surviving_crews` does for its largest crew): the
first proposer's fate rests on every later round, so a cell costs the
rounds ``n`` down to 1.  On a shared core, 10,000 pirates take about 1 s
with 100 coins and 6 s with 1,000; 100,000 about 8 s and 12 s; 1,000,000
about two minutes and 0.8 to 0.9 GB either way, past any bound of a few
seconds.  A sweep over every ``n`` up to some ``N`` at one ``M`` repeats
that work for each ``n``; ``surviving_crews(N, M, rules)`` answers all of
them with one solver, and is the tool for long runs of crews.

Examples
--------
>>> [n for n in range(201, 210) if survivors(n, 100)["survives"]]
[201, 202, 204, 208]
"""

from __future__ import annotations

from epistemic import Knowledge
from epistemic.experiments import Experiment, Parameter

from .solver import PirateSolver
from .rules import DOOMED_PROPOSERS, INDIFFERENT, MAJORITIES, Rules

__all__ = ["EXPERIMENTS", "survivors", "weighed_odds", "stewart_left", "MAX_PIRATES", "MAX_COINS"]

#: The largest crew and treasure a cell takes: Stewart's question asks up to these.  A crew of
#: 1,000,000 takes about two minutes and 0.9 GB (see the module's notes), so a sweep's workers need that much.
MAX_PIRATES = 10 ** 6
MAX_COINS = 1000


def stewart_left(pirates: int, coins: int) -> int:
    """The crew Stewart's rule says is left when the game ends: all ``n`` up to ``2M``,
    beyond that the largest ``2M + 2**k`` that is at most ``n``.

    >>> [stewart_left(n, 100) for n in (150, 200, 201, 203, 204, 263, 264, 1000)]
    [150, 200, 201, 202, 204, 232, 264, 712]
    """
    beyond = pirates - 2 * coins
    if beyond <= 0:
        return pirates
    return 2 * coins + (1 << (beyond.bit_length() - 1))


def survivors(pirates: int, coins: int, majority: str = "half", proposer_votes: bool = True,
              indifferent: str = "no", doomed_proposer: str = "buys") -> dict:
    """One cell of Stewart's question: does the first of ``pirates`` proposers survive?

    The game is played without promises under the rules the switches name
    (:class:`~.rules.Rules`; the defaults are the seed's).

    Parameters
    ----------
    pirates : int
        ``n``, the crew; the first proposer is its highest-ranked pirate.
    coins : int
        ``M``, the treasure.
    majority, proposer_votes, indifferent, doomed_proposer
        The rules of the vote, as :class:`~.rules.Rules` takes them.

    Returns
    -------
    dict
        ``survives``: whether the first proposer's offer passes;
        ``thrown``: how many proposers go overboard before one passes;
        ``left``: the crew that ends the game (``n - thrown``);
        ``keeps``: the coins the proposer who passes keeps;
        ``stewart``: whether Stewart's rule (``n <= 2M`` or ``n = 2M + 2**k``)
        says the first proposer survives, and ``stewart_left`` the crew it
        says is left (:func:`stewart_left`): under the seed's rules they
        are ``survives`` and ``left``, under others a table compares.

    Notes
    -----
    The cost is one solve of ``n`` rounds: about 1 s for 10,000 pirates
    with 100 coins, two minutes for 1,000,000 (see the module's notes).

    Examples
    --------
    >>> survivors(203, 100)
    {'survives': False, 'thrown': 1, 'left': 202, 'keeps': 0, 'stewart': False, 'stewart_left': 202}
    >>> survivors(203, 100, majority="strict")["survives"]   # a tie fails: 2M - 1 + 2**k lives
    True
    """
    rules = Rules(majority=majority, proposer_votes=proposer_votes, indifferent=indifferent,
                  doomed_proposer=doomed_proposer)
    first = PirateSolver(pirates, coins, rules=rules).prediction(1, Knowledge.of([]))
    ends = first.outcome
    left = stewart_left(pirates, coins)
    return {"survives": first.accepted, "thrown": ends.first - 1, "left": pirates - ends.first + 1,
            "keeps": ends.share(ends.first), "stewart": left == pirates, "stewart_left": left}


def weighed_odds(pirates: int, coins: int, odds: str, maker: int = 2, death_value: float = 0.0) -> dict:
    """One cell of the map of where belief and odds part: the first round's play of the seed's
    pirates, who believe what they heard, against that of pirates who give the odds ``odds``
    to a subgroup promise (:class:`~epistemic.models.pirates.odds.OddsSolver`): pirate ``maker`` tells the last pirate
    alone that he will give him every coin, as in docs/interop.md's two games.

    Parameters
    ----------
    pirates, coins : int
    odds : str
        The odds the pirates outside give it, such as ``"9/10"``.
    maker : int
        The promise's maker, from 2 to ``pirates - 1``.
    death_value : float
        Below 0: death is worth that many coins and pirates weigh expected worth; 0 (the
        default): they rank survival first and expected coins second.

    Returns
    -------
    dict
        ``belief``: the first proposer's offer on what he heard (the seed's);
        ``made`` and ``not_made``: his offer as one who weighs the odds, where the promise was
        made and where it was not (they differ only if he heard it); ``parts``: whether
        either differs from ``belief``; ``p1_alive`` and ``p1_coins``: his chance to survive and
        his expected coins when he weighs the odds, before chance is seen.

    Examples
    --------
    >>> cell = weighed_odds(3, 3, "1/2", death_value=-1.0)   # docs/interop.md: p1's regret 1/2
    >>> cell["belief"], cell["made"], cell["parts"]
    ('p3:1 p2:0 p1:2', 'p3:1 p2:1 p1:1', True)
    """
    from fractions import Fraction

    from .odds import MADE, NOT_MADE, OddsSolver
    from .worth import Worth, fate
    from .game import PirateGame, PirateGameError, promise
    from .tree import parse_chance

    if not 2 <= maker < pirates:
        raise PirateGameError(f"the promise's maker is one of p2 to p{pirates - 1}, got p{maker}")
    chance = parse_chance(odds, "the odds")
    every_coin = [coins] + [0] * (pirates - maker)   # lowest-ranked pirate first
    game = PirateGame(pirates, coins, [promise(pirates, maker, every_coin, hearers=[pirates])])
    solver = OddsSolver(game, chance, Worth(Fraction(death_value) if death_value else None))
    belief = str(game.play().rounds[0].offer)
    first = solver.round(1)
    offers = (str(first.offers[MADE]), str(first.offers[NOT_MADE]))
    fates = [fate(solver.outcome(w), 1) for w in (MADE, NOT_MADE)]
    weights = (chance, 1 - chance)
    return {"belief": belief, "made": offers[0], "not_made": offers[1], "parts": any(o != belief for o in offers),
            "p1_alive": float(sum(w * f[0] for w, f in zip(weights, fates))),
            "p1_coins": float(sum(w * f[1] for w, f in zip(weights, fates)))}


#: The pirate game's experiments (docs/adding-a-model.md).
EXPERIMENTS = (
    Experiment("survivors", survivors,
               "whether the first proposer of n pirates and M coins survives, and how many are thrown, under "
               "any rules; one cell solves n rounds: ~1-6 s at 10,000 pirates, ~2 min and ~0.9 GB at 1,000,000",
               (Parameter("pirates", int, "n, the crew (a cell at 10**6 takes ~2 min and ~0.9 GB)",
                          low=1, high=MAX_PIRATES),
                Parameter("coins", int, "M, the coins to share", low=1, high=MAX_COINS),
                Parameter("majority", str, "half: a tie passes (the seed's); strict: more than half",
                          default="half", choices=MAJORITIES),
                Parameter("proposer_votes", bool, "whether the proposer votes (the seed's: true)", default=True),
                Parameter("indifferent", str, "how a pirate offered what he expects votes: no (the seed's) or yes",
                          default="no", choices=INDIFFERENT),
                Parameter("doomed_proposer", str, "what a proposer who cannot win offers: buys votes (this "
                          "model's) or keeps everything", default="buys", choices=DOOMED_PROPOSERS))),
    Experiment("odds", weighed_odds,
               "where pirates who weigh the odds of a subgroup promise (pK tells the last pirate alone he will give "
               "him every coin) part from the seed's, who believe "
               "what they heard: the first offer of each, and the first proposer's fate, by odds",
               (Parameter("pirates", int, "n, the crew", low=2, high=1000),
                Parameter("coins", int, "M, the coins to share", low=0, high=MAX_COINS),
                Parameter("odds", str, "the odds the others give the promise, e.g. '9/10'"),
                Parameter("maker", int, "the pirate who promises the last pirate every coin, telling him alone",
                          default=2, low=2, high=999),
                Parameter("death_value", float, "below 0: the worth of death in coins; 0: survival first",
                          default=0.0, high=0.0))),
)
