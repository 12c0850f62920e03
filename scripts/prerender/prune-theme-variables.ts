/**
 * A rendered page keeps only the theme variables it uses. MUI writes every CSS variable of the theme (about
 * 250 names, light and dark, some 30 KB) into a global style; the Seller order page uses 58 of them. The
 * head's CSS is parsed in one task before the first paint (Chromium does not yield inside <head>), so on a
 * slow CPU every kilobyte there lengthens that task.
 *
 * Declarations that no rule, inline style or kept variable refers to are dropped from the page's global
 * styles and from its system-dark copy of them. They come back once the app hydrates: a pruned global
 * style loses its `data-emotion` name, so Emotion's Global does not adopt it and inserts the theme's whole
 * set itself, before any screen the page did not render can need it.
 */

/** `--name: value;` (or the last declaration of a block, without `;`). Theme values hold no `;` or braces. */
const DECLARATION = /(--[\w-]+)\s*:[^;{}]*(?:;|(?=\}))/g;
const REFERENCE = /var\(\s*(--[\w-]+)/g;
const EMOTION_STYLE = /<style data-emotion="([^"]+)"([^>]*)>([\s\S]*?)<\/style>/g;

/** The attribute a pruned global style carries instead of `data-emotion` (Emotion then ignores it). */
export const PRUNED_THEME_ATTRIBUTE = 'data-pruned-theme';

function references(text: string): string[] {
  return [...text.matchAll(REFERENCE)].map((match) => match[1] ?? '');
}

/**
 * Every theme variable the page needs: those referred to outside the theme's declarations (rules, inline
 * styles, component-level variables), then whatever the values of those refer to.
 */
function usedVariables(outside: string, theme: string): Set<string> {
  const values = new Map<string, string[]>();
  for (const match of theme.matchAll(DECLARATION)) {
    const name = match[1] ?? '';
    values.set(name, [...(values.get(name) ?? []), match[0]]);
  }
  const used = new Set<string>();
  const pending = references(outside);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    for (const value of values.get(name) ?? []) pending.push(...references(value));
  }
  return used;
}

function withoutUnused(css: string, used: ReadonlySet<string>): string {
  return css.replace(DECLARATION, (declaration, name: string) => (used.has(name) ? declaration : ''));
}

export function pruneThemeVariables(page: { html: string; styles: string; extraCss: string }): { styles: string; extraCss: string } {
  const tags = [...page.styles.matchAll(EMOTION_STYLE)];
  const isGlobal = (name: string | undefined) => (name ?? '').startsWith('css-global ');
  const theme = [...tags.filter((tag) => isGlobal(tag[1])).map((tag) => tag[3] ?? ''), page.extraCss].join('\n');
  const components = tags.filter((tag) => !isGlobal(tag[1])).map((tag) => tag[3] ?? '');
  const used = usedVariables([page.html, ...components, theme.replace(DECLARATION, '')].join('\n'), theme);
  const styles = page.styles.replace(EMOTION_STYLE, (tag, name: string, rest: string, css: string) => {
    if (!isGlobal(name)) return tag;
    const pruned = withoutUnused(css, used);
    return pruned === css ? tag : `<style ${PRUNED_THEME_ATTRIBUTE}="${name}"${rest}>${pruned}</style>`;
  });
  return { styles, extraCss: withoutUnused(page.extraCss, used) };
}
