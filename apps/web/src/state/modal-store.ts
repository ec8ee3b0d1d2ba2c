import type { TKey } from '@/i18n';
import { createStore, useStore } from './store';

/** The modals the shell knows; each is loaded on demand by the modal host. */
export interface ModalProps {
  /** next: the app path to open after logging in (a deep link opened while logged out). */
  login: { tab?: 'username' | 'sms'; next?: string };
  register: Record<string, never>;
  /** forced: opened after a login with an expired or default password (spec section 4). */
  changePassword: { forced?: boolean };
  forgotPassword: { tab?: 'email' | 'phone' };
  help: { slug?: string };
  logoutConfirm: { returnTo?: string };
  message: {
    title: TKey;
    text?: TKey;
    rawText?: string;
    confirm?: TKey;
    /** A second, primary button going to an app path (the welcome's "Deposit now"). */
    action?: { label: TKey; to: string };
  };
  /**
   * The game popup: launches the game (POST /wps/game/launchGame) and shows or opens it; `trial`, the
   * tile's free-trial button, launches it in play money (GCS_gameLaunchFB).
   */
  game: { nodeId: string; vassalage: string; gameCode: string; title: string; trial?: boolean };
  /** The vendor popup (isGame VASSALAGE, spec section 4): the vendor's games. */
  vendorGames: { vassalage: string; gameType: string; title: string };
}
export type ModalKind = keyof ModalProps;
export interface OpenModal<K extends ModalKind = ModalKind> {
  id: number;
  kind: K;
  props: ModalProps[K];
  /** Called once the modal is closed (by its close button, Escape, the backdrop or a result). */
  onClose?: () => void;
}

let nextId = 1;
export const modalStore = createStore(() => ({ stack: [] as OpenModal[] }));

export const openModal = <K extends ModalKind>(
  kind: K,
  props: ModalProps[K],
  onClose?: () => void,
): number => {
  const id = nextId++;
  modalStore.set((state) => ({
    // One modal of a kind at a time: reopening replaces it (e.g. login -> register -> login).
    stack: [...state.stack.filter((modal) => modal.kind !== kind), { id, kind, props, onClose } as OpenModal],
  }));
  return id;
};

export const closeModal = (id?: number): void => {
  const { stack } = modalStore.get();
  const target = id === undefined ? stack[stack.length - 1] : stack.find((modal) => modal.id === id);
  if (!target) return;
  modalStore.set({ stack: stack.filter((modal) => modal !== target) });
  target.onClose?.();
};

export const closeModalsOfKind = (kind: ModalKind): void => {
  for (const modal of modalStore.get().stack) if (modal.kind === kind) closeModal(modal.id);
};

export const useModalStack = () => useStore(modalStore, (state) => state.stack);
