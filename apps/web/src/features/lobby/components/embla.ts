import { CAROUSEL } from '@banca/contract';
import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import { TimedScroll } from './timed-scroll';

export type Carousel = EmblaCarouselType;

/**
 * Embla on the banner slides already on screen (BannerSlides): the vanilla library takes the painted
 * viewport as it is, so nothing is rendered again or remounted when it arrives (its own chunk, loaded
 * right after the slides paint). Autoplay every 5000 ms, loop with more than one slide, a turn of
 * 1000 ms (TimedScroll: Embla's `duration` is a spring, not a time); `still` (reduced motion) turns
 * autoplay off.
 */
export function attachCarousel(viewport: HTMLElement, slides: number, still: boolean): Carousel {
  const loop = slides > 1;
  return EmblaCarousel(viewport, { loop, align: 'start' }, [
    TimedScroll(CAROUSEL.transitionMs),
    ...(loop && !still
      ? [Autoplay({ delay: CAROUSEL.autoplayMs, stopOnInteraction: false, stopOnMouseEnter: true })]
      : []),
  ]);
}
