/** The token form's limits and counts agree with the spec's createApiToken body. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { characterCount, counterText, DESCRIPTION_MAX, TITLE_MAX, tooLongMessage } from '../../../../src/web/features/tokens/lib/text-limits';

const spec = JSON.parse(readFileSync(new URL('../../../../src/generated/openapi.portal.json', import.meta.url), 'utf8')) as {
  components: { schemas: { CreateApiTokenRequest: { properties: Record<string, { maxLength: number }> } } };
};

describe('token text limits', () => {
  it("equal the spec's maxLength of title and description", () => {
    const properties = spec.components.schemas.CreateApiTokenRequest.properties;
    expect(TITLE_MAX).toBe(properties.title?.maxLength);
    expect(DESCRIPTION_MAX).toBe(properties.description?.maxLength);
  });

  it('count characters of the text as sent (trimmed; an emoji is one) and say when it is over', () => {
    expect(characterCount('  🚚 ñ ')).toBe(3);
    expect(counterText('abc', 100)).toBe('3/100');
    expect(tooLongMessage('x'.repeat(100), 100)).toBeUndefined();
    expect(tooLongMessage('x'.repeat(101), 100)).toBe('Too long: 101 characters, at most 100.');
  });
});
