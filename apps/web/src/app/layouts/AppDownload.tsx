import { QRCodeSVG } from 'qrcode.react';
import { QR_CODE_SIZE, type Resource } from '@banca/contract';
import { useT } from '@/i18n';
import { Icon } from '@/ui';

/** App download QR codes (size 120), loaded after first paint. */
export default function AppDownload({ apps }: { apps: Resource[] }) {
  const { t } = useT();
  return (
    <ul className="app-download">
      {apps.map((app) => {
        const platform = app.resourceType === 'APP_IOS' ? t('sideMenu.appIos') : t('sideMenu.appAndroid');
        return (
          <li key={app.resourceType} className="app-download__item">
            <a href={app.url} target="_blank" rel="noopener noreferrer" className="app-download__link">
              <span className="app-download__qr">
                <QRCodeSVG
                  value={app.url}
                  size={QR_CODE_SIZE}
                  marginSize={1}
                  role="img"
                  aria-label={t('sideMenu.appQr', { platform })}
                />
              </span>
              <span className="app-download__label">
                <Icon name="phone" size={16} />
                {platform}
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
