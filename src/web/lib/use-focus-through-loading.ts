/**
 * MUI's `loading` disables a button while its work runs, and a disabled button drops keyboard focus to the
 * page body: a keyboard user who pressed it would start again from the top. This hook hands the focus back
 * to the button when the work ends, if the button had it when the work began and nothing else took it since.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

export function useFocusThroughLoading(loading: boolean): RefObject<HTMLButtonElement | null> {
  const button = useRef<HTMLButtonElement | null>(null);
  const hadFocus = useRef(false);
  // A layout effect runs before the browser moves focus off the now-disabled button.
  useLayoutEffect(() => {
    const element = button.current;
    if (loading) {
      hadFocus.current = element !== null && document.activeElement === element;
      return;
    }
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (hadFocus.current && element && focusLost) element.focus();
    hadFocus.current = false;
  }, [loading]);
  return button;
}
