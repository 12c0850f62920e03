/**
 * Password hashing with scrypt (N=2^17, r=8, p=1: OWASP Password Storage Cheat Sheet) from node:crypto.
 * The parameters are stored with each hash, so verification follows the hash; a hash weaker than the
 * current cost is upgraded on the next successful login.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  /** log2 of N */
  logN: number;
  r: number;
  p: number;
}

export const PRODUCTION_SCRYPT_COST: ScryptCost = { logN: 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** One scrypt derivation, everything spelled out so it can be sent to a worker thread (password-hasher.ts). */
export interface ScryptTask {
  password: string;
  salt: Uint8Array;
  keyLength: number;
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

/** Where a derivation runs: here (seeding, scripts) or in the server's hashing pool. */
export type Derive = (task: ScryptTask) => Promise<Uint8Array>;

function scryptTask(password: string, salt: Uint8Array, cost: ScryptCost): ScryptTask {
  const N = 2 ** cost.logN;
  // scrypt needs 128*N*r bytes; node's default maxmem (32 MiB) is below that for N=2^17.
  const maxmem = 256 * N * cost.r + 1024 * 1024;
  return { password: password.normalize('NFC'), salt, keyLength: KEY_LENGTH, N, r: cost.r, p: cost.p, maxmem };
}

/** On libuv's thread pool of this process: for start-up and scripts, not for requests. */
export const deriveInProcess: Derive = (task) =>
  new Promise((resolve, reject) => {
    scrypt(task.password, task.salt, task.keyLength, { N: task.N, r: task.r, p: task.p, maxmem: task.maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

export async function hashPassword(password: string, cost: ScryptCost = PRODUCTION_SCRYPT_COST, derive: Derive = deriveInProcess): Promise<string> {
  const salt = randomBytes(16);
  const key = Buffer.from(await derive(scryptTask(password, salt, cost)));
  return `scrypt$${cost.logN}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * A well-formed hash at this cost whose key is random: checking any password against it costs one
 * derivation, like checking a real hash, and never matches.
 */
export function unmatchableHash(cost: ScryptCost): string {
  return `scrypt$${cost.logN}$${cost.r}$${cost.p}$${randomBytes(16).toString('base64')}$${randomBytes(KEY_LENGTH).toString('base64')}`;
}

function parse(hash: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | undefined {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [logN, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![logN, r, p].every(Number.isInteger) || logN < 1 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) return undefined;
  return { cost: { logN, r, p }, salt: Buffer.from(parts[4] ?? '', 'base64'), key: Buffer.from(parts[5] ?? '', 'base64') };
}

export async function verifyPassword(password: string, hash: string, derive: Derive = deriveInProcess): Promise<boolean> {
  const parsed = parse(hash);
  if (parsed === undefined) return false;
  const key = Buffer.from(await derive(scryptTask(password, parsed.salt, parsed.cost)));
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

export function isWeakerThan(hash: string, cost: ScryptCost): boolean {
  const parsed = parse(hash);
  return parsed === undefined || parsed.cost.logN < cost.logN || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}
