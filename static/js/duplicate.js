/* Duplicate round page: the countdown, and placing a word on the board with the mouse or the keyboard.
   No dependency besides htmx. The server keeps the time: this countdown only shows it (from the seconds left
   when the page was made, so a wrong device clock does not matter) and, at zero, validates the round.
   Placement: click a square (or move with the arrow keys and press Enter) to start there, again to turn
   down; typed letters fill the empty squares, letters already on the board are taken in automatically; the
   word and coordinate fields are filled as you go, in the notation chosen in the form (French: H4 across,
   4H down; English: 8H across, H8 down). Changing the notation rewrites the coordinate already there. */
(function () {
  "use strict";
  var ROWS = "ABCDEFGHIJKLMNO";

  function countdown() {
    var timer = document.getElementById("timer");
    var value = document.getElementById("timer-value");
    if (!timer || !value || timer.dataset.secondsLeft === undefined) { return; }
    var end = Date.now() + 1000 * parseInt(timer.dataset.secondsLeft, 10);
    var done = false;
    function tick() {
      var left = Math.max(0, Math.round((end - Date.now()) / 1000));
      var m = Math.floor(left / 60), s = left % 60;
      value.textContent = m + ":" + (s < 10 ? "0" : "") + s;
      timer.classList.toggle("dup-timer--low", left <= 30);
      if (left === 0 && !done) {
        done = true;
        timer.classList.add("dup-timer--over");
        value.textContent = timer.dataset.expired;
        timer.setAttribute("aria-live", "assertive");
        var form = document.getElementById("validate-form");
        if (form) { window.setTimeout(function () { form.submit(); }, 1500); }
        return;
      }
      if (!done) { window.setTimeout(tick, 250); }
    }
    tick();
  }

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

  function placement(style) {
    var area = document.getElementById("dup-play");
    var board = document.querySelector("#dup-board .scrabble-board");
    var word = document.getElementById("id_word");
    var coord = document.getElementById("id_coord");
    if (!area || !board || !word || !coord) { return; }
    var cells = {};
    board.querySelectorAll("td[data-square]").forEach(function (td) {
      var name = td.dataset.square;
      var r = ROWS.indexOf(name.charAt(0)), c = parseInt(name.slice(1), 10) - 1;
      var tile = td.querySelector(".tile > span[aria-hidden]");
      cells[r + "," + c] = { td: td, letter: tile ? tile.firstChild.textContent.trim() : "" };
      td.tabIndex = -1;
    });
    var cursor = { r: 7, c: 7 }, start = null, dir = "H", typed = [];
    var first = cells["7,7"].td;
    first.tabIndex = 0;

    function at(r, c) { return cells[r + "," + c]; }
    function focusCell(r, c) {
      var old = at(cursor.r, cursor.c);
      if (old) { old.td.tabIndex = -1; }
      cursor = { r: r, c: c };
      var cell = at(r, c);
      cell.td.tabIndex = 0;
      cell.td.focus();
    }
    function clearGhosts() {
      board.querySelectorAll(".sq--ghost, .sq--start").forEach(function (td) {
        td.classList.remove("sq--ghost", "sq--start");
        td.removeAttribute("data-ghost");
      });
    }
    function render() {
      clearGhosts();
      if (!start) { return; }
      var dr = dir === "H" ? 0 : 1, dc = dir === "H" ? 1 : 0;
      var r = start.r, c = start.c;
      while (at(r - dr, c - dc) && at(r - dr, c - dc).letter) { r -= dr; c -= dc; }
      var text = "", k = 0, rr = r, cc = c;
      while (at(rr, cc)) {
        var cell = at(rr, cc);
        if (cell.letter) { text += cell.letter; }
        else if (k < typed.length) {
          text += typed[k++];
          cell.td.classList.add("sq--ghost");
          cell.td.setAttribute("data-ghost", typed[k - 1]);
        } else { break; }
        rr += dr; cc += dc;
      }
      at(start.r, start.c).td.classList.add("sq--start");
      word.value = text;
      coord.value = formatCoord(r, c, dir, style());
    }
    function choose(r, c) {
      if (start && start.r === r && start.c === c) { dir = dir === "H" ? "V" : "H"; }
      else { start = { r: r, c: c }; dir = "H"; typed = []; }
      render();
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
        typed.pop(); render(); event.preventDefault();
      } else if (key === "Escape") {
        start = null; typed = []; render(); word.value = ""; coord.value = "";
      } else if (start && /^[a-zA-Z]$/.test(key)) {
        // Letters go down in capitals; the server puts the blank on a letter the rack lacks (or type the
        // word in the field with the blank's letter in lower case).
        typed.push(key.toUpperCase());
        render(); event.preventDefault();
      }
    });
    document.querySelectorAll("#dup-rack .tile--rack").forEach(function (tile) {
      tile.addEventListener("click", function () {
        var letter = tile.textContent.trim().charAt(0);
        if (start && letter) { typed.push(letter); render(); }
        else if (letter) { word.value += letter; }
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () { countdown(); placement(notation()); });
})();
