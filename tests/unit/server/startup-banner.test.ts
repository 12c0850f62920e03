/** The `npm start` banner (terminal only) and the parent watch that stops an orphaned server. */
import { describe, expect, it, vi } from 'vitest';
import { printStartupBanner, quietInTerminal, startupBanner } from '../../../src/server/startup-banner.ts';
import { parseConfig } from '../../../src/server/config.ts';
import { watchParent } from '../../../src/server/parent-watch.ts';

describe('startupBanner', () => {
  it('names an address a browser can open and the demo logins of the embedded database', () => {
    expect(startupBanner({ address: 'http://0.0.0.0:8080', demoAccounts: true })).toBe(
      'Developer portal ready at http://localhost:8080 · demo logins seller@example.com (Seller) and warehouse@example.com (Warehouse), password demo-password (Ctrl+C to stop)',
    );
    expect(startupBanner({ address: 'http://127.0.0.1:8150', demoAccounts: false })).toBe('Developer portal ready at http://127.0.0.1:8150 (Ctrl+C to stop)');
  });

  it('prints one line for a terminal and nothing for a machine reading the JSON logs', () => {
    const terminal = { isTTY: true, write: vi.fn() };
    const pipe = { isTTY: false, write: vi.fn() };
    printStartupBanner({ address: 'http://127.0.0.1:8150', demoAccounts: true }, terminal);
    printStartupBanner({ address: 'http://127.0.0.1:8150', demoAccounts: true }, pipe);
    expect(terminal.write).toHaveBeenCalledTimes(1);
    expect(String(terminal.write.mock.calls[0]?.[0]).trim().split('\n')).toHaveLength(1);
    expect(pipe.write).not.toHaveBeenCalled();
  });
});

describe('quietInTerminal', () => {
  it('keeps a terminal’s log to warnings and errors, so the ready line is not scrolled away by a line per request', () => {
    expect(parseConfig(quietInTerminal({}, { isTTY: true })).logLevel).toBe('warn');
  });

  it('leaves a chosen LOG_LEVEL, and a service’s, pipe’s or container’s log, as they are', () => {
    expect(parseConfig(quietInTerminal({ LOG_LEVEL: 'debug' }, { isTTY: true })).logLevel).toBe('debug');
    expect(parseConfig(quietInTerminal({}, { isTTY: false })).logLevel).toBe('info');
    expect(parseConfig(quietInTerminal({}, {})).logLevel).toBe('info');
  });
});

describe('watchParent', () => {
  it('calls back once when the parent process changes (npm ended), not before', () => {
    vi.useFakeTimers();
    try {
      let parent = 100;
      const orphaned = vi.fn();
      watchParent(orphaned, () => parent, 1000);
      vi.advanceTimersByTime(3000);
      expect(orphaned).not.toHaveBeenCalled();
      parent = 1;
      vi.advanceTimersByTime(1000);
      vi.advanceTimersByTime(5000);
      expect(orphaned).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
