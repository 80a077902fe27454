/* Live rooms: the room page (player, host, spectator) and the projector view.
   State comes from GET /api/rooms/{id}/state/ and the room's WebSocket (/ws/rooms/{id}/); actions are POSTs.
   The countdown runs on the server's clock: offset = server_time - local time, measured at every answer. */
(function () {
  "use strict";
  const root = document.getElementById("room");
  if (!root) return;
  const msg = document.getElementById("room-messages").dataset;
  // Why a play scores 0, in the page's language, by the result's reason code (the view writes the table).
  const reasonsEl = document.getElementById("room-reasons");
  const reasons = reasonsEl ? JSON.parse(reasonsEl.textContent) : {};
  const cfg = root.dataset;
  const $ = (id) => document.getElementById(id);
  let state = null;
  let offset = 0;
  let lastPoll = 0;
  let socket = null;
  let retry = 1000;

  const squares = Array.from(document.querySelectorAll("#room-board td[data-square]"));
  const emptyHtml = squares.map((td) => td.innerHTML);

  function now() { return Date.now() + offset; }
  function setOffset(serverTime, sentAt) {
    if (!serverTime) return;
    const arrived = Date.now();
    const half = sentAt ? (arrived - sentAt) / 2 : 0;
    offset = Date.parse(serverTime) + half - arrived;
  }

  function text(id, value) { const el = $(id); if (el) el.textContent = value; }

  // The board is read-only here (a table, as on every page that only shows one: docs/accessibility.md); a tile
  // is drawn as the shared board component draws it: its letter for the eye, "H8, A" (a blank: "H8, blank as
  // A") for screen readers.
  function renderBoard(rows) {
    if (!rows) return;
    squares.forEach((td, i) => {
      const ch = (rows[Math.floor(i / 15)] || "")[i % 15] || ".";
      if (ch === "." || ch === " ") { td.innerHTML = emptyHtml[i]; return; }
      td.textContent = "";
      const blank = ch === ch.toLowerCase();
      const tile = document.createElement("span");
      tile.className = "tile" + (blank ? " tile--blank" : "");
      const drawn = document.createElement("span");
      drawn.setAttribute("aria-hidden", "true");
      drawn.textContent = ch.toUpperCase();
      const spoken = document.createElement("span");
      spoken.className = "visually-hidden";
      const letter = blank && msg.blankAs ? msg.blankAs.replace("{letter}", ch.toUpperCase()) : ch.toUpperCase();
      spoken.textContent = td.dataset.square + ", " + letter;
      tile.append(drawn, spoken);
      td.appendChild(tile);
    });
  }

  function renderRack(rack) {
    const el = $("rack");
    if (!el) return;
    el.textContent = "";
    (rack || "").split("").forEach((ch) => {
      const tile = document.createElement("span");
      tile.className = "tile tile--rack" + (ch === "?" ? " tile--blank" : "");
      tile.textContent = ch === "?" ? "?" : ch;
      el.appendChild(tile);
    });
  }

  function renderRanking(lines) {
    const body = document.querySelector("#ranking tbody");
    if (!body || !lines) return;
    body.textContent = "";
    lines.forEach((line) => {
      const tr = document.createElement("tr");
      if (line.player === cfg.username) tr.className = "is-me";
      [line.rank, line.player, line.total, negatif(line.negatif), line.percent, line.solos].forEach((v, k) => {
        const td = document.createElement(k === 1 ? "th" : "td");
        if (k === 1) td.scope = "row";
        if (k > 1) td.className = "num";
        td.textContent = String(v);
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
  }

  // A négatif as clubs write it: 0, else with a true minus sign (as the duplicate pages' negatif filter).
  function negatif(value) {
    const n = Number(value);
    if (!n) return "0";
    return n < 0 ? "\u2212" + (-n) : "+" + n;
  }

  function describe(result) {
    if (!result) return "";
    if (!result.word) return msg.you + " " + msg.none + " (0)";
    let line = msg.you + " " + result.coord + " " + result.word + " — ";
    line += result.valid && result.reason === "" ? result.score + " " + msg.points : msg.zero + " " + (reasons[result.reason] || reasons.other || result.reason);
    if (result.solo) line += " — " + msg.solo + (result.bonus ? " +" + result.bonus : "");
    return line;
  }

  function showResult(last) {
    const box = $("result");
    if (!box || !last || !last.top) return;
    box.hidden = false;
    text("top-line", msg.round + " " + last.round + " — " + msg.top + " " + last.top.coord + " " +
      last.top.word + " (" + last.top.score + " " + msg.points + ")");
    text("my-result", describe(last.my_result));
  }

  function apply(s) {
    if (state && s.round !== state.round) clearBulletin();  // a new round: last round's play is not kept
    state = s;
    const labels = { waiting: msg.statusWaiting, playing: msg.statusPlaying, paused: msg.statusPaused,
      finished: msg.statusFinished };
    text("room-status", labels[s.status] || s.status);
    text("player-count", s.players);
    text("player-count-2", s.players);
    text("bulletin-count", s.bulletins);
    text("round-line", s.round ? msg.round + " " + s.round + " " + msg.of + " " + s.round_count : "");
    if (s.board) renderBoard(s.board);
    renderRack(s.rack);
    if (s.last_result) showResult(s.last_result);
    if (s.ranking) renderRanking(s.ranking);
    if (s.my_bulletin && $("bulletin-feedback") && s.my_bulletin.round === s.round) {
      text("bulletin-feedback", msg.received + " " + s.my_bulletin.coord + " " + s.my_bulletin.word + " — " + msg.replace);
    } else if ($("bulletin-feedback") && !s.my_bulletin) {
      text("bulletin-feedback", "");
    }
    const shown = { start: s.status === "waiting", pause: s.status === "playing", resume: s.status === "paused",
      next: s.status === "playing", finish: s.status !== "finished" };
    document.querySelectorAll("[data-action]").forEach((b) => { b.hidden = !shown[b.dataset.action]; });
    const finished = $("finished-line");
    if (finished) finished.hidden = s.status !== "finished";
    const form = $("bulletin-form");
    if (form) form.querySelector("button").disabled = !isOpen();
    tick();
  }

  function clearBulletin() {
    ["coord-input", "word-input"].forEach((id) => { const input = $(id); if (input) input.value = ""; });
    const feedback = $("bulletin-feedback");
    if (feedback) feedback.textContent = "";
  }

  function isOpen() {
    if (!state || !state.round || state.closed) return false;
    if (state.status === "paused") return !!state.rack;
    if (state.status !== "playing") return false;
    const t = now();
    return Date.parse(state.opens_at) <= t && t < Date.parse(state.closes_at) + 2000;
  }

  async function loadState() {
    lastPoll = Date.now();
    const sent = Date.now();
    const res = await fetch(cfg.stateUrl, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!res.ok) return;
    const s = await res.json();
    setOffset(s.server_time, sent);
    apply(s);
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function clock(ms) { const s = Math.max(0, Math.ceil(ms / 1000)); return Math.floor(s / 60) + ":" + pad(s % 60); }

  function tick() {
    if (!state) return;
    const t = now();
    let label = "";
    let value = "";
    if (state.status === "waiting") label = msg.waiting;
    else if (state.status === "finished") label = msg.finished;
    else if (state.status === "paused") label = msg.paused;
    else if (state.closed) label = msg.closed;
    else if (Date.parse(state.opens_at) > t) { label = msg.nextIn; value = clock(Date.parse(state.opens_at) - t); }
    else { label = msg.timeLeft; value = clock(Date.parse(state.closes_at) - t); }
    text("timer-label", label);
    text("timer-value", value);
    const timer = $("timer");
    if (timer) timer.classList.toggle("dup-timer--low", label === msg.timeLeft && Date.parse(state.closes_at) - t < 30000);
    const form = $("bulletin-form");
    if (form) form.querySelector("button").disabled = !isOpen();
    // The server closes an overdue round and opens the next at the first request after it: ask when due.
    if (state.status !== "finished" && Date.now() - lastPoll > 1500) {
      const due = (!state.closed && (Date.parse(state.closes_at) + 2500 < t || (!state.rack && Date.parse(state.opens_at) <= t)));
      const socketDown = !socket || socket.readyState !== WebSocket.OPEN;
      if (due || ((cfg.mode === "host" || socketDown) && Date.now() - lastPoll > 3000)) loadState();
    }
  }

  function onEvent(e) {
    if (e.type === "state") { setOffset(e.server_time); apply(e); return; }
    if (!state) return;
    if (e.type === "round_open") {
      setOffset(e.server_time);
      apply(Object.assign({}, state, { round: e.round, cgp: e.cgp, rack: e.rack, board: e.board, opens_at: e.opens_at,
        closes_at: e.closes_at, closed: false, status: "playing", my_bulletin: null, bulletins: 0 }));
    } else if (e.type === "round_closed") {
      showResult({ round: e.round, top: e.top, my_result: e.my_result });
      // Every player's page reads the state after a close: spread over up to 3 s in a big room, so two
      // thousand pages do not ask in the same instant (2 ms per player, nothing in a club's room).
      setTimeout(loadState, Math.random() * Math.min(3000, 2 * (state.players || 0)));
    } else if (e.type === "ranking" || e.type === "finished") {
      renderRanking(e.ranking);
      if (e.type === "finished") loadState();
    } else if (e.type === "paused" || e.type === "resumed") {
      loadState();
    } else if (e.type === "players") {
      apply(Object.assign({}, state, { players: e.players, spectators: e.spectators }));
    }
  }

  // "Connexion perdue : reconnexion…" while the socket is down; the page keeps reading the state meanwhile.
  let reconnecting = false;
  function connectionLost(lost) {
    const line = $("connection-lost");
    if (line) line.hidden = !lost;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + cfg.wsPath);
    socket.addEventListener("open", () => {
      retry = 1000;
      connectionLost(false);
      if (reconnecting) loadState();  // what happened while the socket was down (events are not replayed)
      reconnecting = true;
    });
    socket.addEventListener("message", (m) => { try { onEvent(JSON.parse(m.data)); } catch (err) { /* ignore */ } });
    socket.addEventListener("close", () => {
      connectionLost(true);
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 15000);
      loadState();
    });
  }

  function csrf() {
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  async function post(url, body) {
    const sent = Date.now();
    const res = await fetch(url, { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(body || {}) });
    let data = {};
    try { data = await res.json(); } catch (err) { data = {}; }
    if (data.server_time) setOffset(data.server_time, sent);
    return { ok: res.ok, status: res.status, data };
  }

  const form = $("bulletin-form");
  if (form) {
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const coord = $("coord-input").value.trim();
      const word = $("word-input").value.trim();
      const feedback = $("bulletin-feedback");
      const r = await post(cfg.bulletinUrl, { round: state ? state.round : 0, coord, word });
      feedback.textContent = "";
      const p = document.createElement("p");
      if (r.ok) {
        p.className = "message message--success";
        p.id = "bulletin-ok";
        p.textContent = msg.received + " " + coord.toUpperCase() + " " + word.toUpperCase() + " — " + msg.replace;
      } else {
        p.className = "message message--error";
        p.setAttribute("role", "alert");
        p.id = "bulletin-error";
        p.textContent = r.data.detail || String(r.status);
      }
      feedback.appendChild(p);
    });
  }

  document.querySelectorAll("[data-action]").forEach((button) => {
    button.addEventListener("click", async () => {
      if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) return;  // no game ended by a slip
      const r = await post(cfg.controlUrl + button.dataset.action + "/");
      if (r.ok) apply(r.data);
      else window.alert(r.data.detail || String(r.status));
    });
  });

  setInterval(tick, 250);
  loadState().then(connect);
})();
