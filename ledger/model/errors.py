"""User-data errors as values (DESIGN §3): a command or file check returns every problem at once."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LedgerError:
    """One problem with what a player asked or supplied.

    ``field`` names the input (``"cp"``, ``"--from"``, ``"unit[12].toe"``), ``message`` says what
    was expected, what was found and the difference, and ``case`` the rule case it enforces.
    ``location`` is where the input came from (``"graziani.toml:120"``), when it came from a file.
    """

    field: str
    message: str
    case: str = ""
    location: str = ""

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location else ""
        rule = f" ({self.case})" if self.case and self.case not in self.message else ""
        return f"{where}{self.field}: {self.message}{rule}"
