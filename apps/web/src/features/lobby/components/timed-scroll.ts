import type { EmblaCarouselType as EmblaApi, EmblaPluginType as Plugin } from 'embla-carousel';

type Engine = ReturnType<EmblaApi['internalEngine']>;
export type ScrollBody = Engine['scrollBody'];

/** Embla advances its motion in fixed steps of 1/60 s (its animation loop catches up with the clock). */
export const EMBLA_STEP_MS = 1000 / 60;

/** Slow at both ends, like a CSS `ease-in-out`. */
export const easeInOut = (p: number): number => (p < 0.5 ? 4 * p * p * p : 1 - (-2 * p + 2) ** 3 / 2);

type Vector = Engine['location'];

export interface TimedScrollBody extends ScrollBody {
  /** A pointer took hold of the carousel: Embla's own physics moves it until the next API scroll. */
  follow: () => void;
}

/**
 * A scroll body for Embla whose API scrolls (buttons, autoplay) take `durationMs` exactly: Embla's
 * `duration` option is a spring's stiffness, not a time (40 took ~1.3 s to cover 99% of a slide and
 * ~3.4 s to settle). Each of Embla's fixed steps moves the location to where an ease-in-out curve says
 * it should be, as a share of the distance left when the scroll began; a new target (another click
 * mid-way) starts a new curve from where it is. Only the distance left is tracked, so Embla's loop,
 * which shifts every vector by the content's length, does not disturb it. Drags (pointer down) and
 * jumps (duration 0) are Embla's own physics, unchanged.
 */
export function timedScrollBody(
  vectors: { location: Vector; previousLocation: Vector; target: Vector },
  physics: ScrollBody,
  durationMs: number,
): TimedScrollBody {
  const { location, previousLocation, target } = vectors;
  const steps = Math.max(1, Math.round(durationMs / EMBLA_STEP_MS));
  let timed = false;
  let leg: { distance: number; step: number } | null = null;
  let expected = 0;
  let lastMove = 0;

  const self: TimedScrollBody = {
    seek() {
      if (!timed || physics.duration() === 0) {
        physics.seek();
        return self;
      }
      const remaining = target.get() - location.get();
      if (!leg || Math.abs(remaining - expected) > 0.01) leg = { distance: remaining, step: 0 };
      leg.step = Math.min(steps, leg.step + 1);
      expected = leg.distance * (1 - easeInOut(leg.step / steps));
      lastMove = remaining - expected;
      previousLocation.set(location);
      location.add(lastMove);
      return self;
    },
    settled: () => physics.settled(),
    duration: () => physics.duration(),
    direction: () => (timed ? Math.sign(lastMove) : physics.direction()),
    velocity: () => (timed ? lastMove : physics.velocity()),
    useBaseFriction() {
      physics.useBaseFriction();
      return self;
    },
    useFriction(n) {
      physics.useFriction(n);
      return self;
    },
    useBaseDuration() {
      physics.useBaseDuration();
      return self;
    },
    // Embla's API (scrollTo, scrollNext, scrollPrev; autoplay uses them) sets the duration first:
    // a non-zero one is a scroll to time.
    useDuration(n) {
      physics.useDuration(n);
      if (n > 0) {
        timed = true;
        leg = null;
      }
      return self;
    },
    follow() {
      timed = false;
      leg = null;
    },
  };
  return self;
}

/**
 * The Embla plugin: installs the timed body the way Embla's own Auto Scroll plugin installs its
 * motion (`engine.scrollBody`), and hands the carousel back to Embla's physics while a pointer drags it.
 */
export function TimedScroll(durationMs: number): Plugin {
  let api: EmblaApi | undefined;
  let engine: Engine | undefined;
  let physics: ScrollBody | undefined;
  let body: TimedScrollBody | undefined;
  const follow = () => body?.follow();
  return {
    name: 'timedScroll',
    options: {},
    init(emblaApi) {
      api = emblaApi;
      engine = emblaApi.internalEngine();
      physics = engine.scrollBody;
      body = timedScrollBody(engine, physics, durationMs);
      engine.scrollBody = body;
      emblaApi.on('pointerDown', follow);
    },
    destroy() {
      api?.off('pointerDown', follow);
      if (engine && physics) engine.scrollBody = physics;
      api = engine = physics = body = undefined;
    },
  };
}
