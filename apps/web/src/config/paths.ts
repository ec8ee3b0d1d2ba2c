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
