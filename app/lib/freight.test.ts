import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billedWeightGrams,
  cheapestChoices,
  chooseFreight,
  cubicWeightGrams,
  DEFAULT_CUBIC_DIVISOR,
  freeEverywhere,
  FREIGHT_MESSAGES,
  freightTotalCents,
  planParcels,
  quoteFreight,
  serviceZone,
  ufOfCep,
  zoneMatches,
  type FreeShippingRule,
  type FreightItem,
  type FreightRequest,
  type FreightRules,
  type ShippingRate,
  type ShippingService,
  type ShippingZone,
} from './freight';
import { HAZARD_CLASSES, type HazardClass } from './product-safety';
import { UFS } from './states';

const SAO_PAULO_CAPITAL = '01310100'; // Av. Paulista
const CAMPINAS = '13010000';
const MANAUS = '69005000';
const PORTO_ALEGRE = '90010000';

const service = (id: string, over: Partial<ShippingService> = {}): ShippingService => ({
  id,
  name: id.toUpperCase(),
  carrier: 'correios',
  acceptedHazardClasses: [],
  handlingDays: 1,
  cubicDivisor: DEFAULT_CUBIC_DIVISOR,
  valuePercent: 0,
  marginPercent: 0,
  ...over,
});

const zone = (id: string, over: Partial<ShippingZone> = {}): ShippingZone => ({ id, name: id, states: [], cepRanges: [], ...over });

const rate = (serviceId: string, zoneId: string, maxWeightGrams: number | null, priceCents: number, deadlineDays = 3): ShippingRate => ({
  serviceId,
  zoneId,
  maxWeightGrams,
  priceCents,
  deadlineDays,
});

const item = (key: string, over: Partial<FreightItem> = {}): FreightItem => ({
  key,
  name: key,
  quantity: 1,
  unitCents: 1000,
  hazardClass: null,
  weightGrams: 500,
  lengthCm: 10,
  widthCm: 10,
  heightCm: 10,
  ...over,
});

const request = (cep: string, items: FreightItem[], over: Partial<FreightRequest> = {}): FreightRequest => ({
  cep,
  items,
  subtotalCents: items.reduce((sum, i) => sum + i.unitCents * i.quantity, 0),
  isSubscriber: false,
  today: '2026-03-09', // a Monday
  ...over,
});

const PAC = service('pac', { name: 'PAC' });
const SEDEX = service('sedex', { name: 'SEDEX' });
const JADLOG = service('jadlog', { name: 'Jadlog .Package', carrier: 'jadlog', acceptedHazardClasses: ['3', '8'] });

const CAPITAL = zone('capital', { cepRanges: [{ from: '01000000', to: '05999999' }] });
const SP = zone('sp', { states: ['SP'] });
const NORTE = zone('norte', { states: ['AM', 'PA', 'RR', 'AP', 'AC', 'RO', 'TO'] });

/** PAC and SEDEX everywhere below; Jadlog (flammables and corrosives) only in São Paulo. */
const RULES: FreightRules = {
  services: [PAC, SEDEX, JADLOG],
  zones: [CAPITAL, SP, NORTE],
  rates: [
    rate('pac', 'sp', 1000, 1500, 5),
    rate('pac', 'sp', 5000, 2500, 5),
    rate('pac', 'capital', 1000, 1200, 3),
    rate('pac', 'capital', 5000, 2000, 3),
    rate('pac', 'norte', 1000, 4000, 10),
    rate('pac', 'norte', 5000, 6000, 10),
    rate('sedex', 'sp', 1000, 2500, 1),
    rate('sedex', 'sp', 5000, 4000, 1),
    rate('sedex', 'norte', 5000, 9000, 4),
    rate('jadlog', 'sp', 5000, 2200, 2),
  ],
  freeRules: [],
};

const withRules = (over: Partial<FreightRules>): FreightRules => ({ ...RULES, ...over });

