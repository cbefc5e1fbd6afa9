"""Gathering every problem of one bfna request, so a player sees them all at once.

A request is checked in as few rounds as the checks allow: pydantic validation (which also
looks up unit types, terrain, hexsides, result codes and each unit's consistency in the domain),
the rulings and the named file (CRT CSV or map) are checked together; only the checks that need
all of those valid (a combat's setup, the units asked for on the map) come after.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ledger.charts.ruling import Ruling
from ledger.io import files
from ledger.io.combat_request import RequestError
from ledger.io.games import case_in, chosen_rulings, field_path, validation_errors
from ledger.model.errors import LedgerError

Model = TypeVar("Model", bound=BaseModel)
T = TypeVar("T")


def pydantic_errors(
    exc: ValidationError, cases: Mapping[str, str], *, prefix: str = "", origin: str = ""
) -> list[LedgerError]:
    """pydantic's errors as ``LedgerError``s, one per problem, as
    ``ledger.io.games.validation_errors`` makes them (a domain check run inside the model keeps
    its own message and case). ``prefix`` goes before each field path (``"grid."``),
    ``origin`` (a file name) before each message."""
    found = []
    for err, shared in zip(exc.errors(), validation_errors(exc, cases), strict=True):
        field, message = shared.field, shared.message
        if prefix:
            field = prefix + (field_path(tuple(err["loc"])) or "")
            field = field.rstrip(".")
        if origin:
            message = f"{origin}: {message}"
        found.append(LedgerError(field, message, shared.case))
    return found


def _ruling_choices(data: Any) -> dict[str, str] | None:
    """The request's ``rulings`` when they have the right shape (pydantic reports them
    otherwise)."""
    given = data.get("rulings") if isinstance(data, dict) else None
    if isinstance(given, dict) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in given.items()
    ):
        return given
    return None


def text_field(data: Any, name: str) -> str | None:
    """The request's field ``name`` when it is text (pydantic reports it otherwise)."""
    value = data.get(name) if isinstance(data, dict) else None
    return value if isinstance(value, str) else None


class Problems:
    """The problems of one request so far (``errors``), each a ``LedgerError``."""

    def __init__(self) -> None:
        self.errors: list[LedgerError] = []

    def add(self, field: str, message: str, case: str = "") -> None:
        """One more problem; its case is read from the message when not given."""
        self.errors.append(LedgerError(field, message, case or case_in(message)))

    def validate(self, model: type[Model], data: Any, cases: Mapping[str, str]) -> Model | None:
        """``data`` as ``model``, or ``None`` with its problems added (``pydantic_errors``)."""
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            self.errors.extend(pydantic_errors(exc, cases))
            return None

    def rulings(self, rulings: Sequence[Ruling], data: Any) -> dict[str, str]:
        """Each ruling's option in force (``chosen_rulings`` on the request's ``rulings``), the
        defaults with the problems added when one is unknown."""
        try:
            return chosen_rulings(rulings, _ruling_choices(data))
        except RequestError as exc:
            self.errors.extend(exc.errors)
            return chosen_rulings(rulings, None)

    def attempt(self, work: Callable[[], T]) -> T | None:
        """``work()``, or ``None`` with the problems of its ``RequestError`` added."""
        try:
            return work()
        except RequestError as exc:
            self.errors.extend(exc.errors)
            return None

    def check(self) -> None:
        """Raise ``RequestError`` with every problem gathered, if there is any."""
        if self.errors:
            raise RequestError(list(self.errors))


def read_text(base: Path, name: str, field: str, case: str) -> str:
    """The UTF-8 text of file ``name`` relative to ``base`` (a byte order mark is dropped).
    ``RequestError`` at ``field`` when it cannot be read, is over 1 MiB (refused before it is
    read) or is not UTF-8 (``ledger.io.files.read_text``)."""
    try:
        return files.read_text(base / name, field, files.REQUEST_MAX_BYTES)
    except files.FileUnreadable as exc:
        raise RequestError(
            [LedgerError(field, f"cannot read {name!r} (in {base}): {exc.reason}", case)]
        ) from exc
    except files.FileRefused as exc:
        raise RequestError([LedgerError(field, e.message, case) for e in exc.errors]) from exc
