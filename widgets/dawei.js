// 打围 widgets — PLACEHOLDER written by the platform.
export const widgets = {
  "dawei-dice": async (root, ctx) => {
    const button = root.querySelector('[data-role="roll"]');
    const dice = root.querySelector('[data-role="dice"]');
    const pattern = root.querySelector('[data-role="pattern"]');
    const awards = root.querySelector('[data-role="awards"]');
    let seq = 0;
    button.addEventListener("click", async () => {
      button.disabled = true;
      const answer = await ctx.call({ game: "dawei", action: "roll" });
      button.disabled = false;
      if (!answer.ok) { pattern.textContent = answer.error[ctx.lang]; return; }
      dice.innerHTML = answer.svg;
      dice.dataset.dice = answer.dice.join(",");
      pattern.textContent = answer.pattern[ctx.lang];
      awards.textContent = answer.awards.join(", ");
      root.dataset.seq = String(++seq);
    });
    button.disabled = false;
  },
};