describe('cubicWeightGrams and billedWeightGrams', () => {
  it('bills the cubic weight: L × W × H per unit × quantity / divisor, rounded up to the gram', () => {
    const box = { weightGrams: 100, lengthCm: 30, widthCm: 20, heightCm: 10 };
    expect(cubicWeightGrams(box, 1, 6000)).toBe(1000); // 6,000 cm³ / 6,000 = 1 kg
    expect(cubicWeightGrams(box, 3, 6000)).toBe(3000);
    expect(cubicWeightGrams(box, 1, 5000)).toBe(1200);
    expect(cubicWeightGrams({ ...box, lengthCm: 10, widthCm: 10 }, 1, 6000)).toBe(167); // 166.67 g
    expect(cubicWeightGrams({ ...box, heightCm: null }, 1, 6000)).toBeNull();
  });

  it('takes the greater of the real and the cubic weight of all items', () => {
    // A light, bulky box: 300 g real, 1,000 g cubic.
    const pillow = { weightGrams: 300, lengthCm: 30, widthCm: 20, heightCm: 10, quantity: 1 };
    // A heavy, small bottle: 1,100 g real, 167 g cubic.
    const bottle = { weightGrams: 1100, lengthCm: 10, widthCm: 10, heightCm: 10, quantity: 1 };
    expect(billedWeightGrams([pillow], 6000)).toBe(1000);
    expect(billedWeightGrams([bottle], 6000)).toBe(1100);
    expect(billedWeightGrams([{ ...bottle, quantity: 2 }], 6000)).toBe(2200);
    // Together: real 1,400 g, cubic 1,167 g.
    expect(billedWeightGrams([pillow, bottle], 6000)).toBe(1400);
    expect(billedWeightGrams([pillow, { ...bottle, weightGrams: null }], 6000)).toBeNull();
    expect(billedWeightGrams([pillow, { ...bottle, widthCm: null }], 6000)).toBeNull();
  });
});

describe('zones', () => {
  it('knows the UF of a CEP by the Correios ranges', () => {
    expect(ufOfCep('01310-100')).toBe('SP');
    expect(ufOfCep(MANAUS)).toBe('AM');
    expect(ufOfCep('69300000')).toBe('RR');
    expect(ufOfCep('00000000')).toBeNull();
    expect(ufOfCep('123')).toBeNull();
  });

  it('matches a zone by CEP range or by UF', () => {
    expect(zoneMatches(CAPITAL, SAO_PAULO_CAPITAL)).toBe(true);
    expect(zoneMatches(CAPITAL, CAMPINAS)).toBe(false);
    expect(zoneMatches(SP, '01310-100')).toBe(true);
    expect(zoneMatches(SP, MANAUS)).toBe(false);
    expect(zoneMatches(CAPITAL, '01000000')).toBe(true); // both ends inclusive
    expect(zoneMatches(CAPITAL, '05999999')).toBe(true);
  });

  it('a zone matching by CEP range beats one matching by UF, for the services with rates in it', () => {
    expect(serviceZone(RULES, 'pac', SAO_PAULO_CAPITAL)?.id).toBe('capital');
    expect(serviceZone(RULES, 'pac', CAMPINAS)?.id).toBe('sp');
    // SEDEX has no capital table: the UF's applies.
    expect(serviceZone(RULES, 'sedex', SAO_PAULO_CAPITAL)?.id).toBe('sp');
    expect(serviceZone(RULES, 'jadlog', MANAUS)).toBeNull();
    // Listed after the UF zone, the range still wins.
    const reordered = withRules({ zones: [SP, CAPITAL, NORTE] });
    expect(serviceZone(reordered, 'pac', SAO_PAULO_CAPITAL)?.id).toBe('capital');
    const quote = quoteFreight(RULES, request(SAO_PAULO_CAPITAL, [item('a')]));
    expect(quote.parcels[0]?.options.find((o) => o.serviceId === 'pac')).toMatchObject({ priceCents: 1200, deadlineDays: 4 });
  });

  it('says when no service delivers to the CEP', () => {
    const quote = quoteFreight(withRules({ zones: [CAPITAL, SP] }), request(MANAUS, [item('a')]));
    expect(quote).toEqual({ cep: MANAUS, parcels: [], refusals: [], unavailable: 'Ainda não entregamos no CEP 69005-000. Confira o CEP ou fale conosco.' });
    expect(chooseFreight(quote, { geral: 'pac' })).toEqual({ ok: false, message: quote.unavailable });
    expect(quoteFreight(RULES, request('0000', [item('a')])).unavailable).toBe(FREIGHT_MESSAGES.invalidCep);
  });
});

