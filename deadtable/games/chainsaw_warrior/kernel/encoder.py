"""The RL encoding's observation written by the kernel (encode.c): the tables it writes from,
derived here from a ChainsawWarriorEncoding and its card data, never copied by hand.

`compiled_encoder(encoding)` gives a callable `(kernel_game, out)` writing exactly what
`encoding.encode(state.view("warrior"))` gives for the same position, or None where the
extension is not built, has no Encoder (an older build), or the data is beyond its tables.
It pickles as the encoding it was made from (the C object does not). For aim="slot" it also
gives what the action names read (`names_view`), so the envs need no Python view to name
the legal actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from deadtable.games.chainsaw_warrior import clock

if TYPE_CHECKING:
    from deadtable.games.chainsaw_warrior.encoding import ChainsawWarriorEncoding

FEATURES = ("warrior", "clock", "decks", "next_back", "discards", "removed", "turned", "items",
            "piles", "wandering", "question", "area", "fight", "slots")  # encode.c's F_*


class CompiledEncoder:
    """encode.c's Encoder for one encoding: call it with a kernel game and a float32 array."""

    def __init__(self, encoding: ChainsawWarriorEncoding, compiled: Any) -> None:
        self.encoding = encoding
        self.encode = compiled.encode

        self.opponents = compiled.opponents

    def __call__(self, kernel_game: Any, out: np.ndarray) -> None:
        self.encode(kernel_game, out)

    def names_view(self, kernel_game: Any) -> dict[str, Any]:
        """The part of the view aim="slot"'s action names read (the fight's opponents, as
        ChainsawWarriorEncoding._opponents reads them), from the kernel game."""
        return {"fight": {"opponents": [{"id": c} for c in self.opponents(kernel_game)]}}

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (self.encoding,)


def _rebuild(encoding: ChainsawWarriorEncoding) -> CompiledEncoder:
    encoder = compiled_encoder(encoding)
    if encoder is None:
        raise RuntimeError("chainsaw-warrior: this env encoded on the game's kernel, whose "
                           "encoder is not built where it was unpickled")
    return encoder


def tables(encoding: ChainsawWarriorEncoding) -> tuple[Any, ...]:
    """The arguments of `_cw.Encoder`, in encode.c's order."""
    from deadtable.games.chainsaw_warrior.kernel import QUESTIONS

    data = encoding.data
    cards = [*data.house.values(), *data.wandering.values()]  # the kernel's card order
    items = list(data.items)  # the kernel's item order
    offsets = encoding.offsets
    sizes = (len(data.house), len(data.wandering), len(items), len(encoding.cards),
             len(encoding.titles), len(encoding.questions))
    titles = [encoding.title_index.get(c.title, -1) for c in cards]
    weights = [1.0 / encoding.title_count[c.title] if c.title in encoding.title_count else 0.0
               for c in cards]
    return (sizes, [offsets.get(f, -1) for f in FEATURES] + [encoding.size],
            [encoding.card_index[c.id] for c in cards], titles, weights,
            [encoding.item_index[x] for x in items],
            [encoding.questions.index(q) for q in QUESTIONS],
            float(encoding.house_size), float(encoding.wandering_size),
            float(clock.OUT_OF_TIME), clock.NIGHT)


def compiled_encoder(encoding: ChainsawWarriorEncoding) -> CompiledEncoder | None:
    from deadtable.games.chainsaw_warrior.kernel import _cw

    if _cw is None or not hasattr(_cw, "Encoder"):
        return None
    try:
        return CompiledEncoder(encoding, _cw.Encoder(*tables(encoding)))
    except ValueError:  # card data beyond the kernel's tables
        return None
