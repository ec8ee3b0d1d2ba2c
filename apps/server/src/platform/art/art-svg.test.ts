import { describe, expect, it } from 'vitest';
import { gameTileSvg } from './art-svg.ts';

describe('generated game art', () => {
  it('carries no words: one image serves the PT and the EN site (the tile writes the name)', () => {
    const svg = gameTileSvg('BANCA-SLOT5X3', 'RNG', 'SLOT', 'BANCA');
    expect(svg).not.toMatch(/<text\b/);
    expect(svg).not.toMatch(/Golden|Fortuna|Banca/i);
  });

  it('is the same bytes for the same game, and differs between games, kinds and vendors', () => {
    const a = gameTileSvg('BANCA-DICE', 'RNG', 'DICE', 'BANCA');
    expect(gameTileSvg('BANCA-DICE', 'RNG', 'DICE', 'BANCA')).toBe(a);
    expect(gameTileSvg('BANCA-DICE2', 'RNG', 'DICE', 'BANCA')).not.toBe(a);
    expect(gameTileSvg('BANCA-DICE', 'RNG', 'SLOT', 'BANCA')).not.toBe(a);
    expect(gameTileSvg('BANCA-DICE', 'RNG', 'DICE', 'SANDBOX')).not.toBe(a);
  });
});
