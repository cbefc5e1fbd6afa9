"""Events to and from JSON text, through pydantic (the journal's payload column)."""

from __future__ import annotations

from functools import cache
from typing import Annotated

from pydantic import Field, TypeAdapter

from ledger.model.events import Event


@cache
def _adapter() -> TypeAdapter[Event]:
    """Built on first use (about 0.1 s), so a command that decodes no event never pays it."""
    return TypeAdapter(Annotated[Event, Field(discriminator="kind")])


def encode(event: Event) -> str:
    """The event as JSON text (Fractions as ``"5/2"``, times as ``{game_turn, op_stage}``)."""
    return _adapter().dump_json(event).decode()


def decode(payload: str) -> Event:
    """The event stored as ``payload``; raises ``pydantic.ValidationError`` on a corrupt row."""
    return _adapter().validate_json(payload)
