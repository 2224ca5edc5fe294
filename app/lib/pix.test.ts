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
