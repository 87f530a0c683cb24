"""Take-and-break code syntax: CGSuite's spellings, normalisation and clear errors."""

import pytest
from hypothesis import given, strategies as st

from cgt.errors import UnknownOctalCodeError
from cgt.impartial import TakeAndBreak, parse_code
from cgt.impartial.take_and_break import LoopyCodeError


@pytest.mark.parametrize("text, normal", [
    ("0.77", "0.77"),
    ("0.770", "0.77"),              # trailing zero digits dropped
    ("04.0", "4.0"),                # leading zeros before d0 dropped
    ("4!.0", "4!.0"),
    ("4.", "4.0"),
    ("0.[3]", "0.[3]"),
    ("0.3[00]", "0.3"),             # an all-zero repeat is no repeat
    ("4.[3]", "4.[3]"),
    ("0.3003330[3]", "0.3003330[3]"),
    ("0.3!", "0.3"),                # a constraint on fewer than two heaps means nothing
    ("0.7!", "0.7!"),
    ("0.{1,2!}", "0.6!"),
    ("0.{2!,3!}", "0.C!"),
    ("0.{1,2!,3=}", "0.{1,2!,3=}"),
    ("{2+}=.0", "{2+}=.0"),
    ("0.{0+}", "0.*"),
    ("0.3f", "0.3F"),               # base-32 digits are case-insensitive
    ("0.&64;", "0.&64;"),
])
def test_normal_form_is_cgsuites_spelling(text, normal):
    assert str(parse_code(text)) == normal


@pytest.mark.parametrize("text, position, character", [
    ("0.7X", 3, "X"),
    ("0..7", 2, "."),
    ("0.3]", 3, "]"),
    ("0.[3]4", 5, "4"),
    ("0.{a}", 3, "a"),
    ("0.7#", 3, "#"),
    (".7", 0, "."),
])
def test_malformed_codes_name_the_character_and_position(text, position, character):
    with pytest.raises(UnknownOctalCodeError) as info:
        parse_code(text)
    assert isinstance(info.value, ValueError)
    assert info.value.position == position
    assert f"position {position}" in str(info.value) and repr(character) in str(info.value)


@pytest.mark.parametrize("text", ["077", "0.[3", "0.{2", "0.&12"])
def test_unfinished_codes_are_errors(text):
    with pytest.raises(UnknownOctalCodeError, match="take-and-break code"):
        parse_code(text)


@pytest.mark.parametrize("text", ["2.0", "1.0", "6.7", "24.0", "44.0"])
def test_codes_that_can_leave_a_heap_unchanged_are_refused(text):
    with pytest.raises(LoopyCodeError):
        TakeAndBreak(text)


def test_adding_tokens_is_allowed_when_every_heap_shrinks():
    # Add one token and leave three heaps: each is at most n - 1.
    assert TakeAndBreak("8.0").code == "8.0"
    assert TakeAndBreak("80.0").code == "80.0"
    assert TakeAndBreak("80.0").heap_options(4) == [(1, 1, 3), (1, 2, 2)]


codes = st.builds(
    lambda d0, digits, repeat: d0 + "." + "".join(digits) + (f"[{repeat}]" if repeat else ""),
    st.sampled_from(["0", "4", "4!", "8", "C?"]),
    st.lists(st.sampled_from(list("0123456789ABCDEFV") + ["7!", "F=", "{2+}", "*", "{1,3!}"]),
             max_size=5),
    st.sampled_from(["", "3", "03", "7"]),
)


@given(codes)
def test_printing_then_parsing_gives_the_same_code(text):
    code = parse_code(text)
    assert parse_code(str(code)) == code
    assert str(parse_code(str(code))) == str(code)
