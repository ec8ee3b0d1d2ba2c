import { LOCAL_KEYS } from '@banca/contract';
import { createStore, useStore } from '@/state';

/** Whether the member chose to hide the balance in the header; remembered on this device. */
const readHidden = (): boolean => {
  try {
    return localStorage.getItem(LOCAL_KEYS.balanceHidden) === '1';
  } catch {
    return false;
  }
};

const visibility = createStore(() => ({ hidden: readHidden() }));

export function setBalanceHidden(hidden: boolean): void {
  try {
    if (hidden) localStorage.setItem(LOCAL_KEYS.balanceHidden, '1');
    else localStorage.removeItem(LOCAL_KEYS.balanceHidden);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  visibility.set({ hidden });
}

export const useBalanceHidden = (): boolean => useStore(visibility, (state) => state.hidden);
