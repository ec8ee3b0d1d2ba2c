import type { Language, MemberMessage, MessageKind } from '@banca/contract';
import { memberPage, paths } from '@/config/paths';
import { t, type TKey } from '@/i18n';
import { localeOf } from '@/lib/locale';
import { formatMinorUnits } from '@/lib/money';
import type { IconName } from '@/ui';

type OwnKind = Exclude<MessageKind, 'operator'>;

/** Each kind's icon; the gateway's own kinds also lead somewhere useful. */
export const KIND_ICONS: Record<MessageKind, IconName> = {
  operator: 'megaphone',
  welcome: 'star',
  'deposit-credited': 'deposit',
  'withdrawal-paid': 'withdraw',
  'bonus-credited': 'gift',
};

const KIND_LINKS: Record<OwnKind, readonly { label: TKey; to: string }[]> = {
  welcome: [
    { label: 'inbox.links.deposit', to: memberPage('depositv2') },
    { label: 'inbox.links.games', to: paths.home },
  ],
  'deposit-credited': [{ label: 'inbox.links.record', to: memberPage('transactionHistory') }],
  'withdrawal-paid': [{ label: 'inbox.links.record', to: memberPage('transactionHistory') }],
  'bonus-credited': [{ label: 'inbox.links.bonus', to: memberPage('bonusDetails') }],
};

/** A message as the inbox shows it: operator messages as written, the gateway's own in the site's words. */
export interface Worded {
  title: string;
  /** Plain text (the gateway's kinds) or null. */
  text: string | null;
  /** Sanitised HTML from the gateway (operator messages) or null. */
  html: string | null;
  links: readonly { label: TKey; to: string }[];
}

/** "1.234,56 BRL": the site's money formatter and the currency, as the records show amounts. */
const amountOf = (m: MemberMessage, language: Language) =>
  m.amount === null ? '' : `${formatMinorUnits(m.amount, language)}${m.currency ? ` ${m.currency}` : ''}`;

export function wordMessage(m: MemberMessage, language: Language, brand: string): Worded {
  if (m.kind === 'operator') return { title: m.title ?? '', text: null, html: m.content ?? '', links: [] };
  const vars = { brand, amount: amountOf(m, language) };
  return {
    title: t(`inbox.kinds.${m.kind}.title`, vars),
    text: t(`inbox.kinds.${m.kind}.text`, vars),
    html: null,
    links: KIND_LINKS[m.kind],
  };
}

/** The text of sanitised HTML, for the one-line preview (the browser parses it; nothing runs). */
export const plainText = (html: string): string =>
  (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Date and time of a message in the page's language: "12 de mai. de 2025, 14:03". */
export const messageTimeFormat = (language: Language) =>
  new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' });
