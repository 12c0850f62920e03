/**
 * `npm run check:auth` as an operator runs it (the script in its own process, configured by its
 * environment): against a real slapd and the reference WMS it signs a test account in and says so, or names
 * the step that failed, and exits non-zero. It never prints the password.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_PASSWORD, startSlapd, USERS, type Slapd } from '../support/slapd.ts';
import { newSecret, startReferenceWms, WMS_PASSWORD, type ReferenceWms } from '../support/reference-wms.ts';
import { ROOT, TSX } from '../support/server-process.ts';
import { startTestOpenIdProvider, TEST_CLIENT_SECRET } from '../support/oidc-test-provider.ts';
import { freePort } from '../support/free-port.ts';

const run = promisify(execFile);

async function checkAuth(env: Record<string, string>, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(TSX, [`${ROOT}scripts/check-auth.ts`, ...args], {
      // A working directory without a .env, so only this environment counts.
      cwd: '/tmp',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run check:auth', () => {
  let slapd: Slapd;
  let wms: ReferenceWms;
  const secret = newSecret();
  beforeAll(async () => {
    slapd = await startSlapd({ memberOf: true });
    wms = await startReferenceWms(secret);
  });
  afterAll(async () => {
    await slapd?.dispose();
    await wms?.close();
  });

  const seller = ['--email', USERS.seller.mail, '--user-type', 'SELLER'];

  it('ldap: signs the test account in and finds it again by its subject; exit 0', async () => {
    const { code, output } = await checkAuth({ ...slapd.env(), CHECK_AUTH_PASSWORD: USERS.seller.password }, seller);
    expect(output).toMatch(/^ok {3}sign-in\s+sam\.seller@example\.com is subject \S+, user types: SELLER$/m);
    expect(output).toMatch(/^ok {3}recheck/m);
    expect(code).toBe(0);
    expect(output).not.toContain(USERS.seller.password);
  });

  it('ldap: names the step that fails: a wrong password, a missing user type, a wrong service password, the directory down', async () => {
    const wrong = await checkAuth({ ...slapd.env(), CHECK_AUTH_PASSWORD: 'not-it' }, seller);
    expect([wrong.code, wrong.output]).toEqual([1, expect.stringMatching(/^FAIL password /m)]);
    const otherType = await checkAuth({ ...slapd.env(), CHECK_AUTH_PASSWORD: USERS.seller.password }, [
      '--email',
      USERS.seller.mail,
      '--user-type',
      'WAREHOUSE',
    ]);
    expect([otherType.code, otherType.output]).toEqual([1, expect.stringMatching(/^FAIL group\s+the account does not hold WAREHOUSE/m)]);
    const service = await checkAuth({ ...slapd.env({ LDAP_BIND_PASSWORD: 'not-the-service-password' }), CHECK_AUTH_PASSWORD: USERS.seller.password }, seller);
    expect([service.code, service.output]).toEqual([1, expect.stringMatching(/^FAIL bind /m)]);
    expect(service.output).not.toContain('not-the-service-password');
    expect(service.output).not.toContain(SERVICE_PASSWORD);
    await slapd.stop();
    try {
      const down = await checkAuth({ ...slapd.env({ PROVIDER_TIMEOUT_SECONDS: '1' }), CHECK_AUTH_PASSWORD: USERS.seller.password }, seller);
      expect([down.code, down.output]).toEqual([1, expect.stringMatching(/^FAIL connect /m)]);
    } finally {
      await slapd.start();
    }
  });

  it('wms: signs in, or names the signature when the secrets differ', async () => {
    const env = { AUTH_PROVIDER: 'wms', WMS_AUTH_URL: wms.passwordCheckUrl, WMS_AUTH_SECRET: secret, CHECK_AUTH_PASSWORD: WMS_PASSWORD };
    const args = ['--email', 'seller@wms.example.com', '--user-type', 'SELLER'];
    const ok = await checkAuth(env, args);
    expect([ok.code, ok.output]).toEqual([0, expect.stringMatching(/^ok {3}sign-in\s+seller@wms\.example\.com is subject wms-seller-1/m)]);
    const otherSecret = await checkAuth({ ...env, WMS_AUTH_SECRET: newSecret() }, args);
    expect([otherSecret.code, otherSecret.output]).toEqual([1, expect.stringMatching(/^FAIL signature /m)]);
    expect(otherSecret.output).not.toContain(secret);
    expect(ok.output + otherSecret.output).not.toContain(WMS_PASSWORD);
  });

  it('oidc: reads the discovery document and names the URIs to register; a provider that does not answer is named', async () => {
    const portalOrigin = 'https://developers.example.com';
    const idp = await startTestOpenIdProvider({ portalOrigin });
    try {
      const env = {
        AUTH_PROVIDER: 'oidc',
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.clientIds.basic,
        OIDC_CLIENT_SECRET: TEST_CLIENT_SECRET,
        PUBLIC_ORIGIN: portalOrigin,
      };
      const ok = await checkAuth(env, []);
      expect(ok.code).toBe(0);
      expect(ok.output).toMatch(/^ok {3}discovery\s+\S+ answers/m);
      expect(ok.output).toContain(`redirect URI ${portalOrigin}/api/auth/oidc/callback`);
      expect(ok.output).toContain(`back-channel logout URI ${portalOrigin}/api/auth/oidc/backchannel-logout`);
      expect(ok.output).not.toContain(TEST_CLIENT_SECRET);
      const nobody = await checkAuth({ ...env, OIDC_ISSUER: `http://127.0.0.1:${await freePort()}/`, PROVIDER_TIMEOUT_SECONDS: '1' }, []);
      expect([nobody.code, nobody.output]).toEqual([1, expect.stringMatching(/^FAIL discovery /m)]);
    } finally {
      await idp.stop();
    }
  });

  it('names every missing setting, and asks for a test account', async () => {
    const config = await checkAuth({ AUTH_PROVIDER: 'ldap' }, seller);
    expect(config.code).toBe(1);
    expect(config.output).toMatch(/^FAIL config /m);
    for (const name of ['LDAP_URL', 'LDAP_USER_BASE', 'LDAP_SELLER_GROUP', 'LDAP_WAREHOUSE_GROUP']) expect(config.output).toContain(`${name} is required`);
    const noAccount = await checkAuth(slapd.env(), []);
    expect([noAccount.code, noAccount.output]).toEqual([2, expect.stringMatching(/^FAIL arguments\s+name a test account/m)]);
  });
});
