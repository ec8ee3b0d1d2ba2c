import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { openLogin, showTrialPrompt } from '@/features/auth';
import { useWhitelabel } from '@/features/system';
import { t, useT } from '@/i18n';
import { openModal, uiStore } from '@/state';
import { gameListQuery, type ListGameType } from '../api/lobby-api';
import { launchRoute, type LaunchTarget } from '../model/launch';

export interface LaunchCard extends LaunchTarget {
  nodeId?: string;
  gameName?: string;
  displayName?: string;
}

/**
 * Starts a game or vendor card by the spec's launch routing (section 4, model/launch.ts). A vendor's
 * chooser that would hold a single game is skipped: that game starts at once. With `trial` (a tile's
 * free-trial button) a visitor or a trial account plays the game in play money: the game popup
 * creates the visitor's trial account on the way (free play, FREEPLAY3; without it the login popup
 * opens) and launches through GCS_gameLaunchFB. A real member's free trial is Play.
 */
export function useLaunch() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { language } = useT();
  const whitelabel = useWhitelabel();
  const launch = (card: LaunchCard, options?: { trial?: boolean }) => {
    const session = uiStore.get();
    if (options?.trial && card.nodeId && !(session.isLogin && !session.isTrial)) {
      if (!session.isLogin && !whitelabel?.FREEPLAY3) {
        openLogin();
        return;
      }
      openModal('game', {
        nodeId: card.nodeId,
        vassalage: card.vassalage,
        gameCode: card.gameCode ?? '',
        title: t('lobby.trialGame', { name: card.gameName ?? card.displayName ?? card.vassalage }),
        trial: true,
      });
      return;
    }
    const openVendor = (title: string) => {
      const chooser = () =>
        openModal('vendorGames', { vassalage: card.vassalage, gameType: card.gameType ?? '', title });
      const filter = { gameType: (card.gameType || 'RNG') as ListGameType, vassalage: card.vassalage };
      // The chooser's own first page (cached for it when there are several games).
      queryClient.fetchInfiniteQuery(gameListQuery(language, filter)).then((data) => {
        const games = data.pages.flatMap((page) => page.games);
        const last = data.pages.at(-1);
        const only = games.length === 1 && last && last.pageNo >= last.totalPages ? games[0] : undefined;
        if (only) launch({ ...only, isGame: 'GAME' });
        else chooser();
      }, chooser);
    };
    const route = launchRoute(card, session);
    switch (route.kind) {
      case 'login':
        openLogin();
        return;
      case 'trial':
        showTrialPrompt();
        return;
      case 'navigate':
        void navigate(route.to);
        return;
      case 'vendorPopup':
        openVendor(card.gameName ?? card.displayName ?? card.vassalage);
        return;
      case 'game':
        if (card.nodeId)
          openModal('game', {
            nodeId: card.nodeId,
            vassalage: card.vassalage,
            gameCode: card.gameCode ?? '',
            title: card.gameName ?? card.displayName ?? card.vassalage,
          });
        else openVendor(card.displayName ?? card.vassalage);
    }
  };
  return launch;
}
