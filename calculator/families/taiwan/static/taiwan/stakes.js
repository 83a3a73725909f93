// Taiwanese stake chips: "100/20" sets both 底 and 台, then asks for the result as any edit does.
"use strict";
document.addEventListener("click", (event) => {
  const chip = event.target.closest("button[data-base][data-per-tai]");
  if (!chip) return;
  const base = document.getElementById("id_base");
  const perTai = document.getElementById("id_per_tai");
  if (!base || !perTai) return;
  base.value = chip.dataset.base;
  perTai.value = chip.dataset.perTai;
  perTai.dispatchEvent(new Event("change", { bubbles: true }));
});
