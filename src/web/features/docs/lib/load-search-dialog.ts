/** The search dialog's code and the index, loaded together, so the dialog opens with its results ready. */
import type { ComponentType } from 'react';
import { loadPreparedSearchIndex } from './load-reference-page';
import type { SearchDialogProps } from './search-dialog-props';

export type SearchDialogComponent = ComponentType<SearchDialogProps>;

export function loadSearchDialog(): Promise<SearchDialogComponent> {
  return import('../components/search-dialog').then((module) => loadPreparedSearchIndex().then(() => module.default));
}
