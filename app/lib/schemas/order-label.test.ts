import { describe, expect, it } from 'vitest';
import { orderLabelSchema } from './order-label';

describe('orderLabelSchema', () => {
  it('takes the parcel the button names', () => {
    const parcelId = '3f1c2b9e-6a4d-4c1e-9a57-0c2d8e4b7f10';
    expect(orderLabelSchema.parse({ intent: 'buy_label', parcelId })).toEqual({ intent: 'buy_label', parcelId });
  });

  it('refuses anything else with the reload message', () => {
    for (const input of [{ intent: 'buy_label', parcelId: 'volume-1' }, { intent: 'ship', parcelId: '3f1c2b9e-6a4d-4c1e-9a57-0c2d8e4b7f10' }, {}]) {
      const parsed = orderLabelSchema.safeParse(input);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Não foi possível concluir. Recarregue a página e tente novamente.');
    }
  });
});
