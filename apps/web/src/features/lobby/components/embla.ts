import { CAROUSEL } from '@banca/contract';
import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import { TimedScroll } from './timed-scroll';

export type Carousel = EmblaCarouselType;

/**
 * Embla on the banner slides already on screen (BannerSlides): the vanilla library takes the painted
 * viewport as it is, so nothing is rendered again or remounted when it arrives (its own chunk, loaded
 * shortly before the first turn is due, or at the first press). Autoplay every 5000 ms, loop with more
 * than one slide, a turn of 1000 ms (TimedScroll: Embla's `duration` is a spring, not a time); `still`
 * (reduced motion) turns autoplay off. `firstTurnInMs` keeps the cadence counted from the slides'
 * first paint: the first turn comes then, and autoplay every 5000 ms after it.
 */
export function attachCarousel(
  viewport: HTMLElement,
  slides: number,
  still: boolean,
  firstTurnInMs: number,
): Carousel {
  const loop = slides > 1;
  const autoplay = loop && !still;
  const api = EmblaCarousel(viewport, { loop, align: 'start' }, [
    TimedScroll(CAROUSEL.transitionMs),
    ...(autoplay
      ? [
          Autoplay({
            delay: CAROUSEL.autoplayMs,
            playOnInit: false,
            stopOnInteraction: false,
            stopOnMouseEnter: true,
          }),
        ]
      : []),
  ]);
  if (autoplay) {
    const firstTurn = window.setTimeout(() => {
      // A pointer resting on the carousel pauses it (stopOnMouseEnter): no turn under it then.
      if (!viewport.matches(':hover')) api.scrollNext();
      api.plugins().autoplay?.play();
    }, firstTurnInMs);
    api.on('destroy', () => window.clearTimeout(firstTurn));
  }
  return api;
}
