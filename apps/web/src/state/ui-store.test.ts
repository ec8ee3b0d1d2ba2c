import { describe, expect, it, vi } from 'vitest';
import { AGENT_CENTRE_PAGES, MEMBER_CENTRE_PAGES } from '@banca/contract';
import { initialUiState, uiStore } from './ui-store';
import { closeModal, modalStore, openModal } from './modal-store';

describe('UI store', () => {
  it('starts with the defaults of spec section 3', () => {
    const state = initialUiState();
    expect(state).toMatchObject({
      mcPage: 'securityCenter',
      acPage: 'agentTeamOverview',
      currentGameType: 'HOME',
      showSideMenu: false,
      isLogin: false,
      isAgent: false,
      isTrial: false,
      memberInfo: null,
    });
    expect(state.mcPage).toBe(MEMBER_CENTRE_PAGES[0]);
    expect(AGENT_CENTRE_PAGES).toContain(state.acPage);
  });

  it('notifies subscribers only on real changes and resets to defaults', () => {
    const listener = vi.fn();
    const unsubscribe = uiStore.subscribe(listener);
    uiStore.set({ showSideMenu: true });
    uiStore.set({ showSideMenu: true });
    expect(listener).toHaveBeenCalledTimes(1);
    uiStore.set((state) => ({ loadingCover: !state.loadingCover }));
    expect(uiStore.get().loadingCover).toBe(true);
    uiStore.reset();
    expect(uiStore.get()).toEqual(initialUiState());
    unsubscribe();
  });
});

describe('modal store', () => {
  it('stacks modals, keeps one per kind and calls onClose', () => {
    const onClose = vi.fn();
    openModal('login', {}, onClose);
    openModal('message', { title: 'in_popup_prompt' });
    openModal('login', { tab: 'sms' });
    expect(modalStore.get().stack.map((m) => m.kind)).toEqual(['message', 'login']);
    expect(onClose).not.toHaveBeenCalled();
    closeModal();
    closeModal();
    expect(modalStore.get().stack).toEqual([]);
  });
});
