"""Campaigns: 2 to 5 chapter maps played in order (Survivor Rules: Campaign Chapters).

A campaign file (TOML, docs/left-4-dead.md, "Campaign"):

    [campaign]
    name = "Dead River"
    source = "designed: ..."            # optional
    [[chapter]]
    map = "../maps/chapter-1.toml"       # relative to the campaign file; .toml or .hsc
    [[chapter]]
    map = "my-map.hsc"
    overlay = "my-map-markers.toml"      # optional: [[zone]], [[marker]], [[edge]] laid over it

The loader checks what each chapter's map needs for its place in the campaign: a start safe
room; the next safe room, or for the last chapter (the finale) a rescue vehicle zone and the
Finale Event's trigger; spawn points, hero closets, item locations in order; the starting
squads' markers; a crescendo trigger's obstacle; Witch locations in the chapters the Witch
spawns in. What carries between chapters (the survivors' state, the safe rooms' kits) is the
rules' business, not the file's.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deadtable.engine.board import Board, dump_map, load_hsc, load_map, parse_map
from deadtable.engine.datafile import DataError, read_toml
from deadtable.games.left_4_dead.data import CAMPAIGNS, Rules, load_rules

CAMPAIGN_KEYS = {"name", "source"}
CHAPTER_KEYS = {"map", "overlay"}
OVERLAY_KEYS = {"zone", "marker", "edge"}
MAP_SUFFIXES = (".toml", ".hsc")
RESCUE = "rescue-vehicle"
FINALE_TRIGGER = "finale-trigger"
ORDERED = ("item-location", "hero-closet", "witch-location")  # markers that need `order`


class CampaignError(DataError):
    """A campaign file, or one of its maps, that cannot be played: the message names the
    file and the field and says what would be right."""


@dataclass(frozen=True, slots=True)
class Chapter:
    number: int  # 1 .. len(campaign)
    map: Path
    board: Board
    finale: bool  # the last chapter: a Finale Event and a rescue vehicle, no next safe room


@dataclass(frozen=True, slots=True)
class Campaign:
    name: str
    source: str
    file: Path
    chapters: tuple[Chapter, ...]

    def chapter(self, number: int) -> Chapter:
        if not 1 <= number <= len(self.chapters):
            raise CampaignError(f"{self.file}: chapter {number}: the campaign has chapters 1 "
                                f"to {len(self.chapters)}")
        return self.chapters[number - 1]


def packaged() -> dict[str, Path]:
    """The campaigns shipped with the game, by file stem ("dead-river")."""
    return {p.stem: p for p in sorted(CAMPAIGNS.glob("*.toml"))}


def campaign_path(name: str) -> Path:
    """A packaged campaign by name ("dead-river", or "Dead River": its file stem with spaces
    for dashes), or a campaign file's path."""
    shipped = packaged()
    key = name.strip().lower().replace(" ", "-")
    if key in shipped:
        return shipped[key]
    path = Path(name)
    if path.suffix == ".toml" or path.exists():
        return path
    raise CampaignError(f"campaign {name!r}: no packaged campaign by that name (packaged: "
                        f"{', '.join(shipped) or 'none'}) and no such file")


def load_campaign(name_or_path: str | Path, rules: Rules | None = None) -> Campaign:
    """Read and check a campaign (a packaged name or a file); `rules` give the chapter counts,
    the squads and the Witch's chapters (default: the packaged rules)."""
    path = campaign_path(str(name_or_path))
    try:
        raw, f = read_toml(path, path)
    except DataError as error:
        raise CampaignError(str(error)) from None
    rules = rules or load_rules()
    _known(raw, {"campaign", "chapter"}, f, "")
    head = raw.get("campaign")
    if not isinstance(head, dict):
        raise CampaignError(f"{f}: missing table [campaign] (with name = \"...\")")
    _known(head, CAMPAIGN_KEYS, f, "campaign.")
    name = head.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CampaignError(f"{f}: campaign.name: {name!r} should be the campaign's name, a "
                            "non-empty string")
    source = head.get("source", "")
    if not isinstance(source, str):
        raise CampaignError(f"{f}: campaign.source: {source!r} should be a string")
    entries = raw.get("chapter")
    low, high = int(rules.safe_rooms["chapters_min"]), int(rules.safe_rooms["chapters_max"])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise CampaignError(f"{f}: chapter: give {low} to {high} [[chapter]] tables, each with "
                            "map = \"FILE\"")
    if not low <= len(entries) <= high:
        raise CampaignError(f"{f}: chapter: {len(entries)} chapter(s); a campaign has {low} to "
                            f"{high} (rulebook: Campaign Chapters)")
    chapters = []
    for n, entry in enumerate(entries, 1):
        where = f"{f}: chapter[{n}]"
        _known(entry, CHAPTER_KEYS, f, f"chapter[{n}].")
        board, map_path = _board(entry, path.parent, where)
        finale = n == len(entries)
        problems = needs(board, n, finale, rules)
        if problems:
            role = "the finale" if finale else f"chapter {n}"
            raise CampaignError(f"{where}.map: {map_path} cannot be {role}: "
                                + "; ".join(problems))
        chapters.append(Chapter(n, map_path, board, finale))
    return Campaign(name.strip(), source, path, tuple(chapters))


