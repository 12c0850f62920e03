/**
 * The warehouse system's answers as the provider integration document defines them
 * (openapi/provider/, bundled into src/generated/openapi.provider.json): each answer is checked against
 * its schema before the portal believes it, so a WMS that drifts from the contract is "could not be
 * reached" (step `answer`), never a sign-in.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAjv } from '../spec/ajv.ts';
import type { OpenApiDocument } from '../spec/openapi-document.ts';
import type { UserType } from '../../shared/api-family.ts';

const PROVIDER_SPEC_PATH = fileURLToPath(new URL('../../generated/openapi.provider.json', import.meta.url));

/** `WmsAccount`: a right password's answer. */
export interface WmsAccount {
  subject: string;
  email: string;
  userTypes: UserType[];
}

/** `AccountLookup`: the account again, open or closed. */
export type WmsAccountLookup = (WmsAccount & { open: true }) | { subject: string; open: false };

export interface WmsContract {
  isAccount(body: unknown): body is WmsAccount;
  isAccountLookup(body: unknown): body is WmsAccountLookup;
}

export function loadWmsContract(path = PROVIDER_SPEC_PATH): WmsContract {
  let spec: OpenApiDocument;
  try {
    spec = JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
  } catch (error) {
    throw new Error(`Cannot read the provider integration document ${path} (run \`npm run generate\`): ${(error as Error).message}`);
  }
  const ajv = createAjv(spec, { coerceTypes: false });
  const isAccount = ajv.compile({ $ref: 'openapi.json#/components/schemas/WmsAccount' });
  const isAccountLookup = ajv.compile({ $ref: 'openapi.json#/components/schemas/AccountLookup' });
  return {
    isAccount: (body): body is WmsAccount => isAccount(body) === true,
    isAccountLookup: (body): body is WmsAccountLookup => isAccountLookup(body) === true,
  };
}
