/** Layout checks that only a real browser can make. */
import type { Locator } from '@playwright/test';

/**
 * The words inside `root` that the browser broke across two lines: a word is a run without spaces inside one
 * text node (a name split at its <wbr>s is several text nodes, so it may wrap between them, never inside one).
 * Lines cut with an ellipsis (white-space: nowrap) never wrap and are left out.
 */
export function wordsBrokenAcrossLines(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement && getComputedStyle(node.parentElement).whiteSpace === 'nowrap') continue;
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const rects = [...range.getClientRects()];
        // A second line starts below the first one's middle (a fallback glyph may sit a pixel or two higher).
        if (rects.some((rect) => rect.top > (rects[0]?.top ?? 0) + (rects[0]?.height ?? 0) / 2)) broken.push(word[0]);
      }
    }
    return broken;
  });
}
