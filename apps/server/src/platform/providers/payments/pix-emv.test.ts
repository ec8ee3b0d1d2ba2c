import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPixPayload, crc16CcittFalse, parsePixPayload, pixAmount } from './pix-emv.ts';

/** The static BR Code example of the Banco Central do Brasil's BR Code manual (key, no amount). */
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

const field = (fields: ReturnType<typeof parsePixPayload>, id: string) => fields.find((f) => f.id === id);

describe('CRC16-CCITT-FALSE', () => {
  it('gives the standard check value and the published BR Code example CRC', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });

  it('parses the published example and refuses it with one character changed', () => {
    const fields = parsePixPayload(BCB_EXAMPLE);
    expect(field(fields, '26')?.children?.map((c) => c.value)).toEqual([
      'br.gov.bcb.pix',
      '123e4567-e12b-12d1-a456-426655440000',
    ]);
    expect(field(fields, '59')?.value).toBe('Fulano de Tal');
    expect(() => parsePixPayload(BCB_EXAMPLE.replace('BRASILIA', 'BRASILIB'))).toThrow(/CRC/);
  });
});

describe('buildPixPayload', () => {
  it('emits every field of the merchant-presented format, in order, with a valid CRC', () => {
    const payload = buildPixPayload({
      key: '123e4567-e12b-12d1-a456-426655440000',
      amount: 1050,
      merchantName: 'Banca São João',
      merchantCity: 'São Paulo',
      txid: 'D0123456789ABCDEF01234567',
    });
    const fields = parsePixPayload(payload);
    expect(fields.map((f) => f.id)).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(field(fields, '00')?.value).toBe('01');
    expect(field(fields, '26')?.children).toEqual([
      { id: '00', value: 'br.gov.bcb.pix' },
      { id: '01', value: '123e4567-e12b-12d1-a456-426655440000' },
    ]);
    expect(field(fields, '52')?.value).toBe('0000');
    expect(field(fields, '53')?.value).toBe('986');
    expect(field(fields, '54')?.value).toBe('10.50');
    expect(field(fields, '58')?.value).toBe('BR');
    expect(field(fields, '59')?.value).toBe('BANCA SAO JOAO');
    expect(field(fields, '60')?.value).toBe('SAO PAULO');
    expect(field(fields, '62')?.children).toEqual([{ id: '05', value: 'D0123456789ABCDEF01234567' }]);
    expect(payload.slice(-8, -4)).toBe('6304');
  });

  it('writes amounts in reais without floating point', () => {
    expect(pixAmount(1)).toBe('0.01');
    expect(pixAmount(100)).toBe('1.00');
    expect(pixAmount(123456789)).toBe('1234567.89');
    expect(() => pixAmount(0)).toThrow();
    expect(() => pixAmount(1.5)).toThrow();
  });

  it('refuses a txid a PIX reader would refuse', () => {
    const base = { key: 'a@b.co', amount: 100, merchantName: 'X', merchantCity: 'Y' };
    expect(() => buildPixPayload({ ...base, txid: 'has space' })).toThrow();
    expect(() => buildPixPayload({ ...base, txid: 'x'.repeat(26) })).toThrow();
  });

  it('round-trips any amount, key, name and txid through the parser', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_99 }),
        fc.emailAddress().filter((e) => e.length <= 77),
        fc.string({ maxLength: 40 }),
        fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
        (amount, key, name, txid) => {
          const payload = buildPixPayload({ key, amount, merchantName: name, merchantCity: name, txid });
          const fields = parsePixPayload(payload);
          expect(field(fields, '54')?.value).toBe(pixAmount(amount));
          expect(field(fields, '26')?.children?.[1]?.value).toBe(key);
          expect(field(fields, '62')?.children?.[0]?.value).toBe(txid);
          expect(Number(field(fields, '54')!.value.replace('.', ''))).toBe(amount);
        },
      ),
      { numRuns: 300 },
    );
  });
});
