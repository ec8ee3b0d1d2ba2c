import { CustomerServiceButton, useResources } from '@/features/system';
import { useT } from '@/i18n';
import { SocialIcon, socialIcon, socialResources } from './SocialLinks';

/** Right bar on desktop: customer service, then WhatsApp, Facebook and Telegram when configured. */
export function RightBar() {
  const { t } = useT();
  const channels = socialResources(useResources(), ['SOCIAL_WHATSAPP', 'SOCIAL_FACEBOOK', 'SOCIAL_TELEGRAM']);
  return (
    <aside className="right-bar" aria-label={t('rightBar.label')}>
      <CustomerServiceButton variant="rail" />
      {channels.map((item) => {
        const name = t(`social.${item.resourceType as 'SOCIAL_FACEBOOK'}`);
        return (
          <a
            key={item.resourceType}
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            className="right-bar__btn"
            aria-label={name}
            title={name}
          >
            <SocialIcon name={socialIcon(item.resourceType)} size={22} />
          </a>
        );
      })}
    </aside>
  );
}
