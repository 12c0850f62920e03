/**
 * Emotion's cache for the app and for the build's render of the reference pages: the same `css` key (the
 * browser's cache adopts the styles the page came with), and vendor prefixes only where a browser the build
 * targets (es2022: Chrome 94, Firefox 93, Safari 16) still needs one. Stylis's default prefixer writes them for
 * Internet Explorer and old WebKit as well (`-ms-flexbox`, `-webkit-box-align`, `-webkit-transition`): about a
 * sixth of a reference page's CSS, all of it parsed before the page's first paint. Rules for those browsers'
 * own selectors (`::-ms-input-placeholder`) are left out for the same reason.
 */
import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

/**
 * Properties such a browser reads only under a `-webkit-` name: Safari's user-select, Safari 16's hyphens,
 * Safari 16-17's backdrop-filter, Chrome's box-decoration-break, and print-color-adjust before Chrome 136
 * (MUI writes it under Firefox's old name, color-adjust).
 */
const WEBKIT_NAMES: Record<string, string> = {
  'user-select': '-webkit-user-select',
  'backdrop-filter': '-webkit-backdrop-filter',
  'box-decoration-break': '-webkit-box-decoration-break',
  hyphens: '-webkit-hyphens',
  'print-color-adjust': '-webkit-print-color-adjust',
  'color-adjust': '-webkit-print-color-adjust',
};

/** Writes the `-webkit-` declaration before one of those properties, and nothing for any other. */
const webkitWhereNeeded: StylisPlugin = (element) => {
  if (element.type !== 'decl' || element.return || typeof element.props !== 'string' || typeof element.children !== 'string') return;
  const webkitName = WEBKIT_NAMES[element.props];
  if (webkitName !== undefined) element.return = `${webkitName}:${element.children};${element.value}`;
};

/** Selectors only Internet Explorer and the old Edge match: MUI's inputs style their placeholders under this name too. */
const OLD_BROWSER_SELECTOR = /::-ms-input-placeholder/;

/** Leaves out a rule whose every selector is one of those: with no declarations left, Stylis writes nothing for it. */
const withoutOldBrowserRules: StylisPlugin = (element) => {
  if (element.type !== 'rule' || !Array.isArray(element.props)) return;
  if (element.props.length > 0 && element.props.every((selector) => OLD_BROWSER_SELECTOR.test(selector))) element.children = [];
};

export function createEmotionCache(): EmotionCache {
  return createCache({ key: 'css', stylisPlugins: [withoutOldBrowserRules, webkitWhereNeeded] });
}
