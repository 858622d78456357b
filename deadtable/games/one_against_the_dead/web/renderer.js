// One Against the Dead: the city of cards as an SVG grid (north up), where you stand, the
// start and the helicopter, weapons and a survivor lying in the rubble; beside it your life,
// provisions, weapon, survivor and the zombies with you as the dice you roll against them.
// Everything comes from the player's view; face-down cards are drawn face down.
"use strict";
(function () {
  const {el, svg} = window.Deadtable;
  const W = 64, H = 88, GAP = 10, PAD = 14;
  const SUITS = {C: "♣", D: "♦", H: "♥", S: "♠"};

  function short(card) {
    if (card === "joker") return "Jkr";
    return card.slice(0, -1) + SUITS[card.slice(-1)];
  }

  function red(card) {
    return card !== "joker" && (card.endsWith("H") || card.endsWith("D"));
  }

  function same(a, b) { return a && b && a[0] === b[0] && a[1] === b[1]; }

  // The turn's phases in words (the view names them as the rules code does).
  const PHASES = {"move": "moving", "place": "placing cards", "place-flipped": "placing a flipped card",
    "combat": "fighting", "share": "sharing the fight", "survivor-weapon": "arming the survivor",
    "reveal": "turning cards over", "zombies": "zombies arrive", "helicopter": "at the helicopter"};

  function cardFace(card, x, y, names, extra) {
    const g = svg("g", {class: `card face-up${red(card) ? " red" : ""}${extra || ""}`, "data-card": card,
      transform: `translate(${x},${y})`, role: "img", "aria-label": names[card] || card});
    g.append(svg("title", {}, names[card] || card));
    g.append(svg("rect", {width: W, height: H, rx: 6, class: "card-body"}));
    g.append(svg("text", {x: 7, y: 18, class: "rank"}, short(card)));
    g.append(svg("text", {x: W / 2, y: H / 2 + 12, class: "pip", "text-anchor": "middle"},
      card === "joker" ? "★" : SUITS[card.slice(-1)]));
    return g;
  }

  function cardBack(x, y) {
    const g = svg("g", {class: "card face-down", transform: `translate(${x},${y})`, role: "img",
      "aria-label": "a face-down city block"});
    g.append(svg("title", {}, "a face-down city block"));
    g.append(svg("rect", {width: W, height: H, rx: 6, class: "card-back"}));
    g.append(svg("rect", {x: 6, y: 6, width: W - 12, height: H - 12, rx: 4, class: "card-back-inner"}));
    g.append(svg("text", {x: W / 2, y: H / 2 + 6, "text-anchor": "middle", class: "back-mark"}, "?"));
    return g;
  }

  function city(view) {
    const cards = view.cards;
    const xs = cards.map((c) => c.x), ys = cards.map((c) => c.y);
    const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
    const width = (maxX - minX + 1) * (W + GAP) - GAP + 2 * PAD;
    const height = (maxY - minY + 1) * (H + GAP) - GAP + 2 * PAD;
    // A group, so that a screen reader reaches each card; each says what lies on it.
    const root = svg("svg", {class: "city", viewBox: `0 0 ${width} ${height}`, width, height,
      role: "group", "aria-label": `the city, ${cards.length} blocks`});
    // The board shrinks a city to fit a phone, but not below about half size (cards stay
    // readable): a longer one scrolls sideways in its own box. Set through the CSSOM (the page's policy
    // refuses style attributes).
    root.style.minWidth = `${Math.round(width * 0.55)}px`;
    const at = (x, y) => [PAD + (x - minX) * (W + GAP), PAD + (maxY - y) * (H + GAP)];
    for (const c of cards) {
      const [px, py] = at(c.x, c.y);
      const here = [c.x, c.y];
      const g = c.face_up ? cardFace(c.card, px, py, view.names || {}) : cardBack(px, py);
      g.setAttribute("data-x", c.x);
      g.setAttribute("data-y", c.y);
      g.setAttribute("aria-label", blockText(c, view));
      root.append(g);
      if (same(here, view.start)) root.append(badge(px + W - 16, py + 4, "S", "start", "where you started"));
      if (same(here, view.helicopter)) root.append(badge(px + W - 16, py + H - 20, "H", "helicopter", "the rescue helicopter"));
      if (c.weapon) {
        const label = c.weapon.charge === null ? c.weapon.kind : `${c.weapon.kind} ${c.weapon.charge}`;
        const power = (view.powers || {})[c.weapon.kind];
        root.append(svg("g", {class: "map-weapon"},
          svg("title", {}, `a ${label}${power ? `, power ${power}` : ""}`),
          svg("rect", {x: px + 3, y: py + H - 24, width: W - 6, height: 16, rx: 3}),
          svg("text", {x: px + W / 2, y: py + H - 12, "text-anchor": "middle"}, label)));
      }
      if (c.survivor) {
        root.append(svg("g", {class: "map-survivor"},
          svg("title", {}, `a survivor with ${c.survivor.life} life`),
          svg("circle", {cx: px + 14, cy: py + H - 38, r: 9}),
          svg("text", {x: px + 14, y: py + H - 34, "text-anchor": "middle"}, String(c.survivor.life))));
      }
      if (same(here, view.position)) {
        root.append(svg("g", {class: "you", "data-testid": "you"},
          svg("title", {}, "you are here"),
          svg("rect", {x: px - 3, y: py - 3, width: W + 6, height: H + 6, rx: 8}),
          svg("rect", {x: px + W / 2 - 16, y: py + H - 20, width: 32, height: 14, rx: 7, class: "pill"}),
          svg("text", {x: px + W / 2, y: py + H - 10, "text-anchor": "middle"}, "you")));
      }
    }
    return root;
  }

  // A block as a screen reader says it: the card, then what is on it.
  function blockText(c, view) {
    const here = [c.x, c.y];
    const parts = [c.face_up ? (view.names || {})[c.card] || c.card : "a face-down city block"];
    if (same(here, view.position)) parts.push("you are here");
    if (same(here, view.start)) parts.push("the start");
    if (same(here, view.helicopter)) parts.push("the helicopter");
    if (c.weapon) parts.push(`a ${c.weapon.kind} lies here${c.weapon.charge === null ? "" : ` (${c.weapon.charge})`}`);
    if (c.survivor) parts.push(`a survivor with ${c.survivor.life} life`);
    return parts.join(", ");
  }

  function badge(x, y, letter, cls, title) {
    return svg("g", {class: `badge ${cls}`}, svg("title", {}, title),
      svg("rect", {x, y, width: 14, height: 16, rx: 3}),
      svg("text", {x: x + 7, y: y + 12, "text-anchor": "middle"}, letter));
  }

  function track(label, value, max, cls) {
    const width = 160, cells = Math.max(max, value, 1);
    const root = svg("svg", {class: `track ${cls}`, viewBox: `0 0 ${width} 18`, width, height: 18,
      role: "img", "aria-label": `${label} ${value} of ${max}`});
    const w = width / cells;
    for (let i = 0; i < cells; i++) {
      root.append(svg("rect", {x: i * w + 1, y: 2, width: Math.max(w - 2, 1), height: 14, rx: 2,
        class: i < value ? "on" : "off"}));
    }
    return el("div", {class: "stat", "data-stat": cls}, el("span", {class: "label"}, label),
      root, el("span", {class: "value"}, max ? `${value}/${max}` : String(value)));
  }

  // A zombie die counts zombies: one worth 10, 5 or 1 of them.
  function die(size) {
    return svg("g", {class: "die", "data-size": size}, svg("title", {}, `a zombie die for ${size}`),
      svg("rect", {x: 0, y: 0, width: 34, height: 34, rx: 6}),
      svg("text", {x: 17, y: 22, "text-anchor": "middle"}, String(size)));
  }

  function zombieDice(view) {
    const dice = Object.entries(view.zombie_dice || {}).filter(([, n]) => n > 0).sort((a, b) => b[0] - a[0]);
    const box = el("div", {class: "zombie-dice", "data-zombies": view.zombies},
      el("span", {class: "label"}, `Zombies with you: ${view.zombies}`));
    const row = svg("svg", {viewBox: `0 0 ${Math.max(1, dice.reduce((t, [, n]) => t + n, 0)) * 40} 36`,
      height: 36, width: Math.max(1, dice.reduce((t, [, n]) => t + n, 0)) * 40, role: "img",
      "aria-label": dice.map(([s, n]) => `${n} × ${s}`).join(", ") || "no zombie dice"});
    let i = 0;
    for (const [sides, n] of dice) {
      for (let k = 0; k < n; k++) {
        const g = die(sides);
        g.setAttribute("transform", `translate(${i * 40 + 2},1)`);
        row.append(g);
        i++;
      }
    }
    box.append(row);
    return box;
  }

  // A weapon and its power: a zombie die dies on a roll at or under it.
  function weaponText(weapon, powers) {
    const kind = weapon ? weapon.kind : "fists";
    const name = !weapon ? "fists of fury" : weapon.charge === null ? kind : `${kind} (${weapon.charge} left)`;
    return powers && kind in powers ? `${name} · power ${powers[kind]}` : name;
  }

  function powersText(powers) {
    return Object.entries(powers || {}).map(([kind, p]) => `${kind} ${p}`).join(" · ");
  }

  function hand(view) {
    const cards = (view.holding ? [view.holding] : []).concat(view.to_place || []);
    if (cards.length === 0) return null;
    const width = cards.length * (W + GAP) + GAP;
    const row = svg("svg", {class: "hand", viewBox: `0 0 ${width} ${H + 8}`, width, height: H + 8,
      role: "group", "aria-label": "cards to place, next first"});
    cards.forEach((card, i) => row.append(cardFace(card, GAP + i * (W + GAP), 4, view.names || {}, i === 0 ? " next" : "")));
    return el("div", {class: "to-place"}, el("span", {class: "label"}, "To place (next first)"), row);
  }

  function render(view, board) {
    const s = view.survivor;
    const panel = el("div", {class: "oatd-panel"},
      track("Life", view.life, view.life_max, "life"),
      el("div", {class: "stat", "data-stat": "weapon"}, el("span", {class: "label"}, "Weapon"),
        el("span", {class: "value"}, weaponText(view.weapon, view.powers))),
      zombieDice(view),
      s ? track("Survivor", s.life, s.life_max, "survivor") : el("div", {class: "stat", "data-stat": "survivor"},
        el("span", {class: "label"}, "Survivor"), el("span", {class: "value"}, "none with you")),
      s ? el("div", {class: "stat"}, el("span", {class: "label"}, "Survivor's weapon"),
        el("span", {class: "value"}, weaponText(s.weapon, view.powers))) : null,
      el("div", {class: "stat small", "data-stat": "powers",
        title: "a zombie die dies on a roll at or under its fighter's weapon's power"},
        el("span", {class: "label"}, "Powers"), el("span", {class: "value"}, powersText(view.powers))),
      el("div", {class: "stat", "data-stat": "provisions"}, el("span", {class: "label"}, "Provisions"),
        el("span", {class: "value"}, String(view.provisions))),
      el("div", {class: "stat small"}, `Turn ${view.turn} · ${PHASES[view.phase] || String(view.phase).replace(/-/g, " ")} · kills ${view.kills} · deck ${view.deck_count}`));
    board.append(el("div", {class: "oatd"},
      el("div", {class: "city-box"}, el("div", {class: "city-scroll"}, city(view)), hand(view)), panel));
  }

  window.Deadtable.registerRenderer("one-against-the-dead", render);
})();
