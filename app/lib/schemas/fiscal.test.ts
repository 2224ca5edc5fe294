import { describe, expect, it } from 'vitest';
import { DEFAULT_TAX_RULES } from '../fiscal';
import { fieldErrors } from './field-errors';
import { FISCAL_MESSAGES, fiscalFormSchema, fiscalFormToObject, fiscalVersionSchema } from './fiscal';

/** The form as the page posts it: the starting settings and table, rates typed as the page shows them. */
function form(overrides: Record<string, string | undefined> = {}): FormData {
  const values: Record<string, string | undefined> = {
    regime: 'simples',
    series: '1',
    environment: 'homologacao',
    nature: 'Venda de mercadoria',
    issueOn: 'preparing',
    invoicing: undefined,
  };
  DEFAULT_TAX_RULES.forEach((rule, i) => {
    values[`rules.${i}.destination`] = rule.destination;
    values[`rules.${i}.buyer`] = rule.buyer;
    values[`rules.${i}.cfop`] = rule.cfop;
    values[`rules.${i}.icmsSituation`] = rule.icmsSituation;
    values[`rules.${i}.pisSituation`] = rule.pisSituation;
    values[`rules.${i}.pisRate`] = '0';
    values[`rules.${i}.cofinsSituation`] = rule.cofinsSituation;
    values[`rules.${i}.cofinsRate`] = '0';
  });
  const body = new FormData();
  for (const [key, value] of Object.entries({ ...values, ...overrides })) if (value !== undefined) body.append(key, value);
  return body;
}

const parse = (overrides: Record<string, string | undefined> = {}) => fiscalFormSchema.safeParse(fiscalFormToObject(form(overrides)));
const errorsOf = (overrides: Record<string, string | undefined>) => {
  const result = parse(overrides);
  expect(result.success).toBe(false);
  return result.success ? {} : fieldErrors(result.error);
};