describe('brackets', () => {
  const rules = withRules({
    services: [PAC],
    rates: [rate('pac', 'sp', 1000, 1500), rate('pac', 'sp', 5000, 2500), rate('pac', 'sp', null, 9000)],
  });
  const priceFor = (r: FreightRules, it: FreightItem) => quoteFreight(r, request(CAMPINAS, [it])).parcels[0]?.options[0]?.priceCents;

  it('picks the smallest bound that holds the billed weight; an exact bound fits', () => {
    expect(priceFor(rules, item('a', { weightGrams: 999 }))).toBe(1500);
    expect(priceFor(rules, item('a', { weightGrams: 1000 }))).toBe(1500);
    expect(priceFor(rules, item('a', { weightGrams: 1001 }))).toBe(2500);
    expect(priceFor(rules, item('a', { weightGrams: 5000 }))).toBe(2500);
    // Listed out of order, the smallest bound still wins.
    expect(priceFor(withRules({ services: [PAC], rates: [...rules.rates].reverse() }), item('a', { weightGrams: 800 }))).toBe(1500);
  });

  it('the unbounded bracket takes what is above the last bound, and an unknown weight', () => {
    expect(priceFor(rules, item('a', { weightGrams: 5001 }))).toBe(9000);
    const unknown = quoteFreight(rules, request(CAMPINAS, [item('a', { weightGrams: null })]));
    expect(unknown.parcels[0]).toMatchObject({ weightGrams: null, options: [{ priceCents: 9000 }] });
    expect(unknown.refusals).toEqual([]);
  });

  it('without an unbounded bracket, a parcel above the last bound is refused as too heavy', () => {
    const bounded = withRules({ services: [PAC], rates: rules.rates.filter((r) => r.maxWeightGrams !== null) });
    const quote = quoteFreight(bounded, request(CAMPINAS, [item('balde', { name: 'Balde 20 L', weightGrams: 2000, quantity: 3 })]));
    expect(quote.parcels).toEqual([]);
    expect(quote.refusals).toEqual([
      {
        itemKey: 'balde',
        name: 'Balde 20 L',
        message: 'Balde 20 L não pode ser enviado pelos Correios para o CEP 13010-000: o pacote fica pesado ou grande demais para esse serviço. Diminua a quantidade ou fale conosco.',
      },
    ]);
  });

  it('without an unbounded bracket, an item with no weight informed is refused and the rest is quoted', () => {
    const bounded = withRules({ services: [PAC], rates: rules.rates.filter((r) => r.maxWeightGrams !== null) });
    const quote = quoteFreight(bounded, request(CAMPINAS, [item('a'), item('b', { name: 'Pano de chão', lengthCm: null })]));
    expect(quote.refusals).toEqual([{ itemKey: 'b', name: 'Pano de chão', message: 'Não conseguimos calcular o frete de Pano de chão para este CEP. Fale conosco.' }]);
    expect(quote.parcels).toMatchObject([{ key: 'geral', itemKeys: ['a'], weightGrams: 500, options: [{ serviceId: 'pac', priceCents: 1500 }] }]);
  });

  it('each service weighs with its own cubic divisor; the parcel records the greatest billed weight', () => {
    // 6,000 cm³, 100 g: 1,000 g at 6,000 (PAC's first bracket), 1,200 g at 5,000 (SEDEX's second).
    const box = item('box', { weightGrams: 100, lengthCm: 30, widthCm: 20, heightCm: 10 });
    const r = withRules({ services: [PAC, service('sedex', { name: 'SEDEX', cubicDivisor: 5000 })] });
    const [parcel] = quoteFreight(r, request(CAMPINAS, [box])).parcels;
    expect(parcel?.weightGrams).toBe(1200);
    expect(parcel?.options.map((o) => [o.serviceId, o.priceCents])).toEqual([
      ['pac', 1500],
      ['sedex', 4000],
    ]);
  });
});

