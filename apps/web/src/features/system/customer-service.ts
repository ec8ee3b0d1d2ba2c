import type { CustomerService } from '@banca/contract';
import { decryptCustomerServicePath } from '@banca/contract';
import { openBlankWindow } from './cs-window';

export type OpenResult = 'opened' | 'unavailable' | 'blocked';

/** The entry the customer-service button opens: live chat first, otherwise the first configured. */
export const pickCustomerService = (
  entries: readonly CustomerService[],
  csType?: CustomerService['csType'],
) =>
  (csType ? entries.find((entry) => entry.csType === csType) : undefined) ??
  entries.find((entry) => entry.csType === 'LIVE_CHAT') ??
  entries[0];

/**
 * Opens the customer-service window (440x750, spec section 7). The window is opened synchronously in
 * the click so popup blockers allow it, then pointed at the decrypted path.
 */
export const openCustomerService = async (
  entry: CustomerService | undefined,
  win: Window | null = openBlankWindow(),
): Promise<OpenResult> => {
  if (!entry) {
    win?.close();
    return 'unavailable';
  }
  if (!win) return 'blocked';
  try {
    const path = await decryptCustomerServicePath(entry.path);
    // A path on this site (the built-in /support page) or an absolute http(s) / mailto link.
    const url = /^\/(?!\/)/.test(path) ? new URL(path, window.location.origin).href : path;
    if (!/^(https?:|mailto:)/i.test(url)) throw new Error('unsupported customer-service link');
    win.opener = null;
    win.location.href = url;
    return 'opened';
  } catch {
    win.close();
    return 'unavailable';
  }
};
