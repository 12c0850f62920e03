/**
 * Code samples: httpsnippet output in curl, JavaScript, Python, Go and Java for every
 * operation, reading the token from the environment, never holding a real token; the browser's
 * substitution of origin and chosen token.
 */
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../scripts/generate/catalogue.ts';
import { buildReferencePages } from '../../../scripts/generate/reference-pages.ts';
import { codeSamples } from '../../../scripts/generate/reference/snippets.ts';
import { deriveBrand } from '../../../src/shared/brand.ts';
import { SAMPLE_TOKEN_MASK, sampleCode } from '../../../src/web/features/docs/lib/sample-code.ts';
import { TOKEN_MARKER } from '../../../src/shared/portal-data/reference-page.ts';
import { PIPELINE_TIMEOUT_MS, bundledSpecs, publicOperations } from '../contract/support/contract.ts';

const request = {
  method: 'get',
  url: 'https://api.acme.example/api/v1/seller/orders/return/1',
  query: [],
  tokenHeader: 'ACME-API-TOKEN',
  tokenVariable: 'ACME_API_TOKEN',
};

describe('codeSamples', () => {
  const samples = codeSamples(request);
  const byLang = Object.fromEntries(samples.map((s) => [s.lang, s]));

  it('covers curl, JavaScript fetch, Python requests, Go and Java', () => {
    expect(samples.map((s) => s.lang)).toEqual(['curl', 'javascript', 'python', 'go', 'java']);
    expect(byLang.javascript?.code).toContain('await fetch(url, options)');
    expect(byLang.python?.code).toContain('requests.get(url, headers=headers)');
    expect(byLang.go?.code).toContain('http.NewRequest("GET", url, nil)');
    expect(byLang.java?.code).toContain('HttpClient.newHttpClient()');
  });

  it('reads the token from the environment variable, idiomatically per language', () => {
    expect(byLang.curl?.code).toContain('--header "ACME-API-TOKEN: $ACME_API_TOKEN"');
    expect(byLang.javascript?.code).toContain("'ACME-API-TOKEN': process.env.ACME_API_TOKEN");
    expect(byLang.python?.code).toMatch(/^import os\n/);
    expect(byLang.python?.code).toContain('"ACME-API-TOKEN": os.environ["ACME_API_TOKEN"]');
    expect(byLang.go?.code).toContain('\t"os"\n');
    expect(byLang.go?.code).toContain('req.Header.Add("ACME-API-TOKEN", os.Getenv("ACME_API_TOKEN"))');
    expect(byLang.java?.code).toContain('.header("ACME-API-TOKEN", System.getenv("ACME_API_TOKEN"))');
  });

  it('keeps a marker where a chosen token goes, and only there', () => {
    for (const sample of samples) {
      expect(sample.withToken.split(TOKEN_MARKER)).toHaveLength(2);
      expect(sample.code).not.toContain(TOKEN_MARKER);
    }
  });

  it('follows the brand', () => {
    const brand = deriveBrand('globex');
    const [curl] = codeSamples({ ...request, tokenHeader: brand.apiTokenHeader, tokenVariable: brand.tokenVariable });
    expect(curl?.code).toContain('--header "GLOBEX-API-TOKEN: $GLOBEX_API_TOKEN"');
  });
});

describe('the conditional sample', () => {
  it('is added only when asked: curl sending If-None-Match from $ETAG, with the token from the environment', () => {
    expect(codeSamples(request).map((s) => s.lang)).not.toContain('curl-if-changed');
    const conditional = codeSamples({ ...request, conditional: true }).at(-1);
    expect(conditional).toMatchObject({ lang: 'curl-if-changed', label: 'cURL, if changed' });
    expect(conditional?.code).toContain('--header "If-None-Match: $ETAG"');
    expect(conditional?.code).toContain('--header "ACME-API-TOKEN: $ACME_API_TOKEN"');
    expect(conditional?.code).toContain('304 Not Modified');
    expect(conditional?.withToken.split(TOKEN_MARKER)).toHaveLength(2);
  });
});

