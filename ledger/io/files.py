"""Reading what a player supplies (a scenario file, a JSON request, standard input) without
trusting it: the size is checked before anything is read or parsed, the bytes must be UTF-8, and
the parsed data may nest no deeper than ``MAX_DEPTH`` levels nor hold a number no figure of the
game comes near (``INTEGER_MAX``). Every problem is a ``LedgerError`` naming the input, the
file and line where known, what was found and what was expected; they are raised together in a
``FileRefused``, which the readers turn into their own errors (``ScenarioError``,
``RequestError``).

``read_text`` reads the bytes; ``parse_json`` and ``parse_toml`` parse text; ``tree_problems``
walks parsed data for what a parser lets through.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Final

from ledger.model.errors import LedgerError

SCENARIO_MAX_BYTES: Final = 2_621_440
"""The largest scenario file read (2.5 MiB): ten times the bundled ``scenarios/graziani.toml``
(about 250 KiB for 449 counters, dumps and charts of scenario 60). A larger file is refused from
its size alone, before a byte is read."""

REQUEST_MAX_BYTES: Final = 1_048_576
"""The largest JSON request or allocation read (1 MiB); the example requests of
``docs/examples/`` are under 2 KiB."""

MAX_DEPTH: Final = 32
"""The deepest nesting of arrays and tables accepted. A scenario nests four levels (a unit's
TOE list of holdings with their flags), a request about six (a force's TOE list, its ratings,
their parenthesised list)."""

MAX_INTEGER_DIGITS: Final = 18
"""A JSON integer literal longer than this is refused before Python converts it (converting a
many-thousand-digit literal is slow, and Python refuses past 4,300 digits)."""

INTEGER_MAX: Final = 10**15
"""The largest magnitude of a whole number anywhere in a file: far above any figure of the game
(``ledger.model.bounds``) and within the 64-bit integers SQLite and JSON readers hold."""

_UTF16_BOMS: Final = (b"\xff\xfe", b"\xfe\xff")
_UTF8_BOM: Final = b"\xef\xbb\xbf"

Source = Path | str | IO[bytes] | IO[str]
"""A file path, or an open stream (standard input): binary, or text (its ``buffer`` is read
when it has one)."""


class FileRefused(Exception):
    """A file or stream refused before its contents were used; ``errors`` lists every problem."""

    def __init__(self, errors: Sequence[LedgerError]) -> None:
        super().__init__("\n".join(str(e) for e in errors))
        self.errors = list(errors)


class FileUnreadable(FileRefused):
    """The file could not be opened or read at all; ``reason`` is the system's (``No such file
    or directory``), for readers that word the refusal their own way."""

    def __init__(self, errors: Sequence[LedgerError], reason: str) -> None:
        super().__init__(errors)
        self.reason = reason


def source_name(source: Source) -> str:
    """How ``source`` is named in messages: the file's name, ``<stdin>`` for a stream."""
    if isinstance(source, Path | str):
        return Path(source).name
    name = getattr(source, "name", None)
    return name if isinstance(name, str) and not name.startswith("<") else "<stdin>"


def read_text(source: Source, what: str, max_bytes: int) -> str:
    """The UTF-8 text of ``source`` (a leading byte order mark dropped), at most ``max_bytes``
    bytes. A file's size is checked before it is read, a stream's by reading one byte past the
    limit. ``FileRefused`` at field ``what`` when it cannot be read, is too large or is not
    UTF-8 ("graziani.toml is not UTF-8 (byte 1234)")."""
    name = source_name(source)
    data = _read_bytes(source, what, name, max_bytes)
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    offset = len(_UTF8_BOM) if data.startswith(_UTF8_BOM) else 0
    try:
        return data[offset:].decode("utf-8")
    except UnicodeDecodeError as exc:
        hint = ""
        if data.startswith(_UTF16_BOMS):
            hint = "; it starts with a UTF-16 byte order mark: save it as UTF-8"
        raise FileRefused(
            [
                LedgerError(
                    what,
                    f"{name} is not UTF-8 (byte {exc.start + offset}: {exc.reason}){hint}",
                    location=name,
                )
            ]
        ) from exc


def _too_large(what: str, name: str, size: str, max_bytes: int) -> FileRefused:
    return FileRefused(
        [
            LedgerError(
                what,
                f"{name} is {size} bytes; at most {max_bytes:,} bytes are read (nothing of it was "
                "parsed)",
                location=name,
            )
        ]
    )


def _read_bytes(source: Source, what: str, name: str, max_bytes: int) -> bytes | str:
    if not isinstance(source, Path | str):
        stream: IO[Any] = getattr(source, "buffer", source)
        try:
            data = stream.read(max_bytes + 1)
        except UnicodeDecodeError as exc:
            raise FileRefused(
                [LedgerError(what, f"{name} is not UTF-8 (byte {exc.start})", location=name)]
            ) from exc
        size = len(data.encode("utf-8")) if isinstance(data, str) else len(data)
        if size > max_bytes:
            raise _too_large(what, name, f"over {max_bytes:,}", max_bytes)
        return data if isinstance(data, str | bytes) else bytes(data)
    path = Path(source)
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise _too_large(what, name, f"{size:,}", max_bytes)
        with path.open("rb") as file:
            data = file.read(max_bytes + 1)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        error = LedgerError(what, f"cannot read {source}: {reason}")
        raise FileUnreadable([error], reason) from exc
    if len(data) > max_bytes:  # it grew, or it is no regular file
        raise _too_large(what, name, f"over {max_bytes:,}", max_bytes)
    return data


