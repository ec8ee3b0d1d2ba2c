import type { Resource } from '@banca/contract';
import { useResources } from '@/features/system';
import { useT } from '@/i18n';
import { Suspense, lazy } from 'react';
import type { Brand } from '@/ui/BrandIcon';
import { WhenVisible } from './WhenVisible';

const BrandIcon = lazy(() => import('@/ui/BrandIcon'));

/**
 * A brand glyph, loaded once it is on screen (its paths are not on the first route; on a phone the
 * right bar is hidden and the drawer closed, so a first visit does not fetch them at all).
 */
export function SocialIcon({ name, size = 20 }: { name: Brand; size?: number }) {
  const placeholder = { className: 'icon-placeholder', style: { width: size, height: size } };
  return (
    <WhenVisible inline {...placeholder}>
      <Suspense fallback={<span {...placeholder} />}>
        <BrandIcon name={name} size={size} />
      </Suspense>
    </WhenVisible>
  );
}

const SOCIAL: Partial<Record<Resource['resourceType'], Brand>> = {
  SOCIAL_FACEBOOK: 'facebook',
  SOCIAL_YOUTUBE: 'youtube',
  SOCIAL_WHATSAPP: 'whatsapp',
  SOCIAL_TELEGRAM: 'telegram',
  SOCIAL_INSTAGRAM: 'instagram',
};

export const socialResources = (
  resources: readonly Resource[],
  types?: readonly Resource['resourceType'][],
) => resources.filter((r) => r.resourceType in SOCIAL && (!types || types.includes(r.resourceType)));

export const socialIcon = (type: Resource['resourceType']): Brand => SOCIAL[type] ?? 'facebook';

/** The merchant's social channels (only those configured). */
export function SocialLinks({
  className,
  headingClass,
  title,
}: {
  className?: string;
  headingClass?: string;
  title?: string;
}) {
  const { t } = useT();
  const social = socialResources(useResources(), [
    'SOCIAL_FACEBOOK',
    'SOCIAL_YOUTUBE',
    'SOCIAL_WHATSAPP',
    'SOCIAL_TELEGRAM',
    'SOCIAL_INSTAGRAM',
  ]);
  if (social.length === 0) return null;
  return (
    <section className={className}>
      <h2 className={headingClass}>{title ?? t('sideMenu.social')}</h2>
      <ul className="social-links">
        {social.map((item) => {
          const name = t(`social.${item.resourceType as 'SOCIAL_FACEBOOK'}`);
          return (
            <li key={item.resourceType}>
              <a
                href={item.url}
                target="_blank"
                rel="noopener noreferrer"
                className={`social-link social-link--${socialIcon(item.resourceType)}`}
                aria-label={name}
                title={name}
              >
                <SocialIcon name={socialIcon(item.resourceType)} size={20} />
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
