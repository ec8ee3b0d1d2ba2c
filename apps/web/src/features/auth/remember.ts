import { REMEMBER_ME_DAYS } from '@banca/contract';

/**
 * Remember-me (spec sections 4 and 9): the last username, the remember flag and the SMS mobile data
 * for 1 day, in local storage with an expiry time. The password is never stored: the browser's
 * password manager keeps it, through the autocomplete attributes of the forms.
 */
export const REMEMBER_KEY = 'banca.remember';
export const REMEMBER_MS = REMEMBER_ME_DAYS * 24 * 60 * 60 * 1000;

export interface Remembered {
  remember: boolean;
  username: string;
  countryDialingCode: string;
  mobileNum: string;
}

const empty: Remembered = { remember: false, username: '', countryDialingCode: '', mobileNum: '' };

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** What is remembered, or nothing once the day has passed (the expired entry is removed). */
export const rememberedLogin = (now = Date.now()): Remembered => {
  try {
    const raw = localStorage.getItem(REMEMBER_KEY);
    if (!raw) return { ...empty };
    const data = JSON.parse(raw) as Partial<Remembered> & { expires?: unknown };
    if (typeof data.expires !== 'number' || data.expires <= now) {
      localStorage.removeItem(REMEMBER_KEY);
      return { ...empty };
    }
    return {
      remember: data.remember === true,
      username: str(data.username),
      countryDialingCode: str(data.countryDialingCode),
      mobileNum: str(data.mobileNum),
    };
  } catch {
    return { ...empty };
  }
};

/** Saves after a successful login when the box is ticked; unticked forgets everything. Each save
 *  keeps what the other login tab remembered and restarts the day. */
export const saveRememberedLogin = (
  remember: boolean,
  data: Partial<Omit<Remembered, 'remember'>>,
  now = Date.now(),
): void => {
  try {
    if (!remember) return localStorage.removeItem(REMEMBER_KEY);
    const previous = rememberedLogin(now);
    const next = { ...previous, ...data, remember: true, expires: now + REMEMBER_MS };
    localStorage.setItem(REMEMBER_KEY, JSON.stringify(next));
  } catch {
    // storage unavailable (private mode): nothing is remembered
  }
};
