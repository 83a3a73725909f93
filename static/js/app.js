// Small progressive enhancements: copy buttons and stake presets. Everything works without it.
"use strict";
document.documentElement.classList.add("js");

function copyText(button) {
  const text = button.dataset.copy;
  const done = () => {
    const old = button.textContent;
    button.textContent = button.dataset.copied || "✓";
    setTimeout(() => { button.textContent = old; }, 1500);
  };
  const fallback = () => {
    // No clipboard access (plain http, old browser): select the link so it can be copied by hand.
    const field = button.parentElement.querySelector(".share-url") || document.querySelector(".share-url");
    if (field) { field.focus(); field.select(); }
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(done, fallback);
  } else {
    fallback();
  }
}

document.addEventListener("click", (event) => {
  const copy = event.target.closest("button.copy");
  if (copy) { copyText(copy); return; }
  const preset = event.target.closest("button[data-unit]");
  if (preset) {
    const unit = document.getElementById("id_unit");
    unit.value = preset.dataset.unit;
    unit.dispatchEvent(new Event("change", { bubbles: true }));
  }
});

// --- Riichi: show the fu field or the count-the-fu fields, following fu_mode. ---------------
// The server renders the right one with `hidden`; this only keeps it right between page loads.
function showFuMode(event) {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.name !== "fu_mode" || !input.form) return;
  input.form.querySelectorAll("[data-fu-mode]").forEach((part) => {
    part.hidden = part.dataset.fuMode !== input.value;
  });
}
document.addEventListener("change", showFuMode);

// --- Family switch: on a phone the chips scroll sideways; start with the current one in view.
document.addEventListener("DOMContentLoaded", () => {
  const current = document.querySelector(".family-switch [aria-current]");
  const strip = current && current.closest("ul");
  if (strip && strip.scrollWidth > strip.clientWidth) {
    strip.scrollLeft = current.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2;
  }
});

// --- Result bar (phones): shown only while the result cards are out of sight. -------------
(() => {
  if (!("IntersectionObserver" in window)) return;
  const root = document.documentElement;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) root.classList.toggle("result-in-view", entry.isIntersecting);
  });
  const watch = () => {
    observer.disconnect();
    const cards = document.querySelector("#result .cards");
    if (cards) observer.observe(cards);
    else root.classList.add("result-in-view"); // nothing to show: no bar
  };
  document.addEventListener("DOMContentLoaded", watch);
  document.addEventListener("htmx:afterSettle", watch); // the result region was replaced
})();
