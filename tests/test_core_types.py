"""Agents, announcements and knowledge: validation, value semantics, audiences."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Agent, Announcement, EpistemicError, Knowledge
from strategies import agent_lists, agent_names, announcement_sets, announcements_over

FAST = settings(max_examples=60, deadline=None)

A, B, C = Agent("a"), Agent("b"), Agent("c")


def one_line(error: BaseException) -> str:
    message = str(error)
    assert message, "an error must say what went wrong"
    assert "\n" not in message and "\r" not in message, f"message spans lines: {message!r}"
    return message


# errors ---------------------------------------------------------------------

def test_epistemic_error_is_a_value_error():
    assert issubclass(EpistemicError, ValueError)


# agents ---------------------------------------------------------------------

@pytest.mark.parametrize("name", ["", " ", "a b", " a", "a ", "\n", "a\n", "\ta"])
def test_agent_rejects_names_that_are_not_one_word(name):
    with pytest.raises(EpistemicError) as caught:
        Agent(name)
    one_line(caught.value)


@pytest.mark.parametrize("name", [None, 3, 1.5, b"p1", ("p1",)])
def test_agent_rejects_non_strings(name):
    with pytest.raises(EpistemicError) as caught:
        Agent(name)
    one_line(caught.value)


@pytest.mark.parametrize("name", ["a\tb", "a\nb", "a\u00a0b"])
def test_agent_rejects_inner_whitespace(name):
    with pytest.raises(EpistemicError):
        Agent(name)


@given(agent_names)
@FAST
def test_agent_value_semantics(name):
    one, other = Agent(name), Agent(str(name))
    assert one == other and one is not other
    assert hash(one) == hash(other)
    assert {one: 1}[other] == 1
    assert str(one) == name
    assert repr(one) == f"Agent({name!r})"


@given(agent_names, agent_names)
@FAST
def test_agents_order_and_differ_by_name(x, y):
    ax, ay = Agent(x), Agent(y)
    assert (ax == ay) == (x == y)
    assert (ax < ay) == (x < y)
    assert sorted([ay, ax]) == [Agent(n) for n in sorted([y, x])]


def test_a_subclass_agent_is_the_agent_of_its_name():
    # a game's own agents carry more about themselves, and stay the agents of their names
    @attrs.frozen(eq=False)
    class Player(Agent):
        seat: int = 0

    player = Player("a", seat=3)
    assert player == A and A == player and player != B
    assert hash(player) == hash(A)
    assert player in {A, B} and {A: "plain"}[player] == "plain" and {player: "own"}[A] == "own"
    assert sorted([Player("c"), B, player]) == [A, B, C]


def test_agent_is_frozen():
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        A.name = "z"


# announcements --------------------------------------------------------------

@pytest.mark.parametrize(
    "make",
    [
        lambda: Announcement("a", "x"),                     # speaker not an Agent
        lambda: Announcement(None, "x"),
        lambda: Announcement(A, ["unhashable"]),            # content must be hashable
        lambda: Announcement(A, {"k": 1}),
        lambda: Announcement(A, ("nested", ["list"])),
        lambda: Announcement(A, "x", [B]),                  # speaker missing from audience
        lambda: Announcement(A, "x", []),
        lambda: Announcement(A, "x", B),
        lambda: Announcement(A, "x", ["a"]),                # audience of non-agents
        lambda: Announcement(A, "x", [A, "b"]),
        lambda: Announcement.private(A, "x", ["b"]),
    ],
)
def test_announcement_validation(make):
    with pytest.raises(EpistemicError) as caught:
        make()
    one_line(caught.value)


def test_announcement_public_and_private():
    public = Announcement(A, "x")
    assert public.is_public and public.audience is None
    assert all(public.heard_by(agent) for agent in (A, B, C, Agent("stranger")))

    secret = Announcement.private(A, "x", [B])
    assert not secret.is_public
    assert secret.audience == frozenset({A, B})
    assert secret.heard_by(A) and secret.heard_by(B) and not secret.heard_by(C)
    assert secret != public


def test_announcement_audience_may_be_a_single_agent():
    assert Announcement(A, "x", A).audience == frozenset({A})
    assert Announcement.private(A, "x", B).audience == frozenset({A, B})


@given(agent_lists(min_size=1, max_size=6), st.data())
@FAST
def test_private_adds_the_speaker(pool, data):
    speaker = data.draw(st.sampled_from(pool))
    hearers = data.draw(st.lists(st.sampled_from(pool), unique=True))
    said = Announcement.private(speaker, "x", hearers)
    assert said.audience == frozenset(hearers) | {speaker}
    assert said.speaker in said.audience
    for agent in pool:
        assert said.heard_by(agent) == (agent == speaker or agent in hearers)
    # the same audience given directly, in another order, is the same announcement
    direct = Announcement(speaker, "x", list(reversed([speaker, *hearers])))
    assert direct == said and hash(direct) == hash(said)


@given(agent_lists(min_size=1, max_size=4), st.data())
@FAST
def test_announcement_value_semantics(pool, data):
    said = data.draw(announcements_over(pool))
    again = Announcement(Agent(said.speaker.name), said.content,
                         None if said.audience is None else list(said.audience))
    assert again == said and hash(again) == hash(said)
    assert {said: "here"}[again] == "here"
    assert Announcement(said.speaker, ("other", said.content), said.audience) != said


def test_announcement_str():
    assert str(Announcement(A, "hi")) == "a to everyone: hi"
    assert str(Announcement.private(B, "hi", [C, A])) == "b to {a, b, c}: hi"


# knowledge ------------------------------------------------------------------

@given(agent_lists(min_size=1, max_size=4), st.data())
@FAST
def test_knowledge_is_a_value(pool, data):
    told = data.draw(announcement_sets(pool, max_size=6))
    shuffled = data.draw(st.permutations(told))
    one, other = Knowledge.of(told), Knowledge.of(shuffled + told[:1])  # order and repeats
    assert one == other and hash(one) == hash(other)
    assert {one: 1}[other] == 1
    assert len(one) == len(set(told))
    assert all(a in one for a in told)
    assert Knowledge(told) == one                                 # the converter freezes
    assert list(one) == list(other)                               # iteration is canonical
    assert sorted(map(str, one)) == sorted(map(str, set(told)))
    if told:
        smaller = Knowledge.of(told[1:])
        assert smaller != one and smaller < one and not one <= smaller


def test_knowledge_is_frozen():
    k = Knowledge.of([Announcement(A, "x")])
    assert isinstance(k.announcements, frozenset)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        k.announcements = frozenset()


def test_knowledge_order_is_inclusion():
    x, y = Announcement(A, "x"), Announcement(B, "y")
    kx, kxy = Knowledge.of([x]), Knowledge.of([x, y])
    assert kx <= kxy and kx < kxy and not kxy <= kx and not kx < kx and kx <= kx
    assert not Knowledge.of([y]) <= kx


def test_knowledge_str():
    assert str(Knowledge.of([])) == "{}"
    k = Knowledge.of([Announcement(B, "y"), Announcement(A, "x")])
    assert str(k) == "{a to everyone: x; b to everyone: y}"


@given(agent_lists(min_size=1, max_size=5), st.data())
@FAST
def test_seen_by_keeps_exactly_what_the_agent_heard(pool, data):
    told = data.draw(announcement_sets(pool, max_size=6))
    agent = data.draw(st.sampled_from(pool))
    k = Knowledge.of(told)
    seen = k.seen_by(agent)
    assert seen.announcements == {a for a in told if a.is_public or agent in a.audience}
    assert seen <= k
    assert seen.seen_by(agent) == seen                         # idempotent
    if seen == k:
        assert seen is k                                       # nothing dropped: the same value
    # what j believes i knows is what i knows of what j knows, either way round
    other = data.draw(st.sampled_from(pool))
    assert seen.seen_by(other) == k.seen_by(other).seen_by(agent)


def test_seen_by_outsider_and_insider():
    told = Announcement.private(B, "x", [C])
    said = Announcement(A, "y")
    k = Knowledge.of([told, said])
    assert k.seen_by(A) == Knowledge.of([said])
    assert k.seen_by(B) == k and k.seen_by(C) == k
    assert k.seen_by(Agent("nobody")) == Knowledge.of([said])
    assert k.restricted(lambda a: a.is_public) == Knowledge.of([said])
    assert k.restricted(lambda a: True) is k


@pytest.mark.parametrize("junk", [["not an announcement"], "abc", [1, 2]])
def test_knowledge_rejects_non_announcements(junk):
    with pytest.raises(EpistemicError):
        Knowledge.of(junk)
