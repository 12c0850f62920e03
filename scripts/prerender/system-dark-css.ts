/**
 * The theme's dark colour scheme for readers who never chose one and whose system is dark. MUI writes the
 * dark scheme's variables under `.dark`, a class its script-free server render cannot set from the
 * system setting; the same declarations under `prefers-color-scheme: dark` paint the first frame dark with
 * no script at all. Once the app runs, MUI sets `.dark` or `.light` on <html> itself, and an explicit
 * `.light` switches this rule off.
 */

/** The bodies of every top-level `.dark{…}` rule in the extracted CSS (variable declarations, no nesting). */
export function darkSchemeDeclarations(css: string): string[] {
  return [...css.matchAll(/(?:^|[}>])\s*\.dark\s*\{([^{}]*)\}/g)].map((match) => match[1] ?? '').filter((body) => body.trim() !== '');
}

export function systemDarkCss(css: string): string {
  const bodies = darkSchemeDeclarations(css);
  if (bodies.length === 0) throw new Error('prerender: the theme wrote no `.dark` rule; the dark first paint would be lost');
  return `@media (prefers-color-scheme: dark){${bodies.map((body) => `:root:not(.light){${body}}`).join('')}}`;
}
