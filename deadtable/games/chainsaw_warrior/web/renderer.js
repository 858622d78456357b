// Chainsaw Warrior: the clock with night, Endurance with the Radiation and Venom markers,
// Wounds, the ratings, the equipment with uses left, the House decks and the card just turned,
// and the fight, all from the warrior's view. A view without the warrior's board (a
// spectator's public view) is left to the generic page.
"use strict";
(function () {
  const {el, svg} = window.Deadtable;
  const BOXES = 120; // the Time Track: 60 minutes of 30-second boxes
  const NIGHT = 60; // night falls at 30 minutes

  function clockTrack(view) {
    const width = 480, box = width / BOXES;
    const root = svg("svg", {class: "cw-clock", viewBox: `0 0 ${width} 44`, width, height: 44,
      role: "img", "aria-label": `time ${view.clock} of 60:00${view.night ? ", night" : ""}`});
    root.append(svg("rect", {x: 0, y: 14, width: NIGHT * box, height: 16, class: "day"}));
    root.append(svg("rect", {x: NIGHT * box, y: 14, width: (BOXES - NIGHT) * box, height: 16, class: "night"}));
    root.append(svg("rect", {x: 0, y: 14, width: Math.min(view.time, BOXES) * box, height: 16, class: "spent"}));
    if (view.field_until > view.time) {
      root.append(svg("rect", {x: view.time * box, y: 10, width: (view.field_until - view.time) * box, height: 4, class: "field"},
        svg("title", {}, "the Magnetic Field")));
    }
    for (let m = 0; m <= 60; m += 10) {
      const x = Math.min(m * 2 * box, width - 1);
      root.append(svg("line", {x1: x, y1: 30, x2: x, y2: 35, class: "tick"}));
      root.append(svg("text", {x: Math.min(Math.max(x, 8), width - 10), y: 44, "text-anchor": "middle", class: "tick-label"}, String(m)));
    }
    const x = Math.min(view.time, BOXES) * box;
    root.append(svg("path", {d: `M${x - 5},2 L${x + 5},2 L${x},12 Z`, class: "now"}));
    return el("div", {class: "cw-row", "data-stat": "clock"},
      el("span", {class: "label"}, "Time"),
      root,
      el("span", {class: "value clock"}, view.clock),
      view.night ? el("span", {class: "night-flag"}, "NIGHT: HtH −1") : null);
  }

  // Endurance: a row of boxes, one per point of the warrior's Endurance; the Radiation and
  // Venom markers climb the rows below it, and either reaching it kills.
  function enduranceTrack(w) {
    const cells = Math.max(w.endurance, w.radiation, w.venom, 1), cell = 22, width = cells * cell;
    const root = svg("svg", {class: "cw-endurance", viewBox: `0 0 ${width} 52`, width, height: 52,
      role: "img", "aria-label": `Endurance ${w.endurance}; Radiation ${w.radiation} of ${w.endurance}` +
        (w.infected ? `; Venom ${w.venom} of ${w.endurance}` : "; not infected")});
    const rows = [["endurance", w.endurance, "Endurance"], ["rad", w.radiation, "Radiation"],
      ["venom", w.venom, "Venom"]];
    rows.forEach(([cls, value, name], row) => {
      for (let i = 0; i < cells; i++) {
        root.append(svg("rect", {x: i * cell + 1, y: 1 + row * 17, width: cell - 2, height: 15, rx: 2,
          class: `${cls} ${i < value ? "on" : "off"}`}, svg("title", {}, `${name} ${value} of ${w.endurance}`)));
      }
    });
    for (let i = 4; i < w.endurance; i += 5) { // every fifth box numbered, as on a track
      root.append(svg("text", {x: i * cell + cell / 2, y: 12, "text-anchor": "middle", class: "cw-tick"}, String(i + 1)));
    }
    return el("div", {class: "cw-row", "data-stat": "endurance"},
      el("span", {class: "label"}, "Endurance"), root,
      el("span", {class: "value"}, `${w.endurance} · Radiation ${w.radiation} · `,
        w.infected ? `Venom ${w.venom}` : "not infected"));
  }

  function woundsTrack(w) {
    const cells = Math.max(w.max_wounds, w.wounds, 1), cell = 18, width = cells * cell;
    const root = svg("svg", {class: "cw-wounds", viewBox: `0 0 ${width} 18`, width, height: 18,
      role: "img", "aria-label": `Wounds ${w.wounds} of ${w.max_wounds}`});
    for (let i = 0; i < cells; i++) {
      root.append(svg("rect", {x: i * cell + 1, y: 1, width: cell - 2, height: 16, rx: 3, class: i < w.wounds ? "on" : "off"}));
    }
    return el("div", {class: "cw-row", "data-stat": "wounds"}, el("span", {class: "label"}, "Wounds"), root,
      el("span", {class: "value"}, `${w.wounds}/${w.max_wounds}`));
  }

  function itemCard(item) {
    const W = 118, H = 62;
    const g = svg("svg", {class: `cw-item${item.disabled ? " disabled" : ""}`, viewBox: `0 0 ${W} ${H}`, width: W, height: H,
      "data-item": item.id, role: "img", "aria-label": `${item.name}, ${item.uses === null ? "no limit" : `${item.uses} uses left`}`});
    g.append(svg("rect", {x: 1, y: 1, width: W - 2, height: H - 2, rx: 5, class: "body"}));
    const long = item.name.length > 15; // squeezed to fit the card rather than cut
    g.append(svg("text", {x: 6, y: 15, class: "name", textLength: long ? W - 12 : null,
      lengthAdjust: long ? "spacingAndGlyphs" : null}, item.name));
    g.append(svg("title", {}, `${item.name} (${item.type})${item.disabled ? ": out of action" : ""}`));
    g.append(svg("text", {x: 6, y: 29, class: "type"}, item.type));
    if (item.uses === null) {
      g.append(svg("text", {x: 6, y: 50, class: "uses"}, "∞"));
    } else {
      const pips = Math.min(item.uses, 20);
      for (let i = 0; i < pips; i++) {
        g.append(svg("circle", {cx: 9 + (i % 10) * 10, cy: 40 + Math.floor(i / 10) * 10, r: 3.5, class: "pip"}));
      }
      g.append(svg("text", {x: W - 6, y: 29, "text-anchor": "end", class: "uses"}, String(item.uses)));
    }
    if (item.clip) g.append(svg("text", {x: W - 6, y: 15, "text-anchor": "end", class: "clip"}, "+clip"));
    return g;
  }

  function houseCard(card, label, extra) {
    const W = 150, H = 96;
    const g = svg("svg", {class: `cw-card ${card.kind}${extra || ""}`, viewBox: `0 0 ${W} ${H}`, width: W, height: H,
      "data-card": card.id, role: "img", "aria-label": `${label}: ${card.name || card.title}`});
    g.append(svg("rect", {x: 1, y: 1, width: W - 2, height: H - 2, rx: 7, class: "body"}));
    g.append(svg("text", {x: 8, y: 16, class: "back"}, card.back));
    // an opponent's name tells apart those that share a title ("Wandering Zombie 2")
    g.append(svg("text", {x: W / 2, y: 46, "text-anchor": "middle", class: "title"}, card.name || card.title));
    g.append(svg("text", {x: W / 2, y: 64, "text-anchor": "middle", class: "kind"}, card.kind));
    if (card.creature) {
      g.append(svg("text", {x: 8, y: H - 10, class: "stat"}, `HtH ${card.hth}`));
      g.append(svg("text", {x: W - 8, y: H - 10, "text-anchor": "end", class: "stat"}, `Wounds ${card.wounds}`));
    }
    return el("figure", {class: "cw-figure"}, g, el("figcaption", {}, label));
  }

  function house(view) {
    const box = el("div", {class: "cw-house"});
    box.append(el("div", {class: "cw-decks"},
      el("span", {class: "label"}, `Deck ${view.deck}`),
      ` ${view.decks[0]} + ${view.decks[1]} cards face down`,
      view.next_back ? el("span", {class: "next-back"}, ` · next card's back: ${view.next_back}`) : null,
      view.exiting ? el("strong", {class: "exiting"}, ` · leaving the building: ${view.exiting} cards to go`) : null));
    const cards = el("div", {class: "cw-cards"});
    const fight = view.fight;
    const opponents = fight ? fight.opponents : [];
    const turned = view.turned;
    if (turned && !opponents.some((o) => o.id === turned.id)) {
      cards.append(houseCard(turned, "Just turned", " turned"));
    }
    opponents.forEach((o, i) => {
      const label = (turned && o.id === turned.id ? "Just turned: " : "") +
        (i === fight.current ? "fighting now" : "opponent");
      cards.append(houseCard(o, label, " opponent"));
    });
    box.append(cards);
    if (fight) {
      box.append(el("p", {class: "cw-fight", "data-fight": "on"},
        el("strong", {}, "Fight"), ` — round ${fight.rounds}`,
        fight.next_hth ? ` · next round HtH ${fight.next_hth > 0 ? "+" : ""}${fight.next_hth}` : "",
        fight.no_escape ? " · no escape" : "", fight.knife_dropped ? " · knife dropped" : ""));
    }
    return box;
  }

  // " (12 in this fight)": the rating the rolls use, where it differs from the track's.
  function now(rating, base, when) {
    return rating === null || rating === undefined || rating === base ? "" : ` (${rating} ${when})`;
  }

  function render(view, board) {
    const w = view.warrior;
    if (!w) return false; // not the warrior's board: the generic page shows what there is
    const hth = view.fight ? view.fight.hth : null;
    const ratings = el("div", {class: "cw-row", "data-stat": "ratings"}, el("span", {class: "label"}, "Ratings"),
      el("span", {class: "value"}, `HtH ${w.hth}${now(hth, w.hth, "in this fight")} · ` +
        `Reflexes ${w.reflexes}${now(w.reflexes_now, w.reflexes, "now")} · ` +
        `Marksmanship ${w.marksmanship >= 0 ? "+" : ""}${w.marksmanship} · Skill: ${w.skill}`));
    const items = el("div", {class: "cw-items"}, view.items.map(itemCard));
    board.append(el("div", {class: "cw"},
      clockTrack(view), enduranceTrack(w), woundsTrack(w), ratings,
      el("h3", {}, `Equipment (${view.items.length})`), items,
      el("h3", {}, "The House"), house(view)));
    return true;
  }

  window.Deadtable.registerRenderer("chainsaw-warrior", render);
})();
