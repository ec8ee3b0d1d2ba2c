import { describe, expect, it } from 'vitest';
import { captchaValueSchema } from '@banca/contract';
import { CAPTCHA_ALPHABET, CAPTCHA_TTL_MS, captchaAnswerMatches, renderCaptcha } from './captcha.ts';

describe('captcha', () => {
  const now = new Date('2025-01-01T00:00:00Z');

  it('renders an SVG data URL the contract accepts, with 4-5 unambiguous characters', () => {
    for (let i = 0; i < 20; i++) {
      const c = renderCaptcha(now);
      expect(captchaValueSchema.parse({ captchaId: c.id, image: c.image })).toBeTruthy();
      const svg = Buffer.from(c.image.split(',')[1]!, 'base64').toString('utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      // The answer is drawn as paths, never present as text in the image.
      expect(svg.includes(`>${c.answer}<`)).toBe(false);
      expect(c.answer.length === 4 || c.answer.length === 5).toBe(true);
      for (const ch of c.answer) expect(CAPTCHA_ALPHABET).toContain(ch);
      expect(c.expiresAt.getTime() - now.getTime()).toBe(CAPTCHA_TTL_MS);
    }
  });

  it('compares answers case-insensitively, bound to the id', () => {
    const c = renderCaptcha(now);
    expect(captchaAnswerMatches(c.id, c.answer.toUpperCase(), c.answerHash)).toBe(true);
    expect(captchaAnswerMatches(c.id, ` ${c.answer.toLowerCase()} `, c.answerHash)).toBe(true);
    expect(captchaAnswerMatches(c.id, c.answer + 'x', c.answerHash)).toBe(false);
    const other = renderCaptcha(now);
    expect(captchaAnswerMatches(other.id, c.answer, c.answerHash)).toBe(false);
  });

  it('never uses ambiguous glyphs', () => {
    for (const ch of '0Oo1lIi5Ss2Zz8B') expect(CAPTCHA_ALPHABET).not.toContain(ch);
  });
});
