import { collectDefaultMetrics, Registry } from 'prom-client';
import { HotCounter, type CounterSeries } from './hot-metrics.ts';

/*
 * What belongs to the process rather than to one app instance: prom-client's default metrics (CPU,
 * resident memory, heap, event-loop delay, GC, handles) and the ledger transfers counter, which the
 * wallet's ledger code bumps without knowing any app. One registry per process, made on first use,
 * so tests that build many apps in one process start one event-loop monitor, not one per app.
 */

/**
 * Ledger transfers applied (a new transfer row; replays and refusals are not counted), per kind.
 * Counted when the statement applying it answers, so a transfer whose enclosing transaction later
 * rolls back is counted too: a rate to watch, not a figure to reconcile (the ledger is the record).
 */
const ledgerTransfers = new HotCounter(
  'banca_ledger_transfers_total',
  'Ledger transfers applied by this process, per transfer kind',
  ['kind'],
);

/** One series per kind, found without building a key per transfer. */
const byKind = new Map<string, CounterSeries>();

/** Called by the ledger for every transfer it applied (kind: the TransferKind, never member data). */
export function countLedgerTransfer(kind: string): void {
  let child = byKind.get(kind);
  if (!child) {
    child = ledgerTransfers.child({ kind });
    byKind.set(kind, child);
  }
  child.inc();
}

let registry: Registry | undefined;

/** The process's part of a scrape: default metrics (registry made on first use) and ledger transfers. */
export async function renderProcessMetrics(): Promise<string> {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return `${await registry.metrics()}\n${ledgerTransfers.render()}`;
}
