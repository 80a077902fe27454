// Word study: the word wall's countdown (it submits the Finish form at zero), its answer box, and Enter-to-submit
// in flash mode.
(function () {
  "use strict";

  function startTimer(el) {
    var deadline = Date.parse(el.dataset.deadline) - 1000 * Number(el.dataset.grace || 0);
    var text = el.querySelector("[data-timer-text]");
    var form = document.getElementById(el.dataset.finishForm);
    function tick() {
      var left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
      text.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      el.classList.toggle("ws-timer--low", left <= 30);
      if (left === 0) {
        clearInterval(timer);
        if (form) form.submit();
      }
    }
    var timer = setInterval(tick, 500);
    tick();
  }

  // The wall's answer box. Until this runs, the form is an ordinary POST (the server counts the word and shows
  // the wall again). From here on each word is sent by htmx with its own value, and the box is emptied as it
  // leaves: a word typed while the previous one is on its way stays in the box and goes next (hx-sync queues
  // every request of the form, in order). Emptying the box only once the answer came back (form.reset()) lost
  // what a fast player had typed meanwhile.
  function wireWall(form) {
    if (!window.htmx) return; // no htmx: the plain form keeps working
    var field = form.querySelector("input[name=word]");
    form.noValidate = true; // an empty box is simply ignored below
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var word = field.value.trim();
      if (!word) return;
      field.value = "";
      field.focus();
      // No target here: htmx.ajax would find it now, and a word queued behind another would land in the board
      // the first answer replaces; the form's hx-target is looked up as each request leaves.
      window.htmx.ajax("POST", form.action, { source: form, values: { word: word } });
    });
    // The word could not be sent (network down): give it back if the box is still empty.
    form.addEventListener("htmx:sendError", function (event) {
      var sent = event.detail.requestConfig && event.detail.requestConfig.parameters;
      if (!field.value && sent && sent.word) field.value = sent.word;
    });
    form.addEventListener("htmx:afterRequest", function () {
      if (document.activeElement === document.body) field.focus();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".ws-timer[data-deadline]").forEach(startTimer);
    document.querySelectorAll("form[data-wall-guess]").forEach(wireWall);
    document.querySelectorAll("textarea[data-submit-on-enter]").forEach(function (area) {
      area.addEventListener("keydown", function (event) {
        if (event.key === "Enter" && !event.shiftKey) {
          event.preventDefault();
          area.form.requestSubmit();
        }
      });
    });
  });
})();
