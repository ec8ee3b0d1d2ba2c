import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import { Button, Empty, Spinner } from '@/ui';
import { formatMinorUnits } from '@/lib/money';
import './house.css';
import type { HouseSession, HouseSessionState } from '../session';

/**
 * The house vendor's page frame: a slim bar (the game's name, the player's balance, back) over the
 * game, and the opening and "launch again" states. The house pages run inside the lobby's game popup
 * or on their own; they never show the member site's header.
 */
export function HouseFrame({
  state,
  title,
  balance,
  children,
}: {
  state: HouseSessionState;
  title: string;
  /** The balance to show (minor units); the session's opening balance until the game reports one. */
  balance?: number | undefined;
  children: (session: HouseSession) => ReactNode;
}) {
  const { t, language } = useT();
  if (state.kind === 'opening') {
    return (
      <main id="main" className="house house--status" role="status">
        <Spinner size="lg" />
        <span>{t('house.opening')}</span>
      </main>
    );
  }
  if (state.kind === 'error') {
    return (
      <main id="main" className="house house--status">
        <Empty title={state.message} hint={t('house.expired')} icon="gamepad" />
        <Button onClick={() => window.top?.location.assign('/')}>{t('house.toLobby')}</Button>
      </main>
    );
  }
  const { session } = state;
  return (
    <div className="house">
      <header className="house__bar">
        <h1 className="house__title">{title}</h1>
        <p className="house__balance" aria-live="polite">
          <span className="house__label">{t('house.balance')}</span>{' '}
          <strong>
            {session.currency} {formatMinorUnits(balance ?? session.balance, language)}
          </strong>
        </p>
      </header>
      {/* The page's one main landmark (index.html's skip link targets #main). */}
      <main id="main" className="house__stage" tabIndex={-1}>
        {children(session)}
      </main>
    </div>
  );
}
