// Score sheets: small enhancements; every sheet page works without this file.
"use strict";

// The sheet polls its own address with If-None-Match; an unchanged sheet answers 304 with
// no body, which htmx would otherwise swap in as an empty region.
document.addEventListener("htmx:beforeSwap", (event) => {
  if (event.detail.xhr && event.detail.xhr.status === 304) {
    event.detail.shouldSwap = false;
  }
});

// New sheet, three-player riichi: the fourth name is not asked for (a disabled input is not sent).
function showPlayerNames(form) {
  const three = form.querySelector('input[name="players"][value="3"]');
  const fourth = form.querySelector('[data-player-name="4"]');
  if (!three || !fourth) return;
  fourth.hidden = three.checked;
  fourth.querySelector("input").disabled = three.checked;
}
document.addEventListener("change", (event) => {
  const input = event.target;
  if (input instanceof HTMLInputElement && input.name === "players" && input.form) {
    showPlayerNames(input.form);
  }
});
