/**
 * Business constants of the platform specification, section 9. One definition, used by web and server.
 */
export const ANNOUNCEMENT_PAGE_SIZE = 9;
export const PAGINATION_RANGE = 5;
export const PAGINATION_MARGIN_ANNOUNCEMENTS = 1;
export const PAGINATION_MARGIN_GAME_LISTS = 2;

export const SMS_COUNTDOWN_DEFAULT_MINUTES = 1;
export const CAPTCHA_THROTTLE_MS = 1000;
export const SMS_SEND_THROTTLE_MS = 1000;
export const FAVOURITE_THROTTLE_MS = 1000;

export const REMEMBER_ME_DAYS = 1;
export const REALTIME_SALARY_SETTLEMENT_MINUTES = 5;
export const AUTH_THROTTLE_RETRY_MINUTES = 5;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_IMAGES = 3;
export const UPLOAD_ACCEPTED_TYPES = ['image/png', 'image/jpeg'] as const;
export const COMMENT_MAX_LENGTH = 140;
export const AGE_LIMITS = [18, 21] as const;

export const SIDE_MENU_PROMOTIONS = 6;
export const WINNER_BOARD_LIMIT = 20;
export const GAME_LIST_PAGE_SIZE = 18;
export const RECENT_HOME_PAGE_SIZE = 12;
export const FAVOURITES_PAGE_SIZE = 999;
export const HOME_HOT_CAP = 12;
export const HOME_SMALL_SECTION_CAP = 5;

export const CLIENT_TYPE = 3;
export const GATEWAY_VERSION = 3;
export const PLATFORM_WEB = 'WEB';
export const PLATFORM_ANNOUNCEMENTS = 'W';
/** The platform the game calls (hot games, vendors, game lists) name: the original client's value. */
export const PLATFORM_GAMES = 'flash,html5-desktop';

export const LARGE_VENDOR_LIST_THRESHOLD = 10;
export const VENDOR_FETCH_EXCLUDED_PAGES = ['/pvp', '/fish', '/rng'] as const;

export const FOOTER_VENDOR_ICONS = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'] as const;
export const QR_CODE_SIZE = 120;

export const IMAGE_LAZY_THRESHOLD = 0.1;
export const IMAGE_RETRY_COUNT = 1;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const CAROUSEL = { autoplayMs: 5000, transitionMs: 1000, spacing: 20.3, maxVisible: 3 } as const;

/** Customer-service windows open at this size (spec section 7). */
export const CUSTOMER_SERVICE_WINDOW = { width: 440, height: 750 } as const;

/** Customer-service paths are stored encrypted; the last 8 characters of the stored value are the key. */
export const CUSTOMER_SERVICE_KEY_LENGTH = 8;

export const ESPORT_VASSALAGE = 'IMES';
export const COCKFIGHT_VASSALAGE = 'SV3';

/** Languages the product ships; PT is the default. */
export const LANGUAGES = ['PT', 'EN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'PT';
/** Request header that carries the viewer's language; the gateway localises `message` by it. */
export const LANGUAGE_HEADER = 'language';
