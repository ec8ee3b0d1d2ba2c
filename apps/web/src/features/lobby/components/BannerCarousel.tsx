import { CAROUSEL } from '@banca/contract';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useMemo, useState } from 'react';
import type { Banner } from '../api/lobby-api';
import { BannerSlides, reducedMotion } from './BannerSlides';
import { TimedScroll } from './timed-scroll';

/**
 * The banner carousel (spec sections 2 and 9) on Embla: autoplay every 5000 ms, loop with more than
 * one slide, up to 3 slides visible (CSS: one on a phone, two on a tablet, three on a desktop),
 * 20.3 px apart. A turn takes 1000 ms (CAROUSEL.transitionMs): Embla's `duration` option is a spring,
 * not a time, so the TimedScroll plugin (timed-scroll.ts) moves the API's scrolls on an eased curve of
 * that length; drags keep Embla's physics. Visitors who ask for reduced motion get no autoplay, and
 * the buttons jump. The library loads when the carousel first has to move (HomeLobby): `step` is that
 * first move (1 next, -1 previous, 0 none), made as soon as Embla is ready.
 */
export default function BannerCarousel({ banners, step }: { banners: Banner[]; step: -1 | 0 | 1 }) {
  const loop = banners.length > 1;
  const [still] = useState(reducedMotion);
  const plugins = useMemo(
    () => [
      TimedScroll(CAROUSEL.transitionMs),
      ...(loop && !still
        ? [Autoplay({ delay: CAROUSEL.autoplayMs, stopOnInteraction: false, stopOnMouseEnter: true })]
        : []),
    ],
    [loop, still],
  );
  const [viewport, api] = useEmblaCarousel({ loop, align: 'start' }, plugins);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on('select', onSelect);
    if (step === 1) api.scrollNext(still);
    if (step === -1) api.scrollPrev(still);
    return () => {
      api.off('select', onSelect);
    };
    // The first move is made once, when Embla is ready.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api]);

  return (
    <BannerSlides
      banners={banners}
      selected={selected}
      viewport={viewport}
      onPrev={() => api?.scrollPrev(still)}
      onNext={() => api?.scrollNext(still)}
    />
  );
}
