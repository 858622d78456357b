"""Reading a game's TOML data file, with errors that name the file and the field."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any


class DataError(ValueError):
    """A data file that is missing, not TOML, or lacks or mistypes a field."""


_REQUIRED: Any = object()


def read_toml(path: str | Path | None, default: Path) -> tuple[dict[str, Any], str]:
    """The file's tables and its name for messages; `default` when no path is given."""
    path = Path(path) if path else default
    try:
        return tomllib.loads(path.read_text()), str(path)
    except FileNotFoundError:
        raise DataError(f"{path}: no such data file") from None
    except (OSError, UnicodeDecodeError) as error:  # a directory, no permission, not text
        reason = error.strerror if isinstance(error, OSError) else "not a text file"
        raise DataError(f"{path}: cannot be read as a data file ({reason}); give a TOML "
                        "file") from None
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{path}: not valid TOML: {error}") from None


def field(table: dict[str, Any], key: str, where: str, kind: type,
          default: Any = _REQUIRED) -> Any:
    """table[key], checked to be a `kind` (a bool is not an int); `default` if absent."""
    if key not in table:
        if default is not _REQUIRED:
            return default
        raise DataError(f"{where}: missing field {key!r}")
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DataError(f"{where}.{key}: {value!r} should be a {kind.__name__}")
    return value


def one_of(value: str, allowed: tuple[str, ...], where: str) -> str:
    """`value`, checked to be one of `allowed`."""
    if value not in allowed:
        raise DataError(f"{where}: {value!r} should be one of {', '.join(allowed)}")
    return value


def check_keys(table: Mapping[str, Any], allowed: set[str], where: str) -> None:
    """Refuse a field the schema does not know (a typo must not pass silently)."""
    for key in table:
        if key not in allowed:
            raise DataError(f"{where}.{key}: unknown field; expected one of "
                            + ", ".join(sorted(allowed)))


def strings(table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    """table[key] as a tuple of strings; () if absent."""
    value = field(table, key, where, list, [])
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise DataError(f"{where}.{key}[{i}]: {item!r} should be a string")
    return tuple(value)


def array_of_tables(data: Mapping[str, Any], key: str, origin: str) -> list[dict[str, Any]]:
    """The file's [[key]] tables: at least one."""
    value = data.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(v, dict) for v in value):
        raise DataError(f"{origin}: {key}: missing; write one [[{key}]] table each")
    return value
