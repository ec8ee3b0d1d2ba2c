import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Icon } from '@/ui';
import type { Game } from '../api/lobby-api';
import { LazyImage } from './LazyImage';

interface Props {
  game: Game;
  favourite: boolean;
  /** `trial`: the free-trial button (play money, GCS_gameLaunchFB). */
  onPlay: (game: Game, options?: { trial?: boolean }) => void;
  onFavourite: (game: Game) => void;
}

/**
 * Game tile (spec section 2): image, hot badge when isHot is 1, play button, free-trial button when
 * supportPlay is 0 (for visitors and trial accounts: a real member plays for real with Play), name
 * and favourite toggle. Square image box: no layout shift while it loads.
 */
export function GameTile({ game, favourite, onPlay, onFavourite }: Props) {
  const { t } = useT();
  const realMember = useUi((s) => s.isLogin && !s.isTrial);
  return (
    <li className="game-tile">
      <div className="game-tile__art">
        <LazyImage src={game.iconUrl} />
        {game.isHot === 1 && <span className="game-tile__hot">{t('lobby.hot')}</span>}
        <button
          type="button"
          className={`game-tile__fav${favourite ? ' is-on' : ''}`}
          aria-pressed={favourite}
          aria-label={t(favourite ? 'lobby.unfavourite' : 'lobby.favourite', { name: game.gameName })}
          onClick={() => onFavourite(game)}
        >
          <Icon name="star" size={16} />
        </button>
        <div className="game-tile__actions">
          <button
            type="button"
            className="game-tile__play"
            aria-label={t('lobby.playGame', { name: game.gameName })}
            onClick={() => onPlay(game)}
          >
            {t('lobby.play')}
          </button>
          {game.supportPlay === 0 && !realMember && (
            <button
              type="button"
              className="game-tile__trial"
              aria-label={t('lobby.trialGame', { name: game.gameName })}
              onClick={() => onPlay(game, { trial: true })}
            >
              {t('lobby.trial')}
            </button>
          )}
        </div>
      </div>
      {/* The name starts the game too (a pointer's shortcut; keyboards have the play button). */}
      <p className="game-tile__name" title={game.gameName}>
        <button type="button" className="game-tile__name-button" tabIndex={-1} onClick={() => onPlay(game)}>
          {game.gameName}
        </button>
      </p>
    </li>
  );
}

/** Placeholder tiles of the same size while a list loads. */
export function TileSkeletons({ count, kind = 'game' }: { count: number; kind?: 'game' | 'vendor' }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={`${kind}-tile ${kind}-tile--skeleton`} aria-hidden="true">
          <span className={`${kind}-tile__art skeleton`} />
          {kind === 'game' && <span className="game-tile__name skeleton skeleton--line" />}
        </li>
      ))}
    </>
  );
}
