import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arrivalPage } from '../../../bench/pages';

describe('arrivalPage', () => {
  it('is a page of another site than the pages measured, on the same server', () => {
    const start = new URL(arrivalPage('http://127.0.0.1:8401'));
    expect(start.hostname).toBe('localhost');
    expect(start.hostname).not.toBe(new URL('http://127.0.0.1:8400/documentation').hostname);
    expect(start.port).toBe('8401');
  });

  it('names a file the peers server serves', () => {
    const path = new URL(arrivalPage('http://127.0.0.1:8401')).pathname;
    expect(path.startsWith('/peers/')).toBe(true);
    expect(existsSync(resolve('bench', path.slice(1)))).toBe(true);
  });
});
