// The lobby: the games this browser played (to resume), the games to choose from, a form for
// one, create it, show the private links with buttons to copy them.
"use strict";
(function () {
  const D = window.Deadtable;
  const {el, api, errorText, forPlayers} = D;
  let catalogue = [];
  let chosen = null;

  async function start() {
    const result = await api("GET", "/api/catalogue");
    if (!result.ok) {
      document.getElementById("game-list").append(el("li", {class: "error"}, errorText(result)));
      return;
    }
    catalogue = result.data;
    const list = document.getElementById("game-list");
    for (const game of catalogue) {
      list.append(el("li", {},
        el("button", {type: "button", class: "game", "data-game": game.id, onclick: () => choose(game)},
          el("strong", {}, game.name), el("span", {class: "seats"}, ` — ${seatCount(game)}`)),
        el("p", {class: "summary"}, game.summary)));
    }
    const asked = new URLSearchParams(location.search).get("game"); // "New game" at a game's end
    const wanted = catalogue.find((g) => g.id === asked) || (catalogue.length === 1 ? catalogue[0] : null);
    if (wanted) choose(wanted);
  }

  // "1 seat", "2 seats", or "2 to 13 seats" where the options deal more (Psycho Raiders' players).
  function seatCount(game) {
    const [fewest, most] = game.seat_counts || [game.seats.length, game.seats.length];
    return fewest === most ? `${most} seat${most > 1 ? "s" : ""}` : `${fewest} to ${most} seats`;
  }

  // The games kept in this browser, latest first: each seat's link to resume it, and a way
  // to forget it.
  function showMyGames() {
    const games = Object.values(D.myGames()).sort((a, b) => (b.seen || 0) - (a.seen || 0));
    const section = document.getElementById("my-games");
    section.hidden = games.length === 0;
    const list = document.getElementById("my-game-list");
    list.replaceChildren();
    for (const game of games) {
      const links = Object.entries(game.links || {}).map(([seat, url]) =>
        el("a", {href: url, class: "resume", "data-seat": seat},
          seat === "spectator" ? "Watch" : `${game.over ? "See" : "Resume"} ${seat}`));
      list.append(el("li", {"data-game-id": game.id},
        el("strong", {}, game.name || game.game || game.id),
        el("span", {class: "hint"}, ` — ${game.over ? "over" : `step ${game.step || 0}`} `),
        ...links.flatMap((a) => [a, " "]),
        el("button", {type: "button", class: "forget", "aria-label": `forget ${game.name || game.id}`,
          onclick: () => { D.forgetGame(game.id); showMyGames(); }}, "Forget")));
    }
  }

  function choose(game) {
    chosen = game;
    document.getElementById("new-game").hidden = false;
    document.getElementById("created").hidden = true;
    document.getElementById("new-title").textContent = `New game: ${game.name}`;
    showSeats(game.seats, game.sides, game.agents_by_seat);
    const options = document.getElementById("options");
    options.replaceChildren(el("legend", {}, "Options"));
    for (const option of game.options) options.append(optionInput(option));
  }

  // One line per seat, grouped by side, each "human" or an agent, its menu only the agents
  // that play that seat (agentsBySeat: Left 4 Dead's survivors' agent is not the infected's);
  // what was typed for a seat stays when the options change the seats.
  function showSeats(seatNames, sides, agentsBySeat) {
    const typed = {};
    for (const input of document.querySelectorAll("[data-seat]")) typed[input.dataset.seat] = input.value;
    const seats = document.getElementById("seats");
    seats.replaceChildren(el("legend", {}, "Seats"));
    const sideOf = {};
    for (const [side, members] of Object.entries(sides)) for (const seat of members) sideOf[seat] = side;
    for (const seat of seatNames) {
      const side = sideOf[seat];
      const label = side && side !== seat ? `${seat} (${side}) ` : `${seat} `;
      const agents = agentsBySeat[seat];
      const agentList = `agents-${chosen.id}-${seat}`;
      seats.append(el("datalist", {id: agentList, "data-agents-for": seat}, ["human", ...agents].map((a) => el("option", {value: a}))));
      seats.append(el("label", {class: "seat", "data-side": side || seat}, label,
        el("input", {name: `seat:${seat}`, "data-seat": seat, value: typed[seat] || (chosen.default_agents || {})[seat] || "human", list: agentList,
          title: `human, or an agent that plays ${seat}: ${agents.join(", ")} (parameters as in mcts:iterations=50)`})));
    }
    // the hint: one list where every seat has the same, else one per side (or seat)
    const menu = (seat) => agentsBySeat[seat].join(", ");
    const lists = [];
    for (const [side, members] of Object.entries(sides)) {
      if (new Set(members.map(menu)).size === 1) lists.push([side, menu(members[0])]);
      else for (const seat of members) lists.push([seat, menu(seat)]);
    }
    const text = new Set(lists.map(([, agents]) => agents)).size === 1 ? lists[0][1]
      : lists.map(([who, agents]) => `${who}: ${agents}`).join("; ");
    seats.append(el("p", {class: "hint"}, `Agents: ${text}; parameters as in mcts:iterations=50.`));
  }

  function chosenOptions() {
    const options = {};
    for (const input of document.querySelectorAll("[data-option]")) {
      const option = chosen.options.find((o) => o.name === input.dataset.option);
      const value = readOption(input, option);
      if (value !== option.default) options[option.name] = value;
    }
    return options;
  }

  // Options can change the seats (how many players): ask the server for them again.
  async function optionsChanged() {
    const result = await api("POST", "/api/seating", {game: chosen.id, options: chosenOptions()});
    const error = document.getElementById("create-error");
    if (!result.ok) {
      error.textContent = errorText(result);
      return;
    }
    error.textContent = "";
    showSeats(result.data.seats, result.data.sides, result.data.agents_by_seat);
  }

  function optionInput(option) {
    let input;
    if (option.choices) {
      input = el("select", {"data-option": option.name, "data-kind": option.kind},
        option.choices.map((c) => el("option", {value: String(c), selected: c === option.default}, String(c))));
    } else if (option.kind === "bool") {
      input = el("input", {type: "checkbox", "data-option": option.name, "data-kind": "bool", checked: option.default});
    } else {
      input = el("input", {type: "number", "data-option": option.name, "data-kind": option.kind,
        value: option.default, min: option.minimum, max: option.maximum});
    }
    const help = forPlayers(option.help);
    return el("label", {class: "option", title: help}, el("span", {}, option.name), input,
      el("small", {}, help));
  }

  function readOption(input, option) {
    if (input.dataset.kind === "bool") return input.checked;
    if (input.dataset.kind === "int") return Number.parseInt(input.value, 10);
    if (option.choices) return option.choices.find((c) => String(c) === input.value);
    return input.value;
  }

  async function create(event) {
    event.preventDefault();
    const error = document.getElementById("create-error");
    error.textContent = "";
    const body = {game: chosen.id, options: chosenOptions(), seats: {}};
    for (const input of document.querySelectorAll("[data-seat]")) {
      body.seats[input.dataset.seat] = input.value.trim() || "human";
    }
    const seed = document.getElementById("seed").value;
    if (seed !== "") body.seed = Number.parseInt(seed, 10);
    const button = document.getElementById("create-button");
    button.disabled = true;
    const result = await api("POST", "/api/games", body);
    button.disabled = false;
    if (!result.ok) {
      error.textContent = errorText(result);
      return;
    }
    const links = document.getElementById("links");
    links.replaceChildren();
    const copy = (url, what) => el("button", {type: "button", class: "copy", "data-url": url,
      "aria-label": `copy the link to ${what}`, onclick: (event) => D.copyText(url, event.currentTarget)}, "Copy link");
    for (const [seat, link] of Object.entries(result.data.seats)) {
      links.append(el("li", {}, el("a", {href: link.url, class: "seat-link", "data-seat": seat}, `Play ${seat}`),
        " ", copy(link.url, `play ${seat}`), " ", el("code", {}, link.url)));
    }
    for (const [seat, agent] of Object.entries(result.data.agents)) {
      links.append(el("li", {}, `${seat}: played by the server (${agent})`));
    }
    const watch = result.data.spectator;
    links.append(el("li", {}, el("a", {href: watch.url, class: "spectator-link"}, "Watch"), " ",
      copy(watch.url, "watch"), " ", el("code", {}, watch.url)));
    const seatLinks = Object.fromEntries(Object.entries(result.data.seats).map(([s, l]) => [s, l.url]));
    D.rememberGame(result.data.id, {name: chosen.name, game: chosen.id, step: 0, over: false,
      links: Object.assign(seatLinks, {spectator: watch.url})});
    showMyGames();
    const created = document.getElementById("created");
    created.hidden = false;
    created.scrollIntoView({block: "start"}); // below a long form, on a phone
  }

  document.getElementById("create").addEventListener("submit", create);
  document.getElementById("options").addEventListener("change", optionsChanged);
  showMyGames();
  start();
})();
