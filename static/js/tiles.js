// The tile keyboard of the hand pages. Each tap edits the chosen text field and sends an
// `input` event, so htmx recomputes as if the notation had been typed. Without this file the
// fields still take the notation by hand.
"use strict";

(() => {
  const keyboard = document.querySelector("[data-keyboard]");
  if (!keyboard) return;
  const form = keyboard.closest("form");
  const field = (name) => form.elements.namedItem(name);
  let target = "hand";
  let meldKind = "pon";

  // --- reading and writing the notation --------------------------------------------------
  const HONORS = { "東": "1", "东": "1", "南": "2", "西": "3", "北": "4", "白": "5", "發": "6", "发": "6", "中": "7" };

  // The tiles of a text, in the order written ("3m", "0p", "7z"), or null if it does not read.
  function readTiles(text) {
    const tiles = [];
    let digits = [];
    for (const raw of text) {
      const char = raw.normalize("NFKC").toLowerCase();
      if (/\s/.test(char)) continue;
      if (/[0-9]/.test(char)) digits.push(char);
      else if ("mpsz".includes(char) && digits.length) {
        digits.forEach((d) => tiles.push(d + char));
        digits = [];
      } else if (HONORS[raw] && !digits.length) tiles.push(HONORS[raw] + "z");
      else return null;
    }
    return digits.length ? null : tiles;
  }

  // Tiles back to compact notation, keeping their order: 1m 2m 3m 1z -> "123m1z".
  function writeTiles(tiles) {
    let text = "";
    tiles.forEach((tile, i) => {
      const next = tiles[i + 1];
      text += tile[0];
      if (!next || next[1] !== tile[1]) text += tile[1];
    });
    return text;
  }

  function meldText(kind, tile) {
    const suit = tile[1];
    const digit = tile[0];
    const number = digit === "0" ? 5 : Number(digit);
    if (kind === "chi") {
      if (suit === "z") return null;
      const start = Math.min(number, 7);
      const digits = [start, start + 1, start + 2].map((n) => (n === number ? digit : String(n)));
      return `chi:${digits.join("")}${suit}`;
    }
    const size = kind === "pon" ? 3 : 4;
    const plain = String(number);
    const digits = [digit].concat(Array(size - 1).fill(plain));
    return `${kind}:${digits.join("")}${suit}`;
  }

  function tileCount() {
    const hand = readTiles(field("hand").value) || [];
    const melds = field("melds").value.split(",").filter((m) => m.trim()).length;
    return hand.length + 3 * melds;
  }

  function changed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // --- taps ------------------------------------------------------------------------------
  function tap(tile) {
    const input = field(target);
    if (!input) return;
    if (target === "win_tile") {
      input.value = tile;
    } else if (target === "melds") {
      const meld = meldText(meldKind, tile);
      if (!meld) return;
      const text = input.value.trim().replace(/,\s*$/, "");
      input.value = text ? `${text},${meld}` : meld;
    } else {
      const tiles = readTiles(input.value);
      input.value = tiles ? writeTiles(tiles.concat([tile])) : input.value + tile;
      // The tile that completes the hand is most often the one that won.
      const win = field("win_tile");
      if (target === "hand" && win && !win.value.trim() && tileCount() === 14) {
        win.value = tile;
        changed(win);
      }
    }
    changed(input);
  }

  function back() {
    const input = field(target);
    if (!input) return;
    if (target === "melds") {
      const melds = input.value.split(",").filter((m) => m.trim());
      melds.pop();
      input.value = melds.join(",");
    } else {
      const tiles = readTiles(input.value);
      input.value = tiles ? writeTiles(tiles.slice(0, -1)) : input.value.slice(0, -1);
    }
    changed(input);
  }

  function choose(name) {
    if (!field(name)) return;
    target = name;
    keyboard.querySelectorAll("[data-target]").forEach((button) => {
      button.setAttribute("aria-pressed", String(button.dataset.target === name));
    });
    keyboard.querySelector("[data-meld-kinds]").hidden = name !== "melds";
  }

  keyboard.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.tile) tap(button.dataset.tile);
    else if (button.dataset.target) choose(button.dataset.target);
    else if (button.dataset.meldKind) {
      meldKind = button.dataset.meldKind;
      keyboard.querySelectorAll("[data-meld-kind]").forEach((other) => {
        other.setAttribute("aria-pressed", String(other === button));
      });
    } else if (button.dataset.key === "back") back();
    else if (button.dataset.key === "clear") {
      const input = field(target);
      if (input) { input.value = ""; changed(input); }
    } else if ("kita" in button.dataset) {
      const kita = field("kita");
      kita.value = String(Math.min(4, (parseInt(kita.value, 10) || 0) + 1));
      changed(kita);
    } else if ("flower" in button.dataset) {
      const flowers = field("flowers");
      const count = Math.min(8, (parseInt(flowers.value, 10) || 0) + 1);
      flowers.value = String(count);
      changed(flowers);
    }
  });

  // Typing in a tile field makes it the keyboard's target too.
  form.addEventListener("focusin", (event) => {
    const name = event.target.dataset && event.target.dataset.tileInput;
    if (name) choose(name);
  });
})();
