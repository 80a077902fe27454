/* The crossword lab's grid editor: a clickable, keyboard-driven view of the form's "grid" text field.
 *
 * The text field stays the truth (the form posts it; without this script it is edited by hand): every
 * change in the editor rewrites it, and typing in it redraws the editor. Keys, on a focused cell: arrows
 * move, Space or Enter turns the cell black or back to empty, a letter gives the cell that letter,
 * Backspace or Delete empties it. With "symmetric editing" checked a black cell and its mirror image
 * (180° rotation) change together, as American grids need.
 */
(function () {
  "use strict";

  function init() {
    var host = document.getElementById("lab-editor");
    var text = document.getElementById("id_grid");
    if (!host || !text) return;
    var symmetric = document.getElementById("id_symmetric");
    var count = document.getElementById("lab-count");
    var label = host.dataset;
    var rows = [];
    var focus = [0, 0];

    function read() {
      rows = text.value.split(/\r?\n/).map(function (r) { return r.trim().toUpperCase(); })
        .filter(function (r) { return r.length > 0; })
        .map(function (r) { return r.split(""); });
    }

    function write() {
      text.value = rows.map(function (r) { return r.join(""); }).join("\n");
      summarise();
    }

    function summarise() {
      if (!count) return;
      var blacks = 0;
      rows.forEach(function (r) { r.forEach(function (ch) { if (ch === "#") blacks += 1; }); });
      count.textContent = label.count.replace("{blacks}", blacks).replace("{rows}", rows.length)
        .replace("{cols}", rows.length ? rows[0].length : 0);
    }

    function describe(r, c) {
      var ch = rows[r][c];
      var state = ch === "#" ? label.black : (ch === "." ? label.empty : ch);
      return label.row + " " + (r + 1) + ", " + label.col + " " + (c + 1) + " : " + state;
    }

    function draw() {
      read();
      host.textContent = "";
      if (!rows.length) { summarise(); return; }
      var table = document.createElement("table");
      table.className = "lab-editor__grid";
      table.setAttribute("role", "grid");
      table.setAttribute("aria-label", label.label);
      rows.forEach(function (row, r) {
        var tr = document.createElement("tr");
        row.forEach(function (ch, c) {
          var td = document.createElement("td");
          td.setAttribute("role", "gridcell");
          var button = document.createElement("button");
          button.type = "button";
          button.className = "lab-editor__cell" + (ch === "#" ? " lab-editor__cell--black" : "");
          button.textContent = ch === "#" || ch === "." ? "" : ch;
          button.dataset.row = r;
          button.dataset.col = c;
          button.tabIndex = r === focus[0] && c === focus[1] ? 0 : -1;
          button.setAttribute("aria-label", describe(r, c));
          td.appendChild(button);
          tr.appendChild(td);
        });
        table.appendChild(tr);
      });
      host.appendChild(table);
      summarise();
    }

    function cellButton(r, c) {
      return host.querySelector('button[data-row="' + r + '"][data-col="' + c + '"]');
    }

    function setCell(r, c, ch) {
      var before = rows[r][c];
      rows[r][c] = ch;
      if (symmetric && symmetric.checked && (ch === "#" || before === "#")) {
        var mr = rows.length - 1 - r, mc = rows[0].length - 1 - c;
        rows[mr][mc] = ch === "#" ? "#" : ".";
      }
      write();
      draw();
      moveTo(r, c);
    }

    function moveTo(r, c) {
      if (!rows.length) return;
      r = Math.max(0, Math.min(rows.length - 1, r));
      c = Math.max(0, Math.min(rows[0].length - 1, c));
      var old = cellButton(focus[0], focus[1]);
      if (old) old.tabIndex = -1;
      focus = [r, c];
      var button = cellButton(r, c);
      if (button) { button.tabIndex = 0; button.focus(); }
    }

    host.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-row]");
      if (!button) return;
      var r = +button.dataset.row, c = +button.dataset.col;
      focus = [r, c];
      setCell(r, c, rows[r][c] === "#" ? "." : "#");
    });

    host.addEventListener("keydown", function (event) {
      var button = event.target.closest("button[data-row]");
      if (!button) return;
      var r = +button.dataset.row, c = +button.dataset.col;
      var key = event.key;
      var moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      if (moves[key]) {
        event.preventDefault();
        moveTo(r + moves[key][0], c + moves[key][1]);
      } else if (key === " " || key === "Enter") {
        event.preventDefault();
        setCell(r, c, rows[r][c] === "#" ? "." : "#");
      } else if (key === "Backspace" || key === "Delete") {
        event.preventDefault();
        setCell(r, c, ".");
      } else if (/^[a-zA-Z]$/.test(key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        setCell(r, c, key.toUpperCase());
        moveTo(r, c + 1);
      }
    });

    var pending = null;
    text.addEventListener("input", function () {
      clearTimeout(pending);
      pending = setTimeout(draw, 250);
    });
    draw();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
