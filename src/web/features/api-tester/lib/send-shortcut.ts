/** Ctrl+Enter (⌘+Enter on a Mac) sends the request from anywhere in the form, a text field or a menu alike. */
export function isSendShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing'>): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && !event.isComposing;
}
