/**
 * The lifetimes and grace windows the portal offers, typed by the spec's enums (CreateApiTokenRequest's
 * expiresInDays, refreshApiToken's graceHours). The checks below fail the typecheck when the spec adds or
 * drops a value that these lists do not.
 */
import type { CreateApiTokenBody } from '../api/create-api-token';
import type { GraceHours } from '../api/refresh-api-token';

export type Lifetime = NonNullable<CreateApiTokenBody['expiresInDays']>;

export const DEFAULT_LIFETIME: Lifetime = 90;

export const LIFETIME_OPTIONS = [
  { value: 7, label: '7 days' },
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 180, label: '180 days' },
  { value: 365, label: '365 days' },
] as const satisfies readonly { value: Lifetime; label: string }[];

export const GRACE_OPTIONS = [
  { value: 0, label: 'Not at all: it stops working at once' },
  { value: 1, label: '1 hour' },
  { value: 24, label: '24 hours' },
  { value: 168, label: '7 days' },
] as const satisfies readonly { value: GraceHours; label: string }[];

type Complete<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false;
const lifetimesComplete: Complete<Lifetime, (typeof LIFETIME_OPTIONS)[number]['value']> = true;
const graceComplete: Complete<GraceHours, (typeof GRACE_OPTIONS)[number]['value']> = true;
void lifetimesComplete;
void graceComplete;
