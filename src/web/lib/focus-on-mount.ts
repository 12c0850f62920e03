/**
 * A ref callback that focuses its element when it mounts: `autoFocus` made explicit. Preact, which renders
 * the app in the browser (docs/decisions/018), leaves `autoFocus` to the browser's `autofocus` attribute,
 * which is honoured once per page load and logs a message when something else already has focus.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
