/**
 * A browser as far as an OpenID sign-in needs one, over plain HTTP: cookies kept per origin (set, replaced,
 * deleted), redirects followed by hand so a test can stop at any step, and the provider's HTML forms
 * submitted with their hidden fields.
 */
export interface Step {
  url: string;
  status: number;
  location: string | undefined;
  body: string;
}

export class OidcBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  cookies(origin: string): Map<string, string> {
    let jar = this.jars.get(origin);
    if (jar === undefined) {
      jar = new Map();
      this.jars.set(origin, jar);
    }
    return jar;
  }

  /** One request, no redirect followed. */
  async request(url: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Step> {
    const target = new URL(url);
    const jar = this.cookies(target.origin);
    const headers: Record<string, string> = { ...init.headers };
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (init.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(target, {
      method: init.method ?? (init.form === undefined ? 'GET' : 'POST'),
      headers,
      redirect: 'manual',
      ...(init.form === undefined ? {} : { body: new URLSearchParams(init.form).toString() }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get('location') ?? undefined;
    return {
      url: target.href,
      status: response.status,
      location: location === undefined ? undefined : new URL(location, target).href,
      body: await response.text(),
    };
  }

  /** Follows redirects from `url` until a page that is not a redirect, or until `stopAt` says so of the next URL. */
  async follow(url: string, stopAt: (next: string) => boolean = () => false): Promise<Step> {
    let step = await this.request(url);
    for (let hops = 0; hops < 20 && step.location !== undefined && step.status >= 300 && step.status < 400; hops += 1) {
      if (stopAt(step.location)) return step;
      step = await this.request(step.location);
    }
    return step;
  }

  /** Submits the page's first form: its hidden fields, plus `fields`; then follows redirects as follow() does. */
  async submitForm(page: Step, fields: Record<string, string>, stopAt?: (next: string) => boolean): Promise<Step> {
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(page.body);
    if (form === null) throw new Error(`no form on ${page.url}:\n${page.body.slice(0, 500)}`);
    const hidden: Record<string, string> = {};
    for (const input of form[2]!.matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      if (name !== undefined) hidden[name] = value;
    }
    const action = new URL(form[1]!.replace(/&amp;/g, '&'), page.url).href;
    const submitted = await this.request(action, { form: { ...hidden, ...fields } });
    if (submitted.location === undefined) return submitted;
    if (stopAt?.(submitted.location)) return submitted;
    return this.follow(submitted.location, stopAt);
  }
}

/**
 * From the portal's "Sign in with ..." to the provider's redirect back, signing in as `login` at the
 * provider's development form and granting consent; returns that redirect (not followed) to the portal's callback.
 */
export async function signInAtProvider(browser: OidcBrowser, startUrl: string, login: string): Promise<Step> {
  const atCallback = (next: string) => next.includes('/api/auth/oidc/callback');
  let page = await browser.follow(startUrl, atCallback);
  for (let prompts = 0; prompts < 3; prompts += 1) {
    if (page.location !== undefined && atCallback(page.location)) return page;
    const prompt = /name="prompt" value="(\w+)"/.exec(page.body)?.[1];
    if (prompt === 'login') page = await browser.submitForm(page, { login, password: 'any-password' }, atCallback);
    else if (prompt === 'consent') page = await browser.submitForm(page, {}, atCallback);
    else throw new Error(`unexpected page at ${page.url} (${page.status}):\n${page.body.slice(0, 800)}`);
  }
  if (page.location !== undefined && atCallback(page.location)) return page;
  throw new Error(`the provider did not send the browser back: ${page.url} ${page.status}`);
}
