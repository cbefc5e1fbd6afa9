"""Events to and from JSON text, through pydantic (the journal's payload column)."""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import Field, TypeAdapter

from ledger.model.events import Event

_EVENT: Final = TypeAdapter(Annotated[Event, Field(discriminator="kind")])


def encode(event: Event) -> str:
    """The event as JSON text (Fractions as ``"5/2"``, times as ``{game_turn, op_stage}``)."""
    return _EVENT.dump_json(event).decode()


def decode(payload: str) -> Event:
    """The event stored as ``payload``; raises ``pydantic.ValidationError`` on a corrupt row."""
    return _EVENT.validate_json(payload)
