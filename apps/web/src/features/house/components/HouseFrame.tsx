import { useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BalanceValue } from '@banca/contract';
import { balanceQuery, useLiveBalance } from '@/features/wallet';
import { useT } from '@/i18n';
import { useUi } from '@/state';
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
  // The member's live balance, when this page runs in the member's own browser session (the lobby's
  // game popup, or a tab it opened): the wallet's live channel keeps it current through draws settled
  // later, bonuses and deposits, as the site header does. Without one, the game's own figures.
  const memberId = useUi((ui) => (ui.isLogin ? ui.memberInfo?.id : undefined));
  useLiveBalance(memberId);
  const client = useQueryClient();
  const live = useQuery(balanceQuery(memberId)).data;
  const currency = state.kind === 'ready' ? state.session.currency : undefined;
  // The game's own figure (a spin's answer) goes into the same cache the live channel writes, so the
  // newest of the two is what shows.
  useEffect(() => {
    if (balance === undefined || memberId === undefined) return;
    client.setQueryData<BalanceValue>(balanceQuery(memberId).queryKey, (old) =>
      old && old.currency === currency ? { ...old, balance } : old,
    );
  }, [client, memberId, balance, currency]);
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
  const shown = live && live.currency === session.currency ? live.balance : (balance ?? session.balance);
  return (
    <div className="house">
      <header className="house__bar">
        <h1 className="house__title">{title}</h1>
        <p className="house__balance" aria-live="polite">
          <span className="house__label">{t('house.balance')}</span>{' '}
          <strong>
            {session.currency} {formatMinorUnits(shown, language)}
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
