/**
 * GitHub secret scanning reports: the keys file in GitHub's shape, and the signature check over the raw
 * body (ECDSA P-256, SHA-256, DER, base64), with a key pair made here.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  loadSecretScanningKeys,
  parseSecretScanningKeys,
  SecretScanningKeysError,
  verifyReportSignature,
} from '../../../src/server/io/secret-scanning-keys.ts';

function p256() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKey, pem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

const github = p256();
const other = p256();
const keysJson = JSON.stringify({
  public_keys: [
    { key_identifier: 'old-key', key: other.pem, is_current: false },
    { key_identifier: 'current-key', key: github.pem, is_current: true },
  ],
});
const keys = parseSecretScanningKeys(keysJson);
const body = Buffer.from('[{"token":"acme_s_x","type":"acme_api_token","url":"https://github.com/a/b","source":"content"}]');
const signed = (bytes: Buffer, key = github.privateKey) => sign('sha256', bytes, { key, dsaEncoding: 'der' }).toString('base64');

describe('verifyReportSignature', () => {
  it('accepts the body signed with the key its identifier names', () => {
    expect(verifyReportSignature(keys, 'current-key', signed(body), body)).toBe(true);
  });

  it('refuses the signature of another body, even one byte different', () => {
    const tampered = Buffer.from(body.toString().replace('content', 'contenu'));
    expect(verifyReportSignature(keys, 'current-key', signed(body), tampered)).toBe(false);
    // The same JSON with other whitespace is other bytes.
    expect(verifyReportSignature(keys, 'current-key', signed(body), Buffer.from(`${body.toString()}\n`))).toBe(false);
  });

  it('refuses an identifier that names another configured key, or none', () => {
    expect(verifyReportSignature(keys, 'old-key', signed(body), body)).toBe(false);
    expect(verifyReportSignature(keys, 'unknown-key', signed(body), body)).toBe(false);
    expect(verifyReportSignature(keys, undefined, signed(body), body)).toBe(false);
  });

  it('refuses a signature made with a key that is not configured', () => {
    const stranger = p256();
    expect(verifyReportSignature(keys, 'current-key', signed(body, stranger.privateKey), body)).toBe(false);
  });

  it('refuses a missing, empty, non-base64 or non-DER signature', () => {
    const good = signed(body);
    expect(verifyReportSignature(keys, 'current-key', undefined, body)).toBe(false);
    expect(verifyReportSignature(keys, 'current-key', '', body)).toBe(false);
    // Node's decoder would skip the stray characters and find the right bytes: refused before it.
    expect(verifyReportSignature(keys, 'current-key', `${good.slice(0, 8)}!*${good.slice(8)}`, body)).toBe(false);
    expect(verifyReportSignature(keys, 'current-key', Buffer.from('not a DER signature').toString('base64'), body)).toBe(false);
  });

  it('refuses everything when no keys are configured', () => {
    expect(verifyReportSignature(loadSecretScanningKeys(undefined), 'current-key', signed(body), body)).toBe(false);
  });
});

describe('loadSecretScanningKeys', () => {
  const dir = mkdtempSync(join(tmpdir(), 'secret-scanning-keys-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads every key of GitHub public_keys file, current or not', () => {
    const file = join(dir, 'github-keys.json');
    writeFileSync(file, keysJson);
    expect([...loadSecretScanningKeys(file).keys()]).toEqual(['old-key', 'current-key']);
  });

  it('names SECRET_SCANNING_KEYS_FILE and the file when it cannot be read', () => {
    const missing = join(dir, 'missing.json');
    expect(() => loadSecretScanningKeys(missing)).toThrow(SecretScanningKeysError);
    expect(() => loadSecretScanningKeys(missing)).toThrow(`SECRET_SCANNING_KEYS_FILE ${missing} cannot be read`);
  });

  it.each([
    ['not JSON', 'not json', 'is not GitHub'],
    ['no keys', '{"public_keys":[]}', 'with at least one key'],
    ['a key without identifier', JSON.stringify({ public_keys: [{ key: github.pem }] }), 'public_keys[0] needs key_identifier and key'],
    ['a key that is not PEM', JSON.stringify({ public_keys: [{ key_identifier: 'k', key: 'abc' }] }), 'public_keys[0] (k): key is not a PEM public key'],
    [
      'an RSA key',
      JSON.stringify({
        public_keys: [
          { key_identifier: 'rsa', key: generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString() },
        ],
      }),
      'public_keys[0] (rsa): key is not an ECDSA P-256 key',
    ],
  ])('refuses a file with %s, naming SECRET_SCANNING_KEYS_FILE', (_case, content, problem) => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, content);
    expect(() => loadSecretScanningKeys(file)).toThrow(/^SECRET_SCANNING_KEYS_FILE .*bad\.json/);
    expect(() => loadSecretScanningKeys(file)).toThrow(problem);
  });
});
