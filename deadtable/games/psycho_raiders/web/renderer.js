// Psycho Raiders in the browser: the turn and weather, then a card per character (its sheet's
// stats against the printed ones, weapons, and where its tokens stand: "you" marks the real
// one, shown only to the seat playing it). The hex map drawing is not yet built
// (docs/psycho-raiders.md); actions are chosen from the page's list.
"use strict";
(function () {
  const D = window.Deadtable;
  const {el} = D;

  function render(view, board) {
    if (!view || !view.characters) return false;
    board.replaceChildren();
    board.append(el("p", {class: "pr-status"},
      `Turn ${view.turn} · Weather: ${view.weather} · Kill Deck: ${view.kill_deck} cards`));
    const cards = view.characters.filter((c) => c.alerted || c.kind !== "townsfolk").map((c) => {
      const where = c.tokens.map((t) => `#${t.token} ${t.space}${t.real === true ? " (you)" : ""}`);
      const state = [c.dead ? "dead" : null, c.escaped ? "escaped" : null,
        c.hidden ? "hidden" : null, c.on_fire ? "on fire" : null,
        c.grabbed_by ? `held by ${c.grabbed_by}` : null, c.vehicle ? `in the ${c.vehicle}` : null,
        c.sinister ? "sinister" : null].filter(Boolean);
      return el("div", {class: "pr-card"},
        el("strong", {}, `${c.name} (${c.side})`),
        el("div", {}, `Speed ${c.speed}/${c.sheet[0]} · Strength ${c.strength}/${c.sheet[1]} · Will ${c.will}/${c.sheet[2]}`),
        el("div", {}, `Weapons: ${c.weapons.length ? c.weapons.join(", ") : "none"}`),
        el("div", {}, `Tokens: ${where.length ? where.join("; ") : "off the map"}`),
        state.length ? el("div", {}, state.join(" · ")) : null);
    });
    board.append(el("div", {class: "pr-cards"}, cards));
    return true;
  }

  D.registerRenderer("psycho-raiders", render);
})();
