/**
 * The spec's component schemas as TypeScript types (src/generated/api.d.ts), under one name that
 * routes and repositories both import.
 */
import type { components } from '../../generated/api.d.ts';

export type Schemas = components['schemas'];
