"""What every command returns: the events to append, or every error that refused it (never both)."""

from __future__ import annotations

from dataclasses import dataclass

from ledger.model.errors import LedgerError
from ledger.model.events import Event


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a command: events to append, or the errors that refused it (never both)."""

    events: tuple[Event, ...] = ()
    errors: tuple[LedgerError, ...] = ()

    @property
    def ok(self) -> bool:
        """True when the command was accepted."""
        return not self.errors


def refuse(*errors: LedgerError) -> Outcome:
    """The ``Outcome`` of a refused command: no events, every error given."""
    return Outcome(errors=tuple(errors))
