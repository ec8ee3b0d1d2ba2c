import type { CustomerService } from '@banca/contract';
import { customerServiceLinkKind, decryptCustomerServicePath } from '@banca/contract';
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
    // A path on this site (the built-in /support page) or an absolute http(s) / mailto link: the
    // contract's one rule, which the back office's form and the gateway check on save too.
    const kind = customerServiceLinkKind(path);
    if (!kind) throw new Error('unsupported customer-service link');
    const url = kind === 'site' ? new URL(path, window.location.origin).href : path;
    win.opener = null;
    win.location.href = url;
    return 'opened';
  } catch {
    win.close();
    return 'unavailable';
  }
};
