"""The Time Track: one box is 30 seconds; night falls at 30 minutes; at 60 minutes New York is
lost."""

from __future__ import annotations

BOX_SECONDS = 30
BOXES_PER_MINUTE = 60 // BOX_SECONDS
NIGHT = 30 * BOXES_PER_MINUTE  # "When the timer reaches 30 minutes night falls"
OUT_OF_TIME = 60 * BOXES_PER_MINUTE  # "When the timer reaches 60 minutes you are out of time"


def minutes(boxes: int) -> float:
    return boxes / BOXES_PER_MINUTE


def is_night(boxes: int) -> bool:
    return boxes >= NIGHT


def out_of_time(boxes: int) -> bool:
    return boxes >= OUT_OF_TIME


def label(boxes: int) -> str:
    """'12:30' for 25 boxes: minutes and seconds on the digital clock."""
    return f"{boxes // BOXES_PER_MINUTE}:{(boxes % BOXES_PER_MINUTE) * BOX_SECONDS:02d}"
