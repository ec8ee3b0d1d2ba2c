import { useNavigate } from 'react-router';
import { openLogin, showTrialPrompt } from '@/features/auth';
import { useWhitelabel } from '@/features/system';
import { t } from '@/i18n';
import { openModal, uiStore } from '@/state';
import { launchRoute, type LaunchTarget } from '../model/launch';

export interface LaunchCard extends LaunchTarget {
  nodeId?: string;
  gameName?: string;
  displayName?: string;
}

/**
 * Starts a game or vendor card by the spec's launch routing (section 4, model/launch.ts). With
 * `trial` (a tile's free-trial button) a visitor or a trial account plays the game in play money:
 * the game popup creates the visitor's trial account on the way (free play, FREEPLAY3; without it the
 * login popup opens) and launches through GCS_gameLaunchFB. A real member's free trial is Play.
 */
export function useLaunch() {
  const navigate = useNavigate();
  const whitelabel = useWhitelabel();
  return (card: LaunchCard, options?: { trial?: boolean }) => {
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
        openModal('vendorGames', {
          vassalage: card.vassalage,
          gameType: card.gameType ?? '',
          title: card.gameName ?? card.displayName ?? card.vassalage,
        });
        return;
      case 'game':
        if (card.nodeId)
          openModal('game', {
            nodeId: card.nodeId,
            vassalage: card.vassalage,
            gameCode: card.gameCode ?? '',
            title: card.gameName ?? card.displayName ?? card.vassalage,
          });
        else
          openModal('vendorGames', {
            vassalage: card.vassalage,
            gameType: card.gameType ?? '',
            title: card.displayName ?? card.vassalage,
          });
    }
  };
}