def _known(table: dict[str, Any], allowed: set[str], f: str, prefix: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise CampaignError(f"{f}: {prefix}{unknown[0]}: unknown field (known: "
                            f"{', '.join(sorted(allowed))})")


def _file(entry: dict[str, Any], key: str, folder: Path, where: str,
          suffixes: tuple[str, ...]) -> Path:
    value = entry.get(key)
    kinds = " or ".join(suffixes)
    if not isinstance(value, str) or not value.strip():
        raise CampaignError(f"{where}.{key}: {value!r} should be a {kinds} file, relative to "
                            "the campaign file")
    path = (folder / value).resolve()
    if path.suffix.lower() not in suffixes:
        raise CampaignError(f"{where}.{key}: {value!r} should end in {kinds} (.toml: "
                            "deadtable's map format; .hsc: a Virtualscape map)")
    if not path.is_file():
        raise CampaignError(f"{where}.{key}: {value!r}: no such file ({path}; a path is "
                            "relative to the campaign file)")
    return path


def _board(entry: dict[str, Any], folder: Path, where: str) -> tuple[Board, Path]:
    path = _file(entry, "map", folder, where, MAP_SUFFIXES)
    try:
        board = load_hsc(path) if path.suffix.lower() == ".hsc" else load_map(path)
        if "overlay" in entry:
            board = _overlaid(board, _file(entry, "overlay", folder, where, (".toml",)),
                              where)
    except ValueError as error:  # MapError, HscError: they name the file and the field
        raise CampaignError(f"{where}.map: {error}") from None
    return board, path


def _overlaid(board: Board, path: Path, where: str) -> Board:
    """The map with the overlay's zones, markers and edges added: a Virtualscape map has no
    safe rooms, item locations or spawn points of its own. The map format's own checks apply
    (docs/maps.md), so a marker off the map is refused by name."""
    try:
        text = path.read_text(encoding="utf-8")
        tables = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise CampaignError(f"{where}.overlay: {path}: not a readable TOML file: "
                            f"{error}") from None
    unknown = sorted(set(tables) - OVERLAY_KEYS)
    if unknown:
        raise CampaignError(f"{where}.overlay: {path}: {unknown[0]}: an overlay holds only "
                            "[[zone]], [[marker]] and [[edge]] tables")
    over = board.meta.get("name") or "the map"
    return parse_map(dump_map(board) + "\n" + text, f"{path} (laid over {over})")


def needs(board: Board, number: int, finale: bool, rules: Rules) -> list[str]:
    """What this map lacks to be chapter `number` (the finale when `finale`), one line each."""
    problems = []
    if "start" not in board.zones:
        problems.append("no zone named 'start' (the safe room all 4 survivors start in)")
    kinds = {z.kind for z in board.zones.values()}
    if finale and RESCUE not in kinds:
        problems.append(f"no zone of kind {RESCUE!r} (the finale's rescue vehicle)")
    if finale and not board.markers_of(FINALE_TRIGGER):
        problems.append(f"no {FINALE_TRIGGER!r} marker (where the Finale Event starts)")
    if not finale and "end" not in board.zones:
        problems.append("no zone named 'end' (the next safe room, which the survivors must "
                        "reach to advance)")
    wanted = ["spawn", "hero-closet", "item-location"]
    if number not in rules.witch_except_chapters and not finale:
        wanted.append("witch-location")  # "each chapter except 1 and 5"; the finale as 5
    for kind in wanted:
        if not board.markers_of(kind):
            problems.append(f"no {kind!r} marker")
    for kind in ORDERED:
        if any(not isinstance(m.props.get("order"), int) for m in board.markers_of(kind)):
            problems.append(f"a {kind!r} marker without an integer `order` (1, 2, ... from "
                            "the start to the end)")
    squads = max(d.starting_squads for d in rules.difficulties.values())
    have = {m.props.get("squad") for m in board.markers_of("horde-start")}
    missing = [k for k in range(1, squads + 1) if k not in have]
    if missing:
        problems.append(f"no 'horde-start' marker for squad(s) {missing} (squads 1 to {squads} "
                        "start on them, by difficulty)")
    obstacles = {z.name for z in board.zones.values() if z.kind == "crescendo-obstacle"}
    for m in board.markers_of("crescendo-trigger"):
        if m.props.get("obstacle") not in obstacles:
            problems.append(f"a 'crescendo-trigger' marker's obstacle {m.props.get('obstacle')!r}"
                            " is no 'crescendo-obstacle' zone (known: "
                            f"{', '.join(sorted(obstacles)) or 'none'})")
    return problems
