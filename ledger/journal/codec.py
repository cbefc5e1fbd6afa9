"""Events (and folded states) to and from JSON text: the journal's ``payload`` column and the
snapshots' ``state`` column.

The text is the one the journal has always held: fields in declaration order, exact
``Fraction``s as ``"5/2"``, game times as ``{game_turn, op_stage}``, tuples as arrays, each event
tagged by its ``kind``. It is written and read with msgspec: a typed decoder per event kind,
built once, checks every field's type as it builds the frozen dataclasses (no per-row schema
walk), so reading a journal costs a few microseconds an event (issue 14: decoding was a third
of a full replay) and importing the codec does not import pydantic.
"""

from __future__ import annotations

import functools
import typing
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

import msgspec

from ledger.model.events import Event, EventUndone, ReversibleEvent
from ledger.model.source import Source
from ledger.model.state import GameState


class CorruptPayloadError(ValueError):
    """A stored payload is not the JSON of an event (or state) of this ledger's kinds: the row
    was written by another program or another schema. The message names the kind and why."""


@functools.lru_cache(maxsize=4096)
def _fraction(value: str | int) -> Fraction:
    """``Fraction(value)``, kept: a journal repeats a few quantities ("1/4", "1/2", "0") a
    million times, and a ``Fraction`` never changes, so one object serves every event."""
    return Fraction(value)


def _decode_fraction(kind: type, value: Any) -> Any:
    """msgspec's hook for the types it does not know: exact ``Fraction``s from ``"5/2"`` (or
    a whole number). Anything else is a ``TypeError`` or ``ValueError``, which msgspec reports
    as a ``ValidationError`` naming the field."""
    if kind is not Fraction:
        raise TypeError(f"no decoding for {kind!r}")
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise TypeError(f"not an exact quantity: {value!r}")
    try:
        return _fraction(value)
    except (ValueError, ZeroDivisionError) as exc:
        raise ValueError(f"not an exact quantity: {value!r}") from exc


def _encode_fraction(value: Any) -> Any:
    """msgspec's hook on writing: a ``Fraction`` as ``"5/2"`` (``"3"`` when whole)."""
    if isinstance(value, Fraction):
        return str(value)
    raise NotImplementedError(f"cannot write {type(value).__name__}")


_ENCODER: Final = msgspec.json.Encoder(enc_hook=_encode_fraction)


@dataclass(frozen=True, slots=True)
class _Kind:
    kind: str


@dataclass(frozen=True, slots=True)
class _Undone:
    """``EventUndone`` as stored; its ``undone`` event is decoded by its own kind (msgspec
    cannot choose among dataclasses in a union)."""

    source: Source
    undone_seq: int
    undone: msgspec.Raw


def _kind_of(cls: type) -> str:
    kind: str = cls.__dataclass_fields__["kind"].default  # type: ignore[attr-defined]
    return kind


@functools.cache
def _decoders() -> dict[str, msgspec.json.Decoder[Any]]:
    """A typed decoder for every event kind but ``event_undone`` (built on first use)."""
    kinds = typing.get_args(Event)
    return {
        _kind_of(cls): msgspec.json.Decoder(cls, dec_hook=_decode_fraction)
        for cls in kinds
        if cls is not EventUndone
    }


_REVERSIBLE: Final = frozenset(_kind_of(cls) for cls in typing.get_args(ReversibleEvent))


@functools.cache
def _helper_decoders() -> tuple[msgspec.json.Decoder[_Kind], msgspec.json.Decoder[_Undone]]:
    return (
        msgspec.json.Decoder(_Kind),
        msgspec.json.Decoder(_Undone, dec_hook=_decode_fraction),
    )


def encode(event: Event) -> str:
    """The event as JSON text (Fractions as ``"5/2"``, times as ``{game_turn, op_stage}``)."""
    return _ENCODER.encode(event).decode()


def decode(payload: str | bytes, kind: str | None = None) -> Event:
    """The event stored as ``payload`` (its ``kind`` column, when known, saves a look into the
    text). Raises ``CorruptPayloadError`` naming the kind and the field when the text is not
    an event of that kind."""
    kinds, undone = _decoders(), _helper_decoders()
    try:
        if kind is None:
            kind = undone[0].decode(payload).kind
        if kind == "event_undone":
            row = undone[1].decode(payload)
            inner = undone[0].decode(row.undone).kind
            if inner not in _REVERSIBLE:
                raise msgspec.ValidationError(f"a {inner} cannot be undone")
            event = kinds[inner].decode(row.undone)
            return EventUndone(row.source, row.undone_seq, event)
        if kind not in kinds:
            raise msgspec.ValidationError(f"no event kind {kind!r}")
        decoded: Event = kinds[kind].decode(payload)
    except (msgspec.ValidationError, msgspec.DecodeError, KeyError) as exc:
        raise CorruptPayloadError(f"not a journal event ({kind}): {exc}") from exc
    if decoded.kind != kind:
        raise CorruptPayloadError(f"a {decoded.kind} event stored as {kind}")
    return decoded


@functools.cache
def _state_decoder() -> msgspec.json.Decoder[GameState]:
    return msgspec.json.Decoder(GameState, dec_hook=_decode_fraction)


def encode_state(state: GameState) -> str:
    """A folded state as JSON text (a snapshot's ``state`` column)."""
    return _ENCODER.encode(state).decode()


def decode_state(text: str | bytes) -> GameState:
    """The state stored as ``text``. Raises ``CorruptPayloadError`` when it is not one."""
    try:
        return _state_decoder().decode(text)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise CorruptPayloadError(f"not a folded state: {exc}") from exc
