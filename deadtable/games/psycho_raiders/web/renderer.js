// Psycho Raiders in the browser: Crucible as SVG (pointy-top axial hexes coloured by terrain,
// streetlights and sharp turns marked, vehicles by their initials, ringed in gold with someone
// aboard, and every token a disc where it stands: a character's two letters, a hidden one's
// initial and token number, ringed in gold where the seat knows it is the real one; where
// several share a hex, a list beside it names them on hover or a tap; a vehicle sharing
// its hex with a piece on foot or a second vehicle is drawn in its upper half, the others below),
// the buildings' rooms with who stands in them, the turn and weather, and a card per
// character. A hex the seat may move to is outlined in gold, one holding a piece it may attack,
// grab or seek in red; clicking it plays that choice (or, where several could be meant, the
// page's list below offers them). A hex farther on that the seat's figure can still get to
// this turn by plain steps (the payload's reach) is outlined in a lighter, dashed gold; a tap
// walks there (POST /go), its route drawn on hover, or on a phone by a first tap whose
// second walks; a driver's vehicle (10.1) is driven there the same way, from its hex. Buildings are named on their footprints, weapons lying on a
// hex and fire marked, and a legend under the map names every colour and mark, the ruler's
// answer too (under the map: a tap never moves it). Wider than a phone the map fits the
// window's height; the rooms and characters come after the page's choices ({after}), and
// from 900 px the choices and they stand beside the map ({beside}); the page folds the moves
// ({groups}), so on a phone the choices follow the map. Zoomed out the whole town is in
// sight, a phone's too; zoomed in, the hexes are a fingertip wide in a box scrolled both ways
// to the seat's moves (a pinch on the map zooms too; the browser remembers which).
"use strict";
(function () {
  const D = window.Deadtable;
  const {el, svg} = D;
  const R = 14;
  const W = Math.sqrt(3) * R;
  const TERRAIN = {
    grassland: "#5c7d3c", "long grass": "#7f9a3e", road: "#55565c", tree: "#2f4f2a",
    graveyard: "#6f6a73", lake: "#2f5f9f", building: "#7a5a3a", floor: "#8a6a4a",
  };
  const centre = (q, r) => [W * (q + r / 2), 1.5 * R * r];
  // verbs whose "character" (and "token") is a piece on the map the choice is aimed at
  const AIMED = new Set(["attack", "shoot", "grab", "flank", "seek", "ram"]);
  // verbs whose "space" is a hex to go to: outlined gold, and played by a tap on it
  const GOING = new Set(["move", "car", "appear", "declare-hide"]);
  const WIDE = "(min-width: 1200px)";  // the cards open by default, beside the map
  const BESIDE = "(min-width: 900px)";  // the choices beside the map: room for the moves
  const PHONE = "(max-width: 600px)";  // the key folds by default
  // The person's own folds (the characters, the rooms, the key), open or shut as they left
  // them across redraws; null until they touch one.
  const folded = {cards: null, rooms: null, key: null};
  const FEW_ROOMS = 4;  // more (Appear Anywhere offers every room) fold on a phone
  // The ruler: while on, a click on a hex picks one of its two ends instead of playing; the
  // server's answer (GET /sight) is kept with the step it was asked at.
  const ruler = {on: false, game: null, ends: [], answer: null};
  // The map's zoom, and where its box was scrolled at which step: a redraw at the same step
  // (the ruler's taps) keeps the map still under the finger; a new step centres the action.
  // The zoom starts as this browser last left it (common.js's zoomPref), out at first: the
  // whole town in sight.
  const zoomPref = D.zoomPref("psycho-raiders");
  const sight = {zoom: zoomPref.get(), step: null, scroll: null};
  // Alike choices the page folds under one line (a verb -> the fold's name and its note).
  const FOLDS = {move: "Moves", car: "Moves", adrenaline: "Adrenaline", hide: "Hide",
    "declare-hide": "Declare a hide", appear: "Appear", drive: "Drive"};
  const TAP = "— or tap a gold hex on the map";
  // a driver's speeds (10.1): a far hex's tap announces the one that gets there; Appear
  // Anywhere offers every hex, so its hexes are not outlined (they would hide the steps)
  const NOTES = {Moves: TAP, Appear: "— or tap any hex on the map", "Declare a hide": TAP,
    Drive: "— or tap a dashed hex on the map"};
  // the fewest offers folded, where not two: a camper's two ways to hide stay in sight
  const LEAST = {Adrenaline: 3, Hide: 4};
  // folds open by default beside the map (a step's moves are a dozen at most; Appear's are
  // every hex): on a phone they fold so the choices follow the map
  const OPEN = new Set(["Moves"]);
  let drawn = null;  // the last render's arguments, to redraw when the ruler changes
  let sideShown = null;  // the rooms and cards last drawn, under the page's choices
  // A hex tapped that offers several choices (a hidden character's two tokens may both go
  // there): they are offered under the map until the step changes.
  const which = {step: null, space: null};
  // A far hex in reach (the payload's reach: beyond the gold hexes, by plain steps) whose
  // route is shown: on hover, or on a first tap where there is no hover (a phone), the
  // second tap walking there (POST /go).
  const route = {step: null, space: null};
  const HOVER = "(hover: hover)";
  // A hex where several tokens stand: their discs are too small for legible letters, so a
  // list beside the hex names them (on hover, or pinned by a tap) until the step changes.
  const stack = {step: null, space: null};
  // the list's letters, in map units: ~11.5 px on the screen at the scale the map was last
  // drawn (zoomed in about twice as large as out; a phone's whole town two thirds of it)
  const listFont = () => 11.5 / (sight.scale || (sight.zoom ? 1.77 : 0.96));
  const SPOTS = [[-0.42, -0.32], [0.42, -0.32], [-0.42, 0.38], [0.42, 0.38]];  // 2-4 tokens
  // under a vehicle sharing the hex: one piece, or two side by side (more: a tap lists them)
  const SHARED = [[[0, 0.45], [0, 0.45]], [[-0.4, 0.45], [0.4, 0.45]]];
  // two letters for a vehicle: the initials of two words ("PT"), else its first two ("Va")
  const short = (name) => {
    const words = name.replace(/-/g, " ").split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
    return words.length >= 2 ? (words[0][0] + words[1][0]).toUpperCase() : name.slice(0, 2);
  };

  function corners(x, y, radius) {
    const out = [];
    for (let i = 0; i < 6; i++) {
      const angle = Math.PI / 180 * (60 * i - 30);
      out.push(`${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`);
    }
    return out.join(" ");
  }

  // Where the map's box is smaller than the map (a phone, or zoomed in), scroll it to the
  // spot, both ways.
  function bringIntoBox(box, spot) {
    const at = spot.getBoundingClientRect(), frame = box.getBoundingClientRect();
    box.scrollLeft += at.left + at.width / 2 - (frame.left + frame.width / 2);
    box.scrollTop += at.top + at.height / 2 - (frame.top + frame.height / 2);
  }

  // The box scrolled to where the seat acts at a new step (the first hex it may move to or
  // aim at), else where the person left it: the others' moves, while the seat waits, never
  // scroll it away from where they look. At first, it shows the seat's first piece (or the
  // vehicle it rides in).
  function placeMap(box, step) {
    const action = box.querySelector("g.hex.reach, g.hex.target");
    const first = action || box.querySelector(".pr-token.mine, .pr-vehicle.mine");
    if (sight.scroll && (sight.step === step || !action)) [box.scrollLeft, box.scrollTop] = sight.scroll;
    else if (first) bringIntoBox(box, first);
    sight.step = step;
    sight.scroll = [box.scrollLeft, box.scrollTop];
    box.addEventListener("scroll", () => { sight.scroll = [box.scrollLeft, box.scrollTop]; });
  }

  // The decision's alike choices, for the page to fold: [{name, note, ids, open}].
  function folds(payload) {
    const found = {};
    for (const a of (payload && payload.decision ? payload.decision.actions : [])) {
      const name = FOLDS[(a.args || {}).verb];
      if (name) (found[name] || (found[name] = [])).push(a.id);
    }
    return Object.entries(found).filter(([name, ids]) => ids.length >= (LEAST[name] || 2))
      .map(([name, ids]) => ({name, note: NOTES[name], ids,
        open: OPEN.has(name) && window.matchMedia(BESIDE).matches}));
  }

  function render(view, board, payload) {
    if (!view || !view.characters || !view.map) return false;
    drawn = [view, board, payload];
    if (ruler.game !== (payload && payload.id)) {
      Object.assign(ruler, {game: payload && payload.id, ends: [], answer: null});
      Object.assign(sight, {step: null, scroll: null});
    }
    board.replaceChildren();
    const moves = {};
    for (const a of (payload && payload.decision ? payload.decision.actions : [])) {
      const args = a.args || {};
      if (args.space && GOING.has(args.verb)) {
        (moves[args.space] || (moves[args.space] = [])).push(a);
      }
    }
    const here = {};
    for (const c of view.characters) {
      for (const t of c.tokens) {
        (here[t.space] || (here[t.space] = [])).push({c, t});
      }
    }
    const cars = {};
    for (const v of view.vehicles || []) (cars[v.space] || (cars[v.space] = [])).push(v);
    const riders = {};
    for (const c of view.characters) {
      if (c.vehicle && !c.dead) (riders[c.vehicle] || (riders[c.vehicle] = [])).push(c);
    }
    const targets = aimedAt(view, payload);
    const far = farReach(payload, moves);
    // the movers that are vehicles (their reach is driven, not walked)
    const driven = new Set((view.vehicles || []).map((v) => v.name));
    const offered = {};  // hex -> the choices a tap on it means
    const marks = {};
    for (const [kind, space] of view.map.markers) (marks[space] || (marks[space] = [])).push(kind);

    const at = {};  // hex -> its centre (the ruler's and a route's lines)
    for (const [name, q, r] of view.map.hexes) at[name] = centre(q, r);
    const routeLayer = svg("g", {class: "pr-route", "pointer-events": "none"});
    const lists = svg("g", {class: "pr-stack-layer", "pointer-events": "none"});
    const stacks = {};  // hex -> its tokens, where more than one stands
    const listOf = (space) => stackList(at[space], stacks[space], maxX + R);
    let pinned = null;  // the route of a far hex tapped (its line under the map), drawn below
    let maxX = 0, maxY = 0;
    for (const [, q, r] of view.map.hexes) {
      const [x, y] = centre(q, r);
      maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
    }
    // Small: the whole town across a phone (zoomed out), its hexes ~16 px: the tokens' discs
    // and letters, the vehicles' and the buildings' names drawn larger for it, the outlines of
    // the seat's choices thicker; a shared hex's discs go without letters (a tap lists them).
    const small = !sight.zoom && window.matchMedia(PHONE).matches;
    const map = svg("svg", {viewBox: `${-R} ${-R} ${maxX + 2 * R} ${maxY + 2 * R}`,
      class: "pr-map", role: "img", "aria-label": `Crucible, turn ${view.turn}`});
    for (const [name, q, r, terrain] of view.map.hexes) {
      const [x, y] = centre(q, r);
      const aimed = targets[name] || [];
      const choices = [...(moves[name] || []), ...aimed];
      if (choices.length) offered[name] = choices;
      const building = (view.map.footprints || {})[name];
      const lying = (view.dropped || {})[name] || 0;
      const burning = (view.burning || []).includes(name);
      const who = (here[name] || []).map(({c, t}) => c.hidden ? `${c.name}'s token ${t.token}` : c.name);
      const about = [terrain, building, ...(marks[name] || []), burning ? "on fire" : null,
        lying ? `${lying} weapon${lying > 1 ? "s" : ""} lying here` : null, ...who].filter(Boolean);
      // a far hex (Appear Anywhere's gold aside): a tap walks there, or asks which if the
      // hex offers a choice too
      const going = !aimed.length && far[name];
      // a step, a drive or a hide declared here: gold; Appear Anywhere's alone: no outline
      const stepping = (moves[name] || []).some((a) => a.args.verb !== "appear");
      const g = svg("g", {class: `hex${stepping ? " reach" : ""}${aimed.length ? " target" : ""}`
          + `${going ? " far" : ""}`,
        "data-space": name, onclick: () => {
          if (ruler.on) pickEnd(name, payload);
          else if (going && !choices.length) walkTo(name, going, payload);
          else if (stacks[name] && !choices.length) {
            const again = stack.step === payload.step && stack.space === name;
            Object.assign(stack, again ? {step: null, space: null} : {step: payload.step, space: name});
            redraw();
          }
          else if (choices.length === 1 && !going) D.act(choices[0].id);
          else if (choices.length) {
            Object.assign(which, {step: payload.step, space: name});
            redraw();
            // the offers in sight: the page scrolls the least that shows them, if at all
            const line = board.querySelector(".pr-which");
            if (line) line.scrollIntoView({block: "nearest"});
          }
        }},
      svg("polygon", {points: corners(x, y, R), fill: TERRAIN[terrain] || "#666",
        stroke: aimed.length ? "#ff5a4a" : stepping ? "#ffd84a" : "#222",
        "stroke-width": aimed.length || stepping ? (small ? 3 : 2) : 0.5}),
      svg("title", {}, `${name}: ${about.join(", ")}`
        + (choices.length ? ` — ${choices.map((a) => D.forPlayers(a.label)).join("; ")}` : "")
        + (going ? ` — ${going.map((w) => `${driven.has(w.mover) ? "drive" : "walk"} here: ${w.mover}${atSpeed(w.how)}, ${steps(w.path.length)}`).join("; ")}` : "")));
      // a far hex in reach: a lighter, dashed gold, inside the hex's edge
      if (going) {
        g.append(svg("polygon", {points: corners(x, y, R * 0.82), fill: "none", class: "pr-far",
          stroke: "#fff0a0", "stroke-width": small ? 1.6 : 1, "stroke-dasharray": small ? "3.5 2" : "2.5 1.5",
          "stroke-opacity": 0.85}));
        g.addEventListener("mouseenter", () => {
          if (window.matchMedia(HOVER).matches) drawRoute(routeLayer, at, going[0]);
        });
        g.addEventListener("mouseleave", () => {
          if (!window.matchMedia(HOVER).matches) return;
          if (pinned) drawRoute(routeLayer, at, pinned);  // the tapped hex's route comes back
          else routeLayer.replaceChildren();
        });
      }
      if ((marks[name] || []).includes("streetlight")) {
        g.append(svg("circle", {cx: x, cy: y - R * 0.5, r: 3, fill: "#ffe680"}));
      }
      if (burning) g.append(svg("path", {class: "pr-fire", d: flame(x - R * 0.45, y + R * 0.1)}));
      if (lying) {
        g.append(svg("rect", {class: "pr-dropped", x: x + R * 0.2, y: y + R * 0.15,
          width: R * 0.45, height: R * 0.45, rx: 1}));
      }
      const tokens = (here[name] || []).filter(({c}) => !c.vehicle);
      const vehicles = cars[name] || [];
      // a vehicle sharing its hex (10.5: with a piece on foot, or a second vehicle) takes a
      // half of it, so that neither hides the other: vehicles above, then below; pieces below
      const shared = vehicles.length > 1 || (vehicles.length > 0 && tokens.length > 0);
      vehicles.forEach((v, j) => {
        const aboard = riders[v.name] || [];
        // "mine": carrying the seat's own (the map is first scrolled to them)
        const mine = aboard.some((c) => c.seat === view.seat);
        const [w, h, top] = shared ? [R * 1.3, R * 0.55, y + R * (j ? 0.07 : -0.62)]
          : [R * 1.6, R * 0.9, y - R * 0.45];
        g.append(svg("rect", {x: x - w / 2, y: top, width: w, height: h,
          rx: 2, class: `pr-vehicle${mine ? " mine" : ""}`, fill: v.wrecked ? "#555" : "#111", stroke: aboard.length ? "#ffd84a" : "#ccc",
          "stroke-width": aboard.length ? 1.2 : 0.6}),
        svg("text", {x, y: shared ? top + h * 0.78 : y + (small ? 3.6 : 3),
          class: `pr-car${shared ? " shared" : ""}`}, short(v.name)));
      });
      if (tokens.length > 1) {
        stacks[name] = tokens;
        g.addEventListener("mouseenter", () => {
          if (window.matchMedia(HOVER).matches) lists.replaceChildren(listOf(name));
        });
        g.addEventListener("mouseleave", () => {
          if (window.matchMedia(HOVER).matches) lists.replaceChildren(...pinnedList());
        });
      }
      tokens.forEach(({c, t}, i) => {
        // a disc per token: a character's two letters, a hidden one's initial and number
        // (all alike to other seats); its real token ringed in gold for its own seat only
        const label = c.hidden ? `${c.name[0]}${t.token}` : c.name.slice(0, 2);
        const [dx, dy] = shared ? SHARED[Math.min(tokens.length, 2) - 1][i % 2]
          : tokens.length === 1 ? [0, 0] : SPOTS[i % SPOTS.length];
        const cx = x + dx * R, cy = y + dy * R;
        const side = c.side === "raiders" ? "raider" : c.kind === "townsfolk" ? "townsfolk" : "camper";
        const one = tokens.length === 1 && !shared;
        g.append(svg("circle", {cx, cy, r: one ? R * (small ? 0.8 : 0.62) : R * (small ? 0.45 : 0.4),
          class: `pr-token ${side}${t.real === true && c.hidden ? " real" : ""}`
            + `${c.seat === view.seat ? " mine" : ""}`}),
        one || !small ? svg("text", {x: cx, y: cy + (one ? (small ? 4.2 : 3) : 2.2),
          class: `pr-label ${side}${one ? "" : " small"}`}, label) : null);
      });
      map.append(g);
    }
    map.append(rulerMarks(at, payload));
    map.append(routeLayer);
    // the list pinned by a tap, else the one of a hex asked "which?"
    const pinnedList = () => {
      const space = stack.step === (payload && payload.step) && stacks[stack.space] ? stack.space
        : which.step === (payload && payload.step) && stacks[which.space] ? which.space : null;
      return space ? [listOf(space)] : [];
    };
    const shown = route.step === (payload && payload.step) && far[route.space];
    if (shown) pinned = shown[0];
    const asked = which.step === (payload && payload.step) && offered[which.space];
    if (asked) {
      const [x, y] = at[which.space];
      map.append(svg("circle", {cx: x, cy: y, r: R * 0.85, class: "pr-ruler-end"}));
      if (far[which.space]) pinned = far[which.space][0];
    }
    if (pinned) drawRoute(routeLayer, at, pinned);
    for (const [building, [x, y]] of Object.entries(middles(view))) {
      map.append(svg("text", {x, y: y + 2.5, class: "pr-building"}, building));
    }
    lists.replaceChildren(...pinnedList());
    map.append(lists);  // last: over the buildings' names and the routes
    const mapBox = el("div", {class: `pr-map-box${sight.zoom ? " zoomed" : ""}${small ? " small" : ""}`},
      map);
    D.pinchZoom(mapBox, sight.zoom, () => toggleZoom(), ".pr-map-box");
    // the map's width for its height and the least width its hexes are drawn at, read by the
    // CSS (set through the CSSOM: the page's Content-Security-Policy refuses style attributes)
    // the ruler's answer under the map: a line appearing above it would move the map under
    // the finger between two taps
    const main = el("div", {class: "pr-main"}, mapBox, rulerSaid(),
      asked ? whichLine(which.space, asked, far[which.space] || [], driven) : null,
      shown ? walkLine(route.space, shown, driven) : walkedLine(payload, driven),
      fold("key", "pr-key", "Key: what the colours and marks mean", legend(),
        !window.matchMedia(PHONE).matches));
    main.style.setProperty("--pr-ratio", ((maxX + 2 * R) / (maxY + 2 * R)).toFixed(4));
    main.style.setProperty("--pr-least", `${Math.round(maxX)}px`);  // narrower, it scrolls
    board.append(el("p", {class: "pr-status"},
      `Turn ${view.turn} · Weather: ${view.weather} · Kill Deck: ${view.kill_deck} cards · `
      + "north is up: leave by the top edge, hidden, to escape"), tools());
    board.append(main);
    placeMap(mapBox, payload ? payload.step : null);
    // the scale the map is drawn at, now laid out: a pinned list's letters sized for it
    const scale = map.getBoundingClientRect().width / (maxX + 2 * R);
    if (scale > 0 && Math.abs(scale - (sight.scale || 0)) > 0.01) {
      sight.scale = scale;
      lists.replaceChildren(...pinnedList());
    }
    // the rooms and the characters go under the choices (the page's `after`), and on a
    // desktop the choices and they stand beside the map (`beside`): map and choices in sight
    const side = el("div", {class: "pr-side"});
    const rooms = view.map.rooms.map(([name]) => {
      const tokens = here[name] || [];
      const choices = moves[name] || [];
      if (!tokens.length && !choices.length) return null;
      const who = tokens.map(({c, t}) => `${c.name}${c.hidden ? ` #${t.token}` : ""}${t.real === true && c.hidden ? " (you)" : ""}`);
      // a room is a button; where several choices go there, one button each
      const buttons = choices.length === 1
        ? [el("button", {type: "button", onclick: () => D.act(choices[0].id)}, name)]
        : [name, ...choices.map((a) => [" ", el("button", {type: "button",
          onclick: () => D.act(a.id)}, D.forPlayers(a.label))])];
      return el("li", {}, ...buttons, who.length ? `: ${who.join(", ")}` : "");
    }).filter(Boolean);
    const roomList = el("ul", {class: "pr-rooms"}, rooms);
    if (rooms.length > FEW_ROOMS) {
      side.append(fold("rooms", "pr-rooms-box", `Rooms (${rooms.length})`, roomList,
        window.matchMedia(WIDE).matches));
    } else if (rooms.length) side.append(roomList);
    const cards = view.characters.filter((c) => c.alerted || c.kind !== "townsfolk").map((c) => {
      const where = c.tokens.map((t) => `#${t.token} ${t.space}${t.real === true && c.hidden ? " (you)" : ""}`);
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
    // folded below a desktop's width so the choices come right after the map
    side.append(fold("cards", "pr-cards-box", `Characters (${cards.length}): `
      + view.characters.filter((c) => c.alerted || c.kind !== "townsfolk").map((c) => c.name).join(", "),
    el("div", {class: "pr-cards"}, cards), window.matchMedia(WIDE).matches));
    // redrawn by the ruler or the zoom (not by the page), the side is put in place here
    if (sideShown && sideShown.isConnected) sideShown.replaceWith(side);
    sideShown = side;
    return {groups: folds(payload), after: side, beside: true};
  }

  // One of the person's folds: open as they left it, else as `open` says for this screen.
  function fold(name, kind, summary, content, open) {
    const box = el("details", {class: kind}, el("summary", {}, summary), content);
    box.open = folded[name] === null ? open : folded[name];
    box.addEventListener("toggle", () => { folded[name] = box.open; });
    return box;
  }

  function redraw() {
    if (drawn) render(...drawn);
  }

  function pickEnd(name, payload) {
    ruler.ends = ruler.ends.length === 1 ? [ruler.ends[0], name] : [name];
    ruler.answer = null;
    if (ruler.ends.length === 2) measure(payload);
    redraw();
  }

  async function measure(payload) {
    const [from, to] = ruler.ends;
    const token = new URLSearchParams(location.search).get("token") || "";
    const result = await D.api("GET", `/api/games/${encodeURIComponent(payload.id)}/sight`
      + `?token=${encodeURIComponent(token)}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    if (ruler.ends[0] !== from || ruler.ends[1] !== to) return;  // picked again meanwhile
    ruler.answer = Object.assign({step: payload.step},
      result.ok ? result.data : {error: D.errorText(result)});
    redraw();
  }

  // The map's tools: the ruler's switch and the zoom.
  function tools() {
    const button = el("button", {type: "button", class: "pr-tool", "data-tool": "ruler",
      "aria-pressed": ruler.on ? "true" : "false",
      title: "Line of sight (hiding, 12.2) and of fire (14.3) between two hexes",
      onclick: () => { Object.assign(ruler, {on: !ruler.on, ends: [], answer: null}); redraw(); }},
    ruler.on ? "Ruler on: tap two hexes" : "Ruler: sight and range");
    const zoom = D.zoomButton(sight.zoom, toggleZoom, "pr-tool");
    return el("div", {class: "pr-tools"}, button, zoom);
  }

  // Zoom in or out (the button, or a pinch on the map), remembered by this browser.
  function toggleZoom() {
    Object.assign(sight, {zoom: !sight.zoom, scroll: null, scale: null});
    zoomPref.set(sight.zoom);
    redraw();
  }

  // space -> [{mover, from, path, how}]: the payload's reach beyond the hexes a step reaches now
  // (`moves`, gold), where the seat's figure can still get this turn by plain steps. Appear
  // Anywhere's hexes do not count as a step's: it offers every hex, and would hide the reach.
  function farReach(payload, moves) {
    const found = {};
    const stepped = (space) => (moves[space] || []).some((a) => a.args.verb !== "appear");
    for (const [mover, reach] of Object.entries((payload && payload.reach) || {})) {
      for (const [space, path] of Object.entries(reach.spaces)) {
        // how: the speed a driver not yet driving announces first to get there (10.1)
        const how = (reach.how || {})[space] || "";
        if (!stepped(space)) (found[space] || (found[space] = [])).push({mover, from: reach.from, path, how});
      }
    }
    return found;
  }

  const steps = (n) => `${n} step${n === 1 ? "" : "s"}`;

  // A tap on a far hex: walk there; with no hover (a phone) the first tap shows the route
  // and the second walks; where two tokens could go, the line under the map asks which.
  function walkTo(space, going, payload) {
    const again = route.step === payload.step && route.space === space;
    if (going.length === 1 && (again || window.matchMedia(HOVER).matches)) {
      D.go(space, going[0].mover);
      return;
    }
    Object.assign(route, {step: payload.step, space});
    redraw();
  }

  // The tokens on a shared hex, a line each ("Sp  Spud", "D2  Dawn, token 2"), in a box
  // beside the hex (left of it near the map's right edge): the hex, its terrain and its
  // outline stay in sight. `right`: the map's right edge.
  function stackList([x, y], tokens, right) {
    const lines = tokens.map(({c, t}) => {
      const side = c.side === "raiders" ? "raider" : c.kind === "townsfolk" ? "townsfolk" : "camper";
      const label = c.hidden ? `${c.name[0]}${t.token}` : c.name.slice(0, 2);
      return {side, text: `${label}  ${c.hidden ? `${c.name}, token ${t.token}` : c.name}`};
    });
    const font = listFont();
    const line = font * 1.3, pad = font * 0.4, disc = font * 0.35;
    const width = Math.max(...lines.map((l) => l.text.length)) * font * 0.62 + 2 * pad + 3 * disc;
    const height = lines.length * line + 2 * pad;
    const left = x + W / 2 + 2 + width > right ? x - W / 2 - 2 - width : x + W / 2 + 2;
    const top = Math.max(-R, y - height / 2);
    return svg("g", {class: "pr-stack", "data-space": tokens[0].t.space},
      svg("rect", {x: left, y: top, width, height, rx: 3}),
      ...lines.flatMap((l, i) => {
        const cy = top + pad + line * (i + 0.5);
        return [svg("circle", {cx: left + pad + disc, cy, r: disc, class: l.side}),
          svg("text", {x: left + pad + 3 * disc, y: cy + font * 0.36, "font-size": font}, l.text)];
      }));
  }

  // The route's line, from where the figure stands through each step to the far hex.
  function drawRoute(layer, at, walk) {
    const points = [walk.from, ...walk.path].filter((n) => at[n]).map((n) => at[n].join(","));
    layer.replaceChildren(svg("polyline", {points: points.join(" "), fill: "none",
      stroke: "#fff0a0", "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round",
      "stroke-dasharray": "4 3", class: "pr-route-line"}),
    svg("circle", {cx: at[walk.path[walk.path.length - 1]][0], cy: at[walk.path[walk.path.length - 1]][1],
      r: R * 0.3, fill: "#fff0a0"}));
  }

  // Under the map, for a far hex tapped once: where it goes, and a button (or one per token);
  // `driven`: the movers that are vehicles.
  function walkLine(space, going, driven) {
    return el("p", {class: "pr-which pr-walk", role: "group", "aria-live": "polite"},
      `${space}: `, ...walkButtons(space, going, driven),
      going.length === 1 ? " — or tap it again" : "");
  }

  // A button per figure that can walk (or be driven) to a far hex.
  function walkButtons(space, going, driven) {
    return going.map((w) => el("button", {type: "button", "data-walk": w.mover,
      onclick: () => D.go(space, w.mover)}, `${driven.has(w.mover) ? `Drive the ${w.mover}`
      : `Walk ${w.mover}`} there${atSpeed(w.how)} (${steps(w.path.length)})`));
  }

  // " at High Speed": the speed a drive there announces first (10.1), "" for none.
  function atSpeed(how) {
    return how ? ` at ${how}` : "";
  }

  // What the last walk (or drive) did: where it ended, and why it stopped short if it did.
  function walkedLine(payload, driven) {
    const w = payload && payload.walked;
    if (!w) return null;
    const who = driven.has(w.mover) ? `The ${w.mover}` : w.mover;
    // waiting for another person's answer (Road Trap): it goes on by itself if they let it
    const text = w.waiting
      ? `${who} waits at ${w.last} after ${steps(w.steps)} toward ${w.target}: ${w.why}`
      : w.stopped
      ? `${who} stopped at ${w.last} after ${steps(w.steps)} toward ${w.target}: ${w.why}`
      : `${who} ${driven.has(w.mover) ? "drove" : "walked"} to ${w.last}${atSpeed(w.how)} (${steps(w.steps)})`
        + `${w.why ? `: ${w.why}` : ""}`;
    return el("p", {class: "pr-which pr-walked", "aria-live": "polite"}, D.forPlayers(text));
  }

  // The choices a tapped hex offers, under the map: "9,30: which?" and a button each (first
  // the walks there, where it is also a far hex: Appear Anywhere offers every hex).
  function whichLine(space, choices, going, driven) {
    return el("p", {class: "pr-which", role: "group", "aria-live": "polite"}, `${space}: which? `,
      ...walkButtons(space, going, driven),
      ...choices.map((a) => el("button", {type: "button", "data-choice": a.id,
        onclick: () => D.act(a.id)}, D.forPlayers(a.label))));
  }

  // What the ruler last measured, in words.
  function rulerSaid() {
    const said = el("p", {class: "pr-ruler", "aria-live": "polite"});
    const res = ruler.answer;
    if (ruler.on && ruler.ends.length === 1) said.append(`from ${ruler.ends[0]}: tap the other end`);
    else if (ruler.ends.length === 2 && !res) said.append("measuring…");
    else if (res && res.error) said.append(res.error);
    else if (res) {
      said.dataset.clear = res.clear ? "true" : "false";
      const blocked = Array.isArray(res.blocked_at) ? `between ${res.blocked_at.join(" and ")}`
        : res.blocked_at ? `at ${res.blocked_at}` : "";
      said.append(`${res.from} to ${res.to}: ${res.distance === null ? "no way" : `${res.distance} hex${res.distance === 1 ? "" : "es"}`}`
        + ` · sight (hiding, 12.2): ${res.clear ? "clear" : `blocked${blocked ? ` ${blocked}` : ""} (${res.reason})`}`
        + ` · line of fire (14.3): ${res.fire ? "clear" : "blocked"}`
        + (res.lit ? ` · ${res.to} is lit (12.5)` : ""));
    }
    return said;
  }

  // The ruler's ends, and its line: green where sight is clear, red from where it is blocked.
  function rulerMarks(at, payload) {
    const layer = svg("g", {class: "pr-ruler-marks"});
    for (const name of ruler.ends) {
      if (at[name]) layer.append(svg("circle", {cx: at[name][0], cy: at[name][1], r: R * 0.85, class: "pr-ruler-end"}));
    }
    const res = ruler.answer;
    if (!res || res.error) return layer;
    if (payload && res.step !== payload.step) {  // pieces moved since: ask again
      ruler.answer = null;
      measure(payload);
      return layer;
    }
    const points = res.spaces.filter((n) => at[n]).map((n) => at[n].join(","));
    const cut = res.spaces.indexOf(Array.isArray(res.blocked_at) ? res.blocked_at[0] : res.blocked_at);
    const seen = res.clear || cut < 0 ? points : points.slice(0, cut + 1);
    if (seen.length > 1) layer.append(svg("polyline", {points: seen.join(" "), class: `pr-ruler-line ${res.clear ? "clear" : "blocked"}`}));
    if (!res.clear && cut >= 0) {
      layer.append(svg("polyline", {points: points.slice(cut).join(" "), class: "pr-ruler-line beyond"}));
    }
    return layer;
  }

  // hex name -> the actions aimed at a piece standing there (its token, or its vehicle)
  function aimedAt(view, payload) {
    const found = {};
    const spaceOf = {};
    for (const v of view.vehicles || []) spaceOf[v.name] = v.space;
    for (const a of (payload && payload.decision ? payload.decision.actions : [])) {
      const args = a.args || {};
      if (!AIMED.has(args.verb) || !args.character) continue;
      const c = view.characters.find((k) => k.name.toLowerCase() === args.character);
      if (!c) continue;
      const spaces = c.vehicle ? [spaceOf[c.vehicle]]
        : c.tokens.filter((t) => !args.token || t.token === args.token).map((t) => t.space);
      for (const space of spaces) if (space) (found[space] || (found[space] = [])).push(a);
    }
    return found;
  }

  // each building's name at the middle of its footprint
  function middles(view) {
    const sums = {};
    const at = {};
    for (const [name, q, r] of view.map.hexes) at[name] = centre(q, r);
    for (const [hex, building] of Object.entries(view.map.footprints || {})) {
      const sum = sums[building] || (sums[building] = [0, 0, 0]);
      sum[0] += at[hex][0]; sum[1] += at[hex][1]; sum[2] += 1;
    }
    return Object.fromEntries(Object.entries(sums).map(([b, [x, y, n]]) => [b, [x / n, y / n]]));
  }

  function flame(x, y) {
    return `M${x} ${y + 4}c-2.4 0-3.4-2.2-2.2-4.2c.6 1 1.2 1.2 1.6.6c-.4-1.8.4-3.2 1.8-4.2`
      + `c-.2 1.6.8 2.4 1.6 3.4c1.4 1.8.6 4.4-2.8 4.4z`;
  }

  // what each colour and mark on the map means
  function legend() {
    const swatch = (...shapes) => svg("svg", {viewBox: "-8 -8 16 16", width: 16, height: 16,
      "aria-hidden": "true"}, ...shapes);
    const hex = (fill, stroke = "#222", width = 0.5) =>
      svg("polygon", {points: corners(0, 0, 7.5), fill, stroke, "stroke-width": width});
    const item = (shape, text) => el("li", {}, shape, ` ${text}`);
    const disc = (fill, stroke = "#111", width = 0.8) =>
      svg("circle", {r: 6, fill, stroke, "stroke-width": width});
    const names = {grassland: "grass", "long grass": "long grass", road: "road", tree: "trees",
      graveyard: "graveyard", lake: "lake", building: "building"};
    return el("ul", {class: "pr-legend", "aria-label": "map legend"},
      ...Object.entries(names).map(([terrain, text]) => item(swatch(hex(TERRAIN[terrain])), text)),
      item(swatch(hex("#444", "#ffd84a", 2)), "you may move there"),
      item(swatch(hex("#444"), svg("polygon", {points: corners(0, 0, 6), fill: "none",
        stroke: "#fff0a0", "stroke-width": 1, "stroke-dasharray": "2.5 1.5"})),
      "you can still get there this turn: a tap walks (or drives) there, a step at a time"),
      item(swatch(hex("#444", "#ff5a4a", 2)), "a piece you may attack, grab or seek"),
      item(swatch(svg("circle", {r: 3, fill: "#ffe680"})), "streetlight"),
      // the key's discs are drawn apart from the map's tokens (no pr-token class), so nothing
      // that looks for a ringed token on the map finds one in the key
      item(swatch(disc("#c0282a")), "raider"),
      item(swatch(disc("#f2f2ea")), "camper"),
      item(swatch(disc("#2f6fc0")), "townsperson"),
      item(swatch(disc("#f2f2ea", "#ffd84a", 2.2)),
        "gold ring: your real token (a hidden one shows its initial and number)"),
      item(swatch(svg("circle", {cx: -3.2, cy: 0, r: 4, fill: "#f2f2ea", stroke: "#111", "stroke-width": 0.6}),
        svg("circle", {cx: 3.2, cy: 0, r: 4, fill: "#c0282a", stroke: "#111", "stroke-width": 0.6})),
      "several on a hex: hover or tap it for who"),
      item(swatch(svg("rect", {x: -7, y: -4, width: 14, height: 8, rx: 2, fill: "#111",
        stroke: "#ffd84a", "stroke-width": 1.2})), "vehicle (gold: someone aboard)"),
      item(swatch(svg("rect", {class: "pr-dropped", x: -3, y: -3, width: 6, height: 6, rx: 1})),
        "weapons lying there"),
      item(swatch(svg("path", {class: "pr-fire", d: flame(0, 0)})), "fire"));
  }

  D.registerRenderer("psycho-raiders", render);
})();
