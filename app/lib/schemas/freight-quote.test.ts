import { describe, expect, it } from 'vitest';
import { FREIGHT_QUOTE_MESSAGES, freightQuoteSchema } from './freight-quote';

const ID = '4f1c2b8e-6a3d-4e5f-9a7b-1c2d3e4f5a6b';

const messages = (value: unknown) => {
  const parsed = freightQuoteSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('freightQuoteSchema', () => {
  it('takes the CEP masked or not and keeps its 8 digits', () => {
    expect(freightQuoteSchema.parse({ cep: '69005-000', id: ID, quantity: '2' })).toEqual({ cep: '69005000', id: ID, quantity: 2 });
    expect(freightQuoteSchema.parse({ cep: ' 01001000 ', id: ID, quantity: '99' })).toEqual({ cep: '01001000', id: ID, quantity: 99 });
  });

  it('counts one unit when no quantity is posted', () => {
    expect(freightQuoteSchema.parse({ cep: '01001-000', id: ID })).toEqual({ cep: '01001000', id: ID, quantity: 1 });
  });

  it("refuses anything that is not a CEP with 'Informe um CEP válido.'", () => {
    for (const bad of ['', '0100-1000', '01001-00', '010010000', '00000-000', 'abcde-fgh', '01.001-000', '9'.repeat(40), undefined, 12345678]) {
      expect(messages({ cep: bad, id: ID, quantity: '1' }), String(bad)).toEqual(['Informe um CEP válido.']);
    }
    expect(FREIGHT_QUOTE_MESSAGES.cep).toBe('Informe um CEP válido.');
  });

  it('refuses an id that is not a uuid, before any database reads it', () => {
    for (const bad of ['', 'plan:monthly', "1' or '1'='1", undefined]) {
      expect(messages({ cep: '01001-000', id: bad, quantity: '1' }), String(bad)).toEqual([FREIGHT_QUOTE_MESSAGES.item]);
    }
  });

  it('takes 1 to 99 whole units and nothing else', () => {
    for (const bad of ['0', '100', '-1', '1.5', 'dois', '']) {
      expect(messages({ cep: '01001-000', id: ID, quantity: bad }), bad).toEqual(['Escolha de 1 a 99 unidades.']);
    }
  });

  it('says every problem in pt-BR', () => {
    expect(messages({ cep: 'x', id: 'y', quantity: '0' })).toEqual(['Informe um CEP válido.', FREIGHT_QUOTE_MESSAGES.item, 'Escolha de 1 a 99 unidades.']);
  });
});
