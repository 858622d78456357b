"""Reading a game's TOML data file, with errors that name the file and the field."""

from __future__ import annotations

import tomllib
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
