/* Duplicate pages: the round's countdown, placing a word on the board with the mouse or the keyboard, the
   rack (placed tiles greyed, shuffle, sort), and the focus on the result page. No dependency besides htmx.

   The server keeps the time: this countdown only shows it (from the milliseconds left when the page was
   made, so a wrong device clock does not matter) and, at zero, sends the player's play: whatever is on the
   board or in the fields goes with "Validate" (the server checks it then, and allows 2 s for the network;
   docs/duplicate.md). Nothing placed is ever thrown away.

   Placement: click a square (or move with the arrow keys and press Enter) to start there, again to turn
   down; typed letters fill the empty squares, letters already on the board are taken in automatically; the
   arrow shows where the next letter goes. The word and coordinate fields follow the board, in the notation
   chosen in the form (French: H4 across, 4H down; English: 8H across, H8 down), and the board follows the
   fields when the player types there. A letter the rack lacks is put on the blank (written in lower case,
   as the engine's notation marks blanks).

   Screen readers (docs/accessibility.md): the board played on is made an ARIA grid (the WAI-ARIA APG grid
   pattern: one square in the tab order, the arrow keys, Home, End, Page Up and Page Down move the focus), so a
   screen reader in focus mode hands the keys typed to it; each square's name says what it holds now (a letter
   placed, the start of the word and its direction, where the next letter goes), and one polite live region
   under the board says what each key did ("E en H8", "joker E en H9", "vertical"), the rack left after each
   change, and the verdict of the play. The words come from the page (data-* of #dup-board-messages, written
   in the page's language by templates/components/_board.html). Without this script the board stays a table. */
