import type { ContractKind, ContractStatus, OpsContract } from '@banca/contract';
import { locale, useI18n } from '@/i18n/i18n.ts';
import { formatMoney } from '@/ui/format.ts';

export const KINDS = ['DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME'] as const satisfies readonly ContractKind[];
export const STATUSES = [
  'offered',
  'active',
  'termination_requested',
  'rejected',
  'terminated',
] as const satisfies readonly ContractStatus[];
export const OPEN_STATUSES: readonly ContractStatus[] = ['offered', 'active', 'termination_requested'];

/** Basis points as a percentage in the viewer's language: 150 -> "1,5 %". */
export const formatBp = (bp: number): string =>
  new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);

/** What an operator typed as a percentage (`1.5`, `1,5`, `40`) in basis points; null otherwise. */
export function parsePercentInput(text: string): number | null {
  const m = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** A basis-point value as the text a percentage input starts with (plain digits, a dot). */
export const bpInput = (bp: number): string =>
  bp % 100 === 0 ? String(bp / 100) : `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;

const STATUS_CLASS: Record<ContractStatus, string> = {
  offered: 'badge--pending',
  active: 'badge--ok',
  termination_requested: 'badge--warn',
  rejected: 'badge--rejected',
  terminated: 'badge--rejected',
};

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { t } = useI18n();
  return <span className={`badge ${STATUS_CLASS[status]}`}>{t(`contracts.statuses.${status}`)}</span>;
}

/** The best rate a contract grants: its percentage and / or its fixed amount. */
export function bestRate(c: Pick<OpsContract, 'bestRateBp' | 'bestFixed'>, currency: string): string {
  const parts = [];
  if (c.bestRateBp > 0 || c.bestFixed === 0) parts.push(formatBp(c.bestRateBp));
  if (c.bestFixed > 0) parts.push(formatMoney(c.bestFixed, currency));
  return parts.join(' · ');
}
