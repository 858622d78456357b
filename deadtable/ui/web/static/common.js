// deadtable in the browser: what every page shares, and the per-game renderer registry.
//
// A game's own board renderer is one file in its folder, deadtable/games/<game>/web/
// renderer.js (its GameSpec's web_renderer), served as /static/renderers/<game id>.js, that calls
//   Deadtable.registerRenderer("<game id>", function (view, board, payload) { ... });
// The server tells the play page the file's URL (payload.renderer) when it exists; without one
// the page shows the view generically, as it does when the renderer returns false (a view it
// cannot draw, such as a spectator's). A renderer only ever sees its seat's view.
"use strict";

window.Deadtable = (function () {
  const renderers = {};
  const SVG = "http://www.w3.org/2000/svg";

  // An element: el("div", {class: "x", onclick: f}, child, "text", ...).
  function el(tag, attrs, ...children) {
    return build(document.createElement(tag), attrs, children);
  }

  // An SVG element, the same way: svg("rect", {x: 1, y: 2, width: 3, height: 4}).
  function svg(tag, attrs, ...children) {
    return build(document.createElementNS(SVG, tag), attrs, children);
  }

  function build(node, attrs, children) {
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function registerRenderer(gameId, render) {
    if (typeof render !== "function") throw new TypeError("a renderer is a function");
    renderers[gameId] = render;
  }

  // Any JSON value as nested tables and lists: the generic view of a game.
  function showValue(value) {
    if (value === null || value === undefined) return el("span", {class: "null"}, "—");
    if (Array.isArray(value)) {
      if (value.length === 0) return el("span", {class: "null"}, "none");
      if (value.every((v) => v === null || typeof v !== "object")) {
        return el("span", {class: "list"}, value.map((v) => (v === null ? "—" : String(v))).join(", "));
      }
      return el("ol", {class: "items"}, value.map((v) => el("li", {}, showValue(v))));
    }
    if (typeof value === "object") {
      const rows = Object.entries(value).map(([k, v]) =>
        el("tr", {}, el("th", {scope: "row"}, k.replace(/_/g, " ")), el("td", {}, showValue(v))));
      if (rows.length === 0) return el("span", {class: "null"}, "none");
      return el("table", {class: "value"}, el("tbody", {}, rows));
    }
    if (typeof value === "boolean") return el("span", {class: "bool"}, value ? "yes" : "no");
    return el("span", {}, String(value));
  }

  async function api(method, url, body) {
    const options = {method, headers: {}};
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(url, options);
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    return {ok: response.ok, status: response.status, data};
  }

  // The message of an error response: {"detail": {"error": ...}} or FastAPI's 422 list.
  function errorText(result) {
    const detail = result.data && result.data.detail;
    if (detail && typeof detail === "object" && !Array.isArray(detail) && detail.error) {
      return detail.error;
    }
    if (Array.isArray(detail)) {
      return detail.map((d) => `${(d.loc || []).join(".")}: ${d.msg}`).join("; ");
    }
    return `the server answered ${result.status}`;
  }

  // Text for players: without the rulebook-audit references ("A-24") that the game's
  // sources cite for developers ("(designed, A-53)" becomes "(designed)").
  function forPlayers(text) {
    return String(text)
      .replace(/\bA-\d+\b:?\s*/g, "")
      .replace(/\s*\(\s*[,;]?\s*\)/g, "") // "(A-25)" left "()"
      .replace(/[,;]\s*\)/g, ")") // "(designed, A-53)" left "(designed, )"
      .replace(/\(\s*[,;]\s*/g, "(")
      .replace(/\s+\)/g, ")")
      .replace(/\s+([,.;])/g, "$1")
      .replace(/ {2,}/g, " ")
      .trim();
  }

  // Copy `text` to the clipboard; the button says so. Outside a secure context (a LAN
  // address over http) the Clipboard API is missing: select-and-copy does it instead.
  async function copyText(text, button) {
    let done = false;
    try {
      await navigator.clipboard.writeText(text);
      done = true;
    } catch (e) {
      const area = el("textarea", {readonly: true, class: "copy-buffer"}, text);
      document.body.append(area);
      area.select();
      try { done = document.execCommand("copy"); } catch (e2) { done = false; }
      area.remove();
    }
    if (button) {
      const before = button.dataset.label || button.textContent;
      button.dataset.label = before;
      button.dataset.copied = done ? "yes" : "no";
      button.textContent = done ? "Copied" : "Select the link to copy it";
      setTimeout(() => { button.textContent = before; }, 2000);
    }
    return done;
  }

  // The games this browser created or opened, kept in localStorage (the links hold their
  // tokens, so they stay on this device): id -> {id, name, links: {seat: url}, seen, over}.
  const GAMES_KEY = "deadtable.games";

  function myGames() {
    try {
      const games = JSON.parse(localStorage.getItem(GAMES_KEY) || "{}");
      return games && typeof games === "object" && !Array.isArray(games) ? games : {};
    } catch (e) {
      return {};
    }
  }

  function rememberGame(id, fields) {
    const games = myGames();
    const known = games[id] || {id, links: {}};
    games[id] = Object.assign(known, fields, {links: Object.assign(known.links || {}, fields.links || {}),
      seen: Date.now()});
    try { localStorage.setItem(GAMES_KEY, JSON.stringify(games)); } catch (e) { /* full or off */ }
  }

  function forgetGame(id) {
    const games = myGames();
    delete games[id];
    try { localStorage.setItem(GAMES_KEY, JSON.stringify(games)); } catch (e) { /* off */ }
  }

  // A map's "+ Zoom in" / "− Zoom out" switch, the boards' alike (Left 4 Dead's, Psycho
  // Raiders'): the renderer keeps whether its map is zoomed and redraws when it is pressed.
  function zoomButton(zoomed, toggle, kind = "tool") {
    return el("button", {type: "button", class: `${kind}${zoomed ? " on" : ""}`,
      "data-tool": "zoom", onclick: toggle}, zoomed ? "− Zoom" : "+ Zoom",
    // the word a phone's row of tools may leave out (style.css: .tool-more)
    el("span", {class: "tool-more"}, zoomed ? " out" : " in"));
  }

  return {renderers, registerRenderer, el, svg, showValue, api, errorText, forPlayers, copyText,
    myGames, rememberGame, forgetGame, zoomButton};
})();