describe('sampleCode (in the browser)', () => {
  const [curl] = codeSamples(request);
  if (!curl) throw new Error('no curl sample');

  it('swaps the spec host for the portal origin', () => {
    expect(sampleCode(curl, 'https://api.acme.example', 'http://localhost:8080', null, false)).toContain(
      '--url http://localhost:8080/api/v1/seller/orders/return/1',
    );
  });

  it('masks a chosen token until revealed', () => {
    const masked = sampleCode(curl, 'https://api.acme.example', 'https://x.example', 'acme_s_secret', false);
    expect(masked).toContain(SAMPLE_TOKEN_MASK);
    expect(masked).not.toContain('acme_s_secret');
    expect(sampleCode(curl, 'https://api.acme.example', 'https://x.example', 'acme_s_secret', true)).toContain("--header 'ACME-API-TOKEN: acme_s_secret'");
  });
});

describe('samples of the real spec', () => {
  it(
    'exist in all five languages for every operation and never contain a real token',
    async () => {
      const { publicSpec } = await bundledSpecs();
      const brand = deriveBrand();
      const { pages } = buildReferencePages({ brand, publicSpec, catalogue: buildCatalogue(publicSpec, brand) });
      // Events have receivers, not calls (their own test below).
      const operations = pages.flatMap((p) => p.operations).filter((op) => op.event === undefined);
      expect(operations).toHaveLength(publicOperations.operations.length);
      // Token values look like `acme_s_...` / `acme_w_...` (brand prefix, user type, random part).
      const tokenLike = new RegExp(`\\b${brand.tokenPrefix}_[a-z]_[A-Za-z0-9_-]{8,}`);
      for (const op of operations) {
        // Every read takes If-None-Match, so each also has the conditional poll; a simulation (POST) has none.
        const conditional = op.method === 'get' ? ['curl-if-changed'] : [];
        expect(
          op.samples.map((s) => s.lang),
          op.operationId,
        ).toEqual(['curl', 'javascript', 'python', 'go', 'java', ...conditional]);
        for (const sample of op.samples) {
          expect(sample.code, `${op.operationId} ${sample.lang}`).toContain(brand.tokenVariable);
          expect(sample.code).toContain(`https://api.acme.example/api/v1${op.path.replace(/\{[^}]+\}/g, '1')}`);
          expect(sample.code).not.toMatch(tokenLike);
          expect(sample.withToken).not.toMatch(tokenLike);
        }
      }
      const list = operations.find((op) => op.operationId === 'listSellerWarehouses');
      expect(list?.samples[0]?.code).toContain('page=0&size=10');
    },
    PIPELINE_TIMEOUT_MS,
  );

  it(
    'give every event a Node.js and a Python receiver on standardwebhooks, holding no token, only the secret variable',
    async () => {
      const { publicSpec } = await bundledSpecs();
      const brand = deriveBrand();
      const { pages } = buildReferencePages({ brand, publicSpec, catalogue: buildCatalogue(publicSpec, brand) });
      const events = pages.flatMap((p) => p.operations).filter((op) => op.event !== undefined);
      expect(events).toHaveLength(Object.keys(publicSpec.webhooks ?? {}).length);
      const tokenLike = new RegExp(`\\b${brand.tokenPrefix}_[a-z]_[A-Za-z0-9_-]{8,}`);
      for (const event of events) {
        expect(event.samples.map((sample) => [sample.lang, sample.label])).toEqual([
          ['javascript', 'Node.js'],
          ['python', 'Python'],
        ]);
        for (const sample of event.samples) {
          expect(sample.withToken).toBe(sample.code);
          expect(sample.code).not.toContain(TOKEN_MARKER);
          expect(sample.code).not.toContain(brand.tokenVariable);
          expect(sample.code).not.toMatch(tokenLike);
          expect(sample.code).toContain(`${brand.name}_WEBHOOK_SECRET`);
          expect(sample.code).toContain(`'${event.event}'`.replace(/'/g, sample.lang === 'python' ? '"' : "'"));
        }
      }
    },
    PIPELINE_TIMEOUT_MS,
  );
});
