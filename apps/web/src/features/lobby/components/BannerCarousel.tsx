import { CAROUSEL } from '@banca/contract';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '@/i18n';
import { Icon } from '@/ui';
import type { Banner } from '../api/lobby-api';
import { useLaunch } from '../hooks/useLaunch';
import { TimedScroll } from './timed-scroll';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The banner carousel (spec sections 2 and 9) on Embla: autoplay every 5000 ms, loop with more than
 * one slide, up to 3 slides visible (CSS: one on a phone, two on a tablet, three on a desktop),
 * 20.3 px apart. A turn takes 1000 ms (CAROUSEL.transitionMs): Embla's `duration` option is a spring,
 * not a time, so the TimedScroll plugin (timed-scroll.ts) moves the API's scrolls on an eased curve of
 * that length; drags keep Embla's physics. Visitors who ask for reduced motion get no autoplay, and
 * the buttons jump. A click opens the banner's linkage.
 */
export default function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useT();
  const navigate = useNavigate();
  const launch = useLaunch();
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
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);

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
      style={{ ['--carousel-gap' as string]: `${CAROUSEL.spacing}px` }}
    >
      <div className="carousel__viewport" ref={viewport}>
        <ul className="carousel__track">
          {banners.map((banner, i) => (
            <li
              key={banner.id}
              className="carousel__slide"
              aria-roledescription="slide"
              aria-label={t('lobby.slide', { n: i + 1, total: banners.length })}
              data-selected={i === selected || undefined}
            >
              {banner.linkageType === 'NONE' ? (
                <img src={banner.url} alt={banner.title} className="carousel__image" />
              ) : (
                <button type="button" className="carousel__link" onClick={() => open(banner)}>
                  <img src={banner.url} alt={banner.title} className="carousel__image" />
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
      {loop && (
        <>
          <button
            type="button"
            className="carousel__nav carousel__nav--prev"
            aria-label={t('lobby.previousSlide')}
            onClick={() => api?.scrollPrev(still)}
          >
            <Icon name="chevronRight" size={18} />
          </button>
          <button
            type="button"
            className="carousel__nav carousel__nav--next"
            aria-label={t('lobby.nextSlide')}
            onClick={() => api?.scrollNext(still)}
          >
            <Icon name="chevronRight" size={18} />
          </button>
        </>
      )}
    </div>
  );
}
