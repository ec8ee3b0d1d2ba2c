/**
 * The PIX "copia e cola" payload (BR Code): EMV QRCPS merchant-presented mode as the Banco Central do
 * Brasil's BR Code manual profiles it. A payload is a run of TLV fields, each `id` (2 digits), `length`
 * (2 digits) and value; field 63 closes it with a CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF) over
 * every byte before its value, "6304" included, as 4 upper-case hex digits.
 *
 * What we emit: 00 payload format "01"; 26 merchant account information holding 00 GUI
 * "br.gov.bcb.pix" and 01 the receiver's PIX key; 52 category "0000"; 53 currency "986" (BRL); 54 the
 * amount in reais with a dot ("10.50"); 58 "BR"; 59 receiver name (<= 25); 60 city (<= 15); 62
 * additional data with 05 the txid (<= 25 letters and digits); 63 CRC.
 */

export interface PixPayloadInput {
  /** The receiver's PIX key (e-mail, phone +55..., CPF/CNPJ digits or random UUID key), <= 77 chars. */
  key: string;
  /** Minor units (centavos), > 0. */
  amount: number;
  merchantName: string;
  merchantCity: string;
  /** Identifies the charge: 1-25 letters and digits. */
  txid: string;
}

export interface PixField {
  id: string;
  value: string;
  /** Sub-fields of the templates (26-51 merchant account, 62 additional data). */
  children?: PixField[];
}

const PIX_GUI = 'br.gov.bcb.pix';
const TXID = /^[A-Za-z0-9]{1,25}$/;

/** CRC16-CCITT-FALSE over the UTF-8 bytes: poly 0x1021, init 0xFFFF, no reflection, no final xor. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const tlv = (id: string, value: string): string => {
  // Lengths count characters; the names are folded to ASCII below, so characters are bytes.
  if (value.length > 99) throw new Error(`PIX field ${id} longer than 99`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** Names and cities travel as plain upper-case ASCII: many bank apps refuse accents. */
const ascii = (text: string, max: number): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .trim()
    .toUpperCase()
    .slice(0, max) || 'NA';

/** Reais with two decimals from centavos, without floating point. */
export const pixAmount = (minor: number): string => {
  if (!Number.isSafeInteger(minor) || minor <= 0) throw new Error('PIX amount must be a positive integer');
  const s = String(minor).padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
};

export function buildPixPayload(input: PixPayloadInput): string {
  if (!TXID.test(input.txid)) throw new Error('PIX txid must be 1-25 letters and digits');
  if (input.key.length === 0 || input.key.length > 77) throw new Error('PIX key must be 1-77 characters');
  const body =
    tlv('00', '01') +
    tlv('26', tlv('00', PIX_GUI) + tlv('01', input.key)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('54', pixAmount(input.amount)) +
    tlv('58', 'BR') +
    tlv('59', ascii(input.merchantName, 25)) +
    tlv('60', ascii(input.merchantCity, 15)) +
    tlv('62', tlv('05', input.txid)) +
    '6304';
  return body + crc16CcittFalse(body);
}

const TEMPLATES = (id: string): boolean => (Number(id) >= 26 && Number(id) <= 51) || id === '62';

function parseFields(text: string, nested: boolean): PixField[] {
  const fields: PixField[] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) throw new Error(`bad TLV header at ${at}`);
    const length = Number(lengthText);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`field ${id} runs past the end`);
    fields.push(!nested && TEMPLATES(id) ? { id, value, children: parseFields(value, true) } : { id, value });
    at += 4 + length;
  }
  return fields;
}

/**
 * Parses a payload into its fields and checks its CRC (the last field must be 63 with 4 hex digits
 * matching the CRC of everything before them). Throws on a malformed payload or a wrong CRC.
 */
export function parsePixPayload(payload: string): PixField[] {
  const fields = parseFields(payload, false);
  const last = fields.at(-1);
  if (!last || last.id !== '63' || !/^[0-9A-F]{4}$/.test(last.value)) throw new Error('no CRC field');
  const expected = crc16CcittFalse(payload.slice(0, -4));
  if (expected !== last.value) throw new Error(`CRC mismatch: ${last.value} != ${expected}`);
  return fields;
}
