import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import {
  gramsToKgInput,
  ruleFormSchema,
  serviceFormSchema,
  serviceFormToObject,
  SHIPPING_MESSAGES,
  toggleSchema,
  weightLabel,
  zoneFormSchema,
  zoneFormToObject,
} from './shipping';

const ZONE_A = 'b73707e1-9a89-5440-afd2-b8314a5f477c';
const ZONE_B = '03101cd0-7543-5285-981b-2030b8d4f255';

/** A form as the page posts it (repeated keys for the checkboxes). */
function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
}

const SERVICE: [string, string][] = [
  ['name', 'Correios PAC'],
  ['carrier', 'correios'],
  ['handlingDays', '1'],
  ['cubicDivisor', '6.000'],
  ['valuePercent', '1,5'],
  ['melhorEnvioServiceId', '1'],
  ['marginPercent', ''],
  ['active', 'on'],
  ['acceptedHazardClasses', '8'],
  ['acceptedHazardClasses', '3'],
  ['rates.0.zoneId', ZONE_A],
  ['rates.0.maxWeightKg', '0,5'],
  ['rates.0.price', '18,90'],
  ['rates.0.deadlineDays', '3'],
  ['rates.1.zoneId', ZONE_A],
  ['rates.1.maxWeightKg', ''],
  ['rates.1.price', '0'],
  ['rates.1.deadlineDays', '8'],
];

const parseService = (entries: [string, string][]) => serviceFormSchema.safeParse(serviceFormToObject(form(entries)));
const errorsOf = (result: { success: boolean; error?: unknown }) => (result.success ? {} : fieldErrors(result.error as never));
const replace = (entries: [string, string][], changes: Record<string, string>) => entries.map(([k, v]): [string, string] => [k, k in changes ? changes[k]! : v]);

describe('service form', () => {
  it('reads the Brazilian way: cents, grams, percentages as stored, classes in their order', () => {
    const parsed = parseService(SERVICE);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({
      name: 'Correios PAC',
      carrier: 'correios',
      acceptedHazardClasses: ['3', '8'],
      handlingDays: 1,
      cubicDivisor: 6000,
      valuePercent: '1.50',
      melhorEnvioServiceId: 1,
      marginPercent: '0.00',
      active: true,
      rates: [
        { zoneId: ZONE_A, maxWeightGrams: 500, priceCents: 1890, deadlineDays: 3 },
        { zoneId: ZONE_A, maxWeightGrams: null, priceCents: 0, deadlineDays: 8 },
      ],
    });
  });

  it('a blank divisor is the usual 6,000; a blank Melhor Envio code is none; unticked is off', () => {
    const parsed = parseService(replace(SERVICE, { cubicDivisor: '', melhorEnvioServiceId: '' }).filter(([k]) => k !== 'active'));
    expect(parsed.data).toMatchObject({ cubicDivisor: 6000, melhorEnvioServiceId: null, active: false });
  });

  it('refuses bad input field by field, in pt-BR', () => {
    const result = parseService(
      replace(SERVICE, {
        name: '  ',
        carrier: 'dhl',
        handlingDays: '-1',
        cubicDivisor: '500',
        valuePercent: '101',
        melhorEnvioServiceId: 'PAC',
        'rates.0.price': '-5,00',
        'rates.0.maxWeightKg': '0',
        'rates.1.deadlineDays': '91',
        'rates.1.zoneId': '',
      }),
    );
    expect(errorsOf(result)).toEqual({
      name: SHIPPING_MESSAGES.name,
      carrier: SHIPPING_MESSAGES.carrier,
      handlingDays: SHIPPING_MESSAGES.handlingDays,
      cubicDivisor: SHIPPING_MESSAGES.cubicDivisor,
      valuePercent: SHIPPING_MESSAGES.percent,
      melhorEnvioServiceId: SHIPPING_MESSAGES.melhorEnvioId,
      'rates.0.price': 'O valor não pode ser negativo.',
      'rates.0.maxWeightKg': SHIPPING_MESSAGES.weight,
      'rates.1.deadlineDays': SHIPPING_MESSAGES.deadline,
      'rates.1.zoneId': SHIPPING_MESSAGES.zone,
    });
  });

  it('a missing price, a price with three places, a forged hazard class', () => {
    expect(errorsOf(parseService(replace(SERVICE, { 'rates.0.price': '' })))).toEqual({ 'rates.0.price': SHIPPING_MESSAGES.priceMissing });
    expect(errorsOf(parseService(replace(SERVICE, { 'rates.0.price': '18,905' })))).toEqual({ 'rates.0.price': SHIPPING_MESSAGES.price });
    expect(errorsOf(parseService([...SERVICE, ['acceptedHazardClasses', '7']]))).toEqual({ 'acceptedHazardClasses.2': SHIPPING_MESSAGES.hazardClass });
  });

  it('refuses a second bracket of the same zone and weight, however the weight is typed', () => {
    const duplicate: [string, string][] = [
      ['rates.2.zoneId', ZONE_A],
      ['rates.2.maxWeightKg', '0,500'],
      ['rates.2.price', '20'],
      ['rates.2.deadlineDays', '3'],
      ['rates.3.zoneId', ZONE_A],
      ['rates.3.maxWeightKg', ''],
      ['rates.3.price', '20'],
      ['rates.3.deadlineDays', '3'],
      // Another zone may have the same weight.
      ['rates.4.zoneId', ZONE_B],
      ['rates.4.maxWeightKg', '0,5'],
      ['rates.4.price', '20'],
      ['rates.4.deadlineDays', '3'],
    ];
    expect(errorsOf(parseService([...SERVICE, ...duplicate]))).toEqual({
      'rates.2.maxWeightKg': 'Esta zona já tem uma faixa até 0,5 kg.',
      'rates.3.maxWeightKg': SHIPPING_MESSAGES.duplicateAny,
    });
  });

  it('names a duplicate even while another field is wrong', () => {
    const result = parseService([
      ...replace(SERVICE, { name: '' }),
      ['rates.2.zoneId', ZONE_A],
      ['rates.2.maxWeightKg', '0,5'],
      ['rates.2.price', '20'],
      ['rates.2.deadlineDays', '3'],
    ]);
    expect(errorsOf(result)).toEqual({ name: SHIPPING_MESSAGES.name, 'rates.2.maxWeightKg': 'Esta zona já tem uma faixa até 0,5 kg.' });
  });
});

