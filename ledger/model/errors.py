"""User-data errors as values (DESIGN §3): a command or file check returns every problem at once."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LedgerError:
    """One problem with what a player asked or supplied.

    ``field`` names the input (``"cp"``, ``"--from"``, ``"unit[12].toe"``), ``message`` says what
    was expected, what was found and the difference, and ``case`` the rule case it enforces.
    ``location`` is where the input came from (``"graziani.toml:120"``), when it came from a file.
    ``secret_of`` names the side whose secrets the message tells (11.36: its stocks, say);
    a seat of the other side reads ``instead`` (``for_side``).
    """

    field: str
    message: str
    case: str = ""
    location: str = ""
    secret_of: str | None = None
    instead: str = ""

    def for_side(self, side: str | None) -> LedgerError:
        """This error as a seat of ``side`` reads it (``None``: the umpire or the solo
        table, who read everything): the ``instead`` text when it tells the other side's
        secrets."""
        if side is None or self.secret_of is None or self.secret_of == side:
            return self
        told = self.instead or "refused: the reason is the other side's secret (11.36)"
        return LedgerError(self.field, told, self.case, self.location)

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location else ""
        rule = f" ({self.case})" if self.case and self.case not in self.message else ""
        return f"{where}{self.field}: {self.message}{rule}"
