/** The "Try it" panel as the shell provides it to reference pages: lazy, in its own chunk, loaded on first use. */
import { lazy } from 'react';
import type { TryItPanelSource } from '../../lib/try-it-panel';

const load = () => import('./try-it-panel');

export const tryItPanelSource: TryItPanelSource = {
  Panel: lazy(load),
  preload: () => void load().catch(() => undefined),
};