describe('prices, free shipping and deadlines', () => {
  it('adds a percentage of the goods value, rounded half up', () => {
    const r = withRules({ services: [service('pac', { valuePercent: 1.5 })] });
    // 1.5 % of R$ 101,00 = 151.5 cents → 152.
    const quote = quoteFreight(r, request(CAMPINAS, [item('a', { unitCents: 5050, quantity: 2 })]));
    expect(quote.parcels[0]).toMatchObject({ valueCents: 10100, options: [{ priceCents: 1500 + 152, source: 'table' }] });
    // 1.15 % of R$ 30,00 = 34.5 cents → 35 (in floating point, 3000 × 1.15 / 100 is 34.4999…).
    const r2 = withRules({ services: [service('pac', { valuePercent: 1.15 })] });
    expect(quoteFreight(r2, request(CAMPINAS, [item('a', { unitCents: 3000 })])).parcels[0]?.options[0]?.priceCents).toBe(1535);
  });

  it("a carrier's price replaces the table's price and deadline, with the service's margin", () => {
    const r = withRules({ services: [service('pac', { marginPercent: 10, valuePercent: 5, handlingDays: 2 }), SEDEX] });
    const prices = new Map([['geral:pac', { priceCents: 2345, deadlineDays: 4 }]]);
    const options = quoteFreight(r, request(CAMPINAS, [item('a')]), prices).parcels[0]?.options;
    // 10 % of 23,45 = 2.345 → 2,35 (half up): 25,80; the value percentage is the table's, not added.
    expect(options?.find((o) => o.serviceId === 'pac')).toMatchObject({ priceCents: 2580, deadlineDays: 6, deliveryBy: '2026-03-17', source: 'carrier' });
    expect(options?.find((o) => o.serviceId === 'sedex')).toMatchObject({ priceCents: 2500, source: 'table' });
    // A price for another parcel or service changes nothing.
    const other = new Map([['classe-3:pac', { priceCents: 1, deadlineDays: 1 }]]);
    expect(quoteFreight(r, request(CAMPINAS, [item('a')]), other).parcels[0]?.options.every((o) => o.source === 'table')).toBe(true);
  });

  it('promises handling plus the carrier deadline in São Paulo business days', () => {
    // Thursday 24 Dec 2026 (then Natal and a weekend), PAC in the capital: 1 + 3 = 4 business days → 31 Dec.
    const quote = quoteFreight(RULES, request(SAO_PAULO_CAPITAL, [item('a')], { today: '2026-12-24' }));
    const byService = Object.fromEntries(quote.parcels[0]!.options.map((o) => [o.serviceId, [o.deadlineDays, o.deliveryBy]]));
    expect(byService).toEqual({ pac: [4, '2026-12-31'], sedex: [2, '2026-12-29'], jadlog: [3, '2026-12-30'] });
  });

  it('sorts options by price, then date, then name', () => {
    const r = withRules({
      services: [service('b', { name: 'Beta' }), service('a', { name: 'Alfa' }), service('c', { name: 'Gama' }), service('d', { name: 'Delta' })],
      rates: [rate('b', 'sp', null, 1000, 3), rate('a', 'sp', null, 1000, 3), rate('c', 'sp', null, 1000, 1), rate('d', 'sp', null, 900, 9)],
    });
    expect(quoteFreight(r, request(CAMPINAS, [item('x')])).parcels[0]?.options.map((o) => o.name)).toEqual(['Delta', 'Gama', 'Alfa', 'Beta']);
  });

  describe('free-shipping rules', () => {
    const free = (rule: Partial<FreeShippingRule>): FreightRules =>
      withRules({ freeRules: [{ id: 'f', name: 'Frete grátis', zoneId: null, serviceId: null, minSubtotalCents: null, subscribersOnly: false, ...rule }] });
    const pricesOf = (r: FreightRules, cep: string, over: Partial<FreightRequest> = {}) =>
      Object.fromEntries(quoteFreight(r, request(cep, [item('a')], over)).parcels[0]!.options.map((o) => [o.serviceId, o.free ? 'grátis' : o.priceCents]));

    it('by zone: only CEPs in it', () => {
      expect(pricesOf(free({ zoneId: 'capital' }), SAO_PAULO_CAPITAL)).toEqual({ pac: 'grátis', sedex: 'grátis', jadlog: 'grátis' });
      expect(pricesOf(free({ zoneId: 'capital' }), CAMPINAS)).toEqual({ pac: 1500, sedex: 2500, jadlog: 2200 });
      expect(pricesOf(free({ zoneId: 'zona-apagada' }), CAMPINAS)).toEqual({ pac: 1500, sedex: 2500, jadlog: 2200 });
    });

    it('by threshold: from the subtotal on', () => {
      const r = free({ minSubtotalCents: 15000 });
      expect(pricesOf(r, CAMPINAS, { subtotalCents: 14999 })).toEqual({ pac: 1500, sedex: 2500, jadlog: 2200 });
      expect(pricesOf(r, CAMPINAS, { subtotalCents: 15000 })).toEqual({ pac: 'grátis', sedex: 'grátis', jadlog: 'grátis' });
    });

    it('for subscribers only', () => {
      const r = free({ subscribersOnly: true });
      expect(pricesOf(r, CAMPINAS)).toEqual({ pac: 1500, sedex: 2500, jadlog: 2200 });
      expect(pricesOf(r, CAMPINAS, { isSubscriber: true })).toEqual({ pac: 'grátis', sedex: 'grátis', jadlog: 'grátis' });
    });

    it('for one service: the free one comes first', () => {
      const r = free({ serviceId: 'sedex' });
      const options = quoteFreight(r, request(CAMPINAS, [item('a')])).parcels[0]!.options;
      expect(options.map((o) => [o.serviceId, o.priceCents, o.free])).toEqual([
        ['sedex', 0, true],
        ['pac', 1500, false],
        ['jadlog', 2200, false],
      ]);
    });
  });
});

