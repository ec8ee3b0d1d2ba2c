import { Readable } from 'node:stream';
import { type RecordCsvQuery, type RecordEntry, type RecordPage, type RecordQuery } from '@banca/contract';
import type { DbOrTrx } from '../../../database.ts';
import {
  memberAccounts,
  selectRecord,
  type RecordFilter,
  type RecordRow,
} from './wallet-record.repository.ts';

/*
 * The account record (member centre transactionHistory): every movement of the member's own ledger
 * accounts, read from the transfers themselves with the balance each one left (stored by transfer()),
 * so nothing is recomputed and the record always replays to the balance.
 */

const toEntry = (row: RecordRow): RecordEntry => ({
  id: `${row.id}${row.side}`,
  transferId: row.id,
  type: row.kind,
  amount: row.amount,
  currency: row.currency,
  balanceAfter: row.balance_after,
  reference: row.reference,
  at: row.created_at.toISOString(),
});

function parseCursor(cursor: string | undefined): RecordFilter['after'] {
  const m = cursor === undefined ? null : /^(\d{1,16})([dc])$/.exec(cursor);
  if (!m) return undefined;
  return { transferId: Number(m[1]), side: m[2] as 'd' | 'c' };
}

function filterOf(
  accountIds: number[],
  q: Pick<RecordQuery, 'type' | 'from' | 'to'>,
): Omit<RecordFilter, 'limit' | 'after'> {
  return {
    accountIds,
    types: q.type?.split(','),
    from: q.from !== undefined ? new Date(q.from) : undefined,
    to: q.to !== undefined ? new Date(q.to) : undefined,
  };
}

export async function listRecord(db: DbOrTrx, memberId: number, query: RecordQuery): Promise<RecordPage> {
  const accounts = await memberAccounts(db, memberId);
  const rows = await selectRecord(db, {
    ...filterOf(
      accounts.map((a) => a.id),
      query,
    ),
    after: parseCursor(query.cursor),
    // One more than asked says whether another page exists.
    limit: query.limit + 1,
  });
  const items = rows.slice(0, query.limit).map(toEntry);
  return { items, nextCursor: rows.length > query.limit ? items[items.length - 1]!.id : null };
}

// --- CSV -------------------------------------------------------------------------------------------

const CSV_HEADERS = {
  PT: ['Data/hora (UTC)', 'Tipo', 'Valor', 'Moeda', 'Saldo após', 'Referência', 'ID'],
  EN: ['Time (UTC)', 'Type', 'Amount', 'Currency', 'Balance after', 'Reference', 'ID'],
} as const;

/** Rows read per query while streaming: memory stays flat whatever the record's length. */
const CSV_PAGE = 500;

/**
 * One CSV field (RFC 4180): quoted when it holds a separator, a quote or a line break, quotes doubled.
 * Text that a spreadsheet would run as a formula (= + - @, tab, CR first; not a plain number) gets ' in front so a
 * reference can never become a formula in the operator's or member's spreadsheet.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A plain signed decimal (an amount) is a number to the spreadsheet, not a formula.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Minor units as a plain decimal with two places (-1234 -> -12.34): what spreadsheets read as a number. */
export function minorToDecimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const csvLine = (cells: (string | number | null)[]) => cells.map(csvField).join(',') + '\r\n';

/**
 * The filtered record as CSV, streamed page by page (keyset), with a UTF-8 BOM so spreadsheet apps
 * read the accents, and a header row in the viewer's language.
 */
export function recordCsv(db: DbOrTrx, memberId: number, query: RecordCsvQuery, lang: 'PT' | 'EN'): Readable {
  async function* lines() {
    yield '\uFEFF' + csvLine([...CSV_HEADERS[lang]]);
    const accounts = await memberAccounts(db, memberId);
    const base = filterOf(
      accounts.map((a) => a.id),
      query,
    );
    let after: RecordFilter['after'];
    for (;;) {
      const rows = await selectRecord(db, { ...base, after, limit: CSV_PAGE });
      if (rows.length === 0) return;
      yield rows
        .map((r) =>
          csvLine([
            r.created_at.toISOString(),
            r.kind,
            minorToDecimal(r.amount),
            r.currency,
            r.balance_after === null ? null : minorToDecimal(r.balance_after),
            r.reference,
            `${r.id}${r.side}`,
          ]),
        )
        .join('');
      if (rows.length < CSV_PAGE) return;
      const last = rows[rows.length - 1]!;
      after = { transferId: last.id, side: last.side };
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
