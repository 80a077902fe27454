/* Tirage crossword solver: keyboard, autosave, checks and reveals through the REST API.
 *
 * Why the server does the checking: the page never holds the answers (see puzzles/models.py); a check
 * or a reveal is a POST to /api/crosswords/{id}/check/ that answers cell states, and letters only for
 * reveals. Entries are saved with PUT /api/crosswords/{id}/entries/ a moment after each change, so a
 * learner can come back later on any device.
 *
 * Keys (on a grid cell): a letter fills and advances; Backspace erases (and moves back when the cell
 * was empty); Delete erases; arrows move (and turn to that axis); Space or Enter toggles across/down;
 * Tab / Shift+Tab go to the next / previous word (focus leaves the grid after the last one).
 * Phones: on-screen keyboards often send "Unidentified" keydowns, so letters are also taken from the
 * input event. One cell at a time is in the tab order (roving tabindex).
 */
(function () {
  "use strict";

  var SAVE_DELAY = 800;

  function fold(ch) {
    var s = (ch || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toUpperCase();
    return /^[A-Z]$/.test(s) ? s : "";
  }

  function csrfToken() {
    var headers = document.body.getAttribute("hx-headers");
    if (headers) {
      try { return JSON.parse(headers)["X-CSRFToken"] || ""; } catch (e) { /* fall through */ }
    }
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function formatTime(total) {
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    var mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(s).padStart(2, "0");
  }

  function init(root) {
    var dataEl = root.querySelector ? root.querySelector("#xw-data") : null;
    var box = root.querySelector ? root.querySelector(".xw") : null;
    if (!dataEl || !box || box.dataset.ready) return;
    box.dataset.ready = "1";
    var data = JSON.parse(dataEl.textContent);
    var H = data.grid.length, W = data.grid[0].length;
    var strings = data.strings || {};
    var t = function (key, fallback) { return strings[key] || fallback; };

    var inputs = [];
    for (var r = 0; r < H; r++) inputs.push(new Array(W).fill(null));
    box.querySelectorAll(".xw-input").forEach(function (input) {
      inputs[+input.dataset.row][+input.dataset.col] = input;
    });

    var slots = data.slots.map(function (s) {
      var cells = [];
      for (var i = 0; i < s.length; i++) cells.push(s.dir === "A" ? [s.row, s.col + i] : [s.row + i, s.col]);
      return { key: s.key, dir: s.dir, number: s.number, clue: s.clue, cells: cells };
    });
    var slotAt = { A: {}, D: {} };
    slots.forEach(function (s) { s.cells.forEach(function (rc) { slotAt[s.dir][rc[0] + "," + rc[1]] = s; }); });
    var byKey = {};
    slots.forEach(function (s) { byKey[s.key] = s; });

    var cur = { r: 0, c: 0, dir: "A" };
    var finished = !!data.finished;
    // The clock counts from when the grid first appears and never goes back: the server keeps the largest
    // time it was sent, and this browser remembers the time it showed (a reload before the next save
    // would otherwise start again from the last saved figure).
    var clockKey = "tirage-xw-seconds-" + box.dataset.crossword;
    var remembered = 0;
    try { remembered = parseInt(window.sessionStorage.getItem(clockKey), 10) || 0; } catch (e) { remembered = 0; }
    var seconds = data.finished ? (data.seconds || 0) : Math.max(data.seconds || 0, remembered);
    var savedSeconds = data.seconds || 0;
    var dirty = false, saveTimer = null, saving = false;
    var timerEl = box.querySelector("#xw-timer");
    var statusEl = box.querySelector("#xw-status");
    var currentEl = box.querySelector("#xw-current");

    function say(text) { if (statusEl) statusEl.textContent = text; }

    // --- entries ---------------------------------------------------------------------------------------
    function entries() {
      var rows = [];
      for (var r = 0; r < H; r++) {
        var row = "";
        for (var c = 0; c < W; c++) {
          var input = inputs[r][c];
          row += input ? (fold(input.value) || ".") : "#";
        }
        rows.push(row);
      }
      return rows;
    }

    function setLetter(r, c, letter) {
      var input = inputs[r][c];
      if (!input) return;
      if (input.value !== letter) {
        input.value = letter;
        var cell = input.parentNode;
        cell.classList.remove("xw-cell--wrong", "xw-cell--right");
        changed();
      }
    }

    // --- selection -------------------------------------------------------------------------------------
    function slotOf(r, c, dir) { return slotAt[dir][r + "," + c] || null; }

    function highlight() {
      box.querySelectorAll(".xw-cell--word, .xw-cell--active").forEach(function (el) {
        el.classList.remove("xw-cell--word", "xw-cell--active");
      });
      box.querySelectorAll(".xw-clue--active").forEach(function (el) {
        el.classList.remove("xw-clue--active");
        el.removeAttribute("aria-current");
      });
      var slot = slotOf(cur.r, cur.c, cur.dir);
      if (slot) {
        slot.cells.forEach(function (rc) { inputs[rc[0]][rc[1]].parentNode.classList.add("xw-cell--word"); });
        var clue = box.querySelector('.xw-clue[data-slot="' + slot.key + '"]');
        if (clue) { clue.classList.add("xw-clue--active"); clue.setAttribute("aria-current", "true"); }
        if (currentEl) currentEl.textContent = slot.number + (slot.dir === "A" ? " " + t("across", "across") : " " + t("down", "down")) + " — " + slot.clue;
      }
      inputs[cur.r][cur.c].parentNode.classList.add("xw-cell--active");
    }

    function select(r, c, dir, focus) {
      if (!inputs[r] || !inputs[r][c]) return;
      if (dir && slotOf(r, c, dir)) cur.dir = dir;
      else if (!slotOf(r, c, cur.dir)) cur.dir = cur.dir === "A" ? "D" : "A";
      inputs[cur.r][cur.c].tabIndex = -1;
      cur.r = r; cur.c = c;
      var input = inputs[r][c];
      input.tabIndex = 0;
      highlight();
      if (focus !== false) {
        if (document.activeElement !== input) input.focus();
        if (!finished) input.select();  // typing over a letter replaces it (on-screen keyboards included)
      }
    }

    function toggleDir() {
      var other = cur.dir === "A" ? "D" : "A";
      if (slotOf(cur.r, cur.c, other)) { cur.dir = other; highlight(); }
    }

    function step(dr, dc) {
      var r = cur.r + dr, c = cur.c + dc;
      while (r >= 0 && r < H && c >= 0 && c < W) {
        if (inputs[r][c]) { select(r, c, dr ? "D" : "A"); return true; }
        r += dr; c += dc;
      }
      return false;
    }

    function advance(delta) {  // next / previous cell of the current word
      var slot = slotOf(cur.r, cur.c, cur.dir);
      if (!slot) return;
      var i = slot.cells.findIndex(function (rc) { return rc[0] === cur.r && rc[1] === cur.c; }) + delta;
      if (i >= 0 && i < slot.cells.length) select(slot.cells[i][0], slot.cells[i][1], slot.dir);
    }

    function firstEmpty(slot) {
      for (var i = 0; i < slot.cells.length; i++) {
        var rc = slot.cells[i];
        if (!fold(inputs[rc[0]][rc[1]].value)) return rc;
      }
      return slot.cells[0];
    }

    function selectSlot(slot, focus) {
      var rc = firstEmpty(slot);
      select(rc[0], rc[1], slot.dir, focus);
    }

    function nextSlot(delta) {  // returns false at either end, so Tab can leave the grid
      var slot = slotOf(cur.r, cur.c, cur.dir);
      var i = slots.indexOf(slot) + delta;
      if (i < 0 || i >= slots.length) return false;
      selectSlot(slots[i]);
      return true;
    }

    function typeLetter(letter) {
      if (finished) return;
      setLetter(cur.r, cur.c, letter);
      advance(1);
    }

    // --- events ----------------------------------------------------------------------------------------
    box.addEventListener("keydown", function (e) {
      var input = e.target;
      if (!input.classList || !input.classList.contains("xw-input")) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      var key = e.key;
      if (key === "ArrowLeft") { e.preventDefault(); if (cur.dir !== "A" && slotOf(cur.r, cur.c, "A")) { cur.dir = "A"; highlight(); } else step(0, -1); }
      else if (key === "ArrowRight") { e.preventDefault(); if (cur.dir !== "A" && slotOf(cur.r, cur.c, "A")) { cur.dir = "A"; highlight(); } else step(0, 1); }
      else if (key === "ArrowUp") { e.preventDefault(); if (cur.dir !== "D" && slotOf(cur.r, cur.c, "D")) { cur.dir = "D"; highlight(); } else step(-1, 0); }
      else if (key === "ArrowDown") { e.preventDefault(); if (cur.dir !== "D" && slotOf(cur.r, cur.c, "D")) { cur.dir = "D"; highlight(); } else step(1, 0); }
      else if (key === "Tab") { if (nextSlot(e.shiftKey ? -1 : 1)) e.preventDefault(); }
      else if (key === " " || key === "Enter") { e.preventDefault(); toggleDir(); }
      else if (key === "Backspace") {
        e.preventDefault();
        if (finished) return;
        if (fold(input.value)) setLetter(cur.r, cur.c, "");
        else { advance(-1); setLetter(cur.r, cur.c, ""); }
      }
      else if (key === "Delete") { e.preventDefault(); if (!finished) setLetter(cur.r, cur.c, ""); }
      else if (key && key.length === 1) {
        e.preventDefault();
        var letter = fold(key);
        if (letter) typeLetter(letter);
      }
    });

    // On-screen keyboards: the letter arrives through the input event (keydown said "Unidentified").
    box.addEventListener("input", function (e) {
      var input = e.target;
      if (!input.classList || !input.classList.contains("xw-input")) return;
      var typed = (e.data || input.value || "").slice(-1);
      var letter = fold(typed);
      var r = +input.dataset.row, c = +input.dataset.col;
      input.value = letter;  // the cell holds one folded letter or nothing
      input.parentNode.classList.remove("xw-cell--wrong", "xw-cell--right");
      changed();
      if (letter && r === cur.r && c === cur.c) advance(1);
    });

    box.addEventListener("focusin", function (e) {
      var el = e.target;
      if (el.classList && el.classList.contains("xw-input")) {
        var r = +el.dataset.row, c = +el.dataset.col;
        if (r !== cur.r || c !== cur.c) select(r, c, null, false);
        else highlight();
      } else if (el.classList && el.classList.contains("xw-clue")) {
        var slot = byKey[el.dataset.slot];  // focusing a clue shows its word without taking the focus
        if (slot) { var rc = firstEmpty(slot); cur.dir = slot.dir; inputs[cur.r][cur.c].tabIndex = -1; cur.r = rc[0]; cur.c = rc[1]; inputs[cur.r][cur.c].tabIndex = 0; highlight(); }
      }
    });

    box.addEventListener("mousedown", function (e) {
      var el = e.target.closest && e.target.closest(".xw-cell");
      if (!el || !el.dataset.row) return;
      var r = +el.dataset.row, c = +el.dataset.col;
      if (r === cur.r && c === cur.c && document.activeElement === inputs[r][c]) { e.preventDefault(); toggleDir(); }
    });

    box.addEventListener("click", function (e) {
      var clue = e.target.closest && e.target.closest(".xw-clue");
      if (clue && byKey[clue.dataset.slot]) { selectSlot(byKey[clue.dataset.slot]); return; }
      var button = e.target.closest && e.target.closest("button[data-action]");
      if (button) {
        if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) return;
        check(button.dataset.scope, button.dataset.action === "reveal", button);
      }
    });

    // --- saving ------------------------------------------------------------------------------------------
    function changed() {
      dirty = true;
      clearTimeout(saveTimer);
      saveTimer = setTimeout(save, SAVE_DELAY);
    }

    function request(url, method, body, keepalive) {
      return fetch(url, {
        method: method, credentials: "same-origin", keepalive: !!keepalive,
        headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify(body)
      }).then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (json) {
          if (!response.ok) throw new Error(json.detail || (t("error", "Error") + " " + response.status));
          return json;
        });
      });
    }

    function save(keepalive) {
      if (!dirty || saving) return Promise.resolve();
      dirty = false; saving = true;
      box.classList.add("xw--saving");
      var sent = seconds;
      return request(data.entriesUrl, "PUT", { entries: entries(), seconds: sent }, keepalive)
        .then(function (progress) {
          savedSeconds = Math.max(savedSeconds, sent);
          box.dataset.saved = String(Date.now());
          if (progress.finished && !finished) done(progress);
        })
        .catch(function (err) { dirty = true; say(t("notSaved", "Not saved:") + " " + err.message); })
        .finally(function () { saving = false; box.classList.remove("xw--saving"); if (dirty) changed(); });
    }

    // Leaving the page (or hiding it) saves the entries and the time, even when only the time moved.
    function saveOnLeave() {
      if (!box.isConnected) return;
      if (!finished && seconds > savedSeconds) dirty = true;
      save(true);
    }
    document.addEventListener("visibilitychange", function () { if (document.hidden) saveOnLeave(); });
    window.addEventListener("pagehide", saveOnLeave);

    // --- check and reveal ---------------------------------------------------------------------------------
    function check(scope, reveal, button) {
      var slot = slotOf(cur.r, cur.c, cur.dir);
      var body = { scope: scope, reveal: reveal, entries: entries(), seconds: seconds };
      if (scope === "cell") { body.row = cur.r; body.col = cur.c; }
      if (scope === "word") body.slot = slot ? slot.key : "";
      clearTimeout(saveTimer); dirty = false;
      if (button) button.disabled = true;
      return request(data.checkUrl, "POST", body).then(function (result) {
        result.cells.forEach(function (cell) {
          var input = inputs[cell.row][cell.col];
          var box_ = input.parentNode;
          box_.classList.remove("xw-cell--wrong", "xw-cell--right");
          if (cell.state === "revealed") { input.value = cell.letter; box_.classList.add("xw-cell--revealed"); }
          else if (cell.state === "wrong") box_.classList.add("xw-cell--wrong");
          else if (cell.state === "right" && !reveal) box_.classList.add("xw-cell--right");
        });
        box.dataset.checked = String(Date.now());
        if (reveal) say(t("revealed", "Revealed."));
        else say(t("checked", "{right} right, {wrong} wrong, {empty} empty.").replace("{right}", result.right).replace("{wrong}", result.wrong).replace("{empty}", result.empty));
        if (result.progress.finished && !finished) done(result.progress);
      }).catch(function (err) { say(err.message); dirty = true; })
        .finally(function () { if (button) button.disabled = false; });
    }

    // --- timer and the end --------------------------------------------------------------------------------
    function tick() {
      if (timerEl) timerEl.textContent = formatTime(seconds);
      if (!finished) { try { window.sessionStorage.setItem(clockKey, String(seconds)); } catch (e) { /* private mode */ } }
    }
    var clock = setInterval(function () {
      if (!box.isConnected) { clearInterval(clock); return; }  // this grid was swapped out: its clock stops
      if (finished || document.hidden) return;
      seconds += 1; tick();
      if (seconds % 30 === 0) { dirty = true; save(); }
    }, 1000);
    tick();

    function lock() {
      box.querySelectorAll(".xw-input").forEach(function (input) { input.readOnly = true; });
    }

    function done(progress) {
      var reviewWords = progress.review_words;
      finished = true;
      lock();
      box.classList.add("xw--finished");
      // A grid completed with revealed letters is finished, not solved: say which.
      var text = progress.solved ? t("solved", "Solved in {time}!").replace("{time}", formatTime(seconds))
        : t("finishedRevealed", "Finished with revealed letters: not counted as solved.");
      if (reviewWords && reviewWords.length) text += " " + t("sent", "Words sent to your review queue:") + " " + reviewWords.join(", ");
      say(text);
    }
    if (finished) { box.classList.add("xw--finished"); lock(); }

    var start = slots[0];
    if (start) selectSlot(start, false);
  }

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:afterSettle", function (e) { init(e.target.parentNode || document); });
}());
