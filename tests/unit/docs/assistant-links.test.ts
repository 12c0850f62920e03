/** The page menu's links to ChatGPT and Claude: a prompt naming the page's .md address, encoded as one query value. */
import { describe, expect, it } from 'vitest';
import { assistantPrompt, chatGptHref, claudeHref } from '../../../src/web/features/docs/lib/assistant-links';

const MD_URL = 'https://portal.example/documentation/seller/order.md';

describe('assistant links', () => {
  it('names the page’s Markdown address in the prompt', () => {
    expect(assistantPrompt(MD_URL)).toBe(`Read ${MD_URL} so I can ask you questions about it.`);
  });

  it('opens a new ChatGPT conversation with the prompt as the q parameter, URL-encoded', () => {
    const href = chatGptHref(assistantPrompt(MD_URL));
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://chatgpt.com/');
    expect(url.searchParams.get('q')).toBe(assistantPrompt(MD_URL));
    expect(href).toContain('q=Read+https%3A%2F%2Fportal.example%2Fdocumentation%2Fseller%2Forder.md+so+I+can');
  });

  it('opens a new Claude conversation with the prompt as the q parameter, URL-encoded', () => {
    const href = claudeHref(assistantPrompt(MD_URL));
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://claude.ai/new');
    expect([...url.searchParams.keys()]).toEqual(['q']);
    expect(url.searchParams.get('q')).toBe(assistantPrompt(MD_URL));
  });

  it('keeps characters that would end the parameter inside it (&, #, spaces)', () => {
    const odd = 'https://portal.example/docs/a&b#c d.md';
    for (const href of [chatGptHref(assistantPrompt(odd)), claudeHref(assistantPrompt(odd))]) {
      expect(new URL(href).searchParams.get('q')).toBe(assistantPrompt(odd));
      expect(new URL(href).hash).toBe('');
    }
  });
});