describe('zone form', () => {
  const parseZone = (entries: [string, string][]) => zoneFormSchema.safeParse(zoneFormToObject(form(entries)));

  it('keeps UFs in the national order and CEPs as digits', () => {
    const parsed = parseZone([
      ['name', 'Sul e SP'],
      ['states', 'SP'],
      ['states', 'PR'],
      ['cepRanges.0.from', '01000-000'],
      ['cepRanges.0.to', '09999999'],
    ]);
    expect(parsed.data).toEqual({ name: 'Sul e SP', states: ['PR', 'SP'], cepRanges: [{ from: '01000000', to: '09999999' }] });
  });

  it('refuses an inverted range, a CEP that is not 8 digits, a forged UF', () => {
    expect(
      errorsOf(
        parseZone([
          ['name', 'Zona'],
          ['states', 'XX'],
          ['cepRanges.0.from', '09999-999'],
          ['cepRanges.0.to', '01000-000'],
          ['cepRanges.1.from', '0100-000'],
          ['cepRanges.1.to', '123456789'],
        ]),
      ),
    ).toEqual({
      'states.0': SHIPPING_MESSAGES.uf,
      'cepRanges.0.to': SHIPPING_MESSAGES.invertedRange,
      'cepRanges.1.from': SHIPPING_MESSAGES.cep,
      'cepRanges.1.to': SHIPPING_MESSAGES.cep,
    });
  });

  it('needs at least one UF or range', () => {
    expect(errorsOf(parseZone([['name', 'Vazia']]))).toEqual({ states: SHIPPING_MESSAGES.emptyZone });
    expect(parseZone([['name', 'Só SP'], ['states', 'SP']]).success).toBe(true);
  });
});

describe('free-shipping rule form', () => {
  it('blank zone and service are all of them, a blank minimum is any value', () => {
    expect(ruleFormSchema.parse({ name: 'Grátis', zoneId: '', serviceId: '', minSubtotal: '', active: 'on' })).toEqual({
      name: 'Grátis',
      zoneId: null,
      serviceId: null,
      minSubtotal: null,
      subscribersOnly: false,
      active: true,
    });
    expect(ruleFormSchema.parse({ name: 'Acima de 199', zoneId: ZONE_A, minSubtotal: 'R$ 1.199,00', subscribersOnly: 'on' })).toMatchObject({
      zoneId: ZONE_A,
      minSubtotal: 119900,
      subscribersOnly: true,
      active: false,
    });
  });

  it('refuses a negative minimum and a forged zone', () => {
    expect(errorsOf(ruleFormSchema.safeParse({ name: 'x', zoneId: 'abc', minSubtotal: '-1' }))).toEqual({
      zoneId: SHIPPING_MESSAGES.ruleZone,
      minSubtotal: 'O valor não pode ser negativo.',
    });
  });
});

describe('helpers', () => {
  it('weights for the form and for people', () => {
    expect(gramsToKgInput(500)).toBe('0,5');
    expect(gramsToKgInput(2000)).toBe('2');
    expect(gramsToKgInput(1250)).toBe('1,25');
    expect(gramsToKgInput(null)).toBe('');
    expect(weightLabel(30000)).toBe('até 30 kg');
    expect(weightLabel(null)).toBe('qualquer peso');
  });

  it('a switch posts the value it turns to', () => {
    expect(toggleSchema.parse({ intent: 'toggle', kind: 'service', id: ZONE_A, active: 'false' })).toEqual({ intent: 'toggle', kind: 'service', id: ZONE_A, active: false });
    expect(toggleSchema.safeParse({ intent: 'toggle', kind: 'zone', id: ZONE_A, active: 'true' }).success).toBe(false);
  });
});
