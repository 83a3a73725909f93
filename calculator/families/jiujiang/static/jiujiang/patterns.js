// Jiujiang's pattern boxes, on every page that draws them (its calculator, its tile page, its
// score sheets' hand form). 平胡 means "nothing else fits", so ticking a pattern unticks 平胡
// and ticking 平胡 unticks the rest (unticking the last pattern brings 平胡 back); 杠上開花 is a self-draw
// and 搶杠 is won off another player, so ticking one picks the win type and unticks the other.
// This runs in the capture phase, before htmx reads the form for its request. The server
// still refuses an impossible set.
document.addEventListener("change", (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.type !== "checkbox" || !input.form) return;
  const form = input.form;
  const set = (selector, on) => form.querySelectorAll(selector).forEach((box) => { box.checked = on; });
  const patterns = 'input[type="checkbox"][name="pattern"]';
  if (input.name === "pattern" && input.checked) {
    set(input.value === "pinghu" ? `${patterns}:not([value="pinghu"])` : `${patterns}[value="pinghu"]`, false);
  } else if (input.name === "pattern" && input.value !== "pinghu" && !form.querySelector(`${patterns}:checked`)) {
    set(`${patterns}[value="pinghu"]`, true);
  } else if (input.name === "gangkai" && input.checked) {
    set('input[name="win"][value="self_draw"]', true);
    set('input[type="checkbox"][name="qianggang"]', false);
  } else if (input.name === "qianggang" && input.checked) {
    set('input[name="win"][value="discard"]', true);
    set('input[type="checkbox"][name="gangkai"]', false);
  }
}, true);
