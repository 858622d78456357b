// Last Night on Earth in the browser: whose turn it is and the Sun track as boxes, the town as
// SVG squares (buildings shaded, walls as thick lines, doors brown, windows light blue,
// spawning pits) under a legend, heroes as labelled tokens (the acting one ringed) and zombies
// as green tokens, one each (a click chooses one the decision names), the scenario's gas,
// townsfolk and pits to burn, buildings a card names, the moving hero's reach (a far square
// walked to by a tap: the payload's reach, POST /go), the zombie player's "the rest advance"
// drawn as arrows before it is pressed (its preview), a card per hero (wounds, items and, for the heroes' seat,
// the hand), the zombies' seat's own hand, what each card the seat can read does, the
// fight under way and, once it is over, the last fight (beside the town, after the choices). Play by clicking: a square the decision names (a step, a zombie's move, a
// pit, a target). Layout lives in style.css (the page's policy refuses style attributes).
"use strict";
(function () {
  const D = window.Deadtable;
  const {el, svg} = D;
  const S = 26; // a square's side in SVG units
  const EDGE = {wall: "#e8e2d0", door: "#a0622d", window: "#8fd0ff"};
  let selected = null; // the zombie a click chose, while the decision offers it several moves
  let shownTown = null; // the town last drawn, for its names to be sized anew on a resize
  // A far square in the payload's reach whose route is shown: on hover, or on a phone by a
  // first tap whose second walks there (POST /go).
  const route = {step: null, space: null};
  const HOVER = "(hover: hover)";

  // Each square's [x, y] by name, and the town's width and height in squares.
  function squares(t) {
    const where = {};
    let width = 0, height = 0;
    t.spaces.forEach(([name, x, y]) => {
      if (x === null) return;
      where[name] = [x, y];
      width = Math.max(width, x + 1);
      height = Math.max(height, y + 1);
    });
    return {where, width, height};
  }

  function town(view, clickable, pickHero, pickZombie) {
    const t = view.town;
    const {where, width, height} = squares(t);
    const inside = {};
    Object.entries(t.buildings).forEach(([b, spaces]) => spaces.forEach((s) => { inside[s] = b; }));
    const cards = buildingCards(view);
    const reach = (view.moving && view.moving.reach) || {};
    const root = svg("svg", {class: "lnoe-town", viewBox: `0 0 ${width * S} ${height * S}`,
      role: "img", "aria-label": "the town"});
    const pits = new Set(t.spawning_pits);
    // A pit or a figure drawn over a square to choose chooses it too (a tap lands on them).
    const onSquare = (name, node) => {
      if (clickable[name]) {
        node.addEventListener("click", () => clickable[name]());
        node.classList.add("on-target");
      }
      return node;
    };
    Object.entries(where).forEach(([name, [x, y]]) => {
      const click = clickable[name];
      const card = inside[name] && cards[inside[name]];
      const far = reach[name] && reach[name][0] > 1;
      const rect = svg("rect", {x: x * S, y: y * S, width: S, height: S,
        class: `square${inside[name] ? " inside" : ""}${click ? " target" : ""}` +
          `${card ? ` ${card}` : ""}${reach[name] ? " reach" : ""}`,
        fill: card === "taken" ? "#4a2a2a" : card === "dark" ? "#141414"
          : inside[name] ? "#3b3a36" : "#22252a",
        stroke: click ? "#ffd54a" : "#2e3137", "stroke-width": click ? (far ? 1 : 2) : 0.5,
        "stroke-dasharray": far ? "3 2" : null, "data-space": name},
      svg("title", {}, (inside[name] ? `${name}, ${inside[name]}` : name) +
        (card === "taken" ? " (taken over: no hero steps in)" : "") +
        (card === "dark" ? " (lights out)" : "") +
        (reach[name] ? ` (${reach[name][0]} step${reach[name][0] > 1 ? "s" : ""} away` +
          (far ? `: a click steps to ${reach[name][1]})` : ")") : "")));
      if (click) rect.addEventListener("click", () => click());
      root.append(rect);
      if (pits.has(name)) {
        root.append(onSquare(name, svg("circle", {cx: x * S + S / 2, cy: y * S + S / 2, r: S / 3,
          fill: "#5a1a1a", class: "pit"}, svg("title", {}, `${name}, a spawning pit`))));
      }
    });
    t.edges.forEach(([a, b, feature]) => {
      const [ax, ay] = where[a], [bx, by] = where[b];
      let line;
      if (ay === by) { // side by side: the edge is the vertical line between them
        const x = Math.max(ax, bx) * S;
        line = {x1: x, y1: ay * S, x2: x, y2: ay * S + S};
      } else {
        const y = Math.max(ay, by) * S;
        line = {x1: ax * S, y1: y, x2: ax * S + S, y2: y};
      }
      root.append(svg("line", {...line, stroke: EDGE[feature] || "#fff",
        "stroke-width": feature === "wall" ? 3 : 4, class: `edge ${feature}`}));
    });
    // Each zombie a token of its own (up to nine to a square, in a grid), so that a single
    // zombie can be clicked where the decision names it.
    const onSpace = {};
    view.zombies.forEach((z) => { (onSpace[z.space] = onSpace[z.space] || []).push(z); });
    Object.entries(onSpace).forEach(([space, zs]) => {
      const [x, y] = where[space];
      const side = zs.length === 1 ? 1 : zs.length <= 4 ? 2 : 3;
      zs.slice(0, 9).forEach((z, i) => {
        const cx = side === 1 ? x * S + S * 0.7 : x * S + S * (i % side + 0.5) / side;
        const cy = side === 1 ? y * S + S * 0.7 : y * S + S * (Math.floor(i / side) + 0.5) / side;
        const token = svg("circle", {cx, cy, r: side === 1 ? S * 0.28 : S * 0.45 / side,
          fill: "#4caf50", class: `zombie${z.id === selected ? " selected" : ""}`,
          "data-zombie": z.id},
        svg("title", {}, `${z.name} on ${space}` + (zs.length > 1 ? ` (${zs.length} here)` : "") +
          (pickZombie[z.id] ? ": click to choose it" : "")));
        if (pickZombie[z.id]) {
          token.classList.add("pick");
          token.addEventListener("click", () => pickZombie[z.id]());
        } else onSquare(space, token);
        root.append(token);
      });
      if (zs.length > 9) {
        root.append(svg("text", {x: x * S + S / 2, y: y * S + S * 0.6, "text-anchor": "middle",
          "font-size": 9, fill: "#fff"}, String(zs.length)));
      }
    });
    root.append(svg("g", {class: "building-names"})); // filled once on the page: buildingNames
    markers(view, root, where, onSquare);
    const living = view.heroes.filter((h) => !h.dead), shared = {};
    living.forEach((h) => { shared[h.space] = (shared[h.space] || 0) + 1; });
    const placed = {};
    living.forEach((h) => {
      // heroes sharing a square sit side by side, smaller, so that each can be seen and clicked
      const k = placed[h.space] = (placed[h.space] ?? -1) + 1;
      const many = shared[h.space] > 1;
      const [x, y] = where[h.space].map((c, i) => c * S + S * (many
        ? 0.25 + 0.5 * (i === 0 ? k % 2 : Math.floor(k / 2) % 2) : 0.32));
      const acting = view.turn_of === `${h.name}'s turn`;
      root.append(onSquare(h.space, svg("circle", {cx: x, cy: y,
        r: S * (many ? 0.22 : 0.3), fill: "#29b6f6", class: `hero${acting ? " acting" : ""}`,
        stroke: acting ? "#ffd54a" : "none", "stroke-width": acting ? 2.5 : 0},
      svg("title", {}, `${h.name}${acting ? " (taking a turn)" : ""}, on ${h.space}` +
        (pickHero[h.name] ? ": click to give it the next turn" : "")))));
      if (pickHero[h.name]) { // choosing the hero who acts next: its token chooses it
        const token = root.lastChild;
        token.classList.add("pick");
        token.setAttribute("data-hero", h.name);
        token.addEventListener("click", () => D.act(pickHero[h.name]));
      }
      root.append(svg("text", {x, y: y + S * 0.1, "text-anchor": "middle",
        "font-size": many ? 8 : 10, fill: "#000"}, h.name.slice(0, 2)));
    });
    return root;
  }

  // Each building's name, a word a line where the whole does not fit across it: the log and
  // the choices name buildings ("Search the Hospital"), so the town must say which is which.
  // Drawn once the town is on the page (render), at least NAME_PX high on the screen, and
  // nearest the building's middle where no figure, pit or marker sits (over the pits as a
  // second choice; a full building's on the street beside it; over figures only where the
  // street too is full, then on a plate): under the heroes and markers, so that they are never
  // hidden.
  const NAME_PX = 11;
  const FIGURES = "circle.hero, circle.zombie, circle.folk, circle.cow, rect.gas, rect.truck";

  function boxOf(node) { // a token's box in the town's units: [x0, y0, x1, y1]
    const n = (a) => Number(node.getAttribute(a));
    if (node.tagName === "circle") return [n("cx") - n("r"), n("cy") - n("r"), n("cx") + n("r"), n("cy") + n("r")];
    return [n("x"), n("y"), n("x") + n("width"), n("y") + n("height")];
  }

  function clear(box, boxes) {
    return boxes.every(([x0, y0, x1, y1]) => box[2] <= x0 || x1 <= box[0] || box[3] <= y0 || y1 <= box[1]);
  }

  // Where the label goes: [x, y, free], the free spot nearest the middle, in quarter-square
  // steps, trying each [area, boxes to keep clear of] in turn; none free: the middle.
  function labelSpot(tries, w, h) {
    const [x0, y0, x1, y1] = tries[0][0], mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
    const along = (lo, hi, size, mid) => {
      if (hi - lo <= size) return [(lo + hi) / 2];
      const spots = [];
      for (let c = lo + size / 2; c <= hi - size / 2 + 0.01; c += S / 4) spots.push(c);
      return spots;
    };
    for (const [[a0, b0, a1, b1], boxes] of tries) {
      const spots = along(b0, b1, h, my).flatMap((cy) => along(a0, a1, w, mx).map((cx) => [cx, cy]));
      spots.sort((a, b) => Math.hypot(a[0] - mx, a[1] - my) - Math.hypot(b[0] - mx, b[1] - my));
      const free = spots.find(([cx, cy]) => clear([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], boxes));
      if (free) return [...free, true];
    }
    return [mx, my, false];
  }

  function buildingNames(t, root) {
    const layer = root.querySelector("g.building-names");
    const {where} = squares(t);
    const across = root.getBoundingClientRect().width;
    const edge = root.viewBox.baseVal.width, high = root.viewBox.baseVal.height;
    const size = Math.max(10, across ? NAME_PX * edge / across : 10);
    const figures = [...root.querySelectorAll(FIGURES)].map(boxOf);
    const pits = [...root.querySelectorAll("circle.pit")].map(boxOf);
    const names = []; // the names placed, which a name on the street keeps clear of
    Object.entries(t.buildings).forEach(([name, spaces]) => {
      const xs = spaces.map((s) => where[s][0]), ys = spaces.map((s) => where[s][1]);
      const area = [Math.min(...xs) * S, Math.min(...ys) * S, (Math.max(...xs) + 1) * S, (Math.max(...ys) + 1) * S];
      const wide = 0.68 * size; // a bold letter's width, with room to spare
      const lines = name.length * wide <= area[2] - area[0] ? [name] : name.split(" ");
      const label = nameLabel(name, lines, size);
      layer.append(label);
      const [w, h] = labelSize(label, lines, size, wide);
      if (w > area[2] - area[0]) { // wider than the building: centred on it, inside the town
        area[0] = Math.max(0, Math.min((area[0] + area[2] - w) / 2, edge - w));
        area[2] = area[0] + w;
      }
      // a building full of figures: its name on the street beside it (a square out, else two
      // or three), clear of them and of the names already there
      const ring = (n) => [[Math.max(0, area[0] - n * S), Math.max(0, area[1] - n * S),
        Math.min(edge, area[2] + n * S), Math.min(high, area[3] + n * S)], figures.concat(names)];
      const [cx, cy, free] = labelSpot([[area, figures.concat(pits)], [area, figures], ring(1), ring(2), ring(3)], w, h);
      placeLabel(label, cx, cy, free);
      names.push([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2]);
    });
  }

  // A building's name, a word a line (placed by placeLabel once its size is known).
  function nameLabel(name, lines, size) {
    return svg("text", {x: 0, y: 0, "text-anchor": "middle", "dominant-baseline": "middle",
      "font-size": size.toFixed(1), class: "building-name", "data-building": name},
    ...lines.map((line, i) => svg("tspan", {x: 0, dy: i ? (size * 1.2).toFixed(1) : 0}, line)));
  }

  // The label's width and height as drawn (its letters measured, with their dark edge: the
  // browser counts a stroke's whole width round them), or as estimated where the page cannot
  // measure it.
  const EDGE_ROOM = 7;
  function labelSize(label, lines, size, wide) {
    const box = label.getBBox ? label.getBBox() : null;
    if (box && box.width) return [box.width + EDGE_ROOM, box.height + EDGE_ROOM];
    return [Math.max(...lines.map((l) => l.length)) * wide, lines.length * size * 1.2];
  }

  // The label's middle at (cx, cy). No free spot (a building and the street round it full of
  // figures): a dark plate behind the letters, the zombies under it seen through it, so that
  // the name still reads.
  function placeLabel(label, cx, cy, free) {
    const box = label.getBBox ? label.getBBox() : {x: 0, y: 0, width: 0, height: 0};
    const dx = cx - (box.x + box.width / 2), dy = cy - (box.y + box.height / 2);
    label.setAttribute("transform", `translate(${dx.toFixed(1)} ${dy.toFixed(1)})`);
    if (free || !box.width) return;
    label.classList.add("crowded");
    const room = EDGE_ROOM / 2; // the plate holds the letters' dark edge too
    label.before(svg("rect", {x: (box.x + dx - room).toFixed(1), y: (box.y + dy - room).toFixed(1),
      width: (box.width + EDGE_ROOM).toFixed(1), height: (box.height + EDGE_ROOM).toFixed(1), rx: 3,
      class: "name-plate", "data-building": label.getAttribute("data-building")}));
  }

  // "9,12 (Diner)": a square and the building it is in, as the log names it.
  function place(view, space) {
    const building = Object.keys(view.town.buildings)
      .find((b) => view.town.buildings[b].includes(space));
    return building ? `${space} (${building})` : space;
  }

  // The buildings a card in play names: "Diner" -> "taken" (My God, They've Taken the…) or
  // "dark" (Lights Out); the entries read "Lights Out (Diner)".
  function buildingCards(view) {
    const marks = {};
    view.in_play.forEach((entry) => {
      const m = /^(.*) \((.*)\)$/.exec(entry);
      if (!m || !view.town.buildings[m[2]]) return;
      if (m[1].startsWith("My God")) marks[m[2]] = "taken";
      else if (m[1] === "Lights Out" && !marks[m[2]]) marks[m[2]] = "dark";
    });
    return marks;
  }

  // The markers: the truck (a yellow outline), gas (an orange square), Old Betsy the cow (a
  // pale disc), townsfolk (a pink token, ringed when a hero escorts it) and the spawning pits
  // still to burn (a red ring).
  function markers(view, root, where, onSquare) {
    if (view.truck) {
      const [x, y] = where[view.truck];
      root.append(onSquare(view.truck, svg("rect", {x: x * S + 2, y: y * S + 2, width: S - 4,
        height: S * 0.3, rx: 3, fill: "none", stroke: "#ffd600", "stroke-width": 2, class: "truck"},
      svg("title", {}, `the truck at ${view.truck}`))));
    }
    (view.gas || []).forEach((space) => {
      const [x, y] = where[space];
      root.append(onSquare(space, svg("rect", {x: x * S + 2, y: y * S + S - 10, width: 8,
        height: 8, fill: "#ff9800", class: "gas"}, svg("title", {}, `gas on ${space}`))));
    });
    (view.cows || []).forEach((space) => { // Old Betsy: a zombie there must roll to leave
      const [x, y] = where[space];
      root.append(onSquare(space, svg("circle", {cx: x * S + S - 6, cy: y * S + S - 6, r: 5,
        fill: "#f5e6c8", stroke: "#5d4037", "stroke-width": 1.5, class: "cow"},
      svg("title", {}, `Old Betsy (the cow) on ${space}: a zombie there must roll 5+ to leave`))));
    });
    (view.pits_to_burn || []).forEach((space) => {
      const [x, y] = where[space];
      root.append(svg("circle", {cx: x * S + S / 2, cy: y * S + S / 2, r: S * 0.45, fill: "none",
        stroke: "#ff5252", "stroke-width": 2, "stroke-dasharray": "4 2", class: "burn"},
      svg("title", {}, `${space}: a pit to burn`)));
    });
    const escort = {};
    Object.entries(view.escort || {}).forEach(([hero, token]) => { escort[token] = hero; });
    Object.entries(view.townsfolk || {}).forEach(([token, space]) => {
      const [x, y] = where[space];
      root.append(onSquare(space, svg("circle", {cx: x * S + S * 0.78, cy: y * S + S * 0.22,
        r: S * 0.16, fill: "#e040fb", stroke: escort[token] ? "#fff" : "none", "stroke-width": 1.5,
        class: "folk", "data-token": token},
      svg("title", {}, `${token} on ${space}` + (escort[token] ? `, with ${escort[token]}` : "")))));
    });
  }

  function scenarioLine(view) {
    const parts = [];
    const named = (spaces) => spaces.map((s) => place(view, s)).join("; ");
    if (view.truck) parts.push(`The truck waits at ${place(view, view.truck)}`);
    if (view.gas && view.gas.length) parts.push(`Gas on ${named(view.gas)}`);
    if (view.pits_to_burn) {
      parts.push(view.pits_to_burn.length ? `Pits to burn: ${named(view.pits_to_burn)}`
        : "Every pit burned");
    }
    if (view.townsfolk) {
      const escort = {};
      Object.entries(view.escort || {}).forEach(([hero, token]) => { escort[token] = hero; });
      const folk = Object.entries(view.townsfolk).map(([token, space]) =>
        `${token} on ${place(view, space)}${escort[token] ? ` with ${escort[token]}` : ""}`);
      parts.push(`Townsfolk: ${folk.join("; ") || "none waiting"} · ${view.townsfolk_saved} saved, ${view.townsfolk_lost} lost`);
    }
    if (view.moving) {
      parts.push(`${view.moving.mover} has ${view.moving.left} to move: every square in reach is ` +
        "outlined; a click steps towards it, or walks there where the route is plain");
    }
    return parts.length ? el("p", {class: "lnoe-scenario"}, parts.join(" · ")) : null;
  }

  // A card's name, with what it does as its tooltip where the seat may read it.
  function cardName(name, texts) {
    return el("span", {class: "lnoe-card", title: texts[name] || null}, name);
  }

  function names(list, texts) {
    if (!list.length) return ["none"];
    return list.flatMap((name, i) => (i ? [", ", cardName(name, texts)] : [cardName(name, texts)]));
  }

  function heroCard(h, view) {
    const texts = view.cards || {};
    const acting = view.turn_of === `${h.name}'s turn`;
    return el("div", {class: `lnoe-hero${h.dead ? " dead" : ""}${acting ? " acting" : ""}`,
      "data-hero": h.name},
      el("strong", {}, `${h.name} `), el("span", {}, h.title),
      el("div", {}, h.dead ? "killed" : `Wounds ${h.wounds}/${h.max_wounds} · on ${place(view, h.space)}` +
        (h.faith ? ` · Faith +${h.faith}` : "")),
      el("div", {}, "Items: ", ...names(h.items, texts)),
      el("div", {}, ...(h.hand ? ["Hand: ", ...names(h.hand, texts)] : [`Hand: ${counted(h.hand_count)}`])));
  }

  // The Sun track: a box per turn, the turns gone filled; dawn after the last.
  function sunTrack(view) {
    const boxes = [];
    for (let turn = 1; turn <= view.sun_track; turn += 1) {
      boxes.push(el("span", {class: `sun${turn <= view.turn ? " gone" : ""}`,
        title: `turn ${turn}`}));
    }
    const left = Math.max(0, view.sun_track - view.turn);
    return el("div", {class: "lnoe-sun", role: "img",
      "aria-label": `Sun track: turn ${view.turn} of ${view.sun_track}`},
    el("span", {}, "Sun track "), ...boxes,
    el("span", {}, ` turn ${view.turn} of ${view.sun_track}, ${left} left till dawn`));
  }

  // The scenario's goal: how the heroes win in sight, how the zombies win and the card's
  // special lines a click away.
  function goalNote(view) {
    const [first, ...rest] = view.objective || [];
    if (!first) return null;
    return el("details", {class: "lnoe-goal"}, el("summary", {}, `Goal: ${first}`),
      el("ul", {}, rest.map((line) => el("li", {}, line))));
  }

  // What each card the seat can read does (its hands, the heroes' items, cards in play).
  function cardTexts(view) {
    const entries = Object.entries(view.cards || {});
    if (!entries.length) return null;
    return el("details", {class: "lnoe-texts"}, el("summary", {}, "What the cards do"),
      el("dl", {}, entries.flatMap(([name, text]) => [el("dt", {}, name), el("dd", {}, text)])));
  }

  // "1 card", "3 cards".
  function counted(count) {
    return `${count} card${count === 1 ? "" : "s"}`;
  }

  // Braaains! after the zombie's dice, in the fight under way and the last fight alike.
  function brains(f) {
    return f.braaains ? ` (+${f.braaains} Braaains!)` : "";
  }

  // The last fight, once it is over (the fight under way has its own line over the town):
  // who fought whom where, each side's dice, the highest compared, the cards played, the
  // result and why, and the fight's log lines a click away. The same for every seat.
  function lastFight(view) {
    const f = view.last_fight;
    if (!f) return null;
    const lines = [el("strong", {}, `Last fight: ${f.hero} against ${f.zombie} on ${f.space}`),
      view.fight ? el("span", {class: "finished"}, " · finished") : null];
    if (f.hero_dice.length && f.zombie_dice.length) {
      lines.push(el("div", {class: "dice"}, `${f.hero} rolled ${f.hero_dice.join(" ")} · ` +
        `${f.zombie} rolled ${f.zombie_dice.join(" ")}${brains(f)}`));
    }
    if (f.highest) lines.push(el("div", {}, `Highest: ${f.highest[0]} against ${f.highest[1]}`));
    if (f.cards.length) lines.push(el("div", {}, "Cards: ", ...names(f.cards, view.cards || {})));
    lines.push(el("div", {class: "result"}, f.result));
    lines.push(el("details", {}, el("summary", {}, "How it went"),
      el("ol", {}, f.events.map((line) => el("li", {}, line)))));
    return el("section", {class: "lnoe-last-fight", "aria-label": "the last fight"}, ...lines);
  }

  // The fight under way, marked in progress over the last finished one (which stays till
  // this one has its result): who fights whom where, the dice once rolled, the cards so far.
  function fightNow(view) {
    const f = view.fight;
    if (!f) return null;
    const lines = [el("strong", {}, `Fight in progress: ${f.hero} against ${f.zombie} on ${f.space}`)];
    if (f.hero_dice.length && f.zombie_dice.length) {
      lines.push(el("div", {class: "dice"}, `${f.hero} ${f.hero_dice.join(" ")} · ` +
        `${f.zombie} ${f.zombie_dice.join(" ")}${brains(f)}`));
    }
    if (f.cards.length) lines.push(el("div", {}, "Cards: ", ...names(f.cards, view.cards || {})));
    lines.push(el("div", {class: "result"}, "No result yet" +
      (view.last_fight ? ": the last finished fight is under this" : "")));
    return el("section", {class: "lnoe-fight-now", "aria-label": "the fight in progress"}, ...lines);
  }

  // The two discard piles, face up as at the table: each pile's count and top card in sight,
  // and a click opens the whole pile, the newest card first, each with its text.
  function discardPiles(view) {
    const texts = view.cards || {};
    const pile = (side, p) => {
      const cards = p.cards || [];
      const head = `${side} discard pile: ${counted(p.count)}`;
      const top = cards.length ? [" · top: ", cardName(cards[0], texts)] : [];
      if (!cards.length) return el("p", {class: "lnoe-pile", "data-pile": side}, head);
      return el("details", {class: "lnoe-pile", "data-pile": side},
        el("summary", {}, head, ...top),
        el("ol", {}, cards.map((name) => el("li", {}, el("strong", {}, name),
          texts[name] ? ` ${texts[name]}` : ""))));
    };
    return el("section", {class: "lnoe-piles", "aria-label": "the discard piles"},
      pile("Hero", view.hero_discard), pile("Zombie", view.zombie_discard));
  }

  // On a phone (under 900 px, where the choices and the cards come under the town, so the
  // side's piles would be a scroll past the map away) the piles are one line over the town
  // instead, as at the terminal: "Discards: Hero 10 (top Pump Shotgun) · Zombie 5 (top A
  // Town Overrun)". A tap on a pile opens it under the line (the newest card first, each
  // with its text), a second tap or the other pile's closes it; it stays open across moves
  // till then. style.css shows this line or the side's piles, never both.
  let openPile = null;
  function pilesLine(view) {
    const texts = view.cards || {};
    const piles = [["Hero", view.hero_discard], ["Zombie", view.zombie_discard]];
    const line = el("section", {class: "lnoe-piles-line", "aria-label": "the discard piles"});
    const row = el("p", {class: "lnoe-piles-row"}, "Discards: ");
    piles.forEach(([side, p], i) => {
      const cards = p.cards || [];
      if (i) row.append(" · ");
      if (!cards.length) {
        row.append(el("span", {class: "lnoe-pile-tab empty", "data-pile": side}, `${side} 0`));
        return;
      }
      row.append(el("button", {type: "button", class: "lnoe-pile-tab", "data-pile": side,
        "aria-expanded": String(openPile === side),
        title: `the ${side} discard pile, ${counted(p.count)}: tap to ${openPile === side ? "close" : "open"}`,
        onclick: () => {
          openPile = openPile === side ? null : side;
          line.replaceWith(pilesLine(view));
        }}, `${side} ${p.count} (top ${cards[0]})`));
    });
    line.append(row);
    const open = piles.find(([side, p]) => side === openPile && (p.cards || []).length);
    if (open) {
      line.append(el("ol", {class: "lnoe-pile-cards", "data-pile": open[0]},
        open[1].cards.map((name) => el("li", {}, el("strong", {}, name),
          texts[name] ? ` ${texts[name]}` : ""))));
    }
    return line;
  }

  const LEGEND = [["wall", "wall"], ["door", "door"], ["window", "window"]];

  // The keys of what the town shows now (a scenario's markers only where it has them).
  function legend(view, payload, advancing) {
    const cards = Object.values(buildingCards(view));
    const keys = [["building", "building"], ["pit", "spawning pit"], ["hero", "hero"],
      ["zombie", "zombie"]];
    if (view.pits_to_burn) keys.push(["burn", "pit to burn"]);
    if (view.gas && view.gas.length) keys.push(["gas", "gas"]);
    if (view.truck) keys.push(["truck", "the truck"]);
    if (view.cows && view.cows.length) keys.push(["cow", "Old Betsy (cow)"]);
    if (view.townsfolk) keys.push(["folk", "townsfolk"]);
    if (cards.includes("taken")) keys.push(["taken", "taken over"]);
    if (cards.includes("dark")) keys.push(["dark", "lights out"]);
    keys.push(["target", "click to choose"]);
    const walking = farReach(view, payload, {}, true);
    if (view.moving) keys.push(["reach", `within reach${walking ? "" : " (a click steps towards it)"}`]);
    if (walking) keys.push(["walk", "a click walks there, a step at a time"]);
    if (advancing) keys.push(["advance", "where \u201cthe rest advance\u201d would move each zombie"]);
    return el("p", {class: "lnoe-legend"},
      ...LEGEND.map(([cls, word]) => el("span", {class: `key ${cls}`}, word)),
      ...keys.map(([cls, word]) => el("span", {class: `key ${cls}`}, word)));
  }

  // The payload's reach beyond the squares a step reaches now (the seat's own decision only):
  // square -> {mover, from, path}, where the figure on the move (the hero, a zombie on a
  // Shamble) can still get by plain steps (engine/reach.py). `any`: whether there is one.
  function farReach(view, payload, clickable, any) {
    const found = {};
    Object.entries((payload && payload.reach) || {}).forEach(([mover, r]) => {
      Object.entries(r.spaces).forEach(([space, path]) => {
        if (path.length > 1 && !clickable[space] && !found[space]) found[space] = {mover, from: r.from, path};
      });
    });
    return any ? Object.keys(found).length > 0 : found;
  }

  const steps = (n) => `${n} step${n === 1 ? "" : "s"}`;

  // The far squares marked on the drawn town (style.css: a paler, dashed gold than a step's;
  // a tap walks, walkTap), the route drawn on hover or after a first tap on a phone, and the
  // line under the map: the route tapped, or what the last walk did.
  function walks(view, payload, map, going) {
    const {where} = squares(view.town);
    const layer = svg("g", {class: "lnoe-route", "pointer-events": "none"});
    const pinned = route.step === payload.step ? going[route.space] : null;
    Object.entries(going).forEach(([space, w]) => {
      const rect = map.querySelector(`rect.square[data-space="${space}"]`);
      if (!rect) return;
      rect.classList.add("walk"); // style.css: a lighter, dashed gold than a step's square
      rect.querySelector("title").textContent = `${space}: ${steps(w.path.length)} away — ` +
        `a click walks ${w.mover} there (stopping where a step is not plain)`;
      rect.addEventListener("mouseenter", () => { if (window.matchMedia(HOVER).matches) drawRoute(layer, where, w); });
      rect.addEventListener("mouseleave", () => { if (pinned) drawRoute(layer, where, pinned); else layer.replaceChildren(); });
    });
    map.append(layer);
    if (pinned) {
      drawRoute(layer, where, pinned);
      return el("p", {class: "lnoe-walk", role: "group", "aria-live": "polite"}, `${route.space}: `,
        el("button", {type: "button", "data-walk": pinned.mover, onclick: () => D.go(route.space, pinned.mover)},
          `Walk ${pinned.mover} there (${steps(pinned.path.length)})`), " — or tap it again");
    }
    const done = payload && payload.walked;
    if (!done) return null;
    return el("p", {class: "lnoe-walk walked", "aria-live": "polite"}, D.forPlayers(done.stopped
      ? `${done.mover} stopped at ${done.last} after ${steps(done.steps)} toward ${done.target}: ${done.why}`
      : `${done.mover} moved to ${done.last} (${steps(done.steps)})${done.why ? `: ${done.why}` : ""}`));
  }

  // A tap on a far square: walk there (POST /go); with no hover (a phone) the first tap
  // draws the route and a button under the town, the second walks.
  function walkTap(view, board, payload, space, w) {
    if (window.matchMedia(HOVER).matches || (route.step === payload.step && route.space === space)) {
      D.go(space, w.mover);
      return;
    }
    Object.assign(route, {step: payload.step, space});
    board.replaceChildren();
    render(view, board, payload);
  }

  // A route's line, from the square the figure stands on through each step to the far one.
  function drawRoute(layer, where, w) {
    const at = (name) => where[name].map((c) => (c + 0.5) * S).join(",");
    const last = where[w.path[w.path.length - 1]];
    layer.replaceChildren(svg("polyline", {points: [w.from, ...w.path].filter((n) => where[n]).map(at).join(" "),
      fill: "none", stroke: "#fff0a0", "stroke-width": 2, "stroke-dasharray": "4 3",
      "stroke-linecap": "round", "stroke-linejoin": "round", class: "lnoe-route-line"}),
    svg("circle", {cx: (last[0] + 0.5) * S, cy: (last[1] + 0.5) * S, r: S * 0.15, fill: "#fff0a0"}));
  }

  // "The rest advance" (the payload's macros, its preview: the moves the run would take now,
  // the zombie agent's, up to where it would stop): an arrow from each zombie's token to the
  // square it would move to, drawn before the button is pressed; a zombie it would let stay
  // has none. Nothing to click: the arrows only say what the button would do.
  function advancePreview(view, payload, map) {
    const advance = ((payload && payload.macros) || []).find((m) => m.id === "advance");
    const moves = (advance && advance.available && advance.preview) || [];
    if (!moves.length) return false;
    const {where} = squares(view.town);
    const layer = svg("g", {class: "lnoe-advance", "pointer-events": "none"});
    const centre = (name) => where[name].map((c) => (c + 0.5) * S);
    const moved = {}; // a zombie's square after its arrows so far (a Shamble's several)
    moves.forEach((m) => {
      if (!where[m.from] || !where[m.to]) return;
      const token = map.querySelector(`circle.zombie[data-zombie="${m.figure}"]`);
      const [x0, y0] = moved[m.figure] || (token
        ? [+token.getAttribute("cx"), +token.getAttribute("cy")] : centre(m.from));
      const [x1, y1] = centre(m.to);
      moved[m.figure] = [x1, y1];
      const len = Math.hypot(x1 - x0, y1 - y0) || 1;
      const [ux, uy] = [(x1 - x0) / len, (y1 - y0) / len];
      const head = S * 0.3;
      const [ex, ey] = [x1 - ux * S * 0.1, y1 - uy * S * 0.1];
      const [bx, by] = [ex - ux * head, ey - uy * head];
      const tip = [[ex, ey], [bx - uy * head * 0.6, by + ux * head * 0.6],
        [bx + uy * head * 0.6, by - ux * head * 0.6]].map((p) => p.join(",")).join(" ");
      const shaft = {x1: x0 + ux * S * 0.12, y1: y0 + uy * S * 0.12, x2: bx, y2: by, "stroke-linecap": "round"};
      layer.append(svg("g", {class: "lnoe-advance-arrow", "data-figure": m.figure, "data-to": m.to},
        svg("title", {}, `${m.name} would move to ${m.to} (${advance.label})`),
        svg("line", {...shaft, stroke: "#1b1d20", "stroke-width": 4.5}),
        svg("polygon", {points: tip, fill: "#1b1d20", stroke: "#1b1d20", "stroke-width": 2}),
        svg("line", {...shaft, stroke: "#ff9f80", "stroke-width": 2.5}),
        svg("polygon", {points: tip, fill: "#ff9f80"})));
    });
    map.append(layer);
    return true;
  }

  function render(view, board, payload) {
    if (!view.town) return false;
    const decision = payload && payload.decision;
    const clickable = {}, onBoard = [], pickHero = {}, pickZombie = {};
    let going = {}; // the far squares walked to (farReach)
    if (!decision || decision.seat !== view.seat) selected = null; // no ring left from a move
    if (decision && decision.seat === view.seat) {
      decision.actions.forEach((a) => {
        if (a.args && a.args.verb === "turn" && a.args.hero) pickHero[a.args.hero] = a.id;
      });
      // Each zombie's actions: one alone (a shot, Farmer Sty) is taken by clicking the zombie;
      // where several zombies may each go to several squares (Relentless Advance, There's Too
      // Many!), a click on a zombie chooses it (ringed) and its squares become clickable.
      const byZombie = {};
      decision.actions.forEach((a) => {
        const z = a.args && a.args.figure;
        if (z && view.zombies.some((v) => v.id === z)) (byZombie[z] = byZombie[z] || []).push(a);
      });
      const several = Object.keys(byZombie).length > 1;
      if (!byZombie[selected]) selected = null;
      // One zombie to move ("Move Zombie 1"): it is ringed, so the page says which token it is.
      if (!several && Object.keys(byZombie).length) selected = Object.keys(byZombie)[0];
      Object.entries(byZombie).forEach(([z, actions]) => {
        if (actions.length === 1) {
          pickZombie[z] = () => D.act(actions[0].id);
          onBoard.push(actions[0].id);
        } else if (several) {
          pickZombie[z] = () => {
            selected = z;
            board.replaceChildren();
            render(view, board, payload);
          };
        }
      });
      const bySpace = {};
      decision.actions.forEach((a) => {
        const space = a.args && a.args.space;
        if (space === undefined || space === null) return;
        if (selected && a.args.figure && a.args.figure !== selected) return;
        const name = typeof space === "number" ? view.town.spaces[space][0] : space;
        (bySpace[name] = bySpace[name] || []).push(a);
      });
      Object.entries(bySpace).forEach(([name, actions]) => {
        if (actions.length !== 1) return; // several choices there: the buttons say which
        clickable[name] = () => D.act(actions[0].id);
        onBoard.push(actions[0].id);
      });
      // The hero on the move: a square further away takes the first step towards it.
      const reach = (view.moving && view.moving.reach) || {};
      going = farReach(view, payload, clickable);
      Object.entries(reach).forEach(([name, [, first]]) => {
        if (!clickable[name] && clickable[first] && !going[name]) clickable[name] = clickable[first];
      });
      // a far square in reach walks there (a figure drawn over it too): walkTap
      Object.entries(going).forEach(([name, w]) => { clickable[name] = () => walkTap(view, board, payload, name, w); });
    }
    const goal = view.goal ? ` of ${view.goal}` : "";
    const status = el("p", {class: "lnoe-status"},
      el("strong", {}, view.scenario), " · ", el("strong", {class: "lnoe-turn"}, view.turn_of || ""),
      ` · ${view.kills}${goal} zombies killed · ${view.zombies.length} zombies on the board, ${view.pool} in the pool`,
      ` · Hero deck ${view.hero_deck.count} · Zombie deck ${view.zombie_deck.count}`,
      view.in_play.length ? ` · in play: ${view.in_play.join(", ")}` : "");
    const scenario = scenarioLine(view);
    const hand = view.zombie_hand.cards
      ? el("p", {class: "lnoe-hand"}, "Your Zombie hand: ",
        ...(view.zombie_hand.cards.length ? names(view.zombie_hand.cards, view.cards || {}) : ["empty"]))
      : el("p", {class: "lnoe-hand"}, `Zombie hand: ${counted(view.zombie_hand.count)}`);
    const f = view.fight;
    const fight = f && f.hero_dice.length
      ? el("p", {class: "lnoe-fight"}, `Fight: ${f.hero} ${f.hero_dice.join(" ")} against ${f.zombie} ${f.zombie_dice.join(" ")}${brains(f)}`)
      : null;
    // The town over the choices, the heroes' cards and the hands after them (play.js's
    // `after`): on a phone the buttons follow the town's legend, not four hero cards; from
    // 900 px the choices and the cards sit beside the town (style.css), all in sight.
    const map = town(view, clickable, pickHero, pickZombie);
    const walk = walks(view, payload, map, going);
    const advancing = advancePreview(view, payload, map);
    board.append(el("div", {class: "lnoe"}, status, sunTrack(view), goalNote(view), scenario, fight,
      pilesLine(view), el("div", {class: "lnoe-map"}, map), walk, legend(view, payload, advancing)));
    shownTown = view.town;
    buildingNames(view.town, map); // now that the town has its size on the screen
    const side = el("div", {class: "lnoe lnoe-side"}, fightNow(view), lastFight(view), discardPiles(view),
      el("div", {class: "lnoe-heroes"}, view.heroes.map((h) => heroCard(h, view))), hand,
      cardTexts(view));
    return {actions: onBoard, after: side, beside: true};
  }

  // A phone turned, a window resized: the names keep their size on the screen.
  window.addEventListener("resize", () => {
    const map = document.querySelector("svg.lnoe-town");
    if (!map || !shownTown) return;
    map.querySelector("g.building-names").replaceChildren();
    buildingNames(shownTown, map);
  });

  D.registerRenderer("last-night-on-earth", render);
})();
