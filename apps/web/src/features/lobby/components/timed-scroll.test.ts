import { describe, expect, it, vi } from 'vitest';
import { EMBLA_STEP_MS, timedScrollBody, type ScrollBody } from './timed-scroll';

type Vector = Parameters<typeof timedScrollBody>[0]['location'];
/** Embla's Vector1D: a number with get, set, add and subtract. */
const vector = (value = 0): Vector => {
  let v = value;
  const of = (n: Vector | number) => (typeof n === 'number' ? n : n.get());
  return {
    get: () => v,
    set: (n) => {
      v = of(n);
    },
    add: (n) => {
      v += of(n);
    },
    subtract: (n) => {
      v -= of(n);
    },
  };
};

/** Embla's own body, reduced to what the timed body asks of it. */
const physicsStub = () => {
  let duration = 25;
  const body: ScrollBody = {
    seek: vi.fn(() => body),
    settled: () => false,
    duration: () => duration,
    direction: () => 0,
    velocity: () => 0,
    useBaseFriction: () => body,
    useFriction: () => body,
    useBaseDuration: () => body,
    useDuration: (n: number) => {
      duration = n;
      return body;
    },
  };
  return body;
};

const setup = (durationMs = 1000) => {
  const vectors = { location: vector(), previousLocation: vector(), target: vector() };
  const physics = physicsStub();
  const body = timedScrollBody(vectors, physics, durationMs);
  /** What Embla's scrollTo(index) does: set the duration, then move the target. */
  const scrollBy = (distance: number) => {
    body.useBaseFriction().useDuration(25);
    vectors.target.add(distance);
  };
  return { ...vectors, physics, body, scrollBy };
};

describe('timed scroll body (the carousel transition of spec section 2: 1000 ms)', () => {
  it('reaches the target in exactly 1000 ms of Embla steps, moving one way, eased at both ends', () => {
    const { location, body, scrollBy } = setup(1000);
    const steps = Math.round(1000 / EMBLA_STEP_MS);
    expect(steps).toBe(60);
    scrollBy(-390);
    const path: number[] = [];
    for (let i = 0; i < steps; i++) {
      body.seek();
      path.push(location.get());
    }
    expect(Math.abs(path[steps - 2]! + 390)).toBeGreaterThan(1e-4); // not there one step early
    expect(path[steps - 1]).toBeCloseTo(-390, 9);
    expect(path[steps / 2 - 1]).toBeCloseTo(-195, 6);
    for (let i = 1; i < steps; i++) expect(path[i]!).toBeLessThanOrEqual(path[i - 1]!);
    // Slow start and end, fast middle.
    const moves = path.map((p, i) => Math.abs(p - (path[i - 1] ?? 0)));
    expect(moves[0]!).toBeLessThan(moves[steps / 2]!);
    expect(moves[steps - 1]!).toBeLessThan(moves[steps / 2]!);
    // Then it stays.
    body.seek();
    expect(location.get()).toBeCloseTo(-390, 9);
  });

  it("is not disturbed by Embla's loop shifting every vector by the content's length", () => {
    const { location, previousLocation, target, body, scrollBy } = setup(1000);
    scrollBy(-390);
    for (let i = 0; i < 30; i++) body.seek();
    for (const v of [location, previousLocation, target]) v.add(1560);
    for (let i = 0; i < 30; i++) body.seek();
    expect(location.get()).toBeCloseTo(1560 - 390, 9);
  });

  it('a new target mid-way starts a new 1000 ms curve from where the carousel is', () => {
    const { location, body, scrollBy } = setup(1000);
    scrollBy(-390);
    for (let i = 0; i < 30; i++) body.seek();
    const from = location.get();
    scrollBy(-390);
    for (let i = 0; i < 59; i++) body.seek();
    expect(Math.abs(location.get() + 780)).toBeGreaterThan(1e-4);
    expect(location.get()).toBeLessThan(from);
    body.seek();
    expect(location.get()).toBeCloseTo(-780, 9);
  });

  it("leaves drags and jumps to Embla's physics", () => {
    const { physics, body, scrollBy } = setup(1000);
    body.seek();
    expect(physics.seek).toHaveBeenCalledTimes(1); // nothing asked for a timed scroll yet
    scrollBy(-390);
    body.seek();
    expect(physics.seek).toHaveBeenCalledTimes(1);
    body.follow(); // pointer down
    body.seek();
    expect(physics.seek).toHaveBeenCalledTimes(2);
    body.useDuration(0); // scrollTo(index, jump)
    body.seek();
    expect(physics.seek).toHaveBeenCalledTimes(3);
  });
});
