/** The demo seller's session and API token, got the way a user gets them: through the portal's API. */
export const DEMO_SELLER = { email: 'seller@example.com', password: 'demo-password', userType: 'SELLER' };

export type Account = typeof DEMO_SELLER;

/** The account's session cookie (the demo seller's by default), from a login through the API (Origin set: the CSRF rule). */
export async function sessionCookie(origin: string, account: Account = DEMO_SELLER): Promise<string> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify(account),
  });
  await login.arrayBuffer();
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** A valid API token for a seller (the demo seller by default): POST /api/auth/token with the session cookie and a same-origin Origin. */
export async function createSellerToken(origin: string, title = 'benchmark', account: Account = DEMO_SELLER): Promise<string> {
  const cookie = await sessionCookie(origin, account);
  const created = await fetch(`${origin}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
    body: JSON.stringify({ title, description: 'Created by npm run bench.' }),
  });
  const answer = (await created.json()) as { data?: { token?: string } };
  if (created.status !== 201 || typeof answer.data?.token !== 'string') throw new Error(`token creation answered ${created.status}`);
  return answer.data.token;
}

/** The first order id of the seller's list (for the detail call). */
export async function firstOrderId(origin: string, header: string, token: string): Promise<number> {
  const response = await fetch(`${origin}/api/v1/seller/orders/normal?page=0&size=1`, { headers: { [header]: token } });
  const answer = (await response.json()) as { data?: { id?: number }[] };
  const id = answer.data?.[0]?.id;
  if (response.status !== 200 || typeof id !== 'number') throw new Error(`list answered ${response.status} without an order id`);
  return id;
}
