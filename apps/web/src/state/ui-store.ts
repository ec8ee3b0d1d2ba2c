import type {
  AgentCentrePage,
  Category,
  MemberCentrePage,
  MemberInfo,
  PrizeMode,
  Whitelabel,
} from '@banca/contract';
import { createStore, useStore } from './store';

/** Member as GET /wps/member/info answers it (spec section 3). */
export type { MemberInfo };

/**
 * The UI and login state of spec section 3, in one small store. Everything the shell shows that is not
 * server data cached by TanStack Query lives here.
 */
export interface UiState {
  /** Member centre open. */
  mcShow: boolean;
  /** Agent centre open. */
  acShow: boolean;
  mcPage: MemberCentrePage;
  acPage: AgentCentrePage;
  currentGameType: Category;
  prizeMode: PrizeMode;
  noticeIndex: number;
  /** Phone drawer open (on desktop the side menu is always shown). */
  showSideMenu: boolean;
  /** Full-screen loading cover; hidden after each navigation. */
  loadingCover: boolean;

  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  memberInfo: MemberInfo | null;

  /** Public white-label values, filled at start-up. */
  whitelabel: Whitelabel | null;
  imgUrl: string | null;
  startGameUrl: string | null;
  analyticsId: string | null;
  location: { ip: string; countryCode: string | null } | null;
  systemStatus: 0 | 1 | 2 | null;
}

export const initialUiState = (): UiState => ({
  mcShow: false,
  acShow: false,
  mcPage: 'securityCenter',
  acPage: 'agentTeamOverview',
  currentGameType: 'HOME',
  prizeMode: 'LOTT',
  noticeIndex: 0,
  showSideMenu: false,
  loadingCover: false,
  isLogin: false,
  isAgent: false,
  isTrial: false,
  memberInfo: null,
  whitelabel: null,
  imgUrl: null,
  startGameUrl: null,
  analyticsId: null,
  location: null,
  systemStatus: null,
});

export const uiStore = createStore(initialUiState);

export const useUi = <T>(selector: (state: UiState) => T): T => useStore(uiStore, selector);
