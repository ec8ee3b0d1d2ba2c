import { openModal, uiStore, type UiState } from '@/state';

/**
 * Trial (free-play) accounts may not use account features (spec sections 4-6, 8): the member centre,
 * the agent centre, deposit and withdraw show the 'in_need_true_account' prompt with the confirm
 * 'in_increase_submit' instead of opening. The server refuses the same calls with 403.
 */
export const showTrialPrompt = (): number =>
  openModal('message', {
    title: 'in_popup_prompt',
    text: 'in_need_true_account',
    confirm: 'in_increase_submit',
  });

export const isTrialSession = (state: Pick<UiState, 'isLogin' | 'isTrial'>) => state.isLogin && state.isTrial;

/** Runs `open` unless the session is a trial one, in which case the prompt shows instead. */
export const unlessTrial = (open: () => void): void => {
  if (isTrialSession(uiStore.get())) showTrialPrompt();
  else open();
};
