import { describe, expect, it } from 'vitest';
import { prizeModeOf, splitSports } from './menus';

const cat = (title: string, ...vendors: string[]) => ({
  title,
  cards: vendors.map((vassalage) => ({ vassalage })),
});
const titles = (list: { title: string; cards: { vassalage: string }[] }[]) =>
  list.map((c) => `${c.title}:${c.cards.map((card) => card.vassalage).join(',')}`);

describe('prize mode (spec section 4)', () => {
  it('is ELOTT when the ELOTT category has TCG_LOTTO_VN or LOTT cards', () => {
    expect(prizeModeOf([cat('ELOTT', 'TCG_LOTTO_VN')])).toBe('ELOTT');
    expect(prizeModeOf([cat('RNG', 'PG'), cat('ELOTT', 'X', 'LOTT')])).toBe('ELOTT');
  });
  it('is LOTT otherwise', () => {
    expect(prizeModeOf([])).toBe('LOTT');
    expect(prizeModeOf([cat('ELOTT', 'TCG_SEA')])).toBe('LOTT');
    expect(prizeModeOf([cat('LOTT', 'TCG_LOTTO_VN')])).toBe('LOTT');
  });
});

describe('sports splitting (spec section 4)', () => {
  it('moves IMES and SV3 cards to ESPORTS and COCKFIGHT right after SPORTS', () => {
    const input = [cat('RNG', 'PG'), cat('SPORTS', 'SABA', 'IMES', 'SV3', 'BTI'), cat('LIVE', 'EVO')];
    expect(titles(splitSports(input))).toEqual([
      'RNG:PG',
      'SPORTS:SABA,BTI',
      'ESPORTS:IMES',
      'COCKFIGHT:SV3',
      'LIVE:EVO',
    ]);
    expect(titles(input)).toContain('SPORTS:SABA,IMES,SV3,BTI');
  });
  it('leaves out categories the move leaves empty', () => {
    expect(titles(splitSports([cat('SPORTS', 'IMES')]))).toEqual(['ESPORTS:IMES']);
    expect(titles(splitSports([cat('SPORTS', 'SABA')]))).toEqual(['SPORTS:SABA']);
  });
  it('merges into an ESPORTS category the menu already has, placing it after SPORTS', () => {
    const input = [cat('ESPORTS', 'TF'), cat('SPORTS', 'IMES', 'SABA'), cat('FISH', 'JDB')];
    expect(titles(splitSports(input))).toEqual(['SPORTS:SABA', 'ESPORTS:TF,IMES', 'FISH:JDB']);
  });
  it('changes nothing without SPORTS', () => {
    expect(titles(splitSports([cat('RNG', 'IMES')]))).toEqual(['RNG:IMES']);
  });
});
