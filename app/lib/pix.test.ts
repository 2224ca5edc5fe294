import { getPixPayloadInfo } from '@brazilian-utils/brazilian-utils/get-pix-payload-info';
import { describe, expect, it } from 'vitest';
import { buildPixPayload, crc16 } from './pix';

// The static example of the Banco Central's BR Code manual.
const MANUAL_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('Pix BR Code', () => {
  it('computes the CRC16 of the manual example', () => {
    expect(crc16(MANUAL_EXAMPLE.slice(0, -4))).toBe('1D3D');
    expect(crc16('123456789')).toBe('29B1'); // the CRC-16/CCITT-FALSE check value
  });

  it('builds a payload whose fields and CRC check out', () => {
    const payload = buildPixPayload({
      key: 'pix@clarear.com.br',
      merchantName: 'Clarear Produtos de Limpeza Ltda',
      merchantCity: 'São Paulo',
      amountCents: 5397,
      txid: 'PEDIDO-1a2b3c4d',
    });
    expect(payload.startsWith('000201')).toBe(true);
    expect(payload).toContain('0014br.gov.bcb.pix0118pix@clarear.com.br');
    expect(payload).toContain('540553.97');
    expect(payload).toContain('5802BR');
    expect(payload).toContain('5925CLAREAR PRODUTOS DE LIMP');
    expect(payload).toContain('6009SAO PAULO');
    expect(payload).toContain('62180514PEDIDO1a2b3c4d');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  });

  it('reproduces the manual example exactly from its inputs', () => {
    // The manual keeps the name's case; our builder upper-cases it, so compare the rest.
    const ours = buildPixPayload({ key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' });
    expect(ours.replace('FULANO DE TAL', 'Fulano de Tal').slice(0, -4)).toBe(MANUAL_EXAMPLE.slice(0, -4));
  });
});

// An independent reader of our payloads. The builder stays ours: @brazilian-utils'
// generatePixPayload refuses a txid with anything but letters and digits (ours drops the
// rest), keeps the case of the name and the city (ours upper-cases them, as the test above
// expects) and takes the amount as a float in reais (ours: integer cents).
describe('Pix BR Code read back by @brazilian-utils', () => {
  it.each([
    { key: 'pix@clarear.com.br', merchantName: 'Clarear Produtos de Limpeza Ltda', merchantCity: 'São Paulo', amountCents: 5397, txid: 'PEDIDO-1a2b3c4d' },
    { key: '11222333000181', merchantName: 'Clarear', merchantCity: 'Florianópolis', amountCents: 1, txid: '0f8e2a4c9b7d4e1f8a3b6c5d2' },
    { key: '12ABC34501DE35', merchantName: 'Indústria Ação & Cia', merchantCity: 'Goiânia', amountCents: 99_999_99, txid: '***' },
    { key: '+5511987654321', merchantName: 'Clarear', merchantCity: 'Rio de Janeiro', amountCents: 100_000 },
  ])('key $key, $amountCents cents', ({ amountCents, txid, ...rest }) => {
    const payload = buildPixPayload({ ...rest, amountCents, ...(txid ? { txid } : {}) });
    const info = getPixPayloadInfo(payload);
    expect(info).not.toBeNull();
    expect(info!.key).toBe(rest.key);
    expect(Math.round(info!.amount! * 100)).toBe(amountCents);
    expect(info!.txid).toBe(txid === '***' || !txid ? undefined : txid.replace(/[^A-Za-z0-9]/g, ''));
    expect(info!.merchantName).toMatch(/^[A-Z0-9 .-]{1,25}$/);
    expect(info!.merchantCity).toMatch(/^[A-Z0-9 .-]{1,15}$/);
    expect(info!.pointOfInitiation).toBe('static');
  });

  it('refuses our payload with a changed amount', () => {
    const payload = buildPixPayload({ key: 'pix@clarear.com.br', merchantName: 'Clarear', merchantCity: 'São Paulo', amountCents: 5397 });
    expect(getPixPayloadInfo(payload.replace('53.97', '53.98'))).toBeNull();
  });
});