(function () {
  "use strict";
  var ROWS = "ABCDEFGHIJKLMNO";

  /* Coordinates in both notations (engine/scrabble/notation.py): 0-based row and column, "H" or "V". */
  function formatCoord(r, c, d, style) {
    if (style === "en") { return d === "H" ? (r + 1) + ROWS.charAt(c) : ROWS.charAt(c) + (r + 1); }
    return d === "H" ? ROWS.charAt(r) + (c + 1) : (c + 1) + ROWS.charAt(r);
  }
  function parseCoord(text, style) {
    var m = /^\s*(?:([A-Oa-o])(\d{1,2})|(\d{1,2})([A-Oa-o]))\s*$/.exec(text || "");
    if (!m) { return null; }
    var letterFirst = m[1] !== undefined;
    var a = ROWS.indexOf((m[1] || m[4]).toUpperCase()), n = parseInt(m[2] || m[3], 10) - 1;
    if (n < 0 || n > 14) { return null; }
    if (style === "en") { return { r: n, c: a, d: letterFirst ? "V" : "H" }; }
    return { r: a, c: n, d: letterFirst ? "H" : "V" };
  }

  function notation() {
    var style = document.getElementById("id_style");
    var coord = document.getElementById("id_coord");
    var help = document.getElementById("id_coord_helptext");
    if (!style || !coord) { return function () { return "fr"; }; }
    var current = style.value === "en" ? "en" : "fr";
    style.addEventListener("change", function () {
      var next = style.value === "en" ? "en" : "fr";
      var parsed = parseCoord(coord.value, current);
      if (parsed) { coord.value = formatCoord(parsed.r, parsed.c, parsed.d, next); }
      if (help && coord.dataset["help" + (next === "en" ? "En" : "Fr")]) {
        help.textContent = coord.dataset["help" + (next === "en" ? "En" : "Fr")];
      }
      current = next;
    });
    return function () { return current; };
  }

  /* The board's live region: say(parts) speaks the parts as one announcement; text(key, values) is the
     message "key" of the page with its {placeholders} filled in. */
  function speech(boardId) {
    var region = document.getElementById(boardId + "-status");
    var holder = document.getElementById(boardId + "-messages");
    var messages = holder ? holder.dataset : {};
    var last = "", flip = false;
    function text(key, values) {
      return (messages[key] || "").replace(/\{(\w+)\}/g, function (whole, name) {
        return values && values[name] !== undefined ? values[name] : whole;
      });
    }
    return {
      active: !!(region && holder),
      text: text,
      /* A blank placed (a lower-case letter) is said as such: "joker E". */
      letter: function (letter) {
        var up = letter.toUpperCase();
        return letter !== up ? text("blank", { letter: up }) : up;
      },
      direction: function (dir) { return text(dir === "V" ? "down" : "across"); },
      say: function (parts) {
        if (!region) { return; }
        var line = parts.filter(function (part) { return part; }).join(". ");
        if (!line) { return; }
        // The same words twice in a row change nothing in the region, and nothing would be said: a no-break
        // space, one time in two, makes them new.
        if (line === last) { flip = !flip; } else { flip = false; }
        last = line;
        region.textContent = flip ? line + "\u00a0" : line;
      }
    };
  }

  /* The rack: which tiles the letters placed use (a letter the rack lacks takes a blank), shuffle, sort. */
  function rackOf(voice) {
    var box = document.querySelector("#dup-rack .rack");
    if (!box) { return null; }
    var label = box.getAttribute("aria-label") || "";  // the whole rack, as the page names it
    function tiles() { return Array.prototype.slice.call(box.querySelectorAll(".tile--rack")); }
    function letterOf(tile) { return tile.classList.contains("tile--blank") ? "?" : tile.textContent.trim().charAt(0); }
    /* The rack as it is now, in words: its own name while no tile is placed, else the tiles left in their
       order ("Tirage restant : A E I S"). The rack's accessible name follows. */
    function spoken() {
      var all = tiles(), left = all.filter(function (t) { return !t.classList.contains("tile--placed"); });
      if (left.length === all.length || !voice.active) { return label; }
      if (!left.length) { return voice.text("rackEmpty"); }
      return voice.text("rackLeft", { letters: left.map(function (t) {
        var letter = letterOf(t);
        return letter === "?" ? voice.text("blankTile") : letter;
      }).join(" ") });
    }
    function relabel() { if (label) { box.setAttribute("aria-label", spoken()); } }
    return {
      /* Marks the tiles the placed letters use; returns the letters, a blank's in lower case. */
      use: function (letters) {
        var free = tiles();
        free.forEach(function (t) { t.classList.remove("tile--placed"); });
        var used = letters.map(function (letter) {
          var up = letter.toUpperCase(), wantBlank = letter !== up, k;
          if (!wantBlank) {
            for (k = 0; k < free.length; k++) {
              if (letterOf(free[k]) === up) { free[k].classList.add("tile--placed"); free.splice(k, 1); return up; }
            }
          }
          for (k = 0; k < free.length; k++) {
            if (letterOf(free[k]) === "?") { free[k].classList.add("tile--placed"); free.splice(k, 1); return up.toLowerCase(); }
          }
          return up;  // not on the rack: the server says so
        });
        relabel();
        return used;
      },
      letterOf: letterOf,
      tiles: tiles,
      spoken: spoken,
      shuffle: function () {
        var list = tiles();
        for (var i = list.length - 1; i > 0; i--) {
          var j = Math.floor(Math.random() * (i + 1)), t = list[i]; list[i] = list[j]; list[j] = t;
        }
        list.forEach(function (t) { box.appendChild(t); });
        relabel();
      },
      sort: function () {
        tiles().sort(function (a, b) {
          var x = letterOf(a), y = letterOf(b);
          return x === y ? 0 : (x === "?" ? 1 : (y === "?" ? -1 : (x < y ? -1 : 1)));
        }).forEach(function (t) { box.appendChild(t); });
        relabel();
      }
    };
  }

  /* The table becomes an ARIA grid (role="grid", rows, column and row headers, squares as grid cells),
     named by its caption and described by the keys' help; each square gets a hidden part of its name that
     says what is placed on it now. */
  function gridRoles(board, boardId) {
    board.setAttribute("role", "grid");
    var caption = board.querySelector("caption");
    if (caption && caption.id) { board.setAttribute("aria-labelledby", caption.id); }
    var keys = document.getElementById(boardId + "-keys");
    if (keys) { board.setAttribute("aria-describedby", keys.id); }
    board.querySelectorAll("tr").forEach(function (tr) { tr.setAttribute("role", "row"); });
    board.querySelectorAll("th").forEach(function (th) {
      th.setAttribute("role", th.getAttribute("scope") === "row" ? "rowheader" : "columnheader");
    });
    board.querySelectorAll("td").forEach(function (td) { td.setAttribute("role", "gridcell"); });
  }

  function placement(style, rack, voice) {
    var board = document.querySelector("#dup-board .scrabble-board");
    var word = document.getElementById("id_word");
    var coord = document.getElementById("id_coord");
    if (!board || !word || !coord) { return null; }
    gridRoles(board, "dup-board");
    var cells = {};
    board.querySelectorAll("td[data-square]").forEach(function (td) {
      var name = td.dataset.square;
      var r = ROWS.indexOf(name.charAt(0)), c = parseInt(name.slice(1), 10) - 1;
      var tile = td.querySelector(".tile > span[aria-hidden]");
      // What is on the square now, read right after its name: in the same hidden text, so one phrase.
      var state = document.createElement("span");
      var label = td.querySelectorAll(".visually-hidden");
      if (label.length) { label[label.length - 1].appendChild(state); }
      else { state.className = "visually-hidden"; td.appendChild(state); }
      cells[r + "," + c] = { td: td, name: name, state: state,
                             letter: tile ? tile.firstChild.textContent.trim().toUpperCase() : "" };
      td.tabIndex = -1;
    });
    var cursor = { r: 7, c: 7 }, start = null, dir = "H", typed = [], locked = false;
    var drawn = [], said = [];  // the letters typed that are on the board ({cell, letter}); squares with a state
    cells["7,7"].td.tabIndex = 0;

    function at(r, c) { return cells[r + "," + c]; }
    /* The roving tab stop: the square with the focus is the board's one place in the tab order. */
    function rove(r, c) {
      var old = at(cursor.r, cursor.c);
      if (old) { old.td.tabIndex = -1; }
      cursor = { r: r, c: c };
      at(r, c).td.tabIndex = 0;
    }
    function focusCell(r, c) {
      rove(r, c);
      at(r, c).td.focus();
    }
    /* Each square's name ends with what is on it now: "E placed", "start of the word, across", "next letter". */
    function describe(arrow) {
      said.forEach(function (cell) { cell.state.textContent = ""; });
      said = [];
      function add(cell, words) {
        if (!words) { return; }
        cell.state.textContent += ", " + words;
        said.push(cell);
      }
      drawn.forEach(function (p) { add(p.cell, voice.text("cellPlaced", { letter: voice.letter(p.letter) })); });
      if (start) { add(at(start.r, start.c), voice.text("cellStart", { direction: voice.direction(dir) })); }
      if (arrow && !locked) { add(arrow, voice.text("cellNext")); }
    }
    function clearMarks() {
      board.querySelectorAll(".sq--ghost, .sq--start, .sq--arrow").forEach(function (td) {
        td.classList.remove("sq--ghost", "sq--ghost-blank", "sq--start", "sq--arrow", "sq--arrow-v");
        td.removeAttribute("data-ghost");
      });
    }
    /* Draws the letters placed; writes the fields unless they are the source (the player types there). */
    function render(writeFields) {
      clearMarks();
      typed = rack ? rack.use(typed) : typed;
      drawn = [];
      if (!start) {
        describe(null);
        if (writeFields) { word.value = ""; coord.value = ""; }
        return;
      }
      var dr = dir === "H" ? 0 : 1, dc = dir === "H" ? 1 : 0;
      var r = start.r, c = start.c;
      while (at(r - dr, c - dc) && at(r - dr, c - dc).letter) { r -= dr; c -= dc; }
      var text = "", k = 0, rr = r, cc = c, arrow = null;
      while (at(rr, cc)) {
        var cell = at(rr, cc);
        if (cell.letter) { text += cell.letter; }
        else if (k < typed.length) {
          var letter = typed[k++];
          text += letter;
          cell.td.classList.add("sq--ghost");
          if (letter !== letter.toUpperCase()) { cell.td.classList.add("sq--ghost-blank"); }
          cell.td.setAttribute("data-ghost", letter);
          drawn.push({ cell: cell, letter: letter });
        } else { arrow = cell; break; }
        rr += dr; cc += dc;
      }
      at(start.r, start.c).td.classList.add("sq--start");
      if (arrow && !locked) { arrow.td.classList.add("sq--arrow"); if (dir === "V") { arrow.td.classList.add("sq--arrow-v"); } }
      describe(arrow);
      if (writeFields) {
        // Nothing typed yet: no play (a coordinate alone would be refused as a play).
        word.value = typed.length ? text : "";
        coord.value = typed.length ? formatCoord(r, c, dir, style()) : "";
      }
    }
    function rackNow() { return rack ? rack.spoken() : ""; }
    function choose(r, c) {
      if (locked) { return; }
      if (start && start.r === r && start.c === c) {
        dir = dir === "H" ? "V" : "H";
        render(true);
        voice.say([voice.direction(dir)]);
      } else {
        var had = typed.length;
        start = { r: r, c: c }; dir = "H"; typed = [];
        render(true);
        voice.say([voice.text("start", { square: at(r, c).name, direction: voice.direction(dir) }), had ? rackNow() : ""]);
      }
    }
    function type(letter) {
      if (locked) { return; }
      if (!start) { voice.say([voice.text("noStart")]); return; }
      typed.push(letter);
      render(true);
      if (drawn.length < typed.length) {  // past the edge of the board: not placed
        typed.pop();
        render(true);
        voice.say([voice.text("edge")]);
        return;
      }
      var placed = drawn[drawn.length - 1];
      voice.say([voice.text("placed", { letter: voice.letter(placed.letter), square: placed.cell.name }), rackNow()]);
    }
    function takeBack() {
      if (locked || !typed.length) { return; }
      var placed = drawn[typed.length - 1];
      typed.pop();
      render(true);
      voice.say([placed ? voice.text("removed", { letter: voice.letter(placed.letter), square: placed.cell.name }) : "",
                 rackNow()]);
    }
    function clearAll() {
      if (locked || !start) { return; }
      var had = typed.length;
      start = null; typed = [];
      render(true);
      voice.say([voice.text("cleared"), had ? rackNow() : ""]);
    }
    /* The fields are the play: draw them (after a refused play, a reload, or typing in them). */
    function fromFields() {
      var parsed = parseCoord(coord.value, style());
      var text = (word.value || "").replace(/\s+/g, "");
      start = null; typed = [];
      if (parsed && text) {
        var mixed = text !== text.toUpperCase() && text !== text.toLowerCase();
        var dr = parsed.d === "H" ? 0 : 1, dc = parsed.d === "H" ? 1 : 0;
        start = { r: parsed.r, c: parsed.c }; dir = parsed.d;
        for (var k = 0; k < text.length; k++) {
          var cell = at(parsed.r + dr * k, parsed.c + dc * k);
          if (!cell) { break; }
          if (!cell.letter) { typed.push(mixed ? text.charAt(k) : text.charAt(k).toUpperCase()); }
        }
        // The first square of the play may hold a board letter: start on the first square the letters fill.
        if (at(start.r, start.c).letter) {
          for (var j = 0; at(parsed.r + dr * j, parsed.c + dc * j); j++) {
            if (!at(parsed.r + dr * j, parsed.c + dc * j).letter) { start = { r: parsed.r + dr * j, c: parsed.c + dc * j }; break; }
          }
        }
      }
      render(false);
    }

    board.addEventListener("click", function (event) {
      var td = event.target.closest("td[data-square]");
      if (!td) { return; }
      var name = td.dataset.square;
      var r = ROWS.indexOf(name.charAt(0)), c = parseInt(name.slice(1), 10) - 1;
      focusCell(r, c);
      choose(r, c);
    });
    /* Where a key sends the focus (the APG grid's keys): a square, or null for a key that does not move. */
    function moveTo(event) {
      var key = event.key, ctrl = event.ctrlKey || event.metaKey;
      var steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      if (steps[key]) { return { r: cursor.r + steps[key][0], c: cursor.c + steps[key][1] }; }
      if (key === "Home") { return ctrl ? { r: 0, c: 0 } : { r: cursor.r, c: 0 }; }           // row start; A1
      if (key === "End") { return ctrl ? { r: 14, c: 14 } : { r: cursor.r, c: 14 }; }        // row end; O15
      if (key === "PageUp") { return { r: 0, c: cursor.c }; }                                  // column top
      if (key === "PageDown") { return { r: 14, c: cursor.c }; }                               // column bottom
      return null;
    }
    board.addEventListener("keydown", function (event) {
      var key = event.key, to = moveTo(event);
      if (to) {
        if (at(to.r, to.c)) { focusCell(to.r, to.c); }
        event.preventDefault();
      } else if (key === "Enter" || key === " ") {
        choose(cursor.r, cursor.c);
        event.preventDefault();
      } else if (key === "Backspace") {
        takeBack();
        event.preventDefault();
      } else if (key === "Escape") {
        clearAll();
      } else if (/^[a-zA-Z]$/.test(key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
        // Letters go down in capitals; one the rack lacks goes on the blank (shown in lower case). With no
        // start chosen, the player hears how to choose one.
        if (start) { event.preventDefault(); }
        type(key.toUpperCase());
      }
    });
    if (rack) {
      rack.tiles().forEach(function (tile) {
        tile.addEventListener("click", function () {
          var letter = rack.letterOf(tile);
          if (letter && letter !== "?") {
            if (start) { type(letter); } else { word.value += letter; fromFields(); }
          }
        });
      });
    }
    word.addEventListener("input", fromFields);
    coord.addEventListener("input", fromFields);
    var styleField = document.getElementById("id_style");
    if (styleField) { styleField.addEventListener("change", fromFields); }
    fromFields();
    if (start) { rove(start.r, start.c); }  // a play drawn from the fields: the tab stop on its first square
    return {
      focus: function () { var cell = at(cursor.r, cursor.c); if (cell) { cell.td.focus({ preventScroll: false }); } },
      lock: function () { locked = true; render(false); },
      redraw: function () { render(false); },
      sayRack: function () { voice.say([rackNow()]); }
    };
  }

  /* The verdict of a play, said by the board's region: what htmx puts in #play-feedback (a check, a refused
     answer), and a refusal the page comes back with (after "Validate"). The region is the one voice of the
     play: #play-feedback is no longer live and its message loses its alert/status role, so nothing is said
     twice. A page load is not announced at once: a screen reader reads the new page first. */
  function verdicts(voice) {
    var feedback = document.getElementById("play-feedback");
    if (!feedback || !voice.active) { return; }
    function words() { return feedback.textContent.replace(/\s+/g, " ").trim(); }
    function quiet() {
      feedback.querySelectorAll("[role=alert], [role=status]").forEach(function (el) { el.removeAttribute("role"); });
    }
    feedback.setAttribute("aria-live", "off");
    document.addEventListener("htmx:afterSwap", function (event) {
      if (event.detail.target !== feedback) { return; }
      quiet();  // in the task that inserted it: the browser never exposes it as an alert
      voice.say([words()]);
    });
    if (document.getElementById("play-refused")) {
      window.setTimeout(function () { voice.say([words()]); }, 700);
    }
  }

  function rackButtons(rack, board) {
    var shuffle = document.getElementById("rack-shuffle"), sort = document.getElementById("rack-sort");
    if (!rack) { return; }
    function after() { if (board) { board.redraw(); board.sayRack(); } }  // the new order is said
    if (shuffle) { shuffle.hidden = false; shuffle.addEventListener("click", function () { rack.shuffle(); after(); }); }
    if (sort) { sort.hidden = false; sort.addEventListener("click", function () { rack.sort(); after(); }); }
  }

  /* The countdown; at zero the play on the board or in the fields is sent with "Validate". */
  function countdown(board) {
    var timer = document.getElementById("timer");
    var value = document.getElementById("timer-value");
    if (!timer || !value || (timer.dataset.msLeft === undefined && timer.dataset.secondsLeft === undefined)) { return; }
    var ms = parseInt(timer.dataset.msLeft, 10);
    if (isNaN(ms)) { ms = 1000 * parseInt(timer.dataset.secondsLeft, 10); }
    var end = Date.now() + ms;
    var done = false;
    function send() {
      var form = document.getElementById("play-form");
      var button = document.getElementById("validate-button");
      if (!form || !button) { return; }
      if (form.requestSubmit) { form.requestSubmit(button); }
      else { form.action = button.getAttribute("formaction"); form.submit(); }
    }
    function finish() {
      if (done) { return; }
      done = true;
      timer.classList.add("dup-timer--over");
      value.textContent = timer.dataset.expired;
      timer.setAttribute("aria-live", "assertive");
      if (board) { board.lock(); }
      send();
    }
    function tick() {
      if (done) { return; }
      var leftMs = end - Date.now();
      var left = Math.max(0, Math.ceil(leftMs / 1000));
      var m = Math.floor(left / 60), s = left % 60;
      value.textContent = m + ":" + (s < 10 ? "0" : "") + s;
      timer.classList.toggle("dup-timer--low", left <= 30);
      if (leftMs <= 0) { finish(); return; }
      window.setTimeout(tick, Math.min(250, Math.max(10, leftMs)));
    }
    // One timer for the end besides the display's chain: a browser slows a chain of timers in a hidden tab
    // (by up to a minute), not a single one, so the play still leaves on time when the player looks away.
    window.setTimeout(function () { if (end - Date.now() <= 0) { finish(); } else { tick(); } }, Math.max(0, ms));
    document.addEventListener("visibilitychange", tick);
    tick();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var next = document.getElementById("next-round");
    if (next) { next.focus(); }  // the result page: "Next round" is one key away
    var voice = speech("dup-board");
    var rack = rackOf(voice);
    var board = placement(notation(), rack, voice);
    rackButtons(rack, board);
    if (board) { verdicts(voice); }
    if (board && !document.getElementById("play-refused")) { board.focus(); }
    countdown(board);
  });
})();
