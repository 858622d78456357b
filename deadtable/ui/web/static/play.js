// The play page: one seat's (or a spectator's) view of one game, kept up to date over a
// WebSocket that reconnects by itself; the legal actions as buttons with keyboard shortcuts.
"use strict";
(function () {
  const D = window.Deadtable;
  const {el, api, errorText, forPlayers} = D;
  const KEYS = "123456789abcdefghijklmnopqrstuvwxyz";
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const token = new URLSearchParams(location.search).get("token") || "";
  const base = `/api/games/${encodeURIComponent(gameId)}`;
  let current = null; // the latest payload shown
  let busy = false; // an action is on its way
  let socket = null;
  let retry = 250; // ms before the next reconnect; doubles up to 5 s
  const loading = {}; // renderer URL -> Promise
  // Action ids the board offers by clicking on it (a renderer returns {actions: [...]}): their
  // buttons fold away under "more choices" so a board turn's hundreds of moves do not bury the
  // others. Renderers send an action with Deadtable.act(id).
  let onBoard = new Set();
  // Runs of alike choices a renderer folds under one line (it returns {groups: [{name, ids,
  // note, open}]}): "Moves (12)" when the map offers them, the Adrenaline steps. A fold starts
  // open where its group says `open` (there is room for it); one the person opened or shut is
  // kept so across redraws by its name.
  let groups = [];
  const chosen = new Map();  // a fold's name -> open, as the person left it

  function setConnection(text, state) {
    const node = document.getElementById("connection");
    node.textContent = text;
    node.dataset.state = state;
    node.title = text;  // a phone shows the connection as a dot: its words on hover
    document.body.dataset.connection = state;
  }

  function show(payload) {
    // An older frame arrived late; after an undo the step goes down, and `undos` up.
    if (current && payload.step < current.step && (payload.undos || 0) <= (current.undos || 0)) return;
    current = payload;
    document.title = `${payload.name} — deadtable`;
    document.getElementById("game-name").textContent = payload.name;
    document.getElementById("game-name").title = payload.name;  // cut short on a phone
    // the words a phone's one-line header leaves out (style.css: .wide-only)
    const wide = (text) => D.el("span", {class: "wide-only"}, text);
    document.getElementById("who").replaceChildren(...(payload.seat === "spectator"
      ? ["Watching", wide(" (public information only)")]
      : [wide("Playing "), `${payload.seat}${sideText(payload)}`]));
    showStatus(payload);
    showBoard(payload);
    showActions(payload);
    showUndo(payload);
    showStanding(payload);
    showLog(payload.view.log || []);
    D.rememberGame(payload.id, {name: payload.name, game: payload.game, step: payload.step,
      over: Boolean(payload.outcome), links: {[payload.seat]: location.href}});
    document.getElementById("view").replaceChildren(D.showValue(withoutShown(payload.view)));
    document.body.dataset.step = String(payload.step);
    document.body.dataset.game = payload.game;  // a game's own page layout (style.css)
    markStatus();
  }

  // The body's data-status: "sending" while this page's action or undo is on its way (a click
  // then does nothing: a frame the socket brought meanwhile must not look like a turn to play).
  function markStatus() {
    if (!current) return;
    document.body.dataset.status = current.outcome ? "over"
      : busy ? "sending" : current.decision ? "your-turn" : "waiting";
  }

  // " (heroes)" where the seat's side is not just itself.
  function sideText(payload) {
    for (const [side, members] of Object.entries(payload.sides || {})) {
      if (members.includes(payload.seat) && side !== payload.seat) return ` (${side})`;
    }
    return "";
  }

  function withoutShown(view) {
    const rest = Object.assign({}, view);
    // shown elsewhere, or the engine's own bookkeeping (a board game's frames), not the table's
    for (const key of ["log", "game", "seat", "procedure", "unseen"]) delete rest[key];
    return rest;
  }

  // "Game over: you won (evacuated) — your score 14": each seat's result (yours as "you"),
  // why it ended, and the scores, a seat's as its score and any other as "23 minutes".
  function resultText(payload) {
    const outcome = payload.outcome;
    // the game's own words for its result where it has them (Chainsaw Warrior's minutes)
    if (payload.outcome_text) return `Game over: ${forPlayers(payload.outcome_text)}`;
    const verbs = {win: "won", loss: "lost", draw: "drew"};
    const who = (seat) => (seat === payload.seat ? "you" : seat);
    const results = Object.entries(outcome.results).map(([s, r]) => `${who(s)} ${verbs[r] || r}`);
    const scores = Object.entries(outcome.scores || {}).map(([key, value]) =>
      key in outcome.results ? `${key === payload.seat ? "your" : `${key}'s`} score ${value}`
        : `${value} ${key.replace(/[-_]/g, " ")}`);
    const cause = forPlayers(String(outcome.cause).replace(/[-_]/g, " "));
    return `Game over: ${results.join(", ")} (${cause})${scores.length ? ` — ${scores.join(", ")}` : ""}.`;
  }

  function showStatus(payload) {
    const status = document.getElementById("status");
    if (payload.outcome) {
      status.replaceChildren(el("strong", {class: "outcome"}, resultText(payload)),
        el("span", {class: "end-links"},
          el("a", {class: "button new-game", href: `/?game=${encodeURIComponent(payload.game)}`}, "New game"),
          el("a", {class: "button to-lobby", href: "/"}, "Back to the lobby")));
    } else if (payload.agent_error) {
      status.replaceChildren(el("strong", {class: "error agent-error"}, "The agents stopped: "),
        payload.agent_error);
    } else if (payload.decision) {
      status.replaceChildren(el("strong", {}, "Your turn."));
    } else {
      status.replaceChildren(waitingFor(payload));
    }
  }

  function waitingFor(payload) {
    const who = payload.to_move;
    const kind = payload.seats[who];
    const w = payload.waiting;  // this seat's walk, waiting for their answer (Road Trap)
    if (w) return forPlayers(`Waiting for ${w.why.replace(/^waiting for /, "")}: ` +
      `${w.mover}, at ${w.last}, goes on to ${w.target} by itself if they let it…`);
    return `Waiting for ${who}${kind && kind !== "human" ? ` (${kind})` : ""}…`;
  }

  function showBoard(payload) {
    const board = document.getElementById("board");
    // Redrawn at the height it had until the new board is in, so the page below it (the
    // choices just clicked) does not jump, nor the board scroll away on a phone.
    board.style.minHeight = `${board.offsetHeight}px`;
    requestAnimationFrame(() => { board.style.minHeight = ""; });
    const render = D.renderers[payload.game];
    // What a renderer returns as {after: element} (cards, a key) goes under the choices, so
    // the choices follow the board's map and stay in view.
    const after = document.getElementById("board-after");
    after.replaceChildren();
    if (render) {
      board.replaceChildren();
      let drawn;
      onBoard = new Set();
      groups = [];
      try {
        drawn = render(payload.view, board, payload);
        if (drawn && Array.isArray(drawn.actions)) onBoard = new Set(drawn.actions);
        if (drawn && Array.isArray(drawn.groups)) groups = drawn.groups;
        // the choices beside the board on a desktop (style.css), not under it
        document.body.dataset.choices = drawn && drawn.beside ? "beside" : "under";
        if (drawn && drawn.after) after.append(drawn.after);
      } catch (error) {
        board.replaceChildren(el("p", {class: "error"}, `The board could not be drawn: ${error}`),
          D.showValue(withoutShown(payload.view)));
      }
      if (drawn !== false) {
        document.getElementById("details").hidden = false;
        return;
      }
    }
    if (!render && payload.renderer && !loading[payload.renderer]) {
      loading[payload.renderer] = new Promise((resolve) => {
        const script = el("script", {src: payload.renderer});
        script.addEventListener("load", () => { resolve(); if (current) show(current); });
        script.addEventListener("error", resolve);
        document.body.append(script);
      });
    }
    // The generic page: the whole view, nicely.
    board.replaceChildren(D.showValue(withoutShown(payload.view)));
    document.getElementById("details").hidden = true;
  }

  function showActions(payload) {
    const box = document.getElementById("actions");
    const prompt = document.getElementById("prompt");
    box.replaceChildren();
    if (!payload.decision) {
      // another seat decides: said where the choices go too, since on a phone the status
      // line above the board is out of sight (style.css hides it where choices stand beside)
      const waiting = !payload.outcome && !payload.agent_error && payload.to_move;
      prompt.textContent = waiting ? waitingFor(payload) : "";
      prompt.classList.toggle("waiting", Boolean(waiting));
      // a macro of this seat's that goes on when it is asked again (payload.order: Last
      // Night on Earth's "the rest stay" past the other zombie player's zombies)
      const st = waiting && payload.order;
      if (st) box.append(el("p", {class: "macro-ran order", "aria-live": "polite"},
        forPlayers(`${st.label}: ${st.left} still to come, ${st.note}`)));
      return;
    }
    prompt.classList.remove("waiting");
    prompt.textContent = forPlayers(payload.decision.prompt);
    const button = (action, key) => el("button", {type: "button", class: "action",
        "data-action": action.id, "data-key": key, title: action.id, disabled: busy,
        onclick: () => act(action.id)}, key ? el("kbd", {}, key) : null, " ", forPlayers(action.label));
    const macros = macroRow(payload);
    if (macros) box.append(macros);
    const shown = payload.decision.actions.filter((a) => !onBoard.has(a.id));
    const folded = payload.decision.actions.filter((a) => onBoard.has(a.id));
    const {items, folds} = grouped(shown);
    // keys for the buttons always in sight first, then for those in folds (used once opened)
    let next = 0;
    const keyed = new Map(items.filter((item) => !item.fold).map((item) => [item, KEYS[next++]]));
    for (const fold of folds) for (const action of fold.actions) keyed.set(action, KEYS[next++]);
    for (const item of items) {
      if (!item.fold) {
        box.append(button(item, keyed.get(item)));
        continue;
      }
      const {name, note, open, actions} = item.fold;
      const fold = el("details", {class: "fold", "data-group": name,
          open: chosen.has(name) ? chosen.get(name) : open,
          // drawn open by default, its first toggle is not the person's
          ontoggle: () => { if (fold.open === open) chosen.delete(name); else chosen.set(name, fold.open); }},
        el("summary", {}, `${name} (${actions.length})`, note ? el("span", {class: "note"}, ` ${note}`) : null),
        el("div", {class: "folded"}, actions.map((action) => button(action, keyed.get(action)))));
      box.append(fold);
    }
    if (folded.length) {
      box.append(el("details", {class: "on-board"},
        el("summary", {}, `${folded.length} more choices (or click them on the board)`),
        el("div", {class: "folded"}, folded.map((action) => button(action, null)))));
    }
  }

  // A game's shortcuts through a run of this seat's choices (payload.macros: Last Night on
  // Earth's "the rest stay"), a button each over the choices, a run of ordinary actions
  // (POST /macro); one that can take no step now is disabled, its note saying why; after a
  // run, what it did and why it stopped short.
  function macroRow(payload) {
    const ran = payload.ran;
    const said = ran ? el("p", {class: "macro-ran", "aria-live": "polite"},
      forPlayers(`${ran.actions} choice${ran.actions === 1 ? "" : "s"} made for you` +
        (ran.why ? `; stopped: ${ran.why}` : ""))) : null;
    if (!(payload.macros || []).length) return said;
    return el("div", {class: "macros"}, said, ...payload.macros.map((m) => el("p", {class: "macro"},
      el("button", {type: "button", class: "action macro", "data-macro": m.id, title: m.note,
        disabled: busy || !m.available, onclick: () => D.macro(m.id)}, forPlayers(m.label)),
      m.available || !ran ? el("span", {class: "note"}, ` ${forPlayers(m.note)}`) : null)));
  }

  // The actions in the order shown, each group of two or more at its first member's place as
  // one {fold}; a group is folded only while other choices remain beside it.
  function grouped(actions) {
    const groupOf = new Map();
    for (const group of groups) for (const id of group.ids) groupOf.set(id, group);
    const members = new Map();
    for (const action of actions) {
      const group = groupOf.get(action.id);
      if (group) members.set(group, [...(members.get(group) || []), action]);
    }
    const folding = new Set([...members].filter(([, found]) => found.length > 1).map(([g]) => g));
    const inFolds = [...folding].reduce((n, g) => n + members.get(g).length, 0);
    if (inFolds === actions.length) folding.clear();
    const items = [], folds = [];
    for (const action of actions) {
      const group = groupOf.get(action.id);
      if (!folding.has(group)) items.push(action);
      else if (members.get(group)[0] === action) {
        const fold = {name: group.name, note: group.note, open: Boolean(group.open),
          actions: members.get(group)};
        items.push({fold});
        folds.push(fold);
      }
    }
    return {items, folds};
  }

  // The Undo button: only on a seat's page, only while its last decision may be taken back.
  function showUndo(payload) {
    const button = document.getElementById("undo");
    button.hidden = !(payload.undo && payload.undo.available);
    button.disabled = busy;
  }

  async function undo() {
    if (busy) return;
    busy = true;
    markStatus();
    const error = document.getElementById("error");
    error.textContent = "";
    document.getElementById("undo").disabled = true;
    let result;
    try {
      result = await api("POST", `${base}/undo`, {token});
    } catch (e) {
      result = null;
    }
    busy = false;
    markStatus();
    if (result === null) {
      error.textContent = "The server cannot be reached; the page reconnects by itself.";
    } else if (result.ok) {
      show(result.data);
      return;
    } else {
      error.textContent = errorText(result);
    }
    if (current) showUndo(current);
  }

  document.getElementById("undo").addEventListener("click", undo);

  // The seat's standing answers to the questions another seat's play puts to it
  // (payload.standing, one per question: Psycho Raiders' Road Trap, "let the campers'
  // vehicles drive on", and the sinister reveal, "not now"): a menu each that POSTs /standing
  // at once, with its note; only on that seat's own page.
  function showStanding(payload) {
    const box = document.getElementById("standing");
    const standing = payload.standing;
    box.hidden = !standing || Boolean(payload.outcome);
    if (box.hidden) { box.replaceChildren(); return; }
    const open = box.querySelector("select:focus");
    if (open) return;  // not redrawn under the person's hand
    const rows = standing.map((asked) => {
      const id = `standing-${asked.id}`;
      const menu = el("select", {id, "aria-label": `${forPlayers(asked.question)}: answer in advance`,
        "data-question": asked.id, onchange: () => setStanding(asked.id, menu.value)},
        ...Object.entries(asked.choices).map(([until, words]) =>
          el("option", {value: until, selected: until === asked.until}, forPlayers(words))));
      menu.value = asked.until;
      const note = asked.note ? [el("small", {class: "note"}, forPlayers(asked.note))] : [];
      return el("p", {class: "standing-row"}, menu, ...note);
    });
    box.replaceChildren(el("span", {class: "standing-head"}, "Answer in advance:"), ...rows);
  }

  async function setStanding(question, until) {
    const error = document.getElementById("error");
    error.textContent = "";
    let result;
    try {
      result = await api("POST", `${base}/standing`, {token, question, until});
    } catch (e) {
      result = null;
    }
    if (result === null) error.textContent = "The server cannot be reached; the page reconnects by itself.";
    else if (result.ok) { document.activeElement.blur(); show(result.data); return; }
    else error.textContent = errorText(result);
    if (current) { document.activeElement.blur(); showStanding(current); }
  }

  // Each event is {text, why}: the why (the rulebook section that produced it) follows the
  // text, small and muted, and is the line's tooltip too.
  function showLog(events) {
    const log = document.getElementById("log");
    const shown = log.children.length;
    if (events.length < shown) log.replaceChildren();
    for (const event of events.slice(log.children.length)) {
      const text = forPlayers(event.text), whyText = event.why ? forPlayers(event.why) : "";
      const why = whyText ? [" ", el("small", {class: "why"}, whyText)] : [];
      log.append(el("li", whyText ? {title: whyText} : {}, text, ...why));
    }
    // A gutter as wide as the longest number: a fixed one cut "549." to "49.".
    log.style.paddingLeft = `calc(${String(log.children.length).length}ch + 1.1rem)`;
    // Scroll the log's own box, never the page (on a phone the log is below the board).
    if (log.scrollHeight > log.clientHeight) log.scrollTop = log.scrollHeight;
  }

  // An action, or a walk to a far space (POST /go: the figure's steps, each an ordinary move).
  const act = (actionId) => send("actions", {token, action: actionId});
  D.go = (space, mover) => send("go", {token, space, mover: mover || null});
  D.macro = (id) => send("macro", {token, macro: id});  // a run of ordinary actions

  async function send(path, body) {
    if (busy) return;
    busy = true;
    markStatus();
    const error = document.getElementById("error");
    error.textContent = "";
    for (const button of document.querySelectorAll("button.action")) button.disabled = true;
    let result;
    try {
      result = await api("POST", `${base}/${path}`, body);
    } catch (e) {
      result = null;
    }
    busy = false;
    markStatus();
    if (result === null) {
      error.textContent = "The server cannot be reached; the page reconnects by itself.";
      setConnection("reconnecting…", "down");
    } else if (result.ok) {
      show(result.data);
      // A newer frame came over the socket first (an agent answered at once): shown while
      // this action was on its way, its buttons were drawn disabled.
      if (current !== result.data) showActions(current);
      return;
    } else {
      error.textContent = errorText(result);
    }
    if (current) showActions(current);
  }

  D.act = act;

  document.getElementById("copy-link").addEventListener("click", (event) =>
    D.copyText(location.href, event.currentTarget));

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) return;
    const button = document.querySelector(`button.action[data-key="${CSS.escape(event.key.toLowerCase())}"]`);
    // a button in a shut fold shows no key: its key does nothing until the fold is opened
    if (button && !button.disabled && !button.closest("details:not([open])")) {
      event.preventDefault();
      button.click();
    }
  });

  async function refresh() {
    try {
      const result = await api("GET", `${base}?token=${encodeURIComponent(token)}`);
      if (result.ok) show(result.data);
      else {
        document.getElementById("error").textContent = errorText(result);
        if (result.status === 403 || result.status === 404) return false;
      }
    } catch (e) { /* the socket's reconnect loop will try again */ }
    return true;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}${base}/ws?token=${encodeURIComponent(token)}`);
    socket.addEventListener("open", () => {
      retry = 250;
      setConnection("connected", "up");
      document.getElementById("error").textContent = "";
    });
    socket.addEventListener("message", (event) => {
      try { show(JSON.parse(event.data)); } catch (e) { /* ignore a bad frame */ }
    });
    socket.addEventListener("close", () => {
      setConnection("reconnecting…", "down");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    });
  }

  refresh().then((ok) => {
    if (ok) connect();
    else setConnection("this link does not open a game", "refused");
  });
})();
