"""Named, validated game options."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any


class BadOption(ValueError):
    """An unknown option, or a value an option does not accept."""


@dataclass(frozen=True, slots=True)
class Option:
    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None  # the accepted values, or None for a range
    minimum: int | None = None
    maximum: int | None = None

    @property
    def kind(self) -> type:
        return type(self.default)

    def describe_values(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.kind is bool:
            return "true or false"
        if self.kind is int:
            lo = "" if self.minimum is None else f" from {self.minimum}"
            hi = "" if self.maximum is None else f" to {self.maximum}"
            return f"a whole number{lo}{hi}"
        return "text" if self.kind is str else f"a {self.kind.__name__}"

    def example(self) -> str:
        """NAME=VALUE with a value this option accepts, for error messages."""
        if self.choices is not None:
            value = next((c for c in self.choices if c != self.default), self.default)
        elif self.kind is bool:
            value = not self.default
        else:
            value = self.default
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        return f"{self.name}={shown or '...'}"

    def parse(self, text: str) -> Any:
        """A value from its command-line spelling ('true', '8', 'kill-all')."""
        if self.kind is bool:
            lowered = text.strip().lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
            raise BadOption(f"option {self.name!r}: {text!r} is not {self.describe_values()}, "
                            f"e.g. {self.example()}")
        if self.kind is int:
            try:
                return int(text)
            except ValueError:
                raise BadOption(
                    f"option {self.name!r}: {text!r} is not {self.describe_values()}, "
                    f"e.g. {self.example()}"
                ) from None
        return text

    def validate(self, value: Any) -> Any:
        if self.kind is bool:
            ok = isinstance(value, bool)
        elif self.kind is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
            ok = ok and (self.minimum is None or value >= self.minimum)
            ok = ok and (self.maximum is None or value <= self.maximum)
        else:
            ok = isinstance(value, self.kind)
        if ok and self.choices is not None:
            ok = value in self.choices
        if not ok:
            raise BadOption(
                f"option {self.name!r}: {value!r} is not accepted; it must be "
                f"{self.describe_values()} (default {self.default!r}), e.g. {self.example()}"
            )
        return value


class OptionSet:
    """The options a game accepts."""

    def __init__(self, options: Iterable[Option]) -> None:
        self.options = {o.name: o for o in options}

    def __iter__(self) -> Iterator[Option]:
        return iter(self.options.values())

    def _option(self, name: str) -> Option:
        key = name.replace("_", "-")
        option = self.options.get(key)
        if option is None:
            valid = ", ".join(sorted(self.options)) or "none"
            example = f", e.g. {next(iter(self.options.values())).example()}" \
                if self.options else ""
            raise BadOption(f"unknown option {name!r}; valid options: {valid}{example}")
        return option

    def resolve(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults overridden by `given` (names may use '_' or '-'), every value checked."""
        resolved = {name: o.default for name, o in self.options.items()}
        for name, value in given.items():
            option = self._option(name)
            resolved[option.name] = option.validate(value)
        return resolved

    def parse_pairs(self, pairs: Iterable[str]) -> dict[str, Any]:
        """['row=8', 'final-battle=survive'] -> typed values, for the command line."""
        values: dict[str, Any] = {}
        for pair in pairs:
            name, eq, text = pair.partition("=")
            if not eq:
                named = self.options.get(name.strip().replace("_", "-"))
                if named is not None and named.kind is bool:
                    values[named.name] = True  # a switch named bare is on: `--option frenzy`
                    continue
                shown = named or next(iter(self.options.values()), None)
                example = "" if shown is None else f", e.g. {shown.example()}"
                raise BadOption(f"option {pair!r} must be written NAME=VALUE{example}")
            option = self._option(name.strip())
            values[option.name] = option.validate(option.parse(text.strip()))
        return values

    def describe(self) -> list[dict[str, Any]]:
        return [
            {"name": o.name, "default": o.default, "values": o.describe_values(), "help": o.help}
            for o in self.options.values()
        ]
