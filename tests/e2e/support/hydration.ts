/** Watching a page rendered at build time while the app hydrates it (prerendered-docs.spec.ts, public-docs.spec.ts). */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Records console messages that speak of hydration (React reports a mismatch through the app's
 * onRecoverableError, boot.tsx), uncaught page errors, whether the server's nodes were thrown away (React
 * renders again from scratch when hydration fails), and the page's text as served: after hydration the
 * messages and removals must stay empty and the text the same.
 */
export async function watchHydration(page: Page): Promise<{ messages: string[] }> {
  const watched = { messages: [] as string[] };
  page.on('console', (message) => {
    if (/hydrat|did not match|didn't match|server rendered|react\.dev\/errors/i.test(message.text()))
      watched.messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => watched.messages.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedServerSections: string[] }).removedServerSections = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        record.removedNodes.forEach((node) => {
          if (node instanceof Element && (node.matches('section[data-operation-id]') || node.querySelector('section[data-operation-id]')))
            removed.push(node.tagName);
        });
      }
    }).observe(document, { childList: true, subtree: true });
    // The app starts only once the document is parsed and its content painted (main.ts): this is the served text.
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { servedText: string }).servedText = document.getElementById('root')?.textContent ?? '';
    });
  });
  return watched;
}

export const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toBeAttached();
export const removedSections = (page: Page) => page.evaluate(() => (window as unknown as { removedServerSections: string[] }).removedServerSections.length);
/** The page's text now and as the server sent it. */
export const texts = (page: Page) =>
  page.evaluate(() => ({ now: document.getElementById('root')?.textContent ?? '', served: (window as unknown as { servedText: string }).servedText }));
