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
  // The rules line under the result: open 檯規 before the browser scrolls to it.
  const rules = event.target.closest("a[data-rules]");
  if (rules) {
    const details = document.getElementById("rules");
    if (details) details.open = true;
    return;
  }
  const preset = event.target.closest("button[data-unit]");
  if (preset) {
    const unit = document.getElementById("id_unit");
    unit.value = preset.dataset.unit;
    for (const chip of preset.parentElement.querySelectorAll("button[data-unit]")) {
      chip.setAttribute("aria-pressed", chip === preset ? "true" : "false");
    }
    unit.dispatchEvent(new Event("change", { bubbles: true }));
  }
});

// --- Each live request of the form:
// - is not sent when it asks what the last one asked. A field left after typing sends
//   `change` for the value its `input` already asked about; the second answer would redraw
//   the result and the language links under the player's next click, and a link held down
//   while it is replaced loses the click. Unless the last answer never came (below).
// - says which reference table the page shows: when it is the same, the answer leaves it
//   out (hx-preserve keeps it), as it changes only with the table rules.
const asked = new WeakMap();
document.addEventListener("htmx:configRequest", (event) => {
  const form = event.detail.elt;
  if (!(form instanceof HTMLFormElement) || form.id !== "calc") return;
  const query = new URLSearchParams(new FormData(form)).toString();
  if (asked.get(form) === query) {
    event.preventDefault();
    return;
  }
  asked.set(form, query);
  const shown = document.getElementById("reference");
  if (shown && shown.dataset.ref) event.detail.headers["X-Reference"] = shown.dataset.ref;
});
const forget = (event) => { if (event.detail.elt instanceof HTMLFormElement) asked.delete(event.detail.elt); };
document.addEventListener("htmx:sendError", forget);
document.addEventListener("htmx:responseError", forget);
document.addEventListener("htmx:timeout", forget);

// The language links follow the state by their addresses alone: they are changed in place,
// so a link being clicked is never swapped away from under the pointer.
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const nav = event.detail.target;
  if (!(nav instanceof HTMLElement) || nav.id !== "languages") return;
  const old = [...nav.querySelectorAll("a[hreflang]")];
  const fresh = [...event.detail.fragment.querySelectorAll("a[hreflang]")];
  if (old.length !== fresh.length || old.some((a, i) => a.hreflang !== fresh[i].hreflang)) return;
  old.forEach((a, i) => { a.href = fresh[i].getAttribute("href"); });
  event.detail.shouldSwap = false;
});

// --- Live answers carry only the field errors they have (each out of band, beside its field):
// the form's other error lines are emptied first, in the same task, so nothing flickers.
document.addEventListener("htmx:beforeSwap", (event) => {
  const form = event.detail.requestConfig && event.detail.requestConfig.elt;
  if (!event.detail.shouldSwap || !(form instanceof HTMLFormElement) || form.id !== "calc") return;
  form.querySelectorAll('.field-error[id^="err-"]').forEach((line) => {
    if (line.firstChild) line.textContent = "";
  });
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

// --- Riichi: 七對子 has no wait, pair or melds, so while it is ticked their fields are disabled
// (and not sent). Capture phase: before htmx reads the form. The server renders the first state.
document.addEventListener("change", (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.name !== "chiitoitsu" || input.type !== "checkbox" || !input.form) return;
  input.form.querySelectorAll("fieldset[data-shape-parts]").forEach((part) => { part.disabled = input.checked; });
}, true);

// --- Riichi: three players (三麻). Parts marked data-players="3" or "4" show only at such a
// table (the sanma rules; 2m–8m on the tile keyboard, kita), and North is no seat or round.
// The server renders the first state; this keeps it right as the switch changes.
function showPlayers(form) {
  const chosen = form.querySelector('input[name="players"]:checked');
  if (!chosen) return;
  form.querySelectorAll("[data-players]").forEach((part) => {
    if (!part.querySelector(".has-error")) part.hidden = part.dataset.players !== chosen.value;
  });
  form.querySelectorAll('input[name="seat"][value="n"], input[name="round"][value="n"]').forEach((input) => {
    const label = input.closest("label");
    if (label) label.hidden = chosen.value === "3" && !input.checked;
  });
}
document.addEventListener("change", (event) => {
  const input = event.target;
  if (input instanceof HTMLInputElement && input.name === "players" && input.form) showPlayers(input.form);
});
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("form").forEach(showPlayers);
});

// --- A form emptied (a sheet's hand form after recording): the parts above follow their
// fields again. The reset event comes before the values change.
document.addEventListener("reset", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  setTimeout(() => {
    const mode = form.querySelector('input[name="fu_mode"]:checked');
    if (mode) showFuMode({ target: mode });
    const pairs = form.querySelector('input[name="chiitoitsu"][type="checkbox"]');
    form.querySelectorAll("fieldset[data-shape-parts]").forEach((part) => {
      part.disabled = Boolean(pairs && pairs.checked);
    });
    showPlayers(form);
  });
});

