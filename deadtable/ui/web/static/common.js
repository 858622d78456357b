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

  // Whether a game's map was last left zoomed in, kept per browser (localStorage, as the
  // games are): {get() -> bool, set(bool)}. Zoomed out (the whole map in sight) at first.
  function zoomPref(gameId) {
    const key = `deadtable.zoom.${gameId}`;
    return {
      get() {
        try { return localStorage.getItem(key) === "in"; } catch (e) { return false; }
      },
      set(zoomed) {
        try { localStorage.setItem(key, zoomed ? "in" : "out"); } catch (e) { /* full or off */ }
      },
    };
  }

  // A pinch on a map's box (two fingers apart or together), or the wheel with Ctrl held (a
  // trackpad's pinch on a desktop), zooms the map in or out as its button does: `toggle`
  // redraws it. The spot under the fingers (the pointer) stays under them: the new box, found
  // by `selector`, is scrolled to it. Over the map the page itself is not zoomed (style.css:
  // the box's touch-action); elsewhere it is, as always.
  function pinchZoom(box, zoomed, toggle, selector) {
    let start = null;  // {distance, x, y}: two fingers down
    const apart = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
    const zoomAt = (x, y) => {
      const frame = box.getBoundingClientRect();
      const fx = (box.scrollLeft + x - frame.left) / Math.max(1, box.scrollWidth);
      const fy = (box.scrollTop + y - frame.top) / Math.max(1, box.scrollHeight);
      toggle();
      const next = document.querySelector(selector);
      if (!next || next === box) return;
      const now = next.getBoundingClientRect();
      next.scrollLeft = fx * next.scrollWidth - (x - now.left);
      next.scrollTop = fy * next.scrollHeight - (y - now.top);
    };
    box.addEventListener("touchstart", (event) => {
      const t = event.touches;
      start = t.length === 2 ? {distance: apart(t), x: (t[0].clientX + t[1].clientX) / 2,
        y: (t[0].clientY + t[1].clientY) / 2} : null;
    }, {passive: true});
    box.addEventListener("touchmove", (event) => {
      if (!start || event.touches.length !== 2) return;
      event.preventDefault();  // the map's zoom, not the page's
      const ratio = apart(event.touches) / Math.max(1, start.distance);
      if (zoomed ? ratio < 0.75 : ratio > 1.33) {
        const {x, y} = start;
        start = null;
        zoomAt(x, y);
      }
    }, {passive: false});
    box.addEventListener("touchend", () => { start = null; }, {passive: true});
    let wheel = 0;
    box.addEventListener("wheel", (event) => {
      if (!event.ctrlKey) return;  // a plain wheel scrolls
      event.preventDefault();
      wheel += event.deltaY;
      if (zoomed ? wheel > 40 : wheel < -40) {
        wheel = 0;
        zoomAt(event.clientX, event.clientY);
      }
    }, {passive: false});
  }

  return {renderers, registerRenderer, el, svg, showValue, api, errorText, forPlayers, copyText,
    myGames, rememberGame, forgetGame, zoomButton, zoomPref, pinchZoom};
})();
