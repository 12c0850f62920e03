// @vitest-environment happy-dom
/**
 * The app of a page rendered at build time starts only once its content has been painted: on the
 * first-contentful-paint entry (already there, or reported later), once, a task after it; without paint
 * timing, a frame and a short wait later.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint } from '../../../../src/web/lib/after-first-paint';

type PaintCallback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;
let observers: { callback: PaintCallback; disconnected: boolean }[] = [];

class FakePerformanceObserver {
  static supportedEntryTypes = ['paint'];
  private readonly record: { callback: PaintCallback; disconnected: boolean };
  constructor(callback: PaintCallback) {
    this.record = { callback, disconnected: false };
    observers.push(this.record);
  }
  observe(): void {}
  disconnect(): void {
    this.record.disconnected = true;
  }
}

function report(...names: string[]): void {
  for (const observer of observers) if (!observer.disconnected) observer.callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) });
}

beforeEach(() => {
  observers = [];
  vi.useFakeTimers();
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('afterFirstContentfulPaint', () => {
  it('waits for the first contentful paint, not the first paint, then starts once, a task later', () => {
    const start = vi.fn();
    afterFirstContentfulPaint(start);
    report('first-paint');
    vi.runAllTimers();
    expect(start).not.toHaveBeenCalled();
    report('first-contentful-paint');
    expect(start).not.toHaveBeenCalled();
    vi.runAllTimers();
    report('first-contentful-paint');
    vi.runAllTimers();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once (a task later) when the content was painted before the entry ran', () => {
    vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) => (name === 'first-contentful-paint' ? [{} as PerformanceEntry] : []));
    const start = vi.fn();
    afterFirstContentfulPaint(start);
    expect(observers).toHaveLength(0);
    vi.runAllTimers();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('without paint timing, starts a frame and a short wait later', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    let frame: FrameRequestCallback | undefined;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frame = callback;
      return 1;
    });
    const start = vi.fn();
    afterFirstContentfulPaint(start);
    vi.runAllTimers();
    expect(start).not.toHaveBeenCalled();
    frame?.(0);
    vi.advanceTimersByTime(299);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
