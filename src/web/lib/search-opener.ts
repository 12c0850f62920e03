/**
 * Opens the documentation search from anywhere inside the shell. The shell provides the opener (it owns
 * the Ctrl/Cmd+K shortcut and the dialog); a screen's own Search button calls it.
 */
import { createContext, useContext } from 'react';

export const SearchOpenerContext = createContext<() => void>(() => undefined);

export function useOpenSearch(): () => void {
  return useContext(SearchOpenerContext);
}
