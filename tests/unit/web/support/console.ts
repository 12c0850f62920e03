/**
 * For tests of failures that are only "logged to the console": the setup file fails a test on
 * any console.error, so such a test declares the errors it expects and checks them itself.
 */
import { vi } from 'vitest';

export function expectConsoleErrors() {
  const spy = vi.mocked(console.error);
  spy.mockImplementation(() => undefined);
  return spy;
}
