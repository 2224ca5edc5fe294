// The freight quote with Melhor Envio configured, on both databases (issue 33): a service mapped to
// its code is priced by Melhor Envio (plus the merchant's margin); slower than 3 s, failing or lying,
// the store's own table answers instead, in time; answers are kept a short while per CEP prefix.
// Against the local stand-in of their API (tests/support/melhorenvio-api.mjs), which follows:
//   Quote by products  https://docs.melhorenvio.com.br/reference/calculo-de-fretes-por-produtos
//   Token, User-Agent  https://docs.melhorenvio.com.br/reference/introducao-api-melhor-envio
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { MelhorEnvio } from '~/server/shipping/melhorenvio.server';
import { CARRIER_TIMEOUT_MS, clearCarrierQuoteCache, quoteShipping } from '~/server/shipping/quote.server';
import { forgetFreightRules } from '~/server/shipping/rules.server';
import { engines } from '../support/engines';
import { startMelhorEnvioApi } from '../support/melhorenvio-api.mjs';

type StandIn = { url: string; setDelay: (ms: number) => void; failNext: (status: number, raw?: string) => void; close: () => Promise<void> };

const TOKEN = 'me-token-de-teste';

describe.each(engines)('Melhor Envio quotes on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;
  let api: StandIn;
  let carrier: MelhorEnvio;
  let line: { id: string; name: string; quantity: number; unitCents: number };
  let pacTablePrice: number;

  const quote = () => quoteShipping(handle.db, { cep: '69005000', lines: [line], subtotalCents: line.unitCents * line.quantity, isSubscriber: false }, carrier);

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await seedCatalogue(handle.db);
    api = (await startMelhorEnvioApi({ token: TOKEN })) as StandIn;
    carrier = new MelhorEnvio({ token: TOKEN, apiUrl: api.url, userAgent: 'Clarear (tecnologia@clarear.com.br)', fromCep: '01310100' });
    // Rates on: Correios PAC (Melhor Envio code 1) only, with a 10 % margin on Melhor Envio's price.
    await handle.db.update(t.shippingServices).set({ active: false });
    await handle.db.update(t.shippingServices).set({ active: true, marginPercent: '10' }).where(eq(t.shippingServices.name, 'Correios PAC'));
    forgetFreightRules();
    const [size] = await handle.db
      .select({ id: t.productVariants.id, name: t.products.name, price: t.productVariants.price })
      .from(t.productVariants)
      .innerJoin(t.products, eq(t.products.id, t.productVariants.productId))
      .where(and(eq(t.products.slug, 'detergente-neutro-concentrado'), inArray(t.productVariants.size, ['5 L'])));
    line = { id: size!.id, name: `${size!.name} (5 L)`, quantity: 2, unitCents: Math.round(Number(size!.price) * 100) };
    pacTablePrice = (await quoteShipping(handle.db, { cep: '69005000', lines: [line], subtotalCents: 0, isSubscriber: false }, null)).parcels[0]!.options[0]!.priceCents;
  });
  afterAll(async () => {
    await api?.close();
    await handle?.drop();
  });

  it("prices the mapped service with Melhor Envio's answer plus the margin, and keeps the answer for the next quote", async () => {
    clearCarrierQuoteCache();
    const answer = await carrier.calculate({
      toCep: '69005000',
      products: [{ id: line.id, weightKg: 5.3, lengthCm: 20, widthCm: 15, heightCm: 32, insuranceValue: line.unitCents / 100, quantity: 2 }],
    });
    const pac = answer.find((s) => s.serviceId === 1)!;
    const [option] = (await quote()).parcels[0]!.options;
    expect(option).toMatchObject({ name: 'Correios PAC', source: 'carrier', priceCents: Math.floor((pac.priceCents * 110 + 50) / 100) });
    expect(option!.priceCents).not.toBe(pacTablePrice);
    // Kept: a slow carrier now changes nothing for the same CEP prefix and package.
    api.setDelay(CARRIER_TIMEOUT_MS + 2_000);
    const started = performance.now();
    expect((await quote()).parcels[0]!.options[0]).toMatchObject({ source: 'carrier', priceCents: option!.priceCents });
    expect(performance.now() - started).toBeLessThan(1_000);
    api.setDelay(0);
  });

  it('slower than 3 s: the store’s own table answers, just after the timeout', async () => {
    clearCarrierQuoteCache();
    api.setDelay(CARRIER_TIMEOUT_MS + 2_000);
    const started = performance.now();
    const [option] = (await quote()).parcels[0]!.options;
    const took = performance.now() - started;
    api.setDelay(0);
    expect(option).toMatchObject({ name: 'Correios PAC', source: 'table', priceCents: pacTablePrice });
    expect(took).toBeGreaterThanOrEqual(CARRIER_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(CARRIER_TIMEOUT_MS + 1_500);
  });

  it('down (500) or lying (not JSON): the table answers, and nothing is kept from it', async () => {
    for (const [status, raw] of [
      [500, undefined],
      [200, '<html>manutenção</html>'],
    ] as const) {
      clearCarrierQuoteCache();
      api.failNext(status, raw);
      expect((await quote()).parcels[0]!.options[0]).toMatchObject({ source: 'table', priceCents: pacTablePrice });
    }
    // The next quote asks again (a failure is not cached) and gets Melhor Envio's price.
    expect((await quote()).parcels[0]!.options[0]!.source).toBe('carrier');
  });
});
