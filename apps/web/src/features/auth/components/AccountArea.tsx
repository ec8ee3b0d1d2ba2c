import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUnreadMessages } from '@/features/messages';
import { CustomerServiceButton, useWhitelabel } from '@/features/system';
import { BalanceChip, DepositButton, LiveBalance } from '@/features/wallet';
import { memberPage, paths } from '@/config/paths';
import { useT } from '@/i18n';
import { openModal, useUi } from '@/state';
import { FullIcon, StrokeIcon, type IconName } from '@/ui';
import { confirmLogout } from '../actions';
import { unlessTrial } from '../trial';
import './auth.css';

/** The header's own two icons, drawn here rather than loaded with the auth forms' icon chunk. */
const BELL = 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4';
const COPY = 'M9 9h11v11H9zM5 15H4V4h11v1';

/** Copies text; falls back to a hidden textarea where the async clipboard is unavailable. */
export const copyText = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    let ok: boolean;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
};

/**
 * The logged-in header (spec section 2): a balance slot, the notice bell and the avatar menu (my
 * account, betting record, platform messages, customer service, agent entry for agents, sign out,
 * copyable user ID, VIP label). The balance chip shows what the wallet gateway reports; phones, where
 * the header is narrow, show a compact figure there and the full chip inside the menu.
 */
export default function AccountArea() {
  const { t } = useT();
  const navigate = useNavigate();
  const member = useUi((state) => state.memberInfo);
  const isAgent = useUi((state) => state.isAgent);
  const isTrial = useUi((state) => state.isTrial);
  const whitelabel = useWhitelabel();
  // Unread platform messages (asked for real accounts only): on the bell and the menu's messages item.
  const unread = useUnreadMessages() ?? 0;
  const shownUnread = unread > 99 ? '99+' : String(unread);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const name = member?.nickname || member?.account || '';
  const vip = whitelabel?.vip.enabled
    ? member?.vipLabel || `${whitelabel.vip.labelName || 'VIP'} ${member?.vipLevel ?? 0}`
    : null;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    root.current
      ?.querySelector<HTMLElement>(`#${CSS.escape(menuId)} a, #${CSS.escape(menuId)} button`)
      ?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open, menuId]);

  const bellLabel =
    unread === 0
      ? t('account.notices')
      : unread === 1
        ? t('account.noticesUnreadOne')
        : t('account.noticesUnread', { count: unread });

  const go = (to: string, guarded = true) => {
    setOpen(false);
    if (guarded) unlessTrial(() => void navigate(to));
    else void navigate(to);
  };

  const copyId = async () => {
    if (!member) return;
    const ok = await copyText(String(member.id));
    openModal('message', {
      title: ok ? 'account.copied' : 'in_popup_prompt',
      rawText: ok ? t('account.copiedText', { id: member.id }) : t('account.copyFailed'),
    });
  };

  const item = (key: 'myAccount' | 'bettingRecord' | 'messages', icon: IconName, to: string) => (
    <li>
      <button type="button" className="account__item" onClick={() => go(to)}>
        <FullIcon name={icon} size={18} />
        <span>{t(`account.${key}`)}</span>
        {key === 'messages' && unread > 0 && (
          <span className="count-badge account__badge">
            <span aria-hidden="true">{shownUnread}</span>
            <span className="visually-hidden">
              {unread === 1 ? t('account.unreadOne') : t('account.unread', { count: unread })}
            </span>
          </span>
        )}
      </button>
    </li>
  );

  return (
    <div className="account" ref={root}>
      <BalanceChip variant="header" />
      <LiveBalance memberId={member?.id} />
      <DepositButton onClick={() => go(memberPage('depositv2'))} />
      <button
        type="button"
        className="icon-btn account__bell"
        aria-label={bellLabel}
        title={bellLabel}
        onClick={() => go(memberPage('messageV2'))}
      >
        <StrokeIcon d={BELL} size={20} />
        {unread > 0 && (
          <span className="count-badge account__bell-count" aria-hidden="true" data-testid="bell-count">
            {shownUnread}
          </span>
        )}
      </button>
      <button
        ref={button}
        type="button"
        className="account__avatar"
        aria-label={t('account.menu')}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="account__face" aria-hidden="true">
          {(name || '?').slice(0, 1).toUpperCase()}
        </span>
        <FullIcon name="chevronDown" size={16} />
      </button>
      {open && (
        <div className="account__menu" id={menuId}>
          <div className="account__who">
            <span className="account__name">{name}</span>
            {vip && <span className="account__vip">{vip}</span>}
            {isTrial && <span className="account__trial">{t('account.trial')}</span>}
            {member && (
              <span className="account__id">
                <span>
                  {t('account.userId')}: <strong>{member.id}</strong>
                </span>
                <button
                  type="button"
                  className="icon-btn"
                  onClick={() => void copyId()}
                  aria-label={t('account.copyId')}
                  title={t('account.copyId')}
                >
                  <StrokeIcon d={COPY} size={16} />
                </button>
              </span>
            )}
            <BalanceChip variant="menu" />
          </div>
          <nav aria-label={t('account.menu')}>
            <ul>
              {item('myAccount', 'user', paths.member)}
              {item('bettingRecord', 'receipt', memberPage('personalHistoryCopy'))}
              {item('messages', 'mail', memberPage('messageV2'))}
              <li>
                <CustomerServiceButton variant="menu" className="account__item" />
              </li>
              {isAgent && (
                <li>
                  <button type="button" className="account__item" onClick={() => go(paths.agentHome, false)}>
                    <FullIcon name="briefcase" size={18} />
                    <span>{t('account.agentCentre')}</span>
                  </button>
                </li>
              )}
              <li>
                <button
                  type="button"
                  className="account__item account__item--danger"
                  onClick={() => {
                    setOpen(false);
                    confirmLogout();
                  }}
                >
                  <FullIcon name="logout" size={18} />
                  <span>{t('account.signOut')}</span>
                </button>
              </li>
            </ul>
          </nav>
        </div>
      )}
    </div>
  );
}
