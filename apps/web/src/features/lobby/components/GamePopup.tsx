import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@/api';
import { startTrialSession } from '@/features/auth';
import { getLanguage, useT } from '@/i18n';
import { uiStore, type ModalProps } from '@/state';
import { Button, Modal, Spinner } from '@/ui';
import { launchGameCall, launchGameFBCall } from '../api/lobby-api';

type Launch = Awaited<ReturnType<typeof launchGameCall>>;
type State = { kind: 'loading' } | { kind: 'ready'; launch: Launch } | { kind: 'error'; message: string };

const device = () => (window.matchMedia?.('(max-width: 768px)').matches ? 'MOBILE' : 'DESKTOP');

/**
 * The game popup (spec section 4, game launch): asks the gateway for a launch URL, then shows the
 * game in a frame, or offers to open it in a new window where the vendor forbids frames (the window
 * opens inside the member's click so the browser lets it; a blocked window shows the spec's message).
 * A refusal (e.g. game_unavailable until the game servers exist) is shown as the gateway words it.
 * The free trial (`trial`) first logs a visitor in with a new trial account (free play), then
 * launches through GCS_gameLaunchFB: the game plays in play money.
 */
export default function GamePopup({ props, close }: { props: ModalProps['game']; close: () => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    let live = true;
    const body = {
      nodeId: props.nodeId,
      device: device(),
      backUrl: window.location.pathname,
      language: getLanguage(),
    } as const;
    const launch = async () => {
      if (!props.trial) return launchGameCall(body);
      if (!uiStore.get().isLogin) await startTrialSession();
      return launchGameFBCall(body);
    };
    launch().then(
      (launch) => {
        if (!live) return;
        if (launch.openMode === 'SEAMLESS') {
          close();
          void navigate(`/seamless?url=${encodeURIComponent(launch.url)}`);
        } else setState({ kind: 'ready', launch });
      },
      (error: unknown) => {
        if (live)
          setState({ kind: 'error', message: isApiError(error) ? error.message : t('unknown_error') });
      },
    );
    return () => {
      live = false;
    };
  }, [props.nodeId, props.trial, close, navigate, t]);

  const openWindow = (url: string) => {
    const opened = window.open(url, '_blank', 'noopener');
    if (opened) close();
    else setBlocked(true);
  };

  return (
    <Modal title={props.title} onClose={close} size="lg" className="game-popup">
      {state.kind === 'loading' && (
        <div className="game-popup__status" role="status">
          <Spinner size="lg" />
          <span>{t('lobby.launching')}</span>
        </div>
      )}
      {state.kind === 'error' && (
        <div className="game-popup__status" role="alert">
          <p className="dialog-text">{state.message}</p>
          <Button onClick={close}>{t('common.confirm')}</Button>
        </div>
      )}
      {state.kind === 'ready' &&
        (state.launch.openMode === 'WINDOW' ? (
          <div className="game-popup__status">
            <p className="dialog-text">{t('lobby.opensInWindow')}</p>
            {blocked && (
              <p className="dialog-text" role="alert">
                {t('system.popupBlocked')}
              </p>
            )}
            <Button onClick={() => openWindow(state.launch.url)} data-autofocus>
              {t('lobby.openGame')}
            </Button>
          </div>
        ) : (
          <iframe className="game-popup__frame" src={state.launch.url} title={props.title} allowFullScreen />
        ))}
    </Modal>
  );
}
