import { describe, expect, it } from 'vitest';
import { answerTimeLabel, isSellerComplete, sellerLines, sellerRegistration, toPublicSeller, type SellerIdentity } from './seller';

const identity: SellerIdentity = {
  legalName: 'Clarear Produtos de Limpeza Ltda.',
  tradeName: 'Clarear',
  cnpj: '11222333000181',
  stateRegistration: '110042490114',
  addressStreet: 'Rua Exemplo',
  addressNumber: '100',
  addressComplement: 'Galpão 2',
  addressNeighborhood: 'Sé',
  addressCity: 'São Paulo',
  addressState: 'SP',
  addressZipCode: '01001000',
  answerDays: 5,
};

describe('seller identity', () => {
  it('shows the CNPJ with its mask and the address on one line', () => {
    const seller = toPublicSeller(identity);
    expect(seller.cnpj).toBe('11.222.333/0001-81');
    expect(seller.address).toBe('Rua Exemplo, 100, Galpão 2 — Sé, São Paulo/SP, CEP 01001-000');
    expect(seller.complete).toBe(true);
  });

  it('an alphanumeric CNPJ keeps its letters; an exempt IE reads "Isento"', () => {
    const seller = toPublicSeller({ ...identity, cnpj: '12ABC34501DE35', stateRegistration: 'ISENTO' });
    expect(seller.cnpj).toBe('12.ABC.345/01DE-35');
    expect(seller.stateRegistration).toBe('Isento');
  });

  it('is incomplete while any required field is empty; the complement is optional', () => {
    expect(isSellerComplete({ ...identity, addressComplement: '' })).toBe(true);
    for (const key of ['legalName', 'cnpj', 'stateRegistration', 'addressStreet', 'addressZipCode'] as const) {
      expect(isSellerComplete({ ...identity, [key]: '' })).toBe(false);
    }
    expect(toPublicSeller({ ...identity, addressStreet: '' }).address).toBe('');
  });

  it('is written on two lines: razão social with CNPJ and IE, then the address; an empty identity writes nothing', () => {
    expect(sellerLines(toPublicSeller(identity))).toEqual([
      'Clarear Produtos de Limpeza Ltda. · CNPJ 11.222.333/0001-81 · IE 110042490114',
      'Rua Exemplo, 100, Galpão 2 — Sé, São Paulo/SP, CEP 01001-000',
    ]);
    expect(sellerRegistration(toPublicSeller({ ...identity, stateRegistration: 'ISENTO' }))).toBe('CNPJ 11.222.333/0001-81 · IE isento');
    const empty = toPublicSeller({ ...identity, legalName: '', tradeName: '', cnpj: '', stateRegistration: '', addressStreet: '', addressNumber: '', addressComplement: '', addressNeighborhood: '', addressCity: '', addressState: '', addressZipCode: '' });
    expect(sellerLines(empty)).toEqual([]);
    expect(sellerLines({ ...empty, legalName: 'Só a Razão Ltda.' })).toEqual(['Só a Razão Ltda.']);
  });

  it('says the answer time in days, singular or plural', () => {
    expect(answerTimeLabel(1)).toBe('até 1 dia');
    expect(answerTimeLabel(5)).toBe('até 5 dias');
  });
});
