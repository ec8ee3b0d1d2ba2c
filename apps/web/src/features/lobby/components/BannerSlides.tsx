import type { Ref } from 'react';
import { useNavigate } from 'react-router';
import { CAROUSEL } from '@banca/contract';
import { useT } from '@/i18n';
import { Icon } from '@/ui';
import type { Banner } from '../api/lobby-api';
import { useLaunch } from '../hooks/useLaunch';

export const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The banner carousel's markup (spec sections 2 and 9): the slides, 1, 2 or 3 across (CSS), and the
 * previous/next buttons. Rendered as it is from the first paint (the banner images are the page's
 * largest paint), and by BannerCarousel, which moves it with Embla once the library is in. A click
 * opens the banner's linkage.
 */
export function BannerSlides({
  banners,
  selected,
  viewport,
  onPrev,
  onNext,
}: {
  banners: Banner[];
  selected: number;
  viewport?: Ref<HTMLDivElement>;
  onPrev: () => void;
  onNext: () => void;
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const launch = useLaunch();
  const loop = banners.length > 1;

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
            onClick={onPrev}
          >
            <Icon name="chevronRight" size={18} />
          </button>
          <button
            type="button"
            className="carousel__nav carousel__nav--next"
            aria-label={t('lobby.nextSlide')}
            onClick={onNext}
          >
            <Icon name="chevronRight" size={18} />
          </button>
        </>
      )}
    </div>
  );
}
