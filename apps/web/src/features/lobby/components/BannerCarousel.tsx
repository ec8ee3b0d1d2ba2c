import { CAROUSEL } from '@banca/contract';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useMemo, useState } from 'react';
import type { Banner } from '../api/lobby-api';
import { BannerSlides, reducedMotion } from './BannerSlides';

/**
 * The banner carousel (spec sections 2 and 9) on Embla: autoplay every 5000 ms, loop with more than
 * one slide, up to 3 slides visible (CSS: one on a phone, two on a tablet, three on a desktop),
 * 20.3 px apart. Embla's `duration` is not in milliseconds but a speed; 40 moves a slide in about a
 * second (the spec's 1000 ms). Autoplay stops for visitors who ask for reduced motion (they page with
 * the buttons). The library loads when the carousel first has to move (HomeLobby): `step` is that
 * first move (1 next, -1 previous, 0 none), made as soon as Embla is ready.
 */
export default function BannerCarousel({ banners, step }: { banners: Banner[]; step: -1 | 0 | 1 }) {
  const loop = banners.length > 1;
  const plugins = useMemo(
    () =>
      loop && !reducedMotion()
        ? [Autoplay({ delay: CAROUSEL.autoplayMs, stopOnInteraction: false, stopOnMouseEnter: true })]
        : [],
    [loop],
  );
  const [viewport, api] = useEmblaCarousel({ loop, align: 'start', duration: 40 }, plugins);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on('select', onSelect);
    if (step === 1) api.scrollNext();
    if (step === -1) api.scrollPrev();
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
      onPrev={() => api?.scrollPrev()}
      onNext={() => api?.scrollNext()}
    />
  );
}
