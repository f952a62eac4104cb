"""Three-player Pig's equations in plain Python, state by state: the reference the solvers are checked against.

The seed is /work/shared/seeds/004_df5fff68fc07d17b.txt (Bonnet, Neller and
Viennot 2018), section "Three-Player Pig".  A state is ``(i, j1, j2)``, the
mover's score first, counted up from 0; a vector is the win chances of
(mover, next, after); after a bust or a hold the next mover's vector is
seen from our seats by :func:`rotate`.
"""

from __future__ import annotations

import functools

WIN = (1.0, 0.0, 0.0)


def rotate(v):
    """The next mover's (mover, next, after) as (after, mover, next) of ours."""
    return (v[2], v[0], v[1])


def seed_equations(rules, starts, discount=1.0):
    """Each turn state's best vector, choice, and margin between holding and rolling, from the
    turn starts ``starts``, read off the seed's equations directly: a memoized recursion over ``k``.
    With a ``discount`` (Bellman's gamma) both sides of the choice are multiplied by it."""
    goal = rules.goal
    bust = float(rules.bust)
    outcomes = [(gain, float(chance)) for gain, chance in rules.outcomes]

    @functools.lru_cache(maxsize=None)
    def value(i, j1, j2, k):
        if i + k >= goal:
            return WIN, False, 1.0
        roll = [bust * x for x in rotate(starts[j1, j2, i])]
        for gain, chance in outcomes:
            after = value(i, j1, j2, k + gain)[0]
            roll = [r + chance * a for r, a in zip(roll, after)]
        roll = [discount * r for r in roll]
        if k == 0:
            return tuple(roll), False, 1.0
        hold = [discount * x for x in rotate(starts[j1, j2, i + k])]
        margin = abs(hold[0] - roll[0])
        return (tuple(hold), True, margin) if hold[0] > roll[0] else (tuple(roll), False, margin)

    return value


def turn_under(rules, starts, state, holds, bust_worth):
    """The turn-start vector of ``state`` and the mover's margins (hold less roll, his own
    chance) at each turn total, when he holds at ``k`` with chance ``holds.get(k, 0)`` and a
    bust is worth ``bust_worth`` (in his seats); holds are worth ``starts`` of the next mover."""
    i, j1, j2 = state
    goal = rules.goal
    bust = float(rules.bust)
    outcomes = [(gain, float(chance)) for gain, chance in rules.outcomes]
    holds_to = starts[j1, j2].tolist()  # Python floats: the same numbers, read faster than numpy's
    after: dict[int, tuple] = {}
    margins = {}
    for k in range(goal - i - 1, -1, -1):
        roll = [bust * x for x in bust_worth]
        for gain, chance in outcomes:
            reached = after.get(k + gain, WIN)
            roll = [r + chance * a for r, a in zip(roll, reached)]
        if k == 0:
            return tuple(roll), margins
        hold = rotate(holds_to[i + k])
        margins[k] = hold[0] - roll[0]
        q = holds.get(k, 0.0)
        after[k] = tuple(q * h + (1 - q) * r for h, r in zip(hold, roll))
    raise AssertionError("a turn starts below the goal")


def orbit_values(rules, starts, orbit, holds):
    """The start vectors of the orbit ``(A, B, C)`` (each the next one's rotation; all three the
    same state for ``(a, a, a)``) when the mover at ``X`` holds as ``holds[X]`` says.  A bust at
    ``X`` passes the turn to the next state, so ``V_X = T_X(rotate(V_next))``, with ``T_X``
    affine, ``T_X(b) = s_X + beta_X b``; three rotations are the identity."""
    made = {}  # a state of the orbit met again (all three in (a, a, a)) is worked out once
    for state in orbit:
        if state not in made:
            s, _ = turn_under(rules, starts, state, holds.get(state, {}), (0.0, 0.0, 0.0))
            beta = turn_under(rules, starts, state, holds.get(state, {}), (1.0, 0.0, 0.0))[0][0] - s[0]
            made[state] = (s, beta)
    parts = [made[state] for state in orbit]
    values = []
    for x in range(3):
        (sx, bx), (sy, by), (sz, bz) = parts[x], parts[(x + 1) % 3], parts[(x + 2) % 3]
        once, twice = rotate(sy), rotate(rotate(sz))
        values.append(tuple((sx[n] + bx * once[n] + bx * by * twice[n]) / (1 - bx * by * bz) for n in range(3)))
    return values
