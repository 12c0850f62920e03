import { describe, expect, it } from 'vitest';
import { withHashingShare, type Clock } from '../../../src/server/lib/hashing-share.ts';
import type { ScryptTask } from '../../../src/server/lib/password.ts';

/** A clock that moves only when told: derivations take `ms` of it, sleeps are recorded and pass at once. */
function fakeClock() {
  let time = 0;
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => time,
    sleep: async (ms) => {
      sleeps.push(ms);
      time += ms;
    },
  };
  const derivation = (ms: number) => async () => {
    time += ms;
    return new Uint8Array(1);
  };
  return { clock, sleeps, derivation, pass: (ms: number) => (time += ms) };
}

const task = {} as ScryptTask;

describe('withHashingShare', () => {
  it('starts the first derivation at once, and the next after a rest as long as it took (share 0.5)', async () => {
    const { clock, sleeps, derivation } = fakeClock();
    const derive = withHashingShare(derivation(300), 0.5, clock);
    await derive(task);
    await derive(task);
    await derive(task);
    expect(sleeps).toEqual([300, 300]);
  });

  it('rests three times as long at share 0.25, and not at all at share 1', async () => {
    const quarter = fakeClock();
    const derive = withHashingShare(quarter.derivation(100), 0.25, quarter.clock);
    await derive(task);
    await derive(task);
    expect(quarter.sleeps).toEqual([300]);
    const whole = fakeClock();
    const unlimited = withHashingShare(whole.derivation(100), 1, whole.clock);
    await unlimited(task);
    await unlimited(task);
    expect(whole.sleeps).toEqual([]);
  });

  it('does not wait when the rest has already passed', async () => {
    const { clock, sleeps, derivation, pass } = fakeClock();
    const derive = withHashingShare(derivation(200), 0.5, clock);
    await derive(task);
    pass(150);
    await derive(task);
    expect(sleeps).toEqual([50]);
    pass(500);
    await derive(task);
    expect(sleeps).toEqual([50]);
  });

  it('rests after a derivation that failed, too', async () => {
    const { clock, sleeps } = fakeClock();
    let time = 0;
    const failing = withHashingShare(
      async () => {
        time += 1;
        throw new Error('worker died');
      },
      0.5,
      { now: () => clock.now() + time, sleep: clock.sleep },
    );
    await expect(failing(task)).rejects.toThrow('worker died');
    await expect(failing(task)).rejects.toThrow('worker died');
    expect(sleeps).toEqual([1]);
  });

  it('refuses a share outside (0, 1]', () => {
    expect(() => withHashingShare(async () => new Uint8Array(1), 0)).toThrow(/share/);
    expect(() => withHashingShare(async () => new Uint8Array(1), 1.5)).toThrow(/share/);
  });
});
