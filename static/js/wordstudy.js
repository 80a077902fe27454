// Word study: the word wall's countdown (it submits the Finish form at zero) and Enter-to-submit in flash mode.
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

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".ws-timer[data-deadline]").forEach(startTimer);
    // The wall's answer box: emptied and focused again after each word (no inline handler: the CSP forbids them).
    document.querySelectorAll("form.ws-guess").forEach(function (form) {
      form.addEventListener("htmx:afterRequest", function () {
        form.reset();
        form.querySelector("input[name=word]").focus();
      });
    });
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
