/**
 * Every route path of spec section 2, once. Paths are case-sensitive: /vnLottery (lottery page,
 * login required) and /vnlottery (game page, no login) are different routes.
 */
export const paths = {
  home: '/',
  homeAliases: ['/index', '/index.html', '/home'],
  login: '/login',
  register: '/register',
  agent: '/agent',
  agentHome: '/agentHome',
  member: '/member',
  help: '/help',
  /** Game centre (vendor lists). */
  sports: '/sports',
  esports: '/esports',
  lott: '/lott',
  elott: '/elott',
  /** Cockfight's game centre: its vendors and their games (the home section's 'more'; not in the spec). */
  cockfight: '/cockfight',
  /** Game list centre. */
  live: '/live',
  fish: '/fish',
  rng: '/rng',
  pvp: '/pvp',
  /** Account game lists (login). */
  favorite: '/favorite',
  recent: '/recent',
  /** Every hot game, of every category (the home HOT section's 'more'; not in the spec). */
  hot: '/hot',
  /** Lottery pages (login). */
  lottery: '/lottery',
  seaLottery: '/seaLottery',
  vnLottery: '/vnLottery',
  /** Game pages without login, no side menu, no footer. */
  seamless: '/seamless',
  lottert: '/lottert',
  vnlottery: '/vnlottery',
  sealottery: '/sealottery',
  promotions: '/promotions',
  pointMall: '/pointMall',
  /** The side menu's VIP entry (the spec names the entry, not its page). */
  vip: '/vip',
  /** The house vendor's game pages (launch URLs of its vendor ids; not in the spec: a vendor's own). */
  housePlay: '/house/play',
  houseLottery: '/house/lottery',
  /** The sandbox vendor's game page (outside production). */
  sandboxPlay: '/sandbox/play',
  /** Built-in customer-service page, opened in the customer-service window (not in the spec). */
  support: '/support',
} as const;

/** Member-centre deep link: /member?page=depositv2 */
export const memberPage = (page: string) => `${paths.member}?page=${encodeURIComponent(page)}`;
export const agentPage = (page: string) => `${paths.agentHome}?page=${encodeURIComponent(page)}`;
/** Help centre with an article selected by its slug: /help#term */
export const helpArticle = (slug: string) => `${paths.help}#${encodeURIComponent(slug)}`;

/** Query parameter of /login naming the page a logged-out visitor asked for (the guard sets it). */
export const NEXT_PARAM = 'next';

/**
 * `raw` as a path of this app to go to after login, or null: only a same-origin path (no scheme, no
 * host, no `//` or backslash tricks, no control characters), and never the login or register routes
 * themselves. What the guard put in /login?next= comes back here, so nothing else can redirect.
 */
export function safeAppPath(raw: string | null | undefined, origin = window.location.origin): string | null {
  if (!raw || raw.length > 2048 || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers read a backslash as a slash in URLs, and control characters are dropped.
  if (raw.includes('\\') || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname === paths.login || url.pathname === paths.register) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
