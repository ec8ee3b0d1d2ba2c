import { useNavigate } from 'react-router';
import { openLogin, showTrialPrompt } from '@/features/auth';
import { openModal, uiStore } from '@/state';
import { launchRoute, type LaunchTarget } from '../model/launch';

export interface LaunchCard extends LaunchTarget {
  nodeId?: string;
  gameName?: string;
  displayName?: string;
}

/** Starts a game or vendor card by the spec's launch routing (section 4, model/launch.ts). */
export function useLaunch() {
  const navigate = useNavigate();
  return (card: LaunchCard) => {
    const route = launchRoute(card, uiStore.get());
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
