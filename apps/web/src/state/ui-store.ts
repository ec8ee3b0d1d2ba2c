import type { AgentCentrePage, Category, MemberCentrePage, MemberInfo } from '@banca/contract';
import { createStore, useStore } from './store';

/** Member as GET /wps/member/info answers it (spec section 3). */
export type { MemberInfo };

/**
 * The UI and login state of spec section 3, in one small store. Everything the shell shows that is not
 * server data cached by TanStack Query lives here; server data (status, white-label) is read from its
 * query, not copied here.
 */
export interface UiState {
  mcPage: MemberCentrePage;
  acPage: AgentCentrePage;
  currentGameType: Category;
  /** Phone drawer open (on desktop the side menu is always shown). */
  showSideMenu: boolean;
  /** Full-screen loading cover; hidden after each navigation. */
  loadingCover: boolean;

  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  memberInfo: MemberInfo | null;

  /** The CDN hosts picked for this session at start-up (spec section 3). */
  imgUrl: string | null;
  startGameUrl: string | null;
}

export const initialUiState = (): UiState => ({
  mcPage: 'securityCenter',
  acPage: 'agentTeamOverview',
  currentGameType: 'HOME',
  showSideMenu: false,
  loadingCover: false,
  isLogin: false,
  isAgent: false,
  isTrial: false,
  memberInfo: null,
  imgUrl: null,
  startGameUrl: null,
});

export const uiStore = createStore(initialUiState);

export const useUi = <T>(selector: (state: UiState) => T): T => useStore(uiStore, selector);
