/**
 * What a code sample shows and copies. Samples are generated at build time against the spec's default
 * host; the browser only swaps in the portal's own origin and, when the user picked one, a token.
 */
import { TOKEN_MARKER, type CodeSample } from '../../../../shared/portal-data/reference-page';

/** A fixed run of dots: its length says nothing about the token's. */
export const SAMPLE_TOKEN_MASK = '••••••••••••••••';

export function sampleCode(sample: CodeSample, sampleOrigin: string, origin: string, token: string | null, reveal: boolean): string {
  const code = token === null ? sample.code : sample.withToken.replaceAll(TOKEN_MARKER, reveal ? token : SAMPLE_TOKEN_MASK);
  return code.replaceAll(sampleOrigin, origin);
}