// --- Skip link: straight to the first field of the form (without this script the link still
// moves the keyboard's starting point there).
document.addEventListener("click", (event) => {
  const skip = event.target instanceof Element && event.target.closest('a.skip-link[href="#calc"]');
  if (!skip) return;
  const first = [...document.querySelectorAll("#calc input:not([type=hidden]), #calc select, #calc button, #calc summary")]
    .find((el) => el.getClientRects().length > 0 && !el.disabled);
  if (first) {
    event.preventDefault();
    first.focus();
  }
});

// --- Family switch: on a phone the chips scroll sideways; start with the current one in view.
document.addEventListener("DOMContentLoaded", () => {
  const current = document.querySelector(".family-switch [aria-current]");
  const strip = current && current.closest("ul");
  if (strip && strip.scrollWidth > strip.clientWidth) {
    strip.scrollLeft = current.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2;
  }
});

// --- Result bar: while the first card (what each player pays or gets) is not wholly on
// screen, at any width, a bar at the bottom keeps its line in sight. It steps aside while it
// would cover the field in use (its label, help and error included), or any part of a tile
// keyboard: keys are tapped, not focused (Safari), so the keyboard counts whenever in sight.
(() => {
  if (!("IntersectionObserver" in window)) return;
  const root = document.documentElement;
  const clearOfField = () => {
    const bar = document.querySelector("#result .result-bar");
    const height = (bar && bar.offsetHeight) || 64;
    const under = (el) => {
      const box = el.getBoundingClientRect();
      return box.height > 0 && box.bottom > window.innerHeight - height && box.top < window.innerHeight;
    };
    const field = document.activeElement;
    let covered = false;
    if (field instanceof HTMLElement && field.closest("#calc")) covered = under(field.closest(".field") || field);
    covered = covered || [...document.querySelectorAll("[data-keyboard]")].some(under);
    root.classList.toggle("bar-aside", covered);
  };
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      // Wholly in view; or, a card taller than the window (a big zoom), filling it.
      const fills = entry.rootBounds && entry.intersectionRect.height >= entry.rootBounds.height - 2;
      root.classList.toggle("result-in-view", entry.intersectionRatio >= 1 || Boolean(fills));
    }
  }, { threshold: Array.from({ length: 11 }, (_, i) => i / 10) });
  const watch = () => {
    observer.disconnect();
    const first = document.querySelector("#result .cards > .card");
    if (first) observer.observe(first);
    else root.classList.add("result-in-view"); // nothing to show: no bar
    clearOfField();
  };
  let queued = false;
  const soon = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; clearOfField(); });
  };
  document.addEventListener("DOMContentLoaded", watch);
  document.addEventListener("htmx:afterSettle", watch); // the result region was replaced
  document.addEventListener("focusin", clearOfField);
  document.addEventListener("focusout", soon);
  document.addEventListener("click", soon); // a keyboard switch can show or hide a row of keys
  window.addEventListener("scroll", soon, { passive: true });
  window.addEventListener("resize", soon);
})();

// --- A reference grid wider than the phone (riichi's 飜 × 符) scrolls sideways: keep the
// marked cell in view when the page opens and after each answer; the grid moves only when
// the cell is out of view, so a player's own scrolling is left alone.
function showMarkedCell() {
  document.querySelectorAll(".ref-wrap[data-current]").forEach((wrap) => {
    const current = wrap.dataset.current;
    const cell = current && wrap.querySelector(`[data-cell="${CSS.escape(current)}"]`);
    const scroller = cell && cell.closest(".table-scroll");
    if (!scroller || scroller.scrollWidth <= scroller.clientWidth) return;
    const box = scroller.getBoundingClientRect();
    const at = cell.getBoundingClientRect();
    const header = cell.parentElement.firstElementChild; // the row's 飜, which stays put
    const left = box.left + (header && header !== cell ? header.getBoundingClientRect().width : 0);
    if (at.left >= left - 1 && at.right <= box.right + 1) return; // whole, to the pixel
    scroller.scrollLeft += at.left + at.width / 2 - (left + box.right) / 2; // centred in the rest
  });
}
document.addEventListener("DOMContentLoaded", showMarkedCell);
document.addEventListener("htmx:afterSettle", showMarkedCell);

// --- A stake chip stays marked while the unit typed is its value.
document.addEventListener("input", (event) => {
  if (event.target.id !== "id_unit") return;
  document.querySelectorAll(".stake-presets button[data-unit]").forEach((chip) => {
    chip.setAttribute("aria-pressed", chip.dataset.unit === event.target.value ? "true" : "false");
  });
});
