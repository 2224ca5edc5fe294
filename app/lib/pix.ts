// Pix "copia e cola" (BR Code): an EMV QR payload as the Banco Central's
// "Manual de Padrões para Iniciação do Pix" defines it, ending in a CRC16.

/** CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), 4 uppercase hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One EMV field: id, two-digit length, value. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`Campo Pix ${id} longo demais`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Upper-case ASCII without accents, as payment apps expect in name and city. */
function plainText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .toUpperCase()
    .trim()
    .slice(0, max);
}

export type PixPayload = {
  /** The receiver's Pix key (CNPJ, e-mail, phone or random key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Amount in cents; omitted for an open amount. */
  amountCents?: number;
  /** Transaction id (letters and digits, up to 25), or '***'. */
  txid?: string;
};

export function buildPixPayload({ key, merchantName, merchantCity, amountCents, txid = '***' }: PixPayload): string {
  const account = field('00', 'br.gov.bcb.pix') + field('01', key);
  const parts = [
    field('00', '01'),
    field('26', account),
    field('52', '0000'),
    field('53', '986'),
  ];
  if (amountCents !== undefined) {
    parts.push(field('54', `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`));
  }
  const cleanTxid = txid === '***' ? txid : txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  parts.push(field('58', 'BR'), field('59', plainText(merchantName, 25)), field('60', plainText(merchantCity, 15)), field('62', field('05', cleanTxid)));
  const withoutCrc = `${parts.join('')}6304`;
  return withoutCrc + crc16(withoutCrc);
}
