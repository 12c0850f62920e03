/**
 * The reference warehouse system (examples/wms-reference/) as the tests' WMS: its own HTTP server on a
 * random port, with accounts made here, and requests signed the Standard Webhooks way with the package
 * itself (not the portal's code), so a test can sign rightly, wrongly or too late.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createReferenceWms, hashPassword, type Account } from '../../../examples/wms-reference/server.mjs';

export type { Account };

/** The password of every test account; searched for in logs and rows by the tests. */
export const WMS_PASSWORD = 'wms-test-password-8c1f2d';
/** A fresh shared secret per run (WMS_AUTH_SECRET is at least 32 characters). */
export const newSecret = (): string => randomBytes(36).toString('base64');

/** A seller, an account holding both user types, a warehouse operator, and a closed account. */
export async function testAccounts(): Promise<Account[]> {
  const hash = await hashPassword(WMS_PASSWORD);
  return [
    { subject: 'wms-seller-1', email: 'seller@wms.example.com', passwordHash: hash, userTypes: ['SELLER'], open: true },
    { subject: 'wms-both-2', email: 'both@wms.example.com', passwordHash: hash, userTypes: ['SELLER', 'WAREHOUSE'], open: true },
    { subject: 'wms-warehouse-3', email: 'warehouse@wms.example.com', passwordHash: hash, userTypes: ['WAREHOUSE'], open: true },
    { subject: 'wms-closed-4', email: 'closed@wms.example.com', passwordHash: hash, userTypes: ['WAREHOUSE'], open: false },
  ];
}

export interface ReferenceWms {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** What the portal's WMS_AUTH_URL is. */
  passwordCheckUrl: string;
  /** The live list: change an account here and the next answer says so. */
  accounts: Account[];
  server: Server;
  close(): Promise<void>;
}

export async function startReferenceWms(secret: string, accounts?: Account[]): Promise<ReferenceWms> {
  const list = accounts ?? (await testAccounts());
  const server = createReferenceWms({ secret, accounts: list });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    passwordCheckUrl: `${origin}/portal/password-check`,
    accounts: list,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The three Standard Webhooks headers for `body`, signed with `secret` (UTF-8 bytes as the key) at `at`. */
export function signatureHeaders(secret: string, body: string, at = new Date(), id = `msg_${randomBytes(12).toString('hex')}`): Record<string, string> {
  const webhook = new Webhook(new TextEncoder().encode(secret), { format: 'raw' });
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': webhook.sign(id, at, body) };
}
