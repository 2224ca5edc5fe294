import { describe, expect, it } from 'vitest';
import { adminOrderActionSchema, filtersFromSearchParams } from './admin-order';
import { fieldErrors } from './field-errors';

describe('admin order forms', () => {
  it('ship: a Correios code must have its check digit; other carriers take their own codes; typed spaces and case do not matter', () => {
    const ship = (carrier: string, trackingCode: string) => adminOrderActionSchema.safeParse({ intent: 'ship', version: '2', carrier, trackingCode });
    expect(ship('correios', 'ra 123456785 br').data).toMatchObject({ carrier: 'correios', trackingCode: 'RA123456785BR', version: 2 });
    const wrong = ship('correios', 'RA123456789BR');
    expect(wrong.success ? {} : fieldErrors(wrong.error)).toEqual({ trackingCode: 'Código dos Correios inválido. Use o formato AA123456789BR.' });
    expect(ship('jadlog', '10084500123456').success).toBe(true);
    const empty = ship('', '');
    expect(empty.success ? {} : fieldErrors(empty.error)).toMatchObject({ carrier: 'Escolha a transportadora.' });
  });

  it('cancel needs a reason within 300 characters', () => {
    const cancel = (reason: string) => adminOrderActionSchema.safeParse({ intent: 'cancel', version: '0', reason });
    const none = cancel('   ');
    expect(none.success ? {} : fieldErrors(none.error)).toEqual({ reason: 'Informe o motivo do cancelamento.' });
    expect(cancel('a'.repeat(301)).success).toBe(false);
    expect(cancel('Cliente desistiu por telefone').success).toBe(true);
  });

  it('an unknown action or a missing version is refused', () => {
    expect(adminOrderActionSchema.safeParse({ intent: 'refund', version: '0' }).success).toBe(false);
    expect(adminOrderActionSchema.safeParse({ intent: 'deliver' }).success).toBe(false);
  });

  it('list filters from the URL: unknown values are dropped, not errors', () => {
    expect(filtersFromSearchParams(new URLSearchParams('status=paid&pagamento=pix&de=2026-11-01&ate=2026-11-30&q=ana&pagina=2'))).toEqual({
      status: 'paid',
      method: 'pix',
      from: '2026-11-01',
      to: '2026-11-30',
      term: 'ana',
      page: 2,
    });
    expect(filtersFromSearchParams(new URLSearchParams('status=roubado&pagamento=bitcoin&de=ontem&pagina=-1'))).toEqual({});
  });
});
