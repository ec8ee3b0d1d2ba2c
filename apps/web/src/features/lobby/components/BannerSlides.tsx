import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CAROUSEL } from '@banca/contract';
import { useT } from '@/i18n';
import { Icon } from '@/ui';
import type { Banner } from '../api/lobby-api';
import { useLaunch } from '../hooks/useLaunch';
import type { Carousel } from './embla';

/** How long before the first turn is due Embla starts loading (a slow phone needs a moment for it). */
const EMBLA_LEAD_MS = 2000;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The banner carousel (spec sections 2 and 9): the slides, 1, 2 or 3 across and 20.3 px apart (CSS),
 * and the previous/next buttons. The slides are painted as they are from the first render (the first
 * banner image is the page's largest paint); Embla (embla.ts, its own chunk) then attaches to the
 * painted viewport without re-rendering it (loaded shortly before the first turn, or at the first touch
 * or press): autoplay every 5000 ms from the first paint, a 1000 ms turn, loop with more than one slide.
 * A button pressed before Embla is in is kept and made once it is. Visitors who ask for
 * reduced motion get no autoplay, and the buttons jump. A click on a slide opens its linkage.
 */
export function BannerSlides({ banners }: { banners: Banner[] }) {
  const { t } = useT();
  const navigate = useNavigate();
  const launch = useLaunch();
  const loop = banners.length > 1;
  const viewport = useRef<HTMLDivElement>(null);
  const carousel = useRef<Carousel | null>(null);
  const pending = useRef<-1 | 0 | 1>(0);
  const [selected, setSelected] = useState(0);
  const [still] = useState(reducedMotion);

  // Embla is not needed for the slides' first paint, nor for the first seconds after it: it loads
  // shortly before the first turn is due (EMBLA_LEAD_MS), or at once when the carousel is touched or
  // a button pressed (the press is kept and made once it is in). So the first visit's JavaScript,
  // fetched until the network is idle, does not carry it (bench/web).
  const load = useRef<() => void>(() => undefined);
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const shownAt = performance.now();
    let cancelled = false;
    let requested = false;
    load.current = () => {
      if (requested) return;
      requested = true;
      void import('./embla').then(({ attachCarousel }) => {
        if (cancelled) return;
        const firstTurnInMs = Math.max(0, CAROUSEL.autoplayMs - (performance.now() - shownAt));
        const api = attachCarousel(element, banners.length, still, firstTurnInMs);
        carousel.current = api;
        api.on('select', () => setSelected(api.selectedScrollSnap()));
        if (pending.current === 1) api.scrollNext(still);
        if (pending.current === -1) api.scrollPrev(still);
        pending.current = 0;
      });
    };
    const soon = window.setTimeout(() => load.current(), CAROUSEL.autoplayMs - EMBLA_LEAD_MS);
    const touched = () => load.current();
    element.addEventListener('pointerdown', touched, { once: true, passive: true });
    return () => {
      cancelled = true;
      window.clearTimeout(soon);
      element.removeEventListener('pointerdown', touched);
      carousel.current?.destroy();
      carousel.current = null;
      setSelected(0);
    };
  }, [banners, still]);

  const move = (step: -1 | 1) => {
    const api = carousel.current;
    if (!api) {
      pending.current = step;
      load.current();
    } else if (step === 1) api.scrollNext(still);
    else api.scrollPrev(still);
  };

  const open = (banner: Banner) => {
    switch (banner.linkageType) {
      case 'ROUTE':
        if (banner.linkage.startsWith('/') && !banner.linkage.startsWith('//')) void navigate(banner.linkage);
        return;
      case 'URL':
        if (banner.linkage.startsWith('https://')) window.open(banner.linkage, '_blank', 'noopener');
        return;
      case 'PROMO':
        void navigate(`/promotions#${encodeURIComponent(banner.linkage)}`);
        return;
      case 'GAME': {
        const vassalage = banner.linkage.split('-')[0] ?? '';
        launch({ nodeId: banner.linkage, vassalage, gameName: banner.title, isGame: 'GAME' });
        return;
      }
      default:
    }
  };

  return (
    <div
      className="carousel"
      aria-roledescription="carousel"
      data-slides={banners.length}
      style={{ ['--carousel-gap' as string]: `${CAROUSEL.spacing}px` }}
    >
      <div className="carousel__viewport" ref={viewport}>
        <ul className="carousel__track">
          {banners.map((banner, i) => {
            // The first slide is the page's largest paint on a phone: fetched first, never lazily.
            const image = (
              <img
                src={banner.url}
                alt={banner.title}
                className="carousel__image"
                fetchPriority={i === 0 ? 'high' : undefined}
              />
            );
            return (
              <li
                key={banner.id}
                className="carousel__slide"
                aria-roledescription="slide"
                aria-label={t('lobby.slide', { n: i + 1, total: banners.length })}
                data-selected={i === selected || undefined}
              >
                {banner.linkageType === 'NONE' ? (
                  image
                ) : (
                  <button type="button" className="carousel__link" onClick={() => open(banner)}>
                    {image}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </div>
      {loop && (
        <>
          <button
            type="button"
            className="carousel__nav carousel__nav--prev"
            aria-label={t('lobby.previousSlide')}
            onClick={() => move(-1)}
          >
            <Icon name="chevronRight" size={18} />
          </button>
          <button
            type="button"
            className="carousel__nav carousel__nav--next"
            aria-label={t('lobby.nextSlide')}
            onClick={() => move(1)}
          >
            <Icon name="chevronRight" size={18} />
          </button>
        </>
      )}
    </div>
  );
}
