/* The site menu on narrow screens: the "Menu" button (hidden until this script runs, so without scripts
   the menu is simply shown) opens and closes the panel it controls, keeping aria-expanded true to it.
   Escape closes an open menu and gives the focus back to the button; on wide screens the CSS shows
   the menu whatever the button says. Pages whose body htmx swaps (hx-boost) get a new button: set up
   again on htmx:load. */
(function () {
  "use strict";

  function currentButton() { return document.querySelector(".nav-toggle"); }

  function setUp() {
    var button = currentButton();
    if (!button || button.dataset.ready) return;
    if (!document.getElementById(button.getAttribute("aria-controls"))) return;
    button.dataset.ready = "1";
    button.hidden = false;
    button.addEventListener("click", function () {
      button.setAttribute("aria-expanded", button.getAttribute("aria-expanded") === "true" ? "false" : "true");
    });
  }

  document.addEventListener("keydown", function (event) {
    var button = currentButton();
    if (event.key !== "Escape" || !button || button.getAttribute("aria-expanded") !== "true") return;
    if (getComputedStyle(button).display === "none") return;
    button.setAttribute("aria-expanded", "false");
    button.focus();
  });
  document.addEventListener("htmx:load", setUp);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
}());