# --- parsing ------------------------------------------------------------------------------------


class _LongInteger(ValueError):
    def __init__(self, literal: str) -> None:
        super().__init__(literal)
        self.literal = literal


def _json_int(literal: str) -> int:
    if len(literal.lstrip("-")) > MAX_INTEGER_DIGITS:
        raise _LongInteger(literal)
    return int(literal)


def _json_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def _line_of(text: str, needle: str) -> int:
    at = text.find(needle)
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


def _digits(literal: str) -> str:
    shown = literal if len(literal) <= 24 else f"{literal[:20]}..."
    return f"a {len(literal.lstrip('-'))}-digit integer ({shown})"


def parse_json(text: str, what: str, name: str = "") -> Any:
    """JSON ``text`` as data, checked by ``tree_problems``. ``FileRefused`` at ``what`` (with
    ``name:line`` when ``name`` is given) for text that is not JSON, an integer literal of more
    than ``MAX_INTEGER_DIGITS`` digits (refused before it is converted), NaN or Infinity, or
    nesting deeper than ``MAX_DEPTH``."""

    def where(line: int) -> str:
        return f"{name}:{line}" if name else ""

    try:
        data = json.loads(text, parse_int=_json_int, parse_constant=_json_constant)
    except json.JSONDecodeError as exc:
        raise FileRefused(
            [LedgerError(what, f"not JSON: {exc}", location=where(exc.lineno))]
        ) from None
    except _LongInteger as exc:
        message = f"{_digits(exc.literal)}: expected at most {MAX_INTEGER_DIGITS} digits"
        line = _line_of(text, exc.literal)
        raise FileRefused([LedgerError(what, message, location=where(line))]) from None
    except ValueError as exc:
        raise FileRefused([LedgerError(what, f"not JSON: {exc}", location=where(1))]) from None
    except RecursionError:
        raise FileRefused(
            [LedgerError(what, f"nested deeper than {MAX_DEPTH} levels", location=where(1))]
        ) from None
    problems = [LedgerError(_path(what, loc), m, location=name) for loc, m in tree_problems(data)]
    if problems:
        raise FileRefused(problems)
    return data


_LONG_DIGITS: Final = re.compile(rf"[0-9_]{{{MAX_INTEGER_DIGITS + 1},}}")


def parse_toml(text: str, what: str, name: str) -> dict[str, Any]:
    """TOML ``text`` as data. ``FileRefused`` at ``what``, located ``name:line``, for a syntax
    error, an integer Python will not convert, or nesting too deep for the parser; the caller
    checks the result with ``tree_problems`` (to place each problem on its own line)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        said = re.search(r"line (\d+)", str(exc))
        found = f"{name}:{said[1] if said else 1}"
        raise FileRefused([LedgerError(what, str(exc), location=found)]) from None
    except ValueError:  # an integer past Python's int max str digits
        long = _LONG_DIGITS.search(text)
        literal = long[0] if long else "?"
        message = f"{_digits(literal)}: expected a whole number within ±10^15"
        at = _line_of(text, literal)
        raise FileRefused([LedgerError(what, message, location=f"{name}:{at}")]) from None
    except RecursionError:
        raise FileRefused(
            [LedgerError(what, f"nested deeper than {MAX_DEPTH} levels", location=f"{name}:1")]
        ) from None


Loc = tuple[str | int, ...]


def tree_problems(data: Any) -> Iterator[tuple[Loc, str]]:
    """What a parser lets through and no figure of the game needs, each with its place
    (``("unit", 3, "cohesion")``): nesting deeper than ``MAX_DEPTH`` levels, an integer beyond
    ±``INTEGER_MAX``, a float that is not finite. Walks without recursion."""
    stack: list[tuple[Loc, Any]] = [((), data)]
    while stack:
        loc, value = stack.pop()
        if isinstance(value, dict | list):
            if len(loc) >= MAX_DEPTH:
                yield loc, f"nested deeper than {MAX_DEPTH} levels"
                continue
            items = value.items() if isinstance(value, dict) else enumerate(value)
            children = [((*loc, key), item) for key, item in items]
            stack.extend(reversed(children))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int) and not -INTEGER_MAX <= value <= INTEGER_MAX:
            yield loc, f"expected a whole number within ±10^15, found {_digits(str(value))}"
        elif isinstance(value, float) and not math.isfinite(value):
            yield loc, f"expected a finite number, found {value}"


def _path(what: str, loc: Loc) -> str:
    """``loc`` as a field path under ``what`` (``request.guns[0].points``), cut to 120
    characters."""
    text = what
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text if len(text) <= 120 else text[:117] + "..."


def dotted(loc: Sequence[str | int]) -> str:
    """``("unit", 3, "toe")`` → ``unit[3].toe``."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def read_data(source: Source, what: str, max_bytes: int = REQUEST_MAX_BYTES) -> Any:
    """A TOML or JSON file as data, by its name's suffix (``.toml``, else JSON): read as
    ``read_text`` reads it, parsed, then checked by ``tree_problems``. ``FileRefused`` at
    ``what`` listing every problem (for a file a player uploads to a page, say)."""
    name = source_name(source)
    text = read_text(source, what, max_bytes)
    if not name.endswith(".toml"):
        return parse_json(text, what, name)
    data = parse_toml(text, what, name)
    problems = [LedgerError(_path(what, loc), m, location=name) for loc, m in tree_problems(data)]
    if problems:
        raise FileRefused(problems)
    return data