describe('parcels and hazard classes', () => {
  const alcohol = item('alcool', { name: 'Álcool 70% (1 L)', hazardClass: '3' });
  const detergent = item('detergente', { name: 'Detergente neutro' });
  const acid = item('acido', { name: 'Ácido muriático', hazardClass: '8' });
  const aerosol = item('aerossol', { name: 'Limpa-vidros aerossol', hazardClass: '2.1' });

  it('one parcel when a service accepts every item, by the services that do', () => {
    const plan = planParcels(RULES, CAMPINAS, [detergent, alcohol]);
    expect(plan.parcels).toMatchObject([{ key: 'geral', itemKeys: ['detergente', 'alcool'], serviceIds: ['jadlog'] }]);
    expect(planParcels(RULES, CAMPINAS, [detergent]).parcels).toMatchObject([{ key: 'geral', serviceIds: ['pac', 'sedex', 'jadlog'] }]);
  });

  it('splits by hazard class when no service takes everything; what no service takes is refused', () => {
    const jadlog21 = service('jadlog21', { name: 'Jadlog Aerossóis', carrier: 'jadlog', acceptedHazardClasses: ['2.1'] });
    const r = withRules({ services: [PAC, SEDEX, JADLOG, jadlog21], rates: [...RULES.rates, rate('jadlog21', 'sp', null, 3000, 2)] });
    const quote = quoteFreight(r, request(CAMPINAS, [alcohol, detergent, aerosol, acid]));
    expect(quote.parcels.map((p) => [p.key, p.itemKeys, p.options.map((o) => o.serviceId)])).toEqual([
      ['geral', ['detergente'], ['pac', 'jadlog', 'sedex', 'jadlog21']],
      ['classe-2-1', ['aerossol'], ['jadlog21']],
      ['classe-3', ['alcool'], ['jadlog']],
      ['classe-8', ['acido'], ['jadlog']],
    ]);
    expect(quote.refusals).toEqual([]);
    const noJadlog = quoteFreight(withRules({ services: [PAC, SEDEX, JADLOG] }), request(CAMPINAS, [aerosol, detergent]));
    expect(noJadlog.parcels.map((p) => p.key)).toEqual(['geral']);
    expect(noJadlog.refusals.map((x) => x.message)).toEqual([
      'Limpa-vidros aerossol não pode ser enviado pelos Correios nem pela Jadlog para o CEP 13010-000: é um produto com gás inflamável (classe 2.1), que esses serviços não transportam. Remova-o do carrinho ou informe outro CEP.',
    ]);
  });

  it('refuses alcohol to Manaus by Correios, in words the customer understands', () => {
    const quote = quoteFreight(RULES, request(MANAUS, [alcohol, detergent]));
    expect(quote.refusals).toEqual([
      {
        itemKey: 'alcool',
        name: 'Álcool 70% (1 L)',
        message:
          'Álcool 70% (1 L) não pode ser enviado pelos Correios para o CEP 69005-000: é um produto inflamável (classe 3), que esses serviços não transportam. Remova-o do carrinho ou informe outro CEP.',
      },
    ]);
    expect(quote.parcels.map((p) => p.itemKeys)).toEqual([['detergente']]);
    expect(chooseFreight(quote, { geral: 'pac' })).toEqual({ ok: false, message: quote.refusals[0]!.message });
    // With PAC alone serving Manaus, the sentence speaks of one service.
    const pacOnly = withRules({ rates: RULES.rates.filter((r) => r.serviceId !== 'sedex') });
    expect(quoteFreight(pacOnly, request(MANAUS, [alcohol])).refusals[0]?.message).toBe(
      'Álcool 70% (1 L) não pode ser enviado pelos Correios para o CEP 69005-000: é um produto inflamável (classe 3), que esse serviço não transporta. Remova-o do carrinho ou informe outro CEP.',
    );
  });

  it('every item is in exactly one parcel whose every option accepts it, or in exactly one refusal', () => {
    const hazard = fc.option(fc.constantFrom(...HAZARD_CLASSES), { nil: null, freq: 2 });
    const anItem = fc.record({
      hazardClass: hazard,
      weightGrams: fc.option(fc.integer({ min: 1, max: 8000 }), { nil: null, freq: 8 }),
      quantity: fc.integer({ min: 1, max: 3 }),
    });
    const aService = fc.record({
      accepts: fc.subarray([...HAZARD_CLASSES]),
      zone: fc.constantFrom('capital', 'sp', 'norte'),
      maxWeight: fc.option(fc.integer({ min: 500, max: 10000 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(anItem, { maxLength: 8 }), fc.array(aService, { maxLength: 4 }), fc.constantFrom(SAO_PAULO_CAPITAL, CAMPINAS, MANAUS, PORTO_ALEGRE), (rawItems, rawServices, cep) => {
        const items = rawItems.map((x, i) => item(`i${i}`, x));
        const services = rawServices.map((s, i) => service(`s${i}`, { acceptedHazardClasses: s.accepts as HazardClass[] }));
        const rules = withRules({ services, rates: rawServices.map((s, i) => rate(`s${i}`, s.zone, s.maxWeight, 1000 + i)) });
        const quote = quoteFreight(rules, request(cep, items));
        if (quote.unavailable) {
          expect(quote.parcels).toEqual([]);
          return;
        }
        const byId = new Map(services.map((s) => [s.id, s]));
        for (const it of items) {
          const parcels = quote.parcels.filter((p) => p.itemKeys.includes(it.key));
          const refusals = quote.refusals.filter((r) => r.itemKey === it.key);
          expect(parcels.length + refusals.length).toBe(1);
          for (const option of parcels[0]?.options ?? []) {
            const accepted = byId.get(option.serviceId)!.acceptedHazardClasses;
            if (it.hazardClass) expect(accepted).toContain(it.hazardClass);
          }
        }
        for (const p of quote.parcels) expect(p.options.length).toBeGreaterThan(0);
        // The same cart and CEP always give the same parcels.
        expect(quoteFreight(rules, request(cep, items))).toEqual(quote);
      }),
    );
  });
});

describe('chooseFreight, cheapestChoices and freightTotalCents', () => {
  const alcohol = item('alcool', { name: 'Álcool 70% (1 L)', hazardClass: '3' });
  // Jadlog takes class 3 only, Loggi class 8 only: a detergent, alcohol and an oven cleaner go in three parcels.
  const rules = withRules({
    services: [PAC, SEDEX, service('jadlog', { name: 'Jadlog', carrier: 'jadlog', acceptedHazardClasses: ['3'] }), service('loggi', { name: 'Loggi', carrier: 'loggi', acceptedHazardClasses: ['8'] })],
    rates: [...RULES.rates, rate('loggi', 'sp', null, 3000, 1)],
  });
  const quote = quoteFreight(rules, request(CAMPINAS, [item('detergente'), alcohol, item('limpa-forno', { hazardClass: '8' })]));

  it('a split cart: every parcel chosen, the total and the latest date', () => {
    expect(quote.parcels.map((p) => [p.key, p.options.map((o) => o.serviceId)])).toEqual([
      ['geral', ['pac', 'jadlog', 'sedex', 'loggi']],
      ['classe-3', ['jadlog']],
      ['classe-8', ['loggi']],
    ]);
    const result = chooseFreight(quote, { geral: 'sedex', 'classe-3': 'jadlog', 'classe-8': 'loggi' });
    // Monday 9 March: SEDEX 1 + 1 → 11th, Jadlog 1 + 2 → 12th, Loggi 1 + 1 → 11th.
    expect(result).toMatchObject({ ok: true, totalCents: 2500 + 2200 + 3000, deliveryBy: '2026-03-12' });
    if (result.ok) {
      expect(result.parcels.map((p) => [p.key, p.itemKeys, p.option.serviceId])).toEqual([
        ['geral', ['detergente'], 'sedex'],
        ['classe-3', ['alcool'], 'jadlog'],
        ['classe-8', ['limpa-forno'], 'loggi'],
      ]);
      expect(freightTotalCents(result.parcels)).toBe(7700);
    }
  });

  it('asks for a choice for every parcel and refuses a service not offered (a tampered form)', () => {
    const choose = 'Escolha como receber cada pacote.';
    const notOffered = 'O serviço de entrega escolhido não está disponível para este CEP. Escolha outro.';
    expect(chooseFreight(quote, { geral: 'pac', 'classe-3': 'jadlog' })).toEqual({ ok: false, message: choose });
    expect(chooseFreight(quote, { geral: 'pac', 'classe-3': 'jadlog', 'classe-8': '' })).toEqual({ ok: false, message: choose });
    // PAC exists, but does not carry class 8.
    expect(chooseFreight(quote, { geral: 'pac', 'classe-3': 'jadlog', 'classe-8': 'pac' })).toEqual({ ok: false, message: notOffered });
    expect(chooseFreight(quote, { geral: 'servico-inventado', 'classe-3': 'jadlog', 'classe-8': 'loggi' })).toEqual({ ok: false, message: notOffered });
    // A parcel key never reads Object.prototype.
    const prototypeKey = { ...quote, parcels: quote.parcels.map((p) => ({ ...p, key: 'constructor' })) };
    expect(chooseFreight(prototypeKey, {})).toEqual({ ok: false, message: choose });
    expect(chooseFreight({ ...quote, parcels: [] }, {})).toEqual({ ok: false, message: FREIGHT_MESSAGES.empty });
  });

  it('a quote with a refusal cannot be chosen', () => {
    const refused = quoteFreight(rules, request(CAMPINAS, [item('detergente'), item('tinta', { name: 'Tinta spray', hazardClass: '2.1' })]));
    expect(refused.parcels.map((p) => p.key)).toEqual(['geral']);
    expect(chooseFreight(refused, cheapestChoices(refused))).toEqual({ ok: false, message: refused.refusals[0]!.message });
  });

  it('cheapestChoices picks the cheapest option of each parcel', () => {
    expect(cheapestChoices(quote)).toEqual({ geral: 'pac', 'classe-3': 'jadlog', 'classe-8': 'loggi' });
    expect(chooseFreight(quote, cheapestChoices(quote))).toMatchObject({ ok: true, totalCents: 1500 + 2200 + 3000 });
  });
});

describe('freeEverywhere', () => {
  const country: ShippingZone = { id: 'br', name: 'Brasil', states: UFS, cepRanges: [] };
  const service: ShippingService = { id: 's', name: 'Entrega Clarear', carrier: 'propria', acceptedHazardClasses: [], handlingDays: 0, cubicDivisor: 6000, valuePercent: 0, marginPercent: 0 };
  const free: FreightRules = { services: [service], zones: [country], rates: [{ serviceId: 's', zoneId: 'br', maxWeightGrams: null, priceCents: 0, deadlineDays: 8 }], freeRules: [] };

  it('is true for a service priced 0 for any weight in all 27 UFs, or a free rule for everyone', () => {
    expect(freeEverywhere(free)).toBe(true);
    expect(freeEverywhere({ ...free, rates: [], freeRules: [{ id: 'r', name: 'Todos', zoneId: null, serviceId: null, minSubtotalCents: null, subscribersOnly: false }] })).toBe(true);
  });

  it('is false when a price, a weight bound, a percentage, a missing UF or a condition could charge someone', () => {
    expect(freeEverywhere({ ...free, rates: [{ serviceId: 's', zoneId: 'br', maxWeightGrams: null, priceCents: 1, deadlineDays: 8 }] })).toBe(false);
    expect(freeEverywhere({ ...free, rates: [{ serviceId: 's', zoneId: 'br', maxWeightGrams: 30_000, priceCents: 0, deadlineDays: 8 }] })).toBe(false);
    expect(freeEverywhere({ ...free, services: [{ ...service, valuePercent: 1 }] })).toBe(false);
    expect(freeEverywhere({ ...free, zones: [{ ...country, states: UFS.filter((uf) => uf !== 'AM') }] })).toBe(false);
    expect(
      freeEverywhere({ ...free, rates: [], freeRules: [{ id: 'r', name: 'Assinantes', zoneId: null, serviceId: null, minSubtotalCents: null, subscribersOnly: true }] }),
    ).toBe(false);
  });
});
