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

  it('draws on its own white panel with every glyph and noise line at >= 3:1 against it', () => {
    const channel = (hex: string) => {
      const c = parseInt(hex, 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const luminance = (colour: string) => {
      const hex =
        colour.length === 4
          ? [...colour.slice(1)].map((d) => d + d)
          : [1, 3, 5].map((i) => colour.slice(i, i + 2));
      const [r, g, b] = hex.map(channel) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (let i = 0; i < 20; i++) {
      const svg = Buffer.from(renderCaptcha(now).image.split(',')[1]!, 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg[^>]*><rect width="100%" height="100%" fill="#ffffff"\/>/);
      const colours = [...svg.matchAll(/(?:fill|stroke)="(#[0-9a-f]{3,6})"/g)].map((m) => m[1]!);
      const drawn = colours.filter((c) => c !== '#ffffff');
      expect(drawn.length).toBeGreaterThan(3);
      for (const colour of drawn) expect((1 + 0.05) / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(3);
    }
  });
});
