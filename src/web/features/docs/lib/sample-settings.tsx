/**
 * Page-wide choices for code samples: the language (remembered in localStorage, it is not a secret) and
 * the token filled in (held in memory only, never stored or put in a URL), and whether it is revealed.
 */
import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { SAMPLE_CHOICES, type SampleLanguage } from '../../../../shared/portal-data/reference-page';
import { rememberChosenToken } from '../../../lib/chosen-token';

const LANGUAGE_KEY = 'docs-sample-language';

export interface ChosenToken {
  title: string;
  value: string;
}

interface SampleSettings {
  language: SampleLanguage;
  setLanguage: (language: SampleLanguage) => void;
  token: ChosenToken | null;
  setToken: (token: ChosenToken | null) => void;
  reveal: boolean;
  setReveal: (reveal: boolean) => void;
  /** The user asked to pick a token: the token list may load. */
  picking: boolean;
  setPicking: (picking: boolean) => void;
}

const SampleSettingsContext = createContext<SampleSettings | null>(null);

const DEFAULT_LANGUAGE: SampleLanguage = 'curl';
/** Private mode (no localStorage): the choice lasts for this page only. */
let unsavedLanguage: string | null = null;
const listeners = new Set<() => void>();

function storedLanguage(): SampleLanguage {
  let stored = unsavedLanguage;
  try {
    stored = localStorage.getItem(LANGUAGE_KEY) ?? unsavedLanguage;
  } catch {
    // Private mode: keep the in-memory choice.
  }
  return SAMPLE_CHOICES.find(({ lang }) => lang === stored)?.lang ?? DEFAULT_LANGUAGE;
}

function storeLanguage(next: SampleLanguage): void {
  unsavedLanguage = next;
  try {
    localStorage.setItem(LANGUAGE_KEY, next);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The remembered language. A page rendered ahead of time shows the default language; while hydrating it,
 * React uses that same default (the server snapshot) and switches to the stored one right after.
 */
function useStoredLanguage(): SampleLanguage {
  return useSyncExternalStore(subscribe, storedLanguage, () => DEFAULT_LANGUAGE);
}

export function SampleSettingsProvider({ children }: { children: ReactNode }) {
  const language = useStoredLanguage();
  const [token, setToken] = useState<ChosenToken | null>(null);
  const [reveal, setReveal] = useState(false);
  const [picking, setPicking] = useState(false);
  const value = useMemo<SampleSettings>(
    () => ({
      language,
      setLanguage: storeLanguage,
      token,
      setToken: (next) => {
        setToken(next);
        // "Try it" and "Open in API Test" carry the chosen token on (in memory only).
        rememberChosenToken(next?.value ?? null);
        setReveal(false);
      },
      reveal,
      setReveal,
      picking,
      setPicking,
    }),
    [language, token, reveal, picking],
  );
  return <SampleSettingsContext.Provider value={value}>{children}</SampleSettingsContext.Provider>;
}

export function useSampleSettings(): SampleSettings {
  const settings = useContext(SampleSettingsContext);
  if (!settings) throw new Error('useSampleSettings needs a SampleSettingsProvider');
  return settings;
}
