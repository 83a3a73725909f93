// The tile keyboard of the hand pages. Each tap edits the chosen text field and sends an
// `input` event, so htmx recomputes as if the notation had been typed. Without this file the
// fields still take the notation by hand. The tray draws what the fields hold (typed or
// tapped) as tiles, with the count toward 14, and lets a drawn tile become the winning tile.
"use strict";

(() => {
  const keyboard = document.querySelector("[data-keyboard]");
  if (!keyboard) return;
  const form = keyboard.closest("form");
  const field = (name) => form.elements.namedItem(name);
  const drawn = keyboard.querySelector("[data-drawn]");
  const counter = keyboard.querySelector("[data-tile-count]");
  const COPIES = 4;
  let target = "hand";
  let meldKind = "pon";
  // Whether the winning tile was picked (tapped in the tray, typed, or tapped as its own
  // target). Until then it follows the last tile tapped into the hand.
  let winChosen = Boolean(field("win_tile") && field("win_tile").value.trim());

  // --- reading and writing the notation --------------------------------------------------
  const HONORS = { "東": "1z", "东": "1z", "南": "2z", "西": "3z", "北": "4z", "白": "5z", "發": "6z", "发": "6z", "中": "7z",
    "梅": "1f", "蘭": "2f", "兰": "2f", "菊": "3f", "竹": "4f", "春": "1g", "夏": "2g", "秋": "3g", "冬": "4g" };

  // The tiles of a text, in the order written ("3m", "0p", "7z"), or null if it does not read.
  function readTiles(text) {
    const tiles = [];
    let digits = [];
    for (const raw of text) {
      const char = raw.normalize("NFKC").toLowerCase();
      if (/\s/.test(char)) continue;
      if (/[0-9]/.test(char)) digits.push(char);
      else if ("mpszfg".includes(char) && digits.length) {
        digits.forEach((d) => tiles.push(d + char));
        digits = [];
      } else if (HONORS[raw] && !digits.length) tiles.push(HONORS[raw]);
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

  // A red five is a five of its suit: 0p and 5p are one kind.
  const kindOf = (tile) => (tile[0] === "0" ? "5" + tile[1] : tile);
  const sameTile = (held, win) => (win[0] === "0" ? held === win : kindOf(held) === kindOf(win));

  function meldTiles(kind, tile) {
    const suit = tile[1];
    const digit = tile[0];
    const number = digit === "0" ? 5 : Number(digit);
    if (kind === "chi") {
      if (suit === "z") return null;
      const start = Math.min(number, 7);
      return [start, start + 1, start + 2].map((n) => (n === number ? digit : String(n)) + suit);
    }
    const plain = String(number) + suit;
    return [tile].concat(Array(kind === "pon" ? 2 : 3).fill(plain));
  }

  function readMelds(text) {
    return text.split(",").map((m) => m.trim()).filter(Boolean).map((text) => {
      const [kind, tiles] = text.includes(":") ? text.split(":", 2) : ["", text];
      return { kind: kind.trim().toLowerCase(), tiles: readTiles(tiles) || [] };
    });
  }

  const value = (name) => (field(name) ? field(name).value : "");
  const handTiles = () => readTiles(value("hand")) || [];
  const meldList = () => readMelds(value("melds"));
  const winTile = () => (readTiles(value("win_tile")) || [])[0] || "";

  function changed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function setWin(tile) {
    const win = field("win_tile");
    if (!win || win.value === tile) return;
    win.value = tile;
    changed(win);
  }

  // After the hand loses tiles: a winning tile that is no longer held falls back to the
  // hand's last tile (or none), and follows the taps again.
  function keepWinInHand() {
    const win = winTile();
    const hand = handTiles();
    if (!win || hand.some((t) => sameTile(t, win))) return;
    winChosen = false;
    setWin(hand.length ? hand[hand.length - 1] : "");
  }

  // --- copies: a key is disabled when its tap would make a fifth of a kind ---------------
  function used() {
    const kinds = {};
    const reds = {};
    const add = (tile) => {
      kinds[kindOf(tile)] = (kinds[kindOf(tile)] || 0) + 1;
      if (tile[0] === "0") reds[tile] = (reds[tile] || 0) + 1;
    };
    handTiles().forEach(add);
    meldList().forEach((meld) => meld.tiles.forEach(add));
    ["dora", "ura", "flowers"].forEach((name) => {
      if (field(name) && field(name).dataset.tileInput) (readTiles(value(name)) || []).forEach(add);
    });
    const kita = field("kita");
    const kitaKey = keyboard.querySelector("[data-kita]");
    if (kita && kitaKey && !kitaKey.hidden) {
      for (let i = 0; i < (parseInt(kita.value, 10) || 0); i++) add("4z");
    }
    return { kinds, reds };
  }

  // 食糊嗰隻 tapped on the keyboard joins the hand as the tile that won, unless the hand is
  // already full and holds it: then it marks the copy there (the hint under the keys says so).
  function winJoinsHand(tile) {
    const hand = handTiles();
    const full = hand.length + 3 * meldList().length >= 14;
    return !(full && hand.some((t) => sameTile(t, tile)));
  }

  function tilesOfTap(tile) {
    if (/[fg]/.test(tile[1])) return [tile];
    if (target === "win_tile") return winJoinsHand(tile) ? [tile] : [];
    if (target === "melds") return meldTiles(meldKind, tile);
    return [tile];
  }

  function fits(tiles, counts) {
    if (!tiles) return false;
    const kinds = { ...counts.kinds };
    const reds = { ...counts.reds };
    for (const tile of tiles) {
      const limit = /[fg]/.test(tile[1]) ? 1 : COPIES;
      kinds[kindOf(tile)] = (kinds[kindOf(tile)] || 0) + 1;
      if (kinds[kindOf(tile)] > limit) return false;
      if (tile[0] === "0") {
        reds[tile] = (reds[tile] || 0) + 1;
        if (reds[tile] > 1) return false;
      }
    }
    return true;
  }

  function disable(button, off) {
    button.setAttribute("aria-disabled", String(off));
  }

  function updateKeys() {
    const counts = used();
    keyboard.querySelectorAll(".kb-grid [data-tile]").forEach((key) => {
      disable(key, !fits(tilesOfTap(key.dataset.tile), counts));
    });
    const kitaKey = keyboard.querySelector("[data-kita]");
    if (kitaKey) {
      const kita = parseInt(value("kita"), 10) || 0;
      disable(kitaKey, kita >= 4 || !fits(["4z"], counts));
    }
    const flowers = parseInt(value("flowers"), 10) || 0;
    keyboard.querySelectorAll("[data-flower]").forEach((key) => {
      disable(key, Number(key.dataset.flower) < 0 ? flowers <= 0 : flowers >= 8);
    });
  }

  // --- the tray: the fields drawn as tiles ------------------------------------------------
  // A drawn tile copies the face of its key, so the tray and the keys always look alike.
  function face(tile, tag) {
    const key = keyboard.querySelector(`.kb-grid [data-tile="${tile}"]`);
    const element = document.createElement(tag);
    element.className = key ? key.className : "tile";
    if (key) element.innerHTML = key.innerHTML;
    else element.textContent = tile;
    element.dataset.code = tile;
    element.setAttribute("aria-label", key ? key.getAttribute("aria-label") : tile);
    return element;
  }

  function back(tile) {
    const element = document.createElement("span");
    element.className = "tile tile-back";
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", `${face(tile, "span").getAttribute("aria-label")} (${keyboard.dataset.backLabel})`);
    return element;
  }

  function draw() {
    const hand = handTiles();
    const melds = meldList();
    const win = winTile();
    let winAt = -1;
    hand.forEach((t, i) => { if (win && sameTile(t, win)) winAt = i; });
    drawn.replaceChildren();
    const concealed = document.createElement("span");
    concealed.className = "kb-hand";
    hand.forEach((tile, i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "kb-pick";
      button.dataset.pick = tile;
      const tileFace = face(tile, "span");
      tileFace.setAttribute("aria-hidden", "true");
      if (i === winAt) tileFace.classList.add("tile-win");
      button.append(tileFace);
      const label = tileFace.getAttribute("aria-label");
      button.setAttribute("aria-label", i === winAt ? `${label}, ${keyboard.dataset.winLabel}` : `${keyboard.dataset.pickLabel} ${label}`);
      button.setAttribute("aria-pressed", String(i === winAt));
      concealed.append(button);
    });
    drawn.append(concealed);
    melds.forEach((meld) => {
      const group = document.createElement("span");
      group.className = `meld meld-${meld.kind}`;
      meld.tiles.forEach((tile, i) => {
        const ends = meld.kind === "ankan" && (i === 0 || i === meld.tiles.length - 1);
        group.append(ends ? back(tile) : face(tile, "span"));
      });
      group.querySelectorAll(".tile:not(.tile-back)").forEach((t) => t.setAttribute("role", "img"));
      drawn.append(group);
    });
    const flowers = field("flowers");
    if (flowers && flowers.dataset.tileInput) {
      const group = document.createElement("span");
      group.className = "meld meld-flowers";
      (readTiles(flowers.value) || []).forEach((tile) => group.append(face(tile, "span")));
      if (group.childElementCount) drawn.append(group);
    }
    // Toward the 14: a meld counts 3 (a kan's fourth tile is its replacement draw).
    const count = hand.length + 3 * melds.length;
    counter.textContent = winAt >= 0 ? `${count - 1} + 1` : String(count);
    counter.dataset.count = String(count);
    updateKeys();
  }

  // --- taps ------------------------------------------------------------------------------
  function tap(tile, name = target) {
    const input = field(name);
    if (!input) return;
    if (name === "win_tile") {
      const hand = field("hand");
      if (hand && winJoinsHand(tile)) {
        const tiles = readTiles(hand.value);
        hand.value = tiles ? writeTiles(tiles.concat([tile])) : hand.value + tile;
        changed(hand);
      }
      input.value = tile;
      winChosen = true;
    } else if (name === "melds") {
      const tiles = meldTiles(meldKind, tile);
      if (!tiles) return;
      const meld = `${meldKind}:${writeTiles(tiles)}`;
      const text = input.value.trim().replace(/,\s*$/, "");
      input.value = text ? `${text},${meld}` : meld;
    } else {
      const tiles = readTiles(input.value);
      input.value = tiles ? writeTiles(tiles.concat([tile])) : input.value + tile;
      // Until one is picked, the tile tapped last is taken as the one that won.
      if (name === "hand" && !winChosen) setWin(tile);
    }
    changed(input);
  }

  function backspace() {
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
    if (target === "win_tile") winChosen = false;
    if (target === "hand") keepWinInHand();
    changed(input);
  }

  function clear() {
    const input = field(target);
    if (!input) return;
    input.value = "";
    if (target === "win_tile") winChosen = false;
    if (target === "hand") keepWinInHand();
    changed(input);
  }

  function choose(name) {
    if (!field(name)) return;
    target = name;
    keyboard.querySelectorAll("[data-target]").forEach((button) => {
      button.setAttribute("aria-pressed", String(button.dataset.target === name));
    });
    keyboard.querySelector("[data-meld-kinds]").hidden = name !== "melds";
    const winHint = keyboard.querySelector("[data-win-hint]");
    if (winHint) winHint.hidden = name !== "win_tile";
    updateKeys();
  }

  function count(name, step, max) {
    const input = field(name);
    const next = Math.max(0, Math.min(max, (parseInt(input.value, 10) || 0) + step));
    input.value = String(next);
    changed(input);
  }

  keyboard.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || button.getAttribute("aria-disabled") === "true") return;
    if (button.dataset.pick) {
      setWin(button.dataset.pick);
      winChosen = true;
    } else if ("flowerKey" in button.dataset) tap(button.dataset.tile, "flowers");
    else if (button.dataset.tile) tap(button.dataset.tile);
    else if (button.dataset.target) choose(button.dataset.target);
    else if (button.dataset.meldKind) {
      meldKind = button.dataset.meldKind;
      keyboard.querySelectorAll("[data-meld-kind]").forEach((other) => {
        other.setAttribute("aria-pressed", String(other === button));
      });
      updateKeys();
    } else if (button.dataset.key === "back") backspace();
    else if (button.dataset.key === "clear") clear();
    else if ("kita" in button.dataset) count("kita", 1, 4);
    else if (button.dataset.flower) count("flowers", Number(button.dataset.flower), 8);
    draw();
  });

  // Typing in a tile field makes it the keyboard's target; typing the winning tile picks it.
  form.addEventListener("focusin", (event) => {
    const name = event.target.dataset && event.target.dataset.tileInput;
    if (name) choose(name);
  });
  form.addEventListener("input", (event) => {
    if (event.isTrusted && event.target.name === "win_tile") winChosen = Boolean(event.target.value.trim());
    draw();
  });
  // The players switch hides 2m–8m and shows 拔北: the count of copies follows.
  form.addEventListener("change", draw);
  draw();
})();
