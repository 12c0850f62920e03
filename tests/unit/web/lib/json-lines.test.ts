import { describe, expect, it } from 'vitest';
import { jsonLines } from '../../../../src/web/lib/json-lines';

const text = (value: unknown, link = false) =>
  jsonLines(value, link)
    .map((line) => line.map((segment) => segment.text).join(''))
    .join('\n');

describe('jsonLines', () => {
  it.each([
    [
      'a list response',
      {
        page: 0,
        size: 10,
        lastPage: 2,
        data: [
          { id: 1, name: 'A', tags: [], meta: {} },
          { id: 2, nested: { deep: [1, 'x', null, true] } },
        ],
      },
    ],
    ['a scalar', 'hello "world"'],
    ['null', null],
    ['an empty array', []],
    ['unicode', { name: 'Müller & Söhne ✓' }],
  ])('prints %s exactly like JSON.stringify(value, null, 2)', (_, value) => {
    expect(text(value)).toBe(JSON.stringify(value, null, 2));
  });

  it('marks data[i].id of a list response when asked', () => {
    const ids = jsonLines({ data: [{ id: 5, other: { id: 9 } }, { id: '6' }], id: 1 }, true)
      .flat()
      .filter((segment) => segment.detailId !== undefined)
      .map((segment) => segment.detailId);
    expect(ids).toEqual(['5', '6']);
  });

  it('marks the id at a row path of its own (x-row-id), such as a seller import row’s import.id', () => {
    const ids = jsonLines({ data: [{ import: { id: 7 }, quotation: { id: 3 } }, { id: 8 }] }, ['import', 'id'])
      .flat()
      .filter((segment) => segment.detailId !== undefined)
      .map((segment) => segment.detailId);
    expect(ids).toEqual(['7']);
  });

  it('marks nothing when not asked', () => {
    expect(
      jsonLines({ data: [{ id: 5 }] })
        .flat()
        .some((segment) => segment.detailId !== undefined),
    ).toBe(false);
  });

  it('kinds keys and values', () => {
    const [, line] = jsonLines({ a: 1 });
    expect(line?.map((segment) => segment.kind)).toEqual(['punctuation', 'key', 'punctuation', 'number']);
  });
});
