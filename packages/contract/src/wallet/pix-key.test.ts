import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCpf, maskName, maskPixKey, normalisePixKey } from './pix-key.ts';

/** Check digits computed independently of the code under test (the Receita Federal recipe). */
function withCheckDigits(nine: number[]): string {
  const d1 = ((nine.reduce((s, n, i) => s + n * (10 - i), 0) * 10) % 11) % 10;
  const ten = [...nine, d1];
  const d2 = ((ten.reduce((s, n, i) => s + n * (11 - i), 0) * 10) % 11) % 10;
  return [...ten, d2].join('');
}

describe('CPF check digits', () => {
  it('accepts known valid CPFs, plain and formatted', () => {
    for (const cpf of ['52998224725', '529.982.247-25', '11144477735', '111.444.777-35', '39053344705'])
      expect(isValidCpf(cpf)).toBe(true);
  });

  it('refuses a wrong first or second check digit', () => {
    expect(isValidCpf('52998224735')).toBe(false);
    expect(isValidCpf('52998224726')).toBe(false);
    expect(isValidCpf('11144477736')).toBe(false);
  });

  it('refuses repeated-digit CPFs although their arithmetic works', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
  });

  it('refuses wrong shapes', () => {
    for (const bad of [
      '',
      '5299822472',
      '529982247255',
      '529.982.24725',
      '529 982 247 25',
      'abcdefghijk',
      '5299822472a',
    ])
      expect(isValidCpf(bad)).toBe(false);
  });

  it('agrees with an independent computation for any nine digits', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }), (nine) => {
        const cpf = withCheckDigits(nine);
        const repeated = /^(\d)\1{10}$/.test(cpf);
        expect(isValidCpf(cpf)).toBe(!repeated);
        // Any single changed check digit breaks it.
        const last = Number(cpf[10]);
        expect(isValidCpf(cpf.slice(0, 10) + String((last + 1) % 10))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('PIX keys', () => {
  it('normalises each key type and refuses invalid ones', () => {
    expect(normalisePixKey('CPF', '529.982.247-25')).toBe('52998224725');
    expect(normalisePixKey('CPF', '529.982.247-24')).toBeNull();
    expect(normalisePixKey('EMAIL', ' Maria@Example.COM ')).toBe('maria@example.com');
    expect(normalisePixKey('EMAIL', 'maria@')).toBeNull();
    expect(normalisePixKey('PHONE', '+55 (11) 98765-4321')).toBe('+5511987654321');
    expect(normalisePixKey('PHONE', '+5511876543')).toBeNull();
    expect(normalisePixKey('PHONE', '+1 202 555 0100')).toBeNull();
    expect(normalisePixKey('PHONE', '11987654321')).toBeNull();
    expect(normalisePixKey('EVP', '123E4567-E89B-12D3-A456-426614174000')).toBe(
      '123e4567-e89b-12d3-a456-426614174000',
    );
    expect(normalisePixKey('EVP', '123e4567e89b12d3a456426614174000')).toBeNull();
  });

  it('masks keys and payee names', () => {
    expect(maskPixKey('CPF', '52998224725')).toBe('***.982.247-**');
    expect(maskPixKey('EMAIL', 'maria@example.com')).toBe('m****@example.com');
    expect(maskPixKey('PHONE', '+5511987654321')).toBe('+5511*****4321');
    expect(maskPixKey('EVP', '123e4567-e89b-12d3-a456-426614174000')).toBe(
      '123e****-****-****-****-********4000',
    );
    expect(maskName('Maria  da Souza')).toBe('M**** d* S****');
    expect(maskName('José')).toBe('J***');
  });
});
