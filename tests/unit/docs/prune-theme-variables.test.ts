/** A rendered page keeps the theme variables it uses and no others (scripts/prerender/prune-theme-variables.ts). */
import { describe, expect, it } from 'vitest';
import { PRUNED_THEME_ATTRIBUTE, pruneThemeVariables } from '../../../scripts/prerender/prune-theme-variables.ts';

const THEME =
  ':root{--mui-palette-text-primary:#111;--mui-palette-primary-main:var(--mui-palette-primary-base);--mui-palette-primary-base:#35f;' +
  '--mui-shadows-0:none;--mui-palette-Slider-track:#abc;--mui-zIndex-modal:1300}' +
  '.dark{--mui-palette-text-primary:#eee;--mui-palette-Slider-track:#123}';
const BASELINE = 'body{margin:0;color:var(--mui-palette-text-primary)}';
const styles = [
  `<style data-emotion="css-global base1">${BASELINE}</style>`,
  `<style data-emotion="css-global theme1">${THEME}</style>`,
  '<style data-emotion="css a1 b2">.css-a1{color:var(--mui-palette-primary-main);--Local-unused:1}</style>',
].join('');
const html = '<div class="css-a1"><header style="--Paper-shadow:var(--mui-shadows-0)">Order</header></div>';
const extraCss = '@media (prefers-color-scheme: dark){:root:not(.light){--mui-palette-text-primary:#eee;--mui-palette-Slider-track:#123}}';

describe('pruneThemeVariables', () => {
  const pruned = pruneThemeVariables({ html, styles, extraCss });

  it('keeps what a rule, an inline style or a kept variable refers to', () => {
    for (const name of ['--mui-palette-text-primary', '--mui-palette-primary-main', '--mui-palette-primary-base', '--mui-shadows-0']) {
      expect(pruned.styles, name).toContain(`${name}:`);
    }
    expect(pruned.styles).toContain('.dark{--mui-palette-text-primary:#eee;}');
    expect(pruned.extraCss).toBe('@media (prefers-color-scheme: dark){:root:not(.light){--mui-palette-text-primary:#eee;}}');
  });

  it('drops the theme variables nothing refers to, in light, dark and the system-dark copy', () => {
    expect(pruned.styles).not.toContain('--mui-palette-Slider-track');
    expect(pruned.styles).not.toContain('--mui-zIndex-modal');
    expect(pruned.extraCss).not.toContain('--mui-palette-Slider-track');
  });

  it("renames a pruned global style so the app inserts the theme's whole set, and leaves the other styles as they were", () => {
    expect(pruned.styles).toContain(`<style ${PRUNED_THEME_ATTRIBUTE}="css-global theme1">`);
    expect(pruned.styles).not.toContain('data-emotion="css-global theme1"');
    expect(pruned.styles).toContain(`<style data-emotion="css-global base1">${BASELINE}</style>`);
    // A component's own variables are its business: untouched, even when unused.
    expect(pruned.styles).toContain('<style data-emotion="css a1 b2">.css-a1{color:var(--mui-palette-primary-main);--Local-unused:1}</style>');
  });

  it('changes nothing when the page uses every variable', () => {
    const all = pruneThemeVariables({
      html: '<p>x</p>',
      styles: '<style data-emotion="css-global t">:root{--a:1;--b:var(--a)}body{color:var(--b)}</style>',
      extraCss: '',
    });
    expect(all.styles).toBe('<style data-emotion="css-global t">:root{--a:1;--b:var(--a)}body{color:var(--b)}</style>');
  });
});
