// Left 4 Dead on HeroScape rules in the browser: the hex map as SVG (pointy-top axial hexes,
// terrain colours lighter with height and a small level number, safe rooms and the crescendo
// obstacle outlined, walls and doors, item locations with their item counts, hero closets),
// the figures as labelled tokens with wounds and a badge per marker on their army card
// (vomit, pinned, grabbed, ridden, tongue, mud, burning, ... incapped markers, set-aside
// wounds, ammo and fuel), effects on spaces and around them, a card per survivor, a key, and
// play by clicking: a figure, then one of its highlighted spaces or targets.
// A line-of-sight ruler asks the server (GET /api/games/{id}/sight) between two spaces; the
// "Range & sight" tool (or a figure without a move) shows any figure's Range, enemies
// included, and asks the same ruler which of the other side's figures in it that one sees.
// An enemy clicked that is not a target of the figure attacking now, or a ruler between two
// enemies, says why not, in the rules' words (the ruler's `attack`, targeting.py): the page
// keeps no copy of the rules.
// "Space names" writes each space's name (the log's) on the map; on by itself when zoomed in.
"use strict";
(function () {
  const D = window.Deadtable;
  const {el, svg} = D;
  const R = 18; // hex radius (centre to corner) in SVG units
  const FEW_ON_MAP = 4; // choices played on the map that stay buttons too
  const W = Math.sqrt(3) * R; // hex width
  const DIRS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]]; // E SE SW W NW NE
  const TERRAIN = {
    grass: "#4a7a3a", asphalt: "#4b4d53", concrete: "#8c877c", rock: "#7d5c3e",
    water: "#2f62a8", sand: "#b9a25d", swamp: "#55653a", road: "#4b4d53", lava: "#a23a1c",
    ice: "#8fb4c8", snow: "#d8dde2", dungeon: "#5b5668",
  };
  const LETTERS = {
    "zombies-of-morindan": "z", boomer: "Bo", charger: "Ch", hunter: "Hu", jockey: "Jo",
    smoker: "Sm", spitter: "Sp", witch: "Wi", tank: "Ta", clown: "Cl",
    "fallen-survivor": "Fa", hazmat: "Hz", "mud-man": "Mu", "riot-control": "Ri", worker: "Wo",
  };
  // Effects on a space (first found wins): the words in its kind, its name, its colour, and
  // whether it reaches the spaces next to it (a Bile Bomb lures to its own space).
  const EFFECTS = [
    [["molotov", "fire", "gas-can"], "fire", "#ff7a1a", true],
    [["acid", "spit"], "acid", "#8cff3a", true],
    [["bile"], "bile", "#d5e03a", false],
    [["smoke"], "smoke", "#cccccc", true],
    [["pipe-bomb", "propane", "oxygen"], "blast", "#ffb020", true],
  ];
  const EFFECT_WORDS = {fire: "fire", acid: "acid", bile: "bile bomb", smoke: "smoke",
    blast: "pipe bomb (explodes)"};
  // Effects on no space: ammo deployed for every survivor until the end of the round.
  const DEPLOYED = {"explosive-ammo": "EXPLOSIVE AMMO", "incendiary-ammo": "INCENDIARY AMMO"};
  // Environmental items still in place and alarms still armed (view.environment), as in the
  // terminal: a mounted gun to stand on, a can or tank to light, a car or a metal detector.
  const ENVIRONMENT = {minigun: "=", "heavy-machine-gun": "=", "gas-can": "g", fireworks: "g",
    "propane-tank": "t", "oxygen-tank": "t", car: "A", "metal-detector": "D"};
  // Markers on an army card: the badge's letter and colour, its words bare and with its value
  // (the figure that placed it, an item, a round).
  const MARKS = {
    pinned: ["P", "#c04cff", "pinned", "pinned by {}"],
    grabbed: ["G", "#c04cff", "grabbed", "grabbed by {}"],
    ridden: ["R", "#c04cff", "ridden", "ridden by {}"],
    tongue: ["T", "#c04cff", "tongue", "tongue of {}"],
    vomit: ["V", "#9ad92b", "vomit", "vomit of {}"],
    mud: ["M", "#a0703a", "mud", "mud of {}"],
    burn: ["F", "#ff7a1a", "burning", "burning ({})"],
    "disturbed-by": ["!", "#ff5a4f", "disturbed", "disturbed by {}"],
    wandering: ["W", "#9a9a9a", "wandering", "wandering"],
    risen: ["r", "#9a9a9a", "risen this turn", "risen this turn"],
    adrenaline: ["A", "#5fd3ff", "adrenaline", "adrenaline (round {})"],
  };
  // The same marker seen from the infected that placed it.
  const PLACED = {pinned: "pinning", grabbed: "grabbing", ridden: "riding", tongue: "tongue on",
    vomit: "vomited on", mud: "mud on"};
  const FUEL = ["chainsaw"]; // its markers are Fuel Markers; the others' are Ammo Markers
  // Choices aimed at a space, not a way to go: an explosive thrown, a can or tank lit.
  const AIMED = ["throw", "light"];
  const AIM = "#ff9d3a";
  const aimedOnly = (actions) => actions.every((a) => AIMED.includes((a.args || {}).verb));

  // What the page remembers between payloads (the board is drawn anew for each).
  const zoomPref = D.zoomPref("left-4-dead");
  const PHONE = "(max-width: 600px)";
  const ui = {
    selected: null, // a figure id whose moves are shown
    inspect: null, // a figure id whose Range is shown (tapped, having no moves)
    sightTool: false, // "Range & sight" is on: a click on any figure inspects it
    seen: null, // {id, space, step, answers: [{figure, clear, distance, reason}]} from the ruler
    ruler: false, // the ruler is on: clicks pick its two ends
    rulerEnds: [], // space names
    rulerResult: null, // the server's answer, with the step it was asked at
    zoom: zoomPref.get(), // as this browser last left it (common.js), out at first: the whole map
    names: null, // space names on the map: null follows the zoom, else the person's choice
    why: null, // {step, target, answer}: why the clicked enemy is (not) a target, from the ruler
    scroll: null, // the map box's scroll position
    gameId: null,
  };

  const key = (q, r) => `${q},${r}`;
  const centre = (q, r) => [W * (q + r / 2), 1.5 * R * r];
  const distance = (a, b) => (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1])
    + Math.abs(a[0] + a[1] - b[0] - b[1])) / 2;

  function corners(x, y, radius) {
    const out = [];
    for (let i = 0; i < 6; i++) {
      const angle = Math.PI / 180 * (60 * i - 30);
      out.push([x + radius * Math.cos(angle), y + radius * Math.sin(angle)]);
    }
    return out;
  }

  function shade(hex, level) {
    const n = parseInt(hex.slice(1), 16);
    const mix = Math.min(0.55, Math.max(0, level) * 0.07);
    const c = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.round(v + (255 - v) * mix));
    return `rgb(${c.join(",")})`;
  }

  function effectOf(kind) {
    for (const [words, name, colour, area] of EFFECTS) {
      if (words.some((w) => kind.includes(w))) return {name, colour, area};
    }
    return {name: "effect", colour: "#ff5a4f", area: false};
  }

  // An effect in words: "fire (molotov cocktail) on 6,6 and next to it".
  function effectText(e) {
    if (e.kind === "alarm") return "an alarm went off: its zombies come again at the end of the round";
    if (!e.space) return `${pretty(e.kind)}: every survivor has it to the end of the round`;
    const fx = effectOf(e.kind);
    const words = EFFECT_WORDS[fx.name] || pretty(e.kind);
    const shown = words.startsWith(pretty(e.kind)) ? words
      : `${words.split(" (")[0]} (${pretty(e.kind)})`;
    return `${shown} on ${e.space}${fx.area ? " and next to it" : ""}`;
  }

  // A small drawn sample for the key: a badge's letter on its colour, or an effect's ring.
  function swatch(letter, colour, ring) {
    return svg("svg", {viewBox: "-6 -6 12 12", class: "swatch", width: 14, height: 14,
        "aria-hidden": "true"},
      ring ? svg("circle", {r: 5, fill: colour, "fill-opacity": 0.35, stroke: colour,
        "stroke-width": 1.5})
        : svg("circle", {r: 5.5, fill: colour, stroke: "#000", "stroke-width": 0.8}),
      ring ? null : svg("text", {y: 2.6, "text-anchor": "middle", fill: "#000",
        "font-size": 7.5, "font-weight": 700}, letter));
  }

  // A token's letters; a zombie's carry its number, as the log and the buttons name it
  // ("Zombie 3" is z3), so a player can tell which of two zombies a choice means; so do a
  // special's when another of its kind is on the map (two Jockeys: Jo1, Jo2). `twins`: the
  // kinds with more than one figure on the map.
  function label(figure, twins) {
    if (figure.side === "survivors") return figure.name.slice(0, 2);
    const letters = LETTERS[figure.kind] || figure.name.slice(0, 2);
    const numbered = figure.kind === "zombies-of-morindan" || twins.has(figure.kind);
    const number = numbered && /(\d+)$/.exec(figure.name);
    return number ? `${letters}${number[1]}` : letters;
  }

  function pretty(text) {
    return String(text).replace(/-/g, " ");
  }

  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

  // The decision's actions grouped by their args: figure -> space -> actions; target -> actions;
  // figure -> "turn" actions; the rest.
  function group(decision) {
    const out = {spaces: {}, targets: {}, turns: {}, board: [], noFigureSpaces: {}};
    if (!decision) return out;
    for (const action of decision.actions) {
      const args = action.args || {};
      if (args.space && args.figure) {
        const forFigure = out.spaces[args.figure] || (out.spaces[args.figure] = {});
        (forFigure[args.space] || (forFigure[args.space] = [])).push(action);
        out.board.push(action.id);
      } else if (args.space) {
        (out.noFigureSpaces[args.space] || (out.noFigureSpaces[args.space] = [])).push(action);
        out.board.push(action.id);
      } else if (args.target) {
        (out.targets[args.target] || (out.targets[args.target] = [])).push(action);
      } else if (args.verb === "turn" && args.figure) {
        (out.turns[args.figure] || (out.turns[args.figure] = [])).push(action);
      }
    }
    return out;
  }

  // Draw again with the latest payload the page gave (after a click that changes only the page).
  function redraw() {
    if (ui.last) render(ui.last.view, ui.last.board, ui.last.payload);
  }

  // Zoom in or out (the button, or a pinch on the map), remembered by this browser.
  function toggleZoom() {
    ui.zoom = !ui.zoom;
    ui.scroll = null;
    zoomPref.set(ui.zoom);
    redraw();
  }

  function render(view, board, payload) {
    if (!view || !view.map || !view.map.spaces) return false;
    ui.last = {view, board, payload};
    if (ui.gameId !== payload.id) {
      Object.assign(ui, {selected: null, inspect: null, rulerEnds: [], rulerResult: null,
        scroll: null, seen: null, why: null,
        gameId: payload.id});
    }
    const m = view.map;
    const spaces = {}; // name -> {name, q, r, terrain, level}
    for (const [name, q, r, terrain, level] of m.spaces) {
      if (q !== null && q !== undefined) spaces[name] = {name, q, r, terrain, level};
    }
    const byCoord = {};
    for (const s of Object.values(spaces)) byCoord[key(s.q, s.r)] = s;
    const figures = view.figures || [];
    const onMap = figures.filter((f) => f.space && spaces[f.space]);
    const byId = Object.fromEntries(figures.map((f) => [f.id, f]));
    const groups = group(payload.decision);
    const movers = Object.keys(groups.spaces);
    // A selection is a figure's moves: none left (another's turn, its attack), none selected,
    // or the only figure that may move.
    if (ui.selected && !groups.spaces[ui.selected]) ui.selected = null;
    if (ui.inspect && !(byId[ui.inspect] && byId[ui.inspect].space)) ui.inspect = null;
    if (!ui.selected && movers.length === 1) ui.selected = movers[0];
    const acting = view.turn && byId[view.turn.figure]; // whose turn it is: its Range shaded

    // Bounds of the map in SVG units.
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const s of Object.values(spaces)) {
      const [x, y] = centre(s.q, s.r);
      minX = Math.min(minX, x); maxX = Math.max(maxX, x);
      minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
    const pad = R + 4;
    const vb = [minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad];

    // A group, not an image, so that a screen reader reaches each space and figure in it.
    const map = svg("svg", {viewBox: vb.map((v) => v.toFixed(1)).join(" "), class: "l4d-map",
      role: "group", "aria-label": `${m.name || "map"}: round ${view.round}`});
    // Set through the CSSOM: the page's Content-Security-Policy refuses style attributes.
    // Zoomed out the whole map across the box (a phone's hexes ~12 px), in a hex ~47 px.
    if (ui.zoom) map.style.minWidth = `${Math.round(vb[2] * 1.5)}px`;
    // Small: the whole map across a phone, the figures' letters drawn larger for it and the
    // levels left out (style.css: .l4d-map-box.small).
    const small = !ui.zoom && window.matchMedia(PHONE).matches;
    const hexLayer = svg("g", {class: "hexes"});
    const nameLayer = svg("g", {class: "space-names", "aria-hidden": "true"});
    const zoneLayer = svg("g", {class: "zones"});
    const edgeLayer = svg("g", {class: "edges"});
    const markLayer = svg("g", {class: "marks"});
    const rangeLayer = svg("g", {class: "range"});
    const rulerLayer = svg("g", {class: "ruler"});
    const figureLayer = svg("g", {class: "figures"});
    const reachLayer = svg("g", {class: "reach-marks"});
    // The words under tokens (DOWN, pinned, ...) over every token: the row below would hide them.
    const wordLayer = svg("g", {class: "token-words"});
    // How many items lie on a space, over the figures: a survivor standing there hid it.
    const countLayer = svg("g", {class: "marks item-counts"});
    // The ruler over the figures: its cross must show on a figure that blocks the line.
    map.append(hexLayer, nameLayer, zoneLayer, rangeLayer, reachLayer, edgeLayer, markLayer, figureLayer,
      countLayer, wordLayer, rulerLayer);

    const selectedSpaces = ui.selected ? (groups.spaces[ui.selected] || {}) : {};
    const obstacle = new Set(view.obstacle || []);
    const effectsAt = {}; // space -> the effects on it, in words (for its label)
    for (const e of view.effects || []) {
      if (e.space) (effectsAt[e.space] || (effectsAt[e.space] = [])).push(effectText(e));
    }
    const hexNodes = {};

    for (const s of Object.values(spaces)) {
      const [x, y] = centre(s.q, s.r);
      const points = corners(x, y, R).map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" ");
      const reach = selectedSpaces[s.name] || groups.noFigureSpaces[s.name];
      const classes = ["hex", `terrain-${s.terrain}`];
      if (reach) classes.push("reach");
      if (obstacle.has(s.name)) classes.push("blocked");
      const spaceText = `space ${s.name}: ${s.terrain}, level ${s.level}`
        + (effectsAt[s.name] ? `, ${effectsAt[s.name].join(", ")}` : "")
        + (reach ? ` — ${reach.map((a) => a.label).join("; ")}` : "");
      const node = svg("g", {class: classes.join(" "), "data-space": s.name,
          "data-level": s.level, onclick: (event) => clickSpace(s.name, event),
          role: "img", "aria-label": spaceText},
        svg("polygon", {points, fill: shade(TERRAIN[s.terrain] || "#666666", s.level)}),
        svg("text", {x: x.toFixed(1), y: (y + R * 0.78).toFixed(1), class: "level"}, s.level),
        svg("title", {}, spaceText));
      // A move that costs leaving-engagement attacks on the way is marked apart (orange); a
      // space only to throw at or light (dozens at once) is outlined, not filled, so that it
      // does not read as "you may go" over the figures to attack.
      const risky = reach && reach.every((a) => (a.args || {}).attacks > 0);
      const aimed = reach && aimedOnly(reach);
      const outline = corners(x, y, R * (aimed ? 0.78 : 0.9))
        .map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" ");
      if (aimed) {
        reachLayer.append(svg("polygon", {points: outline, class: "aim-mark", fill: "none",
          stroke: AIM, "stroke-width": 1.4, "stroke-dasharray": "3 2", "data-space": s.name}));
      } else if (reach) {
        reachLayer.append(svg("polygon", {points: outline,
          class: `reach-mark${risky ? " risky" : ""}`, "data-space": s.name}));
      }
      hexNodes[s.name] = node;
      hexLayer.append(node);
    }

    // Effects: a ring and its name on the space, a tint on the spaces next to it that it reaches.
    for (const e of view.effects || []) {
      const s = e.space && spaces[e.space];
      if (!s) continue;
      const [x, y] = centre(s.q, s.r);
      const fx = effectOf(e.kind);
      const words = effectText(e);
      const area = svg("g", {class: "effect-area"});
      for (const [dq, dr] of fx.area ? DIRS : []) {
        const n = byCoord[key(s.q + dq, s.r + dr)];
        if (!n) continue;
        const [nx, ny] = centre(n.q, n.r);
        area.append(svg("polygon", {points: corners(nx, ny, R * 0.8).map((p) =>
          p.map((v) => v.toFixed(1)).join(",")).join(" "), fill: fx.colour, "fill-opacity": 0.16,
          stroke: fx.colour, "stroke-opacity": 0.5, "stroke-width": 0.6}));
      }
      markLayer.append(area, svg("g", {class: `effect effect-${fx.name}`, "data-effect": e.kind,
          "data-space": e.space, role: "img", "aria-label": words},
        svg("circle", {cx: x, cy: y, r: R * 0.8, stroke: fx.colour}),
        svg("text", {x, y: y - R * 0.55}, fx.name),
        svg("title", {}, words)));
    }

    // Zones: the outline of each zone's spaces (edges to a space outside it).
    for (const [name, zone] of Object.entries(m.zones || {})) {
      const inside = new Set(zone.spaces);
      let d = "";
      for (const spaceName of zone.spaces) {
        const s = spaces[spaceName];
        if (!s) continue;
        const [x, y] = centre(s.q, s.r);
        const c = corners(x, y, R);
        DIRS.forEach(([dq, dr], i) => {
          const other = byCoord[key(s.q + dq, s.r + dr)];
          if (other && inside.has(other.name)) return;
          const a = c[i], b = c[(i + 1) % 6];
          d += `M${a[0].toFixed(1)},${a[1].toFixed(1)}L${b[0].toFixed(1)},${b[1].toFixed(1)}`;
        });
      }
      const shown = zone.kind === "crescendo-obstacle" && !zone.spaces.some((s) => obstacle.has(s))
        ? "opened" : "";
      if (zone.kind === "safe-room" || zone.kind === "rescue-vehicle") {
        for (const spaceName of zone.spaces) {
          const s = spaces[spaceName];
          if (!s) continue;
          const [x, y] = centre(s.q, s.r);
          zoneLayer.append(svg("polygon", {class: `zone-fill-${zone.kind}`,
            points: corners(x, y, R).map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" ")}));
        }
      }
      zoneLayer.append(svg("path", {d, class: `zone zone-${zone.kind} ${shown}`},
        svg("title", {}, `${name} (${pretty(zone.kind)})`)));
    }

    // Walls and doors: a thick line on the shared hexside.
    for (const [a, b, feature] of m.edges || []) {
      const sa = spaces[a], sb = spaces[b];
      if (!sa || !sb) continue;
      const i = DIRS.findIndex(([dq, dr]) => sa.q + dq === sb.q && sa.r + dr === sb.r);
      if (i < 0) continue;
      const [x, y] = centre(sa.q, sa.r);
      const c = corners(x, y, R);
      edgeLayer.append(svg("line", {x1: c[i][0], y1: c[i][1], x2: c[(i + 1) % 6][0],
        y2: c[(i + 1) % 6][1], class: `edge edge-${feature}`}, svg("title", {}, `${feature}`)));
    }

    // Markers: item locations (with the items lying there), hero closets, the trigger.
    const items = view.items || {};
    const marked = new Set();
    for (const marker of m.markers || []) {
      const s = spaces[marker.space];
      if (!s) continue;
      const [x, y] = centre(s.q, s.r);
      const glyph = {"item-location": "i", "hero-closet": "H", "crescendo-trigger": "!",
        "finale-trigger": "F"}[marker.kind];
      if (glyph) {
        markLayer.append(svg("g", {class: `marker marker-${marker.kind}`},
          svg("rect", {x: x - R * 0.8, y: y - R * 0.85, width: R * 0.62, height: R * 0.62, rx: 2}),
          svg("text", {x: x - R * 0.49, y: y - R * 0.38}, glyph),
          svg("title", {}, `${pretty(marker.kind)} ${marker.order || ""} at ${s.name}`)));
      }
      marked.add(marker.space);
    }
    for (const e of view.environment || []) {
      for (const spaceName of e.spaces) {
        const s = spaces[spaceName];
        if (!s) continue;
        const [x, y] = centre(s.q, s.r);
        const alarm = e.kind === "car" || e.kind === "metal-detector";
        markLayer.append(svg("g", {class: `marker marker-env${alarm ? " marker-alarm" : ""}`,
            "data-environment": e.kind},
          svg("rect", {x: x - R * 0.8, y: y + R * 0.2, width: R * 0.62, height: R * 0.62, rx: 2}),
          svg("text", {x: x - R * 0.49, y: y + R * 0.67}, ENVIRONMENT[e.kind] || "?"),
          svg("title", {}, `${e.name} at ${spaceName}`)));
      }
    }
    for (const [spaceName, names] of Object.entries(items)) {
      const s = spaces[spaceName];
      if (!s || !names.length) continue;
      const [x, y] = centre(s.q, s.r);
      // at the hex's top, clear of a token's wounds (top right) and its markers (the sides)
      countLayer.append(svg("g", {class: "items-here", "data-space": spaceName},
        svg("circle", {cx: x, cy: y - R * 0.78, r: R * 0.3}),
        svg("text", {x, y: y - R * 0.78 + 3}, names.length),
        svg("title", {}, `${spaceName}: ${names.join(", ")}`)));
    }

    // Figures as tokens.
    const kinds = onMap.map((f) => f.kind);
    const twins = new Set(kinds.filter((k, i) => kinds.indexOf(k) !== i));
    for (const f of onMap) {
      const s = spaces[f.space];
      const [x, y] = centre(s.q, s.r);
      const classes = ["token", f.side === "survivors" ? "survivor"
        : f.kind === "zombies-of-morindan" ? "zombie" : "special"];
      if (f.down) classes.push("down");
      if (f.closet) classes.push("closet");
      if (Object.keys(f.markers || {}).length) classes.push("marked");
      if (groups.spaces[f.id]) classes.push("can-move");
      if (groups.turns[f.id]) classes.push("can-act");
      if (groups.targets[f.id]) classes.push("target");
      if (ui.selected === f.id) classes.push("selected");
      if (ui.inspect === f.id) classes.push("inspected");
      // a quarter larger on a phone's whole map, a hex's width at most: room for its letters
      const radius = (f.side === "survivors" ? R * 0.68 : f.kind === "zombies-of-morindan"
        ? R * 0.5 : R * 0.62) * (small ? 1.25 : 1);
      const token = svg("g", {class: classes.join(" "), "data-figure": f.id,
          transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
          onclick: (event) => clickFigure(f, event),
          onmouseenter: () => showRange(f), onmouseleave: () => showRange(null),
          role: "img", "aria-label": `${tokenTitle(f)}, on space ${f.space}`},
        svg("circle", {r: radius, class: "body"}),
        svg("text", {y: small ? 6 : 4, class: "name"}, label(f, twins)),
        svg("title", {}, tokenTitle(f)));
      if (f.wounds) {
        token.append(svg("g", {class: "wounds"},
          svg("circle", {cx: R * 0.5, cy: -R * 0.5, r: R * 0.3}),
          svg("text", {x: R * 0.5, y: -R * 0.5 + 3.5}, f.wounds)));
      }
      if (f.down || f.closet || Object.keys(f.markers || {}).length) {
        const first = Object.keys(f.markers || {})[0];
        const word = f.down ? "DOWN" : f.closet ? "closet" : (MARKS[first] || [])[2] || first;
        wordLayer.append(svg("text", {x: x.toFixed(1), y: (y + R * 0.95).toFixed(1),
          class: "state", "data-figure": f.id}, pretty(word)));
      }
      token.append(...badges(f));
      figureLayer.append(token);
    }

    // A marker and its value, a figure's id read as its name ("pinned by Hunter 1").
    function markerText(k, v) {
      const [, , bare, told] = MARKS[k] || [null, null, pretty(k), `${pretty(k)} {}`];
      if (v === null || v === undefined || v === "" || v === "-" || v === true
          || (v === 1 && k !== "adrenaline")) return bare;
      return told.replace("{}", byId[v] ? byId[v].name : pretty(v));
    }

    // The markers other figures carry that this one placed: "pinning Bill".
    function placedBy(f) {
      const out = [];
      for (const other of figures) {
        for (const [k, v] of Object.entries(other.markers || {})) {
          if (v === f.id && PLACED[k]) out.push(`${PLACED[k]} ${other.name}`);
        }
      }
      return out;
    }

    function ammoText(f) {
      return Object.entries(f.ammo || {}).map(([item, n]) =>
        `${plural(n, FUEL.includes(item) ? "fuel marker" : "ammo marker")} (${pretty(item)})`);
    }

    // Badges around a token: its card's markers on the left, incapped markers, set-aside
    // wounds and ammo or fuel on the right under the wounds; each says itself to a screen reader.
    function badges(f) {
      const out = [];
      const left = Object.entries(f.markers || {}).map(([k, v]) => {
        const [letter, colour] = MARKS[k] || ["?", "#ff5a4f"];
        return [`mark-${k}`, letter, colour, markerText(k, v)];
      });
      const right = [];
      if (f.incaps) right.push(["incaps", `${f.incaps}`, "#ffffff", plural(f.incaps, "incapped marker")]);
      if (f.set_aside) right.push(["set-aside", `+${f.set_aside}`, "#d0d0d0",
        `${plural(f.set_aside, "wound")} set aside`]);
      const ammo = Object.values(f.ammo || {});
      if (ammo.length) right.push(["ammo", `${ammo.reduce((a, b) => a + b, 0)}`, "#f2d16b",
        ammoText(f).join(", ")]);
      const place = (row, side) => [side * R * 0.7, -R * 0.45 + row * R * 0.5];
      left.slice(0, 3).forEach((b, i) => out.push(badge(b, place(i, -1))));
      right.forEach((b, i) => out.push(badge(b, place(i + 1, 1))));
      return out;
    }

    function badge([cls, letter, colour, words], [x, y]) {
      return svg("g", {class: `card-mark ${cls}`, role: "img", "aria-label": words},
        svg("circle", {cx: x, cy: y, r: R * 0.27, fill: colour, stroke: "#000",
          "stroke-width": 0.7}),
        svg("text", {x, y: y + 2.6, "text-anchor": "middle", "font-size": letter.length > 1 ? 6 : 7.5,
          "font-weight": 700, fill: "#000"}, letter),
        svg("title", {}, words));
    }

    function tokenTitle(f) {
      const bits = [`${f.name} (${f.card}) at ${f.space}, level ${f.level}`,
        `Life ${f.life - f.wounds}/${f.life}, Move ${f.move}, Range ${f.range}, `
        + `Attack ${f.attack}, Defense ${f.defense}, Height ${f.height}`];
      if (f.down) bits.push("incapacitated (down)");
      if (f.closet) bits.push("in a hero closet");
      if (f.incaps) bits.push(plural(f.incaps, "incapped marker"));
      if (f.set_aside) bits.push(`${plural(f.set_aside, "wound")} set aside`);
      const markers = Object.entries(f.markers || {}).map(([k, v]) => markerText(k, v));
      if (markers.length) bits.push(`markers: ${markers.join(", ")}`);
      const placed = placedBy(f);
      if (placed.length) bits.push(placed.join(", "));
      const carried = Object.values(f.items || {}).map(pretty);
      if (carried.length) bits.push(`carrying ${carried.join(", ")}`);
      const ammo = ammoText(f);
      if (ammo.length) bits.push(ammo.join(", "));
      return bits.join("\n");
    }

    function showRange(f) {
      rangeLayer.replaceChildren();
      const who = f || (ui.inspect && byId[ui.inspect]) || (ui.selected && byId[ui.selected])
        || acting;
      if (!who || !who.space || !spaces[who.space]) return;
      const from = spaces[who.space];
      const reachRange = Math.max(1, who.range || 1);
      let d = "";
      for (const s of Object.values(spaces)) {
        const n = distance([from.q, from.r], [s.q, s.r]);
        if (n === 0 || n > reachRange) continue;
        const [x, y] = centre(s.q, s.r);
        const c = corners(x, y, R * 0.92);
        d += `M${c.map((p) => p.map((v) => v.toFixed(1)).join(",")).join("L")}Z`;
      }
      rangeLayer.append(svg("path", {d, class: `in-range${f ? " hovered" : ""}`},
        svg("title", {}, `${who.name}: range ${who.range}`)));
      info.range.textContent = `${who.name}: Range ${who.range} (shaded), Move ${who.move}`;
      if (ui.inspect === who.id) showSeen(who, from); // not while another is hovered
    }

    // The enemies the inspected figure has in its Range, each asked of the server's ruler: a
    // green ring and line to those it sees, a dashed grey ring on those it does not.
    function showSeen(who, from) {
      const seen = ui.seen;
      if (ui.rulerEnds.length) return; // the ruler's line is being read
      if (!seen || seen.id !== who.id || seen.space !== who.space || seen.step !== payload.step) {
        askSight(who);
      }
      if (!ui.seen.answers) {
        info.range.append(" · asking the ruler what it sees…");
        return;
      }
      const sees = [], hidden = [];
      for (const answer of ui.seen.answers) {
        const other = byId[answer.figure];
        const s = other && spaces[other.space];
        if (!s) continue;
        const [x, y] = centre(s.q, s.r);
        const [x0, y0] = centre(from.q, from.r);
        const words = `${other.name} (${answer.distance})`;
        if (answer.clear) {
          sees.push(words);
          rangeLayer.append(svg("line", {x1: x0, y1: y0, x2: x, y2: y, class: "sight-line",
            stroke: "#7dff8a", "stroke-width": 1.2, "stroke-opacity": 0.8}));
        } else {
          hidden.push(`${words}: ${answer.reason || "blocked"}`);
        }
        rangeLayer.append(svg("circle", {cx: x, cy: y, r: R * 0.86, fill: "none",
          class: `sight-ring ${answer.clear ? "sees" : "hidden"}`, "data-figure": other.id,
          stroke: answer.clear ? "#7dff8a" : "#bbbbbb", "stroke-width": 2,
          "stroke-dasharray": answer.clear ? "none" : "3 2"},
        svg("title", {}, `${who.name} ${answer.clear ? "sees" : "does not see"} ${words}`)));
      }
      info.range.append(el("span", {class: "sees"}, ` · sees in range: ${sees.join(", ") || "none"}`));
      if (hidden.length) {
        info.range.append(el("span", {class: "hidden"}, ` · in range, not seen: ${hidden.join("; ")}`));
      }
    }

    // Ask the ruler (GET /sight, read-only, any seat) from the figure to each enemy standing
    // within its Range; the answers are kept for this step and redrawn.
    async function askSight(who) {
      const from = spaces[who.space];
      const reach = Math.max(1, who.range || 1);
      const enemies = onMap.filter((o) => o.side !== who.side && !o.down && spaces[o.space]
        && distance([from.q, from.r], [spaces[o.space].q, spaces[o.space].r]) <= reach);
      const mark = {id: who.id, space: who.space, step: payload.step};
      ui.seen = Object.assign({answers: null}, mark);
      const token = new URLSearchParams(location.search).get("token") || "";
      const answers = await Promise.all(enemies.slice(0, 40).map(async (o) => {
        const result = await D.api("GET", `/api/games/${encodeURIComponent(payload.id)}/sight`
          + `?token=${encodeURIComponent(token)}&from=${encodeURIComponent(who.space)}`
          + `&to=${encodeURIComponent(o.space)}`);
        return result.ok ? Object.assign({figure: o.id}, result.data) : null;
      }));
      if (ui.seen && ui.seen.id === mark.id && ui.seen.step === mark.step && ui.gameId === payload.id) {
        ui.seen.answers = answers.filter((a) => a && a.distance !== null && a.distance <= reach);
        redraw();
      }
    }

    function clickFigure(f, event) {
      if (ui.ruler || event.shiftKey) {
        clickSpace(f.space, event);
        return;
      }
      if (ui.sightTool) { // any figure, either side: its Range and what it sees
        ui.inspect = ui.inspect === f.id ? null : f.id;
        ui.selected = null;
        redraw();
        return;
      }
      const targets = groups.targets[f.id];
      const turns = groups.turns[f.id];
      const aimed = selectedSpaces[f.space]; // a weapon aimed at its space (a grenade)
      if (aimed && !targets && !turns) {
        choose(aimed);
        return;
      }
      const attacker = attackerNow();
      if (!targets && attacker && f.side !== attacker.side && !groups.spaces[f.id]) {
        askWhy(attacker, f); // not a target: say why, from the rules
        return;
      }
      if (targets && targets.length === 1 && !groups.spaces[f.id]) {
        D.act(targets[0].id);
        return;
      }
      if (targets && targets.length > 1) {
        offer(`${f.name}: which?`, targets);
        return;
      }
      if (turns && turns.length === 1 && !groups.spaces[f.id]) {
        D.act(turns[0].id);
        return;
      }
      const reach = groups.spaces[f.id] && groups.spaces[f.id][f.space];
      if (ui.selected === f.id && reach) { // its own space is a choice (e.g. stop here)
        choose(reach);
        return;
      }
      const here = groups.noFigureSpaces[f.space]; // e.g. an item under the survivor's token
      if (here && !groups.spaces[f.id]) {
        choose(here);
        return;
      }
      if (groups.spaces[f.id]) {
        ui.selected = ui.selected === f.id ? null : f.id;
        ui.inspect = null;
      } else {
        ui.inspect = ui.inspect === f.id ? null : f.id; // shows its Range (a phone has no hover)
      }
      redraw();
    }

    function clickSpace(name, event) {
      if (ui.ruler || (event && event.shiftKey)) {
        ui.rulerEnds = ui.rulerEnds.length >= 2 || ui.rulerEnds.length === 0
          ? [name] : [ui.rulerEnds[0], name];
        ui.rulerResult = null;
        ui.why = null;
        if (ui.rulerEnds.length === 2) measure(payload);
        else redraw();
        return;
      }
      const occupant = onMap.find((f) => f.space === name);
      if (ui.sightTool && occupant) {
        clickFigure(occupant, event || {});
        return;
      }
      const reach = selectedSpaces[name] || groups.noFigureSpaces[name];
      if (reach) {
        choose(reach);
        return;
      }
      if (occupant) clickFigure(occupant, event || {});
    }

    function choose(actions) {
      if (actions.length === 1) D.act(actions[0].id);
      else offer("Which?", actions);
    }

    function offer(title, actions) {
      info.offer.replaceChildren(el("strong", {}, title), " ",
        ...actions.map((a) => el("button", {type: "button", class: "offer",
          "data-action": a.id, onclick: () => D.act(a.id)}, a.label)));
      info.offer.scrollIntoView({block: "nearest"});
    }

    async function measure(forPayload) {
      const [from, to] = ui.rulerEnds;
      const token = new URLSearchParams(location.search).get("token") || "";
      const url = `/api/games/${encodeURIComponent(forPayload.id)}/sight?token=`
        + `${encodeURIComponent(token)}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
      const result = await D.api("GET", url);
      ui.rulerResult = result.ok ? Object.assign({step: forPayload.step}, result.data)
        : {error: D.errorText(result), step: forPayload.step};
      if (ui.gameId === forPayload.id) redraw();
    }

    // The ruler's line, its ends and where it is blocked; the same for the line from the
    // attacker to an enemy clicked that is not its target.
    if (ui.rulerEnds.length) {
      const res = ui.rulerResult;
      if (res && !res.error && res.spaces && res.step !== payload.step) {
        ui.rulerResult = null;
        measure(payload); // the figures moved: ask again
      }
      drawSight(ui.rulerEnds, res && !res.error && res.spaces ? res : null);
    } else if (ui.why && ui.why.step === payload.step && ui.why.answer && ui.why.answer.spaces) {
      const answer = ui.why.answer;
      drawSight([answer.from, answer.to], answer);
    }

    function drawSight(ends, res) {
      for (const name of ends) {
        const s = spaces[name];
        if (!s) continue;
        const [x, y] = centre(s.q, s.r);
        rulerLayer.append(svg("circle", {cx: x, cy: y, r: R * 0.85, class: "ruler-end"}));
      }
      if (!res) return;
      const points = res.spaces.filter((n) => spaces[n]).map((n) => centre(spaces[n].q, spaces[n].r));
      const a = spaces[res.from], b = spaces[res.to];
      const blockers = res.blocked_at === null || res.blocked_at === undefined ? []
        : Array.isArray(res.blocked_at) ? res.blocked_at : [res.blocked_at];
      if (a && b) {
        // Clear (green) from the viewer up to where it is blocked, red beyond.
        const [x1, y1] = centre(a.q, a.r), [x2, y2] = centre(b.q, b.r);
        let t = res.clear ? 1 : 0;
        if (!res.clear && blockers.length) {
          const at = blockers.map((n) => res.spaces.indexOf(n)).filter((i) => i >= 0);
          const n = Math.max(1, res.spaces.length - 1);
          t = at.length ? at.reduce((u, i) => u + i, 0) / at.length / n : 0;
        }
        const xm = x1 + (x2 - x1) * t, ym = y1 + (y2 - y1) * t;
        if (t > 0) rulerLayer.append(svg("line", {x1, y1, x2: xm, y2: ym, class: "ruler-line clear"}));
        if (t < 1) rulerLayer.append(svg("line", {x1: xm, y1: ym, x2, y2, class: "ruler-line blocked"}));
      }
      for (const [x, y] of points) rulerLayer.append(svg("circle", {cx: x, cy: y, r: 3,
        class: "ruler-step"}));
      const at = blockers.filter((n) => spaces[n]).map((n) => centre(spaces[n].q, spaces[n].r));
      if (at.length) {
        const x = at.reduce((t, p) => t + p[0], 0) / at.length;
        const y = at.reduce((t, p) => t + p[1], 0) / at.length;
        rulerLayer.append(svg("g", {class: "ruler-block"},
          svg("path", {d: `M${x - 7},${y - 7}L${x + 7},${y + 7}M${x - 7},${y + 7}L${x + 7},${y - 7}`})));
      }
    }

    // The page around the map.
    const box = el("div", {class: `l4d-map-box${small ? " small" : ""}`}, map);
    D.pinchZoom(box, ui.zoom, toggleZoom, ".l4d-map-box");
    const info = {
      offer: el("div", {class: "l4d-offer"}),
      range: el("span", {class: "l4d-range", "aria-live": "polite"}),
    };
    // Space names: on by themselves when zoomed in, until the person says otherwise.
    const named = ui.names === null ? ui.zoom : ui.names;
    const namesButton = el("button", {type: "button", class: `tool${named ? " on" : ""}`,
      "aria-pressed": named ? "true" : "false", "data-tool": "names",
      title: "Write each space's name on the map, as the log and the choices name it",
      onclick: () => { ui.names = !named; redraw(); }}, "Names");
    const rulerButton = el("button", {type: "button", class: `tool${ui.ruler ? " on" : ""}`,
      "aria-pressed": ui.ruler ? "true" : "false", "data-tool": "ruler",
      onclick: () => { ui.ruler = !ui.ruler; ui.rulerEnds = []; ui.rulerResult = null; ui.why = null;
        if (ui.ruler) ui.sightTool = false;
        redraw(); }}, "Ruler");
    const sightButton = el("button", {type: "button", class: `tool${ui.sightTool ? " on" : ""}`,
      "aria-pressed": ui.sightTool ? "true" : "false", "data-tool": "sight",
      title: "Click any figure, either side's, for its Range and the enemies it sees",
      onclick: () => { ui.sightTool = !ui.sightTool; ui.ruler = false; ui.rulerEnds = []; ui.why = null;
        ui.rulerResult = null; if (!ui.sightTool) ui.inspect = null; redraw(); }},
    "Range", el("span", {class: "tool-more"}, " & sight"));  // "Range" on a phone: one row
    const zoomButton = D.zoomButton(ui.zoom, toggleZoom);
    const status = el("div", {class: "l4d-status"},
      el("strong", {title: view.max_rounds ? `the chapter is lost if the survivors are still out `
        + `at the end of round ${view.max_rounds}` : ""},
      `Round ${view.round}${view.max_rounds ? ` of ${view.max_rounds}` : ""}`),
      ` · ${m.name || ""} · ${view.difficulty}`,
      view.crescendo ? el("span", {class: "crescendo"}, ` · CRESCENDO ${view.crescendo}`) : null,
      view.finale && view.finale.text
        ? el("span", {class: "crescendo finale"}, ` · ${view.finale.text}`) : null,
      ...(view.effects || []).filter((e) => !e.space && DEPLOYED[e.kind]).map((e) =>
        el("span", {class: "crescendo deployed", "data-effect": e.kind},
          ` · ${DEPLOYED[e.kind]} (every survivor, this round)`)),
      ...(view.effects || []).filter((e) => e.kind === "alarm").map(() =>
        el("span", {class: "crescendo alarm", "data-effect": "alarm"},
          " · ALARM: its zombies come again at the end of the round")),
      view.phase ? el("span", {class: "phase"}, ` · ${view.phase}`) : null);
    const tools = el("div", {class: "l4d-tools"}, rulerButton, sightButton, zoomButton,
      namesButton);
    const rulerText = rulerLine();
    // Under the choices (the page puts what is returned as `after` there): the survivors'
    // cards, the infected, items and the key; folded on a phone until opened.
    if (ui.more === undefined) ui.more = window.innerWidth > 600;
    const more = el("details", {class: "l4d-more", open: ui.more,
        ontoggle: () => { ui.more = more.open; }},
      el("summary", {}, "Survivors, infected, items and key"),
      el("div", {}, survivorCards(), infectedLine(), itemsLine(), legend()));
    // What changes as a person points or taps (a Range, the ruler's answer, a "which?") is
    // written under the map, never above it: a line appearing above would move the map under
    // the finger between touching a figure and the click, and the click would land on the
    // figure next to it.
    const below = el("div", {class: "l4d-below"}, hint(), info.range, rulerText, whyLine(),
      info.offer);
    board.replaceChildren(el("div", {class: "l4d"}, status, tools, box, below));
    showRange(null);
    if (named) writeNames();

    // Keep the map where the person left it; the first time, centre it on the survivors. At a
    // new step whose figure (the one moving, or whose turn it is) is off the box or at its
    // edge, bring it in: its highlighted spaces are around it.
    const where = (f, i) => (centre(spaces[f.space].q, spaces[f.space].r)[i] - vb[i]) / vb[i + 2];
    const centreOn = (focus) => {
      const at = (i) => focus.map((f) => where(f, i)).reduce((a, b) => a + b, 0) / focus.length;
      if (box.scrollWidth > box.clientWidth) { // both ways: zoomed in, it is taller too
        box.scrollLeft = Math.max(0, at(0) * box.scrollWidth - box.clientWidth / 2);
      }
      if (box.scrollHeight > box.clientHeight) {
        box.scrollTop = Math.max(0, at(1) * box.scrollHeight - box.clientHeight / 2);
      }
    };
    const inView = (f) => {
      const x = where(f, 0) * box.scrollWidth - box.scrollLeft;
      const y = where(f, 1) * box.scrollHeight - box.scrollTop;
      const margin = (box.scrollWidth / vb[2]) * W; // a hex
      return x >= margin && x <= box.clientWidth - margin
        && y >= margin && y <= box.clientHeight - margin;
    };
    const chosen = ui.selected && onMap.find((f) => f.id === ui.selected);
    const moving = chosen || (acting && acting.space && spaces[acting.space] ? acting : null);
    if (ui.scroll) {
      box.scrollLeft = ui.scroll[0];
      box.scrollTop = ui.scroll[1];
      if (ui.scrollStep !== payload.step && payload.decision && moving && !inView(moving)) {
        centreOn([moving]); // only for a decision of this seat: never while it watches
      }
    } else {
      const focus = chosen ? [chosen] : onMap.filter((f) => f.side === "survivors");
      if (focus.length) centreOn(focus);
    }
    ui.scrollStep = payload.step;
    box.addEventListener("scroll", () => { ui.scroll = [box.scrollLeft, box.scrollTop]; });

    // Each space's name in its upper half, under the figures (a figure's space is in its card
    // and its title): sized to be read at the scale the map is drawn.
    function writeNames() {
      const scale = map.getBoundingClientRect().width / vb[2] || 1;
      const size = Math.max(R * 0.42, 9 / scale); // at least 9 px on the screen
      for (const s of Object.values(spaces)) {
        const [x, y] = centre(s.q, s.r);
        // dark words on a light hex, light ones on a dark hex
        const rgb = shade(TERRAIN[s.terrain] || "#666666", s.level).match(/\d+/g).map(Number);
        const light = 0.3 * rgb[0] + 0.59 * rgb[1] + 0.11 * rgb[2] > 150;
        nameLayer.append(svg("text", {x: x.toFixed(1), y: (y - R * 0.32).toFixed(1),
          class: "space-name", "data-space": s.name, "text-anchor": "middle",
          "font-size": size.toFixed(1), fill: light ? "#111111" : "#ffffff", "fill-opacity": 0.85,
          "pointer-events": "none"}, s.name));
      }
    }

    // The figure attacking now, in this seat's decision: the one whose turn (a survivor's or
    // a special's) stands at its attack, its choices holding targets or none. The horde's
    // attacks are many figures' and have no one to ask for.
    function attackerNow() {
      const turn = view.turn;
      return payload.decision && turn && turn.step === "attack" && byId[turn.figure]
        ? byId[turn.figure] : null;
    }

    // The rules' answer to "may this figure attack that one?" in a sentence.
    function verdictText(verdict, target) {
      const cite = verdict.cite ? ` (${D.forPlayers(verdict.cite)})` : "";
      return verdict.may ? `${D.forPlayers(verdict.text)}${cite}`
        : `${target} is not a target: ${D.forPlayers(verdict.text)}${cite}`;
    }

    function whyLine() {
      const line = el("p", {class: "l4d-ruler l4d-why", "aria-live": "polite"});
      const why = ui.why;
      if (!why || why.step !== payload.step || !byId[why.target]) return line;
      const name = byId[why.target].name;
      if (!why.answer) line.append(`Why is ${name} not a target?…`);
      else if (why.answer.error) line.append(el("span", {class: "blocked"}, why.answer.error));
      else if (why.answer.attack) {
        line.dataset.may = why.answer.attack.may ? "yes" : "no";
        line.append(el("span", {class: why.answer.attack.may ? "clear" : "blocked"},
          verdictText(why.answer.attack, name)));
      }
      return line;
    }

    // Ask the ruler from the attacker to the enemy clicked: its `attack` says why not.
    async function askWhy(attacker, target) {
      const mark = {step: payload.step, target: target.id, answer: null};
      ui.why = mark;
      redraw();
      const token = new URLSearchParams(location.search).get("token") || "";
      const result = await D.api("GET", `/api/games/${encodeURIComponent(payload.id)}/sight`
        + `?token=${encodeURIComponent(token)}&from=${encodeURIComponent(attacker.space)}`
        + `&to=${encodeURIComponent(target.space)}`);
      if (ui.why !== mark || ui.gameId !== payload.id) return;
      mark.answer = result.ok ? result.data : {error: D.errorText(result)};
      redraw();
    }

    function rulerLine() {
      const res = ui.rulerResult;
      const line = el("p", {class: "l4d-ruler", "aria-live": "polite"});
      if (!ui.ruler && !ui.rulerEnds.length) return line;
      if (ui.rulerEnds.length < 2) {
        line.append(ui.rulerEnds.length ? `Ruler from ${ui.rulerEnds[0]}: pick the other end.`
          : "Ruler: pick two spaces (or shift-click them any time).");
      } else if (!res) {
        line.append(`Ruler ${ui.rulerEnds[0]} → ${ui.rulerEnds[1]}…`);
      } else if (res.error) {
        line.append(el("span", {class: "blocked"}, res.error));
      } else {
        line.dataset.clear = res.clear ? "yes" : "no";
        line.append(`${res.from} → ${res.to}, ${res.distance} spaces: `,
          res.clear ? el("strong", {class: "clear"}, "clear line of sight")
            : el("strong", {class: "blocked"}, `blocked — ${res.reason}`));
        const target = onMap.find((f) => f.space === res.to);
        if (res.attack && target) {
          line.append(" · ", el("span", {class: `attack ${res.attack.may ? "clear" : "blocked"}`},
            verdictText(res.attack, target.name)));
        }
      }
      return line;
    }

    function hint() {
      const text = [];
      // A tool takes the clicks: say so, not which spaces a click would move to.
      if (ui.ruler || ui.sightTool) {
        // the tool named as its button is ("Range" on a phone)
        const tool = () => (ui.ruler ? "Ruler"
          : ["Range", el("span", {class: "tool-more"}, " & sight")]);
        return el("p", {class: "l4d-hint tool-on"}, tool(), " is on: clicks on the map measure, "
          + "they do not play. Press ", tool(), " again to play by clicking.");
      }
      if (ui.selected && groups.spaces[ui.selected]) {
        const n = Object.keys(groups.spaces[ui.selected]).length;
        text.push(`${byId[ui.selected] ? byId[ui.selected].name : ui.selected}: `
          + `click one of the ${n} highlighted space${n === 1 ? "" : "s"}.`);
      } else if (movers.length > 1) {
        text.push("Click a figure with a gold ring to see where it can go.");
      }
      const aims = Object.keys(groups.noFigureSpaces)
        .filter((n) => aimedOnly(groups.noFigureSpaces[n]));
      if (aims.length) {
        text.push(`Dashed orange spaces (${aims.length}): click one to throw at it or light it.`);
      }
      const onSpaces = Object.keys(groups.noFigureSpaces).filter((n) => !aims.includes(n));
      if (onSpaces.length) { // a space's name holds a comma: a few set apart by slashes
        text.push(onSpaces.length <= 3
          ? `Click a highlighted space (${onSpaces.join(" / ")}) for its choices.`
          : `Click one of the ${onSpaces.length} highlighted spaces for its choices.`);
      }
      if (Object.keys(groups.targets).length) {
        text.push("Red-ringed figures are targets: click one (any other enemy: why not).");
      } else if (attackerNow() && !payload.decision.actions.some((a) => (a.args || {}).verb
          === "attack")) {
        text.push(`No enemy is a target of ${attackerNow().name} now: click one to read why.`);
      }
      if (Object.keys(groups.turns).length) text.push("Click a glowing figure to give it its turn.");
      return el("p", {class: "l4d-hint"}, text.join(" "));
    }

    function legend() {
      const chip = (cls, words) => el("span", {class: `chip ${cls}`}, el("i", {}), words);
      const drawn = (cls, mark, words) => el("span", {class: `chip ${cls}`}, mark, ` ${words}`);
      const held = ["pinned", "grabbed", "ridden", "tongue"].map((k) => `${MARKS[k][0]} ${k}`);
      const marks = Object.entries(MARKS).filter(([k]) => !["grabbed", "ridden", "tongue"]
        .includes(k)).map(([k, [letter, colour, bare]]) => drawn(`key-mark-${k}`,
        swatch(letter, colour), k === "pinned" ? `held: ${held.join(", ")}` : bare));
      const effects = EFFECTS.map(([, name, colour]) => drawn(`key-effect-${name}`,
        swatch("", colour, true), `${EFFECT_WORDS[name]}${name === "bile" ? ""
          : " (tint: next to it)"}`));
      return el("div", {class: "l4d-legend", role: "list", "aria-label": "key"},
        chip("survivor", "survivor"), chip("zombie", "zombie"), chip("special", "special infected"),
        chip("safe", "safe room"), chip("obstacle", "obstacle"), chip("items", "items (count)"),
        chip("closet", "H hero closet"), chip("reach", "you may go"),
        chip("reach-risky", "you may go, but enemies attack as you leave them (leaving engagement)"),
        chip("env", "= mounted gun (stand on it), g gas can / fireworks, t propane / oxygen tank (light it)"),
        chip("alarm", "A car alarm, D metal detector"),
        chip("range", "in range"), ...marks,
        drawn("key-incaps", swatch("2", "#ffffff"), "incapped markers"),
        drawn("key-set-aside", swatch("+", "#d0d0d0"), "wounds set aside"),
        drawn("key-ammo", swatch("3", "#f2d16b"), "ammo or fuel markers"),
        drawn("key-wounds", swatch("1", "#e0352b"), "wounds"), ...effects,
        drawn("key-deployed", "", "EXPLOSIVE / INCENDIARY AMMO in the status line: deployed"),
        drawn("key-sight", swatch("", "#7dff8a", true), "seen by the figure inspected (Range & sight)"),
        drawn("key-aim", svg("svg", {viewBox: "-6 -6 12 12", class: "swatch", width: 14,
          height: 14, "aria-hidden": "true"}, svg("circle", {r: 4.5, fill: "none", stroke: AIM,
          "stroke-width": 1.4, "stroke-dasharray": "3 2"})),
        "dashed orange: a space to throw an explosive at, or a can or tank to light (click it)"));
    }

    function survivorCards() {
      const escaped = new Set(view.escaped || []);
      const cards = figures.filter((f) => f.side === "survivors").map((f) => {
        const hearts = el("span", {class: "hearts", "aria-label": `${f.life - f.wounds} of ${f.life} life`},
          "♥".repeat(Math.max(0, f.life - f.wounds)),
          el("span", {class: "lost"}, "♥".repeat(Math.min(f.life, f.wounds))));
        const state = [];
        if (escaped.has(f.id)) state.push(view.finale ? "escaped in the rescue vehicle" : "in the safe room");
        if (f.down) state.push("DOWN");
        if (f.destroyed) state.push("destroyed");
        if (f.closet) state.push("in a hero closet");
        if (f.incaps) state.push(`incapacitated ${f.incaps}× (${plural(f.incaps, "incapped marker")})`);
        if (f.set_aside) state.push(`${plural(f.set_aside, "wound")} set aside`);
        for (const [k, v] of Object.entries(f.markers || {})) state.push(markerText(k, v));
        const carried = Object.entries(f.items || {}).map(([slot, item]) =>
          el("li", {title: ((view.item_texts || {})[item] || [])[1] || ""},
            el("span", {class: "slot"}, slot), " ", pretty(item),
            f.ammo && f.ammo[item] !== undefined ? el("span", {class: "ammo"},
              ` ${f.ammo[item]} ${FUEL.includes(item) ? "fuel" : "ammo"}`) : null));
        return el("article", {class: `survivor-card${f.down ? " down" : ""}${f.destroyed ? " destroyed" : ""}${ui.selected === f.id ? " selected" : ""}`,
            "data-figure": f.id, onclick: () => { if (groups.spaces[f.id]) { ui.selected = f.id; redraw(); } }},
          el("h4", {}, f.name, el("small", {}, f.space ? ` ${f.space} · level ${f.level}` : "")),
          // A destroyed survivor's figure is off the map and its wounds with it (the view says
          // 0): full hearts would read as unhurt, so its card says "destroyed" instead.
          f.destroyed ? null : el("div", {}, hearts, ` ${f.wounds}/${f.life}`),
          el("div", {class: "stats"}, `Move ${f.move} · Range ${f.range} · Attack ${f.attack} · Defense ${f.defense}`),
          state.length ? el("div", {class: "state"}, state.join(" · ")) : null,
          el("ul", {class: "carried"}, carried.length ? carried : el("li", {}, "nothing")));
      });
      return el("div", {class: "survivor-cards"}, cards);
    }

    function infectedLine() {
      const infected = onMap.filter((f) => f.side !== "survivors");
      const zombies = infected.filter((f) => f.kind === "zombies-of-morindan").length;
      const specials = infected.filter((f) => f.kind !== "zombies-of-morindan").map((f) => {
        const marks = [...Object.entries(f.markers || {}).map(([k, v]) => markerText(k, v)),
          ...placedBy(f)];
        return `${f.name} at ${f.space}${f.wounds ? ` (${f.wounds}/${f.life} wounds)` : ""}`
          + (marks.length ? ` [${marks.join(", ")}]` : "");
      });
      const risen = infected.filter((f) => f.kind === "zombies-of-morindan"
        && (f.markers || {}).risen).length;
      return el("p", {class: "l4d-infected"}, el("strong", {}, "Infected: "),
        `${zombies} zombie${zombies === 1 ? "" : "s"}`, risen ? ` (${risen} risen this turn)` : "",
        specials.length ? `; ${specials.join(", ")}` : "");
    }

    // The rulebook's words for each item the decision names (a weapon to take, an item to
    // pick up or use), right after the choices: a player compares them before choosing.
    function offeredItems() {
      const texts = view.item_texts || {};
      const named = [...new Set(((payload.decision || {}).actions || [])
        .map((a) => (a.args || {}).item).filter((item) => item && texts[item]))];
      if (!named.length) return null;
      return el("details", {class: "l4d-more l4d-item-texts", open: true},
        el("summary", {}, "What these items do"),
        el("ul", {}, named.map((item) => el("li", {"data-item": item},
          el("strong", {}, texts[item][0]), ` ${texts[item][1]}`))));
    }

    function few(names) {
      const counts = {};
      for (const n of names) counts[n] = (counts[n] || 0) + 1;
      const shown = Object.entries(counts).map(([n, c]) => (c > 1 ? `${n} ×${c}` : n));
      return shown.length > 8 ? `${names.length} items: ${shown.slice(0, 8).join(", ")}, …`
        : shown.join(", ");
    }

    function itemsLine() {
      const lying = Object.entries(items).filter(([, names]) => names.length);
      const fx = (view.effects || []).map(effectText);
      return el("div", {class: "l4d-items"},
        lying.length ? el("p", {}, el("strong", {}, "Items lying: "),
          lying.map(([s, names]) => `${s}: ${few(names)}`).join("; ")) : null,
        fx.length ? el("p", {}, el("strong", {}, "Effects: "), fx.join("; ")) : null);
    }

    // The page folds the choices played on the map under "more choices", unless they are few
    // (the items to pick up): folded, "Leave the items" read as the only choice.
    const folded = groups.board.length > FEW_ON_MAP ? groups.board : [];
    return {actions: folded, after: el("div", {class: "l4d l4d-after"}, offeredItems(), more)};
  }

  D.registerRenderer("left-4-dead", render);
})();
