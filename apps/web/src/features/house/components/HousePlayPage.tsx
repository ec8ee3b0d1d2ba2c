import { useState } from 'react';
import { useT } from '@/i18n';
import { Empty, Tabs, tabPanelProps } from '@/ui';
import { HouseFrame } from './HouseFrame';
import { useHouseSession, type HouseSession } from '../session';
import { DiceGame, DiceInfo } from '../play/DiceGame';
import { FairnessPanel } from '../play/FairnessPanel';
import { GAME_OF, type PlayValue } from '../play/play-api';
import { SlotGame } from '../play/SlotGame';
import { SlotInfo } from '../play/SlotInfo';
import { VerifyView } from '../play/VerifyView';
import '../play/house-play.css';

type Tab = 'play' | 'info' | 'fairness' | 'verify';
const TAB_BASE = 'house-play';

/** /house/play: the house vendor's RNG games (slot, dice), picked by the session's game code. */
export default function HousePlayPage() {
  const state = useHouseSession();
  const { t } = useT();
  const [balance, setBalance] = useState<number>();
  const game = state.kind === 'ready' ? GAME_OF[state.session.gameCode] : undefined;
  const title =
    game === 'slot'
      ? t('house.slot.title')
      : game === 'dice'
        ? t('house.dice.title')
        : state.kind === 'ready'
          ? state.session.gameCode
          : '';
  return (
    <HouseFrame state={state} title={title} balance={balance}>
      {(session) =>
        game ? (
          <HouseGame session={session} game={game} onBalance={setBalance} />
        ) : (
          <Empty title={session.gameCode} icon="gamepad" />
        )
      }
    </HouseFrame>
  );
}

function HouseGame({
  session,
  game,
  onBalance,
}: {
  session: HouseSession;
  game: 'slot' | 'dice';
  onBalance: (balance: number) => void;
}) {
  const { t } = useT();
  // The betting record's "verify" link arrives with ?verify=<roundId>: that round, verified.
  const [verifyRound] = useState(
    () => new URLSearchParams(window.location.search).get('verify') ?? undefined,
  );
  const [tab, setTab] = useState<Tab>(verifyRound ? 'verify' : 'play');
  // Bumped after every round: the fairness and verify views reload (nonce, round list).
  const [version, setVersion] = useState(0);
  const onPlayed = (value: PlayValue) => {
    onBalance(value.balance);
    setVersion((v) => v + 1);
  };
  const tabs = [
    { value: 'play', label: t('house.tabs.play') },
    { value: 'info', label: t('house.tabs.info') },
    { value: 'fairness', label: t('house.tabs.fairness') },
    { value: 'verify', label: t('house.tabs.verify') },
  ] as const;
  return (
    <div className="house-play">
      <Tabs
        items={tabs}
        value={tab}
        onChange={setTab}
        label={t('house.tabs.label')}
        idBase={TAB_BASE}
        variant="line"
      />
      {/* The game stays mounted (hidden) so its last result survives a look at the rules. */}
      <div {...tabPanelProps(TAB_BASE, 'play')} hidden={tab !== 'play'} className="house-play__panel">
        {game === 'slot' ? (
          <SlotGame session={session} onPlayed={onPlayed} />
        ) : (
          <DiceGame session={session} onPlayed={onPlayed} />
        )}
      </div>
      {tab === 'info' && (
        <div {...tabPanelProps(TAB_BASE, 'info')} className="house-play__panel">
          {game === 'slot' ? <SlotInfo /> : <DiceInfo />}
        </div>
      )}
      {tab === 'fairness' && (
        <div {...tabPanelProps(TAB_BASE, 'fairness')} className="house-play__panel">
          <FairnessPanel session={session} version={version} />
        </div>
      )}
      {tab === 'verify' && (
        <div {...tabPanelProps(TAB_BASE, 'verify')} className="house-play__panel">
          <VerifyView session={session} version={version} roundId={verifyRound} />
        </div>
      )}
    </div>
  );
}
