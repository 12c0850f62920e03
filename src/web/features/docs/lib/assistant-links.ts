/**
 * "Open in ChatGPT" and "Open in Claude" on a reference page: a new conversation whose first message
 * names the page's Markdown address, so the assistant reads the page itself. Offered only when the
 * reference is public (PUBLIC_DOCS): an assistant's servers cannot log in.
 */

export function assistantPrompt(markdownUrl: string): string {
  return `Read ${markdownUrl} so I can ask you questions about it.`;
}

export function chatGptHref(prompt: string): string {
  return `https://chatgpt.com/?${new URLSearchParams({ hints: 'search', q: prompt }).toString()}`;
}

export function claudeHref(prompt: string): string {
  return `https://claude.ai/new?${new URLSearchParams({ q: prompt }).toString()}`;
}
