/**
 * The PT feature message files as one catalogue (`more`): loaded on demand as one chunk with the
 * first lazily loaded feature (a loader per file would cost the first route bytes it cannot spare).
 */
import agent from './agent.json';
import auth from './auth.json';
import content from './content.json';
import dialog from './dialog.json';
import engagement from './engagement.json';
import games from './games.json';
import house from './house.json';
import lottery from './lottery.json';
import member from './member.json';
import inbox from './messages.json';
import records from './records.json';
import system from './system.json';
import wallet from './wallet.json';
// Agent contracts (issue 24).
import contracts from './contracts.json';

// No top-level key is in two feature files (i18n.test.ts checks), so a spread loses nothing.
const messages = {
  ...auth,
  ...games,
  ...house,
  ...lottery,
  ...member,
  ...inbox,
  ...records,
  ...agent,
  ...content,
  ...engagement,
  ...wallet,
  ...system,
  ...dialog,
  // Agent contracts (issue 24).
  ...contracts,
};
export default messages;
