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

// Back to a page kept whole by the browser (bfcache): its hand form still holds the values
// and the idempotency key of a hand already sent, and its totals are old. Load it again:
// fresh totals, an empty form and a new key, so one tap records one hand. (The form says
// autocomplete="off", so the browser does not fill the reloaded form in again.)
window.addEventListener("pageshow", (event) => {
  if (event.persisted && document.querySelector("[data-hand-form]")) {
    window.location.reload();
  }
});

// A self-draw or a drawn hand has no discarder: clear and disable the choice, so the form
// never sends one (a disabled field is not sent; the server would refuse it).
function syncDiscarder(form) {
  const discarder = form.querySelector('select[name="discarder"]');
  if (!discarder) return;
  const winner = form.querySelector('select[name="winner"]');
  const win = form.querySelector('input[name="win"]:checked');
  const none = (winner && winner.value === "none") || (win && win.value !== "discard");
  if (none) discarder.value = "";
  discarder.disabled = Boolean(none);
}
// Only a 包自摸 has a liable player: while it is unticked the choice is cleared and disabled,
// so a choice left over from a moment ago is never sent with the next hand.
function syncLiable(form) {
  const liable = form.querySelector('input[name="liable"][type="checkbox"]');
  const who = form.querySelector('select[name="liable_player"]');
  if (!liable || !who) return;
  if (!liable.checked) who.value = "";
  who.disabled = !liable.checked;
}
// Riichi: tenpai is only asked when nobody won. Once a winner is chosen the boxes are
// cleared and disabled (a disabled field is not sent; the server would refuse it).
function syncTenpai(form) {
  const box = form.querySelector('input[name="tenpai"][type="checkbox"]');
  const winner = form.querySelector('select[name="winner"]');
  const group = box && box.closest("fieldset");
  if (!group || !winner) return;
  const won = winner.value !== "" && winner.value !== "none";
  if (won) group.querySelectorAll("input[type=checkbox]").forEach((input) => { input.checked = false; });
  group.disabled = won;
}
function syncHandForm(form) {
  syncDiscarder(form);
  syncLiable(form);
  syncTenpai(form);
}
// Capture: before htmx, on the form, sends the preview for the same change.
document.addEventListener(
  "change",
  (event) => {
    const form = event.target instanceof Element && event.target.closest("[data-hand-form]");
    if (form) syncHandForm(form);
  },
  true,
);
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("[data-hand-form]").forEach(syncHandForm);
});
document.addEventListener("htmx:load", (event) => {
  // A hand form drawn again (refused, or emptied after a refused hand).
  const form = event.detail.elt instanceof Element && event.detail.elt.querySelector("[data-hand-form]");
  if (form) syncHandForm(form);
});

// While "record this hand" is on its way, no preview or poll is sent: a preview would
// replace (abort) the record's request on the form, and a poll's answer could bring the new
// row before the record's own answer does.
// (Either button that records: "record this hand", or "record it again" after a duplicate.)
const recording = () => document.querySelector("[data-hand-form] [data-record].htmx-request");
document.addEventListener("htmx:confirm", (event) => {
  const elt = event.detail.elt;
  if (!(elt instanceof Element) || !recording()) return;
  // A second tap meanwhile, too: the first is still on its way.
  if (elt.matches("[data-hand-form], [data-record]") || elt.id === "sheet-live") {
    event.preventDefault();
  }
});
// Another phone recorded or changed a hand (a poll brought a new revision): the hand being
// filled in is now played under other counters (dealer, honba, sticks), so its preview is
// asked for again. Only a preview with amounts showing: an empty form is not told what it
// lacks, and "Hand 5 is recorded." (this phone's own write) stays.
let revisionShown = null;
function previewAgain() {
  const live = document.getElementById("sheet-live");
  if (!live) return;
  const revision = live.dataset.revision;
  const changed = revisionShown !== null && revision !== revisionShown;
  revisionShown = revision;
  const form = document.querySelector("[data-hand-form]");
  if (changed && form && !recording() && document.querySelector("#hand-preview [data-preview-delta]")) {
    htmx.trigger(form, "change");
  }
}
document.addEventListener("DOMContentLoaded", previewAgain);
document.addEventListener("htmx:afterSettle", previewAgain);
// A row the list already holds (from a poll answered meanwhile) is replaced, not repeated.
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const { target, fragment } = event.detail;
  if (!(target instanceof Element) || target.id !== "hand-list" || !fragment) return;
  fragment.querySelectorAll("[data-hand]").forEach((row) => {
    const shown = document.getElementById(row.id);
    if (shown) shown.remove();
  });
});
// A hand refused in place comes back in its form: to the first field to fix.
document.addEventListener("htmx:afterSettle", (event) => {
  const form = event.target instanceof Element && event.target.id === "hand-form" && event.target;
  const field = form && form.querySelector('[aria-invalid="true"], .has-error input, .has-error select');
  if (field) field.focus();
  // The same hand as one just recorded elsewhere: the words and "record it again" in view,
  // below the button tapped (not focused: a second tap or Enter must not record it).
  const again = form && !field && form.querySelector("[data-again]");
  if (again) again.scrollIntoView({ block: "nearest" });
});

