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
   as the engine's notation marks blanks). */
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

  /* The rack: which tiles the letters placed use (a letter the rack lacks takes a blank), shuffle, sort. */
  function rackOf() {
    var box = document.querySelector("#dup-rack .rack");
    if (!box) { return null; }
    function tiles() { return Array.prototype.slice.call(box.querySelectorAll(".tile--rack")); }
    function letterOf(tile) { return tile.classList.contains("tile--blank") ? "?" : tile.textContent.trim().charAt(0); }
    return {
      /* Marks the tiles the placed letters use; returns the letters, a blank's in lower case. */
      use: function (letters) {
        var free = tiles();
        free.forEach(function (t) { t.classList.remove("tile--placed"); });
        return letters.map(function (letter) {
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
      },
      letterOf: letterOf,
      tiles: tiles,
      shuffle: function () {
        var list = tiles();
        for (var i = list.length - 1; i > 0; i--) {
          var j = Math.floor(Math.random() * (i + 1)), t = list[i]; list[i] = list[j]; list[j] = t;
        }
        list.forEach(function (t) { box.appendChild(t); });
      },
      sort: function () {
        tiles().sort(function (a, b) {
          var x = letterOf(a), y = letterOf(b);
          return x === y ? 0 : (x === "?" ? 1 : (y === "?" ? -1 : (x < y ? -1 : 1)));
        }).forEach(function (t) { box.appendChild(t); });
      }
    };
  }

  function placement(style, rack) {
    var board = document.querySelector("#dup-board .scrabble-board");
    var word = document.getElementById("id_word");
    var coord = document.getElementById("id_coord");
    if (!board || !word || !coord) { return null; }
    var cells = {};
    board.querySelectorAll("td[data-square]").forEach(function (td) {
      var name = td.dataset.square;
      var r = ROWS.indexOf(name.charAt(0)), c = parseInt(name.slice(1), 10) - 1;
      var tile = td.querySelector(".tile > span[aria-hidden]");
      cells[r + "," + c] = { td: td, letter: tile ? tile.firstChild.textContent.trim().toUpperCase() : "" };
      td.tabIndex = -1;
    });
    var cursor = { r: 7, c: 7 }, start = null, dir = "H", typed = [], locked = false;
    cells["7,7"].td.tabIndex = 0;

    function at(r, c) { return cells[r + "," + c]; }
    function focusCell(r, c) {
      var old = at(cursor.r, cursor.c);
      if (old) { old.td.tabIndex = -1; }
      cursor = { r: r, c: c };
      var cell = at(r, c);
      cell.td.tabIndex = 0;
      cell.td.focus();
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
      if (!start) {
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
        } else { arrow = cell; break; }
        rr += dr; cc += dc;
      }
      at(start.r, start.c).td.classList.add("sq--start");
      if (arrow && !locked) { arrow.td.classList.add("sq--arrow"); if (dir === "V") { arrow.td.classList.add("sq--arrow-v"); } }
      if (writeFields) {
        // Nothing typed yet: no play (a coordinate alone would be refused as a play).
        word.value = typed.length ? text : "";
        coord.value = typed.length ? formatCoord(r, c, dir, style()) : "";
      }
    }
    function choose(r, c) {
      if (locked) { return; }
      if (start && start.r === r && start.c === c) { dir = dir === "H" ? "V" : "H"; }
      else { start = { r: r, c: c }; dir = "H"; typed = []; }
      render(true);
    }
    function type(letter) {
      if (locked || !start) { return; }
      typed.push(letter);
      render(true);
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
    board.addEventListener("keydown", function (event) {
      var key = event.key, moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      if (moves[key]) {
        var r = cursor.r + moves[key][0], c = cursor.c + moves[key][1];
        if (at(r, c)) { focusCell(r, c); }
        event.preventDefault();
      } else if (key === "Enter" || key === " ") {
        choose(cursor.r, cursor.c);
        event.preventDefault();
      } else if (key === "Backspace") {
        if (!locked) { typed.pop(); render(true); }
        event.preventDefault();
      } else if (key === "Escape") {
        if (!locked) { start = null; typed = []; render(true); }
      } else if (start && /^[a-zA-Z]$/.test(key)) {
        // Letters go down in capitals; one the rack lacks goes on the blank (shown in lower case).
        type(key.toUpperCase());
        event.preventDefault();
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
    return {
      focus: function () { var cell = at(cursor.r, cursor.c); if (cell) { cell.td.focus({ preventScroll: false }); } },
      lock: function () { locked = true; render(false); },
      redraw: function () { render(false); }
    };
  }

  function rackButtons(rack, board) {
    var shuffle = document.getElementById("rack-shuffle"), sort = document.getElementById("rack-sort");
    if (!rack) { return; }
    if (shuffle) { shuffle.hidden = false; shuffle.addEventListener("click", function () { rack.shuffle(); if (board) { board.redraw(); } }); }
    if (sort) { sort.hidden = false; sort.addEventListener("click", function () { rack.sort(); if (board) { board.redraw(); } }); }
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
    var rack = rackOf();
    var board = placement(notation(), rack);
    rackButtons(rack, board);
    if (board && !document.getElementById("play-refused")) { board.focus(); }
    countdown(board);
  });
})();
