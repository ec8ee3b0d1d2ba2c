import type svgCaptcha from 'svg-captcha';
import { lazyRequire } from '../lazy-require.ts';
import { generateId, hexDigestsEqual, sha256Hex } from '../crypto/token.ts';

const loadSvgCaptcha = lazyRequire<typeof svgCaptcha>('svg-captcha');

/**
 * Captcha images and answers, as pure functions; storage is the session module's. The answer is kept
 * only as a hash bound to the captcha id, expires after 2 minutes and is good for one attempt.
 */
export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
/** Glyphs people confuse (0/O/o, 1/l/I/i, 5/S/s, 2/Z/z, 8/B, 9/g/q, u/v, c/C...) are never drawn. */
export const CAPTCHA_ALPHABET = 'ACDEFGHJKLMNPRTWXYabdefhjkmnprtwxy34679';

export interface RenderedCaptcha {
  id: string;
  /** What the visitor must type (never sent to the client). */
  answer: string;
  /** data:image/svg+xml;base64,... */
  image: string;
  answerHash: string;
  expiresAt: Date;
}

const normalise = (answer: string): string => answer.trim().toLowerCase();

/** Case-insensitive: upper and lower case of one letter look alike in a distorted image. */
export const hashCaptchaAnswer = (id: string, answer: string): string =>
  sha256Hex(`${id}:${normalise(answer)}`);

export const captchaAnswerMatches = (id: string, answer: string, storedHash: string): boolean =>
  hexDigestsEqual(hashCaptchaAnswer(id, answer), storedHash);

/** Noise lines no lighter than #777 (4.5:1 on white); the glyphs are darker still. */
const NOISE_LIGHTEST = 0x7;

/**
 * The image carries its own white panel, so it reads the same in the dark and the light theme, and
 * its noise lines are clamped to keep >= 3:1 against that panel.
 */
export const onLightPanel = (svg: string): string =>
  svg
    .replace(/^<svg([^>]*)>/, '<svg$1><rect width="100%" height="100%" fill="#ffffff"/>')
    .replace(/stroke="#([0-9a-f])\1\1"/g, (_, digit: string) => {
      const grey = Math.min(parseInt(digit, 16), NOISE_LIGHTEST).toString(16);
      return `stroke="#${grey}${grey}${grey}"`;
    });

export function renderCaptcha(now: Date, random: () => number = Math.random): RenderedCaptcha {
  // 4 or 5 characters, so the length itself is not a given.
  const size = random() < 0.5 ? 4 : 5;
  const { text, data } = loadSvgCaptcha().create({
    size,
    charPreset: CAPTCHA_ALPHABET,
    noise: 3,
    // Grey glyphs (#000-#444, >= 9:1 on white) instead of random hues, which reach 75 % lightness
    // (yellow on white is under 2:1): the image must read on both themes (WCAG AA non-text contrast).
    color: false,
    width: 150,
    height: 50,
    fontSize: 52,
  });
  const id = generateId();
  return {
    id,
    answer: text,
    image: `data:image/svg+xml;base64,${Buffer.from(onLightPanel(data), 'utf8').toString('base64')}`,
    answerHash: hashCaptchaAnswer(id, text),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
  };
}
