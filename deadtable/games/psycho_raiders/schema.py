"""Checks the Psycho Raiders data files share beyond engine/datafile.py: the `designed` table
and named entries. Each error names the file and the field."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

from deadtable.engine.datafile import DataError, array_of_tables, check_keys, one_of, strings
from deadtable.engine.datafile import field as _get

__all__ = ["designed", "keys", "named_entries", "one_of", "strings", "tables"]

keys = check_keys
tables = array_of_tables


def designed(table: dict[str, Any], where: str, fields: set[str]) -> Mapping[str, str]:
    """The entry's `designed` table: field -> a one-line reason; only fields it has."""
    value = _get(table, "designed", where, dict, {})
    for key, reason in value.items():
        if key not in fields or key in ("source", "designed"):
            raise DataError(f"{where}.designed.{key}: not a field of this entry; expected "
                            "one of " + ", ".join(sorted(fields - {"source", "designed"})))
        if not isinstance(reason, str) or not reason:
            raise DataError(f"{where}.designed.{key}: should be a one-line reason")
    return MappingProxyType(dict(value))


def named_entries(data: Mapping[str, Any], key: str, origin: str,
                  allowed: set[str]) -> Iterator[tuple[str, dict[str, Any], str]]:
    """(where, table, name) for each [[key]] table: known fields only, names unique."""
    seen: set[str] = set()
    for i, table in enumerate(tables(data, key, origin)):
        where = f"{origin}: {key}[{i}]"
        keys(table, allowed, where)
        name = _get(table, "name", where, str)
        if name in seen:
            raise DataError(f"{where}.name: a second {key} named {name!r}")
        seen.add(name)
        yield where, table, name
