import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import styled, { type CSSObject } from '@emotion/styled';
import { describe, expect, it } from 'vitest';
import { createEmotionCache } from '../../../../src/web/theme/emotion-cache';

/** The CSS the app's Emotion cache writes for one styled element, as the build's render extracts it. */
function cssFor(styles: CSSObject, cache: EmotionCache = createEmotionCache()): string {
  const server = createEmotionServer(cache);
  const Styled = styled.div(styles);
  const html = renderToString(createElement(CacheProvider, { value: cache }, createElement(Styled)));
  return server.extractCritical(html).css;
}

describe('the app’s Emotion cache', () => {
  it('writes no prefix that only Internet Explorer or old WebKit reads', () => {
    const css = cssFor({
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      flexWrap: 'wrap',
      transition: 'color 250ms',
      textDecoration: 'none',
    });
    expect(css).toContain('display:flex;align-items:center;justify-content:space-between;flex-wrap:wrap;transition:color 250ms;text-decoration:none;');
    expect(css).not.toMatch(/-ms-|-webkit-|-moz-/);
  });

  it("leaves out rules for Internet Explorer's own placeholder selector, and keeps the others", () => {
    const placeholder = { color: 'gray' };
    const css = cssFor({ '&::-ms-input-placeholder': placeholder, '&::-webkit-input-placeholder': placeholder, '&:focus::-ms-input-placeholder': placeholder });
    expect(css).not.toContain('-ms-input-placeholder');
    expect(css).toContain('::-webkit-input-placeholder{color:gray;}');
  });

  it('writes -webkit- where a browser the build targets still needs it', () => {
    const css = cssFor({
      userSelect: 'none',
      backdropFilter: 'blur(4px)',
      hyphens: 'auto',
      boxDecorationBreak: 'clone',
      printColorAdjust: 'exact',
      '@media print': { colorAdjust: 'exact' },
    });
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
    expect(css).toContain('-webkit-backdrop-filter:blur(4px);backdrop-filter:blur(4px);');
    expect(css).toContain('-webkit-hyphens:auto;hyphens:auto;');
    expect(css).toContain('-webkit-box-decoration-break:clone;box-decoration-break:clone;');
    expect(css).toContain('-webkit-print-color-adjust:exact;print-color-adjust:exact;');
    expect(css).toContain('@media print{');
    expect(css).toContain('-webkit-print-color-adjust:exact;color-adjust:exact;');
    expect(css).not.toMatch(/-ms-|-moz-/);
  });

  it('names classes as Emotion’s default cache does, so the browser adopts what the build rendered', () => {
    const styles: CSSObject = { color: 'red', userSelect: 'none' };
    const className = (css: string) => /^\.(css-[a-z0-9]+)\{/.exec(css)?.[1];
    expect(className(cssFor(styles))).toBeDefined();
    expect(className(cssFor(styles))).toBe(className(cssFor(styles, createCache({ key: 'css' }))));
  });
});
