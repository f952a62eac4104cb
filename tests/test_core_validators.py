"""The shared input checks: what they accept, and the one-line errors they raise."""

from __future__ import annotations

import attrs
import pytest

from epistemic import EpistemicError
from epistemic.validators import (between, instance_of, is_whole, one_of, text_line, validator, whole_number,
                                  whole_number_at_least)


class GameError(EpistemicError):
    pass


@pytest.mark.parametrize("check, message", [
    (lambda: whole_number("3", "n"), "n must be a whole number, got '3'"),
    (lambda: whole_number(1, "n", at_least=2), "n must be at least 2, got 1"),
    (lambda: whole_number(9, "n", at_least=2, at_most=8), "n must be at most 8, got 9"),
    (lambda: whole_number_at_least(False, 0, "depth"), "depth must be a whole number of at least 0, got False"),
    (lambda: between(201, 1, 200, "--depth"), "--depth must be between 1 and 200, got 201"),
    (lambda: instance_of(None, str, "a name is text"), "a name is text, got None"),
    (lambda: instance_of([], dict, "rows are a mapping", type_name=True), "rows are a mapping, got list"),
    (lambda: one_of("png", ("svg", "dot"), "format"), "unknown format 'png': use one of svg, dot"),
    (lambda: text_line("  ", "a claim is a line"), "a claim is a line, got '  '"),
    (lambda: text_line("a b", "a name is a word", word=True), "a name is a word, got 'a b'"),
    (lambda: text_line("two\nlines", "a claim is a line"), "a claim is a line, got 'two\\nlines'"),
])
def test_each_check_says_what_it_expected_and_what_it_got(check, message):
    with pytest.raises(EpistemicError) as caught:
        check()
    assert str(caught.value) == message


def test_checks_return_what_they_accept_and_raise_the_error_asked_for():
    assert whole_number(0, "n", at_least=0, at_most=0) == 0
    assert whole_number_at_least(2, 2, "depth") == 2
    assert between(1, 1, 200, "--depth") == 1 and between(200, 1, 200, "--depth") == 200
    assert text_line("a\tb", "a line") == "a\tb" and is_whole(-3) and not is_whole(True)
    with pytest.raises(GameError, match="unknown rule 'x'"):
        one_of("x", ("y",), "rule", error=GameError)


def test_validator_runs_its_check_on_an_attrs_field():
    @attrs.frozen
    class Seats:
        count: int = attrs.field(validator=validator(whole_number, "count", at_least=1, error=GameError))

    assert Seats(2).count == 2
    with pytest.raises(GameError, match="count must be at least 1, got 0"):
        Seats(0)
