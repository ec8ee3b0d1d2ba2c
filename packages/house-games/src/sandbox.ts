/**
 * The sandbox vendor's games (issue 11 item 4): one simple round per category with no house game
 * (LIVE, FISH, PVP, SPORTS, ESPORTS, COCKFIGHT), so each category's launch, wallet calls, records and
 * reports work end to end. Clearly a sandbox: its games say so in the catalogue and on screen. Shared
 * by the server (which decides rounds) and the page (which states the odds).
 */
export type SandboxCategory = 'LIVE' | 'FISH' | 'PVP' | 'SPORTS' | 'ESPORTS' | 'COCKFIGHT';

export interface SandboxGame {
  category: SandboxCategory;
  /** What a win pays, times the stake. */
  multiplier: number;
  /** The stated return to player (0-1). */
  rtp: number;
}

/** The configured return to player of every sandbox game. */
export const SANDBOX_RTP = 0.95;

const MULTIPLIERS: Record<SandboxCategory, number> = {
  LIVE: 2,
  FISH: 3,
  PVP: 2,
  SPORTS: 1.9,
  ESPORTS: 1.9,
  COCKFIGHT: 1.95,
};

/** The game a sandbox vendor id and game code name (the demo catalogue's codes), or undefined. */
export function sandboxGame(vendor: string, gameCode: string): SandboxGame | undefined {
  let category: SandboxCategory | undefined;
  if (vendor === 'IMES') category = 'ESPORTS';
  else if (vendor === 'SV3') category = 'COCKFIGHT';
  else if (vendor === 'SANDBOX') {
    if (gameCode.startsWith('LIVE_')) category = 'LIVE';
    else if (gameCode.startsWith('FISH_')) category = 'FISH';
    else if (gameCode.startsWith('PVP_')) category = 'PVP';
    else if (gameCode.startsWith('SPORTS')) category = 'SPORTS';
  }
  return category ? { category, multiplier: MULTIPLIERS[category], rtp: SANDBOX_RTP } : undefined;
}
