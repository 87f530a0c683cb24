/* Copy buttons copy code that runs when pasted.
 *
 * The Material theme's copy button (the `content.code.copy` feature) copies the text of the
 * `data-copy` attribute of the block's nearest element that has one, and the block's text
 * otherwise.  This sets that attribute on the sessions the pages show:
 *
 * - doctest examples (`pycon` fences): the source lines without their `>>> ` and `... `
 *   prompts, and without the expected output, read as Python's doctest reads them: a `>>>`
 *   line starts an example, the `...` lines right after it continue it, and every other line
 *   up to the next `>>>` is output;
 * - shell sessions (`console` fences): the commands after the `$ ` prompts.
 */

/* The lines of a session's `text` typed after a `first` prompt, and after a `more` prompt
 * that follows such a line (`more` null for none), without the prompts. */
function typedLines(text, first, more) {
  const typed = [];
  let continuing = false;
  for (const line of text.split("\n")) {
    const prompt = line.split(" ", 1)[0];
    continuing = prompt === first || (continuing && prompt === more);
    if (continuing) {
      typed.push(line.slice(prompt.length + 1));
    }
  }
  return typed.join("\n");
}

const SESSIONS = [
  [".language-pycon pre", ">>>", "..."],
  [".language-console pre", "$", null],
];

document$.subscribe(() => {
  for (const [selector, first, more] of SESSIONS) {
    for (const pre of document.querySelectorAll(selector)) {
      pre.dataset.copy = typedLines(pre.querySelector("code").textContent, first, more);
    }
  }
});