// A hand recorded in place (htmx): the answer brought the new row, the totals and a new
// idempotency key; empty the form for the next hand.
document.addEventListener("handRecorded", () => {
  document.querySelectorAll("[data-hand-form]").forEach((form) => form.reset());
  // Where a page without this file lands after recording (#totals): the new totals in view.
  const totals = document.getElementById("totals");
  if (totals) totals.scrollIntoView({ block: "nearest" });
});
document.addEventListener("reset", (event) => {
  const form = event.target;
  if (form instanceof HTMLFormElement && form.matches("[data-hand-form]")) {
    setTimeout(() => syncHandForm(form)); // a reset event comes before the values change
  }
});
// While the hand is on its way its fields take no input (the form is emptied when the answer
// comes, which would lose what was typed meanwhile) and the form says it is busy. Only the
// fields: the button keeps the focus, and the page's status line (#sheet-announce) says it
// when the answer says the hand is recorded. (The button's request gives up after a while,
// so the fields never stay shut.)
function recordingForm(event) {
  const elt = event.detail.elt;
  return elt instanceof Element && elt.matches("[data-record]") ? elt.closest("form") : null;
}
function shut(form, busy) {
  form.querySelectorAll(".hand-own, .hand-fields").forEach((part) => { part.inert = busy; });
  if (busy) form.setAttribute("aria-busy", "true");
  else form.removeAttribute("aria-busy");
}
document.addEventListener("htmx:beforeRequest", (event) => {
  const form = recordingForm(event);
  if (form) shut(form, true);
});
document.addEventListener("htmx:afterRequest", (event) => {
  const form = recordingForm(event);
  if (form) shut(form, false);
});

// A hand's delete or restore names the revision the page shows. The list stays in the page
// when a hand is recorded from it, so take the revision the totals show now, not the one the
// list was drawn with (without this file the whole page is drawn again after every change).
document.addEventListener("submit", (event) => {
  const form = event.target;
  const live = document.getElementById("sheet-live");
  if (!(form instanceof HTMLFormElement) || !live) return;
  const revision = form.querySelector('input[name="revision"]');
  if (revision && form.closest("#sheet-record")) revision.value = live.dataset.revision;
});

// Push: the page follows its sheet's changes over Server-Sent Events and, told of a revision
// it does not show, asks for its live region as a poll does (If-None-Match: 304 if a poll
// got there first). While the stream is open the 3 s poll goes out only once a minute,
// in case a change was missed; a dropped stream (EventSource tries again by itself) or a
// refused one leaves the poll as it was.
const POLL_WHILE_FOLLOWING_MS = 60000;
let following = null;
let followed = false;
let toldRevision = 0;
let polledAt = Date.now();
function liveRegion() {
  return document.getElementById("sheet-live");
}
function catchUp() {
  const live = liveRegion();
  if (live && toldRevision > Number(live.dataset.revision) && !recording()) {
    htmx.trigger(live, "sheetChanged");
  }
}
function follow() {
  const live = liveRegion();
  if (following || !live || !live.dataset.events || !window.EventSource) return;
  following = new EventSource(`${live.dataset.events}?revision=${live.dataset.revision}`);
  following.addEventListener("open", () => { followed = true; });
  following.addEventListener("error", () => {
    followed = following !== null && following.readyState === EventSource.OPEN;
  });
  following.addEventListener("sheet", (event) => {
    toldRevision = Math.max(toldRevision, Number(event.data));
    catchUp();
  });
}
function unfollow() {
  if (following) following.close();
  following = null;
  followed = false;
}
document.addEventListener("DOMContentLoaded", follow);
window.addEventListener("pagehide", unfollow);
window.addEventListener("pageshow", (event) => { if (event.persisted) follow(); });
// A change told while this phone's own hand was on its way: asked for once the answer is in.
document.addEventListener("htmx:afterSettle", catchUp);
document.addEventListener("htmx:confirm", (event) => {
  const { elt, triggeringEvent } = event.detail;
  if (!(elt instanceof Element) || elt.id !== "sheet-live") return;
  const polling = !triggeringEvent; // htmx's `every` sends no event; a push sends one
  if (polling && followed && Date.now() - polledAt < POLL_WHILE_FOLLOWING_MS) {
    event.preventDefault();
    return;
  }
  polledAt = Date.now();
});
