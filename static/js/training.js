/* Training pages: keyboard flow after htmx swaps (no dependency besides htmx, no CDN).
   After an answer, focus moves to "Next situation" (or the feedback), so Enter goes on at once and screen
   readers land on the verdict; after a words-form swap, focus returns to the field that was used. */
(function () {
  "use strict";
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (!target) { return; }
    if (target.id === "answer-zone") {
      var next = document.getElementById("next-situation");
      var feedback = document.getElementById("feedback");
      var field = target.querySelector("input[name=word]");
      (field && !feedback ? field : (next || feedback || field)).focus();
    } else if (target.id === "words-section" || (target.closest && target.closest("#words-section"))) {
      var error = document.querySelector("#words-section .field--error input, #words-section .field--error textarea");
      var word = document.getElementById("id_word");
      if (error) { error.focus(); } else if (word && event.detail.requestConfig &&
                 event.detail.requestConfig.elt && event.detail.requestConfig.elt.querySelector &&
                 event.detail.requestConfig.elt.querySelector("#id_word")) { word.focus(); }
    }
  });
})();