describe('fiscal settings form', () => {
  it('reads the starting settings and table as lib/fiscal holds them', () => {
    const result = parse();
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      regime: 'simples',
      series: 1,
      environment: 'homologacao',
      nature: 'Venda de mercadoria',
      issueOn: 'preparing',
      invoicing: false,
      rules: DEFAULT_TAX_RULES,
    });
  });

  it('takes rates typed the Brazilian way, CFOPs with a dot, the switch on, the normal regime with 2-digit CSTs', () => {
    const result = parse({
      regime: 'normal',
      series: '12',
      issueOn: 'paid',
      environment: 'producao',
      invoicing: 'on',
      nature: '  Venda de produção do estabelecimento  ',
      ...Object.fromEntries(DEFAULT_TAX_RULES.map((_, i) => [`rules.${i}.icmsSituation`, '00'])),
      'rules.0.cfop': '5.102',
      'rules.0.pisSituation': '01',
      'rules.0.pisRate': '1,65',
      'rules.0.cofinsSituation': '01',
      'rules.0.cofinsRate': '7.6%',
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ regime: 'normal', series: 12, issueOn: 'paid', environment: 'producao', invoicing: true, nature: 'Venda de produção do estabelecimento' });
    expect(result.data!.rules[0]).toEqual({ destination: 'same_state', buyer: 'consumer', cfop: '5102', icmsSituation: '00', pisSituation: '01', pisRate: 1.65, cofinsSituation: '01', cofinsRate: 7.6 });
  });

  it('refuses a CFOP that does not match its destination, in pt-BR beside the field', () => {
    expect(errorsOf({ 'rules.0.cfop': '6101', 'rules.4.cfop': '5101' })).toEqual({
      'rules.0.cfop': FISCAL_MESSAGES.cfopSameState,
      'rules.4.cfop': FISCAL_MESSAGES.cfopOtherState,
    });
    expect(FISCAL_MESSAGES.cfopSameState).toContain('mesmo estado usa CFOP começando com 5');
    expect(errorsOf({ 'rules.1.cfop': '51' })).toEqual({ 'rules.1.cfop': FISCAL_MESSAGES.cfop });
    expect(errorsOf({ 'rules.1.cfop': '8101' })).toEqual({ 'rules.1.cfop': FISCAL_MESSAGES.cfop });
  });

  it('wants a 3-digit CSOSN under the Simples and a 2-digit CST under the normal regime', () => {
    expect(errorsOf({ 'rules.2.icmsSituation': '00' })).toEqual({ 'rules.2.icmsSituation': FISCAL_MESSAGES.csosn });
    const normal = errorsOf({ regime: 'normal' });
    expect(Object.keys(normal)).toHaveLength(6);
    expect(normal['rules.0.icmsSituation']).toBe('No regime normal, informe o CST do ICMS com 2 dígitos (ex.: 00).');
  });

  it('refuses a rate over 100, negative, with 3 places or blank, and a PIS/COFINS CST that is not 2 digits', () => {
    expect(errorsOf({ 'rules.0.pisRate': '101', 'rules.1.cofinsRate': '-1', 'rules.2.pisRate': '1,655', 'rules.3.cofinsRate': '' })).toEqual({
      'rules.0.pisRate': FISCAL_MESSAGES.rate,
      'rules.1.cofinsRate': FISCAL_MESSAGES.rate,
      'rules.2.pisRate': FISCAL_MESSAGES.rate,
      'rules.3.cofinsRate': FISCAL_MESSAGES.rate,
    });
    expect(parse({ 'rules.0.pisRate': '100' }).success).toBe(true);
    expect(errorsOf({ 'rules.0.pisSituation': '9', 'rules.0.cofinsSituation': '999' })).toEqual({ 'rules.0.pisSituation': FISCAL_MESSAGES.cst, 'rules.0.cofinsSituation': FISCAL_MESSAGES.cst });
  });

  it('shows every message at once: a bad CFOP beside a bad rate in the same row, and a bad setting', () => {
    expect(errorsOf({ 'rules.3.cfop': '5101', 'rules.3.pisRate': '200', series: '1000', nature: '' })).toEqual({
      'rules.3.cfop': FISCAL_MESSAGES.cfopOtherState,
      'rules.3.pisRate': FISCAL_MESSAGES.rate,
      series: FISCAL_MESSAGES.series,
      nature: FISCAL_MESSAGES.nature,
    });
    expect(errorsOf({ nature: 'x'.repeat(61) })).toEqual({ nature: FISCAL_MESSAGES.natureLong });
    expect(errorsOf({ regime: 'lucro', environment: 'teste', issueOn: 'never' })).toEqual({
      regime: FISCAL_MESSAGES.regime,
      environment: FISCAL_MESSAGES.environment,
      issueOn: FISCAL_MESSAGES.issueOn,
    });
  });

  it('refuses a table without its six cases (a row missing, or one case twice)', () => {
    expect(errorsOf({ 'rules.5.destination': undefined, 'rules.5.buyer': undefined, 'rules.5.cfop': undefined, 'rules.5.icmsSituation': undefined, 'rules.5.pisSituation': undefined, 'rules.5.pisRate': undefined, 'rules.5.cofinsSituation': undefined, 'rules.5.cofinsRate': undefined })).toEqual({
      rules: FISCAL_MESSAGES.rules,
    });
    expect(errorsOf({ 'rules.5.buyer': 'consumer', 'rules.5.cfop': '6107' })).toEqual({ rules: FISCAL_MESSAGES.rules });
    expect(errorsOf({ 'rules.0.destination': 'abroad' })['rules.0.destination']).toBe(FISCAL_MESSAGES.rules);
  });

  it('reads the version the form was opened with', () => {
    expect(fiscalVersionSchema.safeParse('3').data).toBe(3);
    expect(fiscalVersionSchema.safeParse('0').success).toBe(false);
    expect(fiscalVersionSchema.safeParse(undefined).success).toBe(false);
  });
});
