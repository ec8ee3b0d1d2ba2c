/** Game categories (spec section 9). */
export const CATEGORIES = [
  'HOME',
  'FAV',
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
  'PROMO',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Game-list filter ("select") types. */
export const SELECT_TYPES = ['NEW', 'FAV', 'ALL', 'HOT', 'RECENT'] as const;
export type SelectType = (typeof SELECT_TYPES)[number];

export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];

/** Member types: agents are 1, 2, 41 and 42; a trial (free-play) account is 4. */
export const MEMBER_TYPE = { MEMBER: 0, AGENT: 1, AGENT_2: 2, TRIAL: 4, AGENT_41: 41, AGENT_42: 42 } as const;
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];
export const TRIAL_TYPE = 4;
export const isAgentType = (type: number): boolean => AGENT_TYPES.includes(type);
export const isTrialType = (type: number): boolean => type === TRIAL_TYPE;

/** System status: 0 normal, 1 maintenance, 2 region restricted. */
export const SYSTEM_STATUS = { NORMAL: 0, MAINTENANCE: 1, REGION_BLOCKED: 2 } as const;
export type SystemStatus = (typeof SYSTEM_STATUS)[keyof typeof SYSTEM_STATUS];

/** Member-centre pages (spec section 2); the first is the default. */
export const MEMBER_CENTRE_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
] as const;
export type MemberCentrePage = (typeof MEMBER_CENTRE_PAGES)[number];

/** Agent-centre pages (spec section 2); agentTeamOverview is the default. */
export const AGENT_CENTRE_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
  'depositv2',
  'withdraw',
  'messageV2',
  'customerService',
] as const;
export type AgentCentrePage = (typeof AGENT_CENTRE_PAGES)[number];

/** Resource types served by the system module. */
export const RESOURCE_TYPES = [
  'APP_IOS',
  'APP_ANDROID',
  'SOCIAL_FACEBOOK',
  'SOCIAL_YOUTUBE',
  'SOCIAL_WHATSAPP',
  'SOCIAL_TELEGRAM',
  'SOCIAL_INSTAGRAM',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** Customer-service channel types. */
export const CS_TYPES = ['LIVE_CHAT', 'WHATSAPP', 'TELEGRAM', 'FACEBOOK', 'EMAIL'] as const;
export type CsType = (typeof CS_TYPES)[number];
