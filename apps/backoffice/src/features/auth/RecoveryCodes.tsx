import { useState } from 'react';
import { useI18n } from '@/i18n/i18n.ts';

/** The ten recovery codes, shown this once right after enrolment. */
export default function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  return (
    <div className="stack">
      <h1>{t('enrol.recoveryTitle')}</h1>
      <p>{t('enrol.recoveryHelp')}</p>
      <ol className="codes" aria-label={t('enrol.recoveryTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn"
        onClick={() => {
          void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true));
        }}
      >
        {copied ? t('enrol.copied') : t('enrol.copy')}
      </button>
      <button type="button" className="btn btn--primary" onClick={onDone}>
        {t('enrol.done')}
      </button>
    </div>
  );
}
