// The pure NF-e module against Focus NFe's published API v2 contract for NF-e:
// - https://focusnfe.com.br/doc/#nfe — "NFe": URLs (POST /v2/nfe?ref=REFERENCIA, GET/DELETE /v2/nfe/REFERENCIA),
//   "Campos obrigatórios de uma NFe" with its example JSON (natureza_operacao, data_emissao, tipo_documento,
//   finalidade_emissao, *_emitente, *_destinatario, indicador_inscricao_estadual_destinatario, modalidade_frete,
//   valor_frete, valor_desconto, valor_total, items[] with numero_item, codigo_produto, codigo_ncm, cfop,
//   quantidade_comercial, valor_unitario_comercial, valor_bruto, icms_origem, icms_situacao_tributaria,
//   pis_situacao_tributaria, cofins_situacao_tributaria) and "Campos calculados automaticamente" (totals as the
//   sum of the items' valor_frete / valor_desconto / valor_bruto). Read through the Slate source of that page.
// - https://campos.focusnfe.com.br/nfe/NotaFiscalXML.html — every field by XML tag (cEAN → codigo_barras_comercial,
//   CEST → cest, pPIS → pis_aliquota_porcentual, indIntermed → indicador_intermediario, detPag → formas_pagamento).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUYER_KINDS,
  DEFAULT_TAX_RULES,
  DESTINATIONS,
  HOMOLOGATION_RECIPIENT_NAME,
  SEM_GTIN,
  UF_IBGE_CODES,
  accessKeyCheckDigit,
  accessKeyDigits,
  allocateCents,
  brasiliaDateTime,
  buyerKindOf,
  destinationOf,
  focusNfePayload,
  focusNfeReturnPayload,
  returnCfop,
  formatAccessKey,
  ieIndicatorOf,
  isValidAccessKey,
  isValidCest,
  isValidGtin,
  isValidNcm,
  pickTaxRule,
  type FocusNfeInput,
  type TaxRule,
} from './fiscal';
import { toCents } from './money';

/** cUF + AAMM + CNPJ + modelo + série + número + tpEmis + código numérico: the 43 digits before the check digit. */
function keyPrefix(p: { uf: string; yymm: string; cnpj: string; series: number; number: number; code: string }): string {
  return `${p.uf}${p.yymm}${p.cnpj}55${String(p.series).padStart(3, '0')}${String(p.number).padStart(9, '0')}1${p.code}`;
}

describe('accessKeyCheckDigit', () => {
  it('builds a realistic 43-digit prefix: SP, November 2026, CNPJ 11.222.333/0001-81, modelo 55, série 1', () => {
    const prefix = keyPrefix({ uf: UF_IBGE_CODES.SP, yymm: '2611', cnpj: '11222333000181', series: 1, number: 123, code: '10000456' });
    expect(prefix).toBe('3526111122233300018155001000000123110000456');
    expect(prefix).toHaveLength(43);
  });

  it('computes the mod-11 digit (weights 2..9 from the right) on known prefixes', () => {
    // Worked by hand for the first one: the weighted sum is 404, 404 mod 11 = 8, 11 − 8 = 3.
    expect(accessKeyCheckDigit('3526111122233300018155001000000123100004567')).toBe(3);
    expect(accessKeyCheckDigit('3526114433322200019155001000000001100000001')).toBe(6);
    expect(accessKeyCheckDigit('3526110000000000019155001000000001100000000')).toBe(6);
  });

  it('gives 0 when the remainder is 0 or 1', () => {
    // remainder 0
    expect(accessKeyCheckDigit('3526111122233300018155001000000123110000000')).toBe(0);
    expect(accessKeyCheckDigit('3526111122233300018155001000000123110000014')).toBe(0);
    // remainder 1 (11 − 1 = 10 would not be a digit)
    expect(accessKeyCheckDigit('3526111122233300018155001000000123110000006')).toBe(0);
    expect(accessKeyCheckDigit('3526111122233300018155001000000123110000023')).toBe(0);
  });

  it('verifies a real authorised NF-e key', () => {
    // From a SEFAZ-authorised NF-e XML (RONDONAUTO COMERCIO DE VEICULOS LTDA, CNPJ 05.883.509/0002-24, RO,
    // February 2021, série 2, nº 6342, cNF 00065755, <cDV>3</cDV>) kept as a test fixture in the public
    // repository sancrisxa/projeto-suprimentos, src/test/java/br/com/tjro/supribackend/Constantes/Constantes.java,
    // found with the code search: infNFe Id="NFe11210205883509000224550020000063421000657553".
    const key = '11210205883509000224550020000063421000657553';
    expect(key.slice(0, 2)).toBe(UF_IBGE_CODES.RO);
    expect(accessKeyCheckDigit(key.slice(0, 43))).toBe(3);
    expect(isValidAccessKey(key)).toBe(true);
    expect(isValidAccessKey(`NFe${key}`)).toBe(true);
  });

  it("rejects the illustrative key of Focus NFe's own response example (its last digit is not the check digit)", () => {
    // focusnfe.com.br/doc/#nfe, "Envio" → autorizado: "chave_nfe": "NFe41190607504505000132550010000000221923094166".
    // Its 43 digits call for 2, not 6: a made-up key, so the local stand-in must not reuse it as an authorised one.
    expect(accessKeyCheckDigit('4119060750450500013255001000000022192309416')).toBe(2);
    expect(isValidAccessKey('NFe41190607504505000132550010000000221923094166')).toBe(false);
  });

  it('throws on anything but the 43 characters of a key (letters only where an alphanumeric CNPJ has them)', () => {
    expect(() => accessKeyCheckDigit('123')).toThrow('43 caracteres');
    expect(() => accessKeyCheckDigit('352611112223330001815500100000012310000456A')).toThrow();
    expect(() => accessKeyCheckDigit('35261111222333000181550010000001231000045673')).toThrow();
  });

  it('an alphanumeric CNPJ in the key counts each letter as its code − 48, as the CNPJ’s own digits do', () => {
    const body = '352611' + '12ABC34501DE' + '35' + '55' + '001' + '000000123' + '1' + '00004567';
    const digit = accessKeyCheckDigit(body);
    expect(isValidAccessKey(body + digit)).toBe(true);
    expect(isValidAccessKey(body + ((digit + 1) % 10))).toBe(false);
    expect(isValidAccessKey((body + digit).toLowerCase())).toBe(true);
  });

  it('property: the computed digit completes a valid key and every other last digit is refused', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{43}$/), fc.integer({ min: 0, max: 9 }), (prefix, other) => {
        const digit = accessKeyCheckDigit(prefix);
        expect(digit).toBeGreaterThanOrEqual(0);
        expect(digit).toBeLessThanOrEqual(9);
        expect(isValidAccessKey(prefix + digit)).toBe(true);
        if (other !== digit) expect(isValidAccessKey(prefix + other)).toBe(false);
      }),
    );
  });
});

describe('isValidAccessKey, accessKeyDigits and formatAccessKey', () => {
  const prefix = keyPrefix({ uf: '35', yymm: '2611', cnpj: '11222333000181', series: 1, number: 123, code: '10000456' });
  const key = prefix + accessKeyCheckDigit(prefix);

  it('accepts the key printed in groups, or with the NFe prefix of infNFe Id and chave_nfe', () => {
    expect(isValidAccessKey(formatAccessKey(key))).toBe(true);
    expect(accessKeyDigits(`NFe${key}`)).toBe(key);
    expect(accessKeyDigits(` ${formatAccessKey(key)} `)).toBe(key);
  });

  it('refuses a wrong length, letters, or a changed digit', () => {
    expect(isValidAccessKey(key.slice(0, 43))).toBe(false);
    expect(isValidAccessKey(`${key}0`)).toBe(false);
    expect(isValidAccessKey(`${key.slice(0, 10)}A${key.slice(11)}`)).toBe(false);
    expect(isValidAccessKey(`${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}`)).toBe(false);
    expect(isValidAccessKey('')).toBe(false);
    expect(accessKeyDigits('1234')).toBeNull();
  });

  it('formats eleven groups of four; leaves anything else as given', () => {
    expect(formatAccessKey('11210205883509000224550020000063421000657553')).toBe(
      '1121 0205 8835 0900 0224 5500 2000 0063 4210 0065 7553',
    );
    expect(formatAccessKey('123')).toBe('123');
    // An alphanumeric CNPJ's letters stay in their groups.
    const alpha = keyPrefix({ uf: '35', yymm: '2611', cnpj: '12ABC34501DE35', series: 1, number: 7, code: '10000456' });
    expect(formatAccessKey(alpha + accessKeyCheckDigit(alpha))).toMatch(/^3526 1112 ABC3 4501 DE35 5500 1000 0000 07\d{2}( \d{4}){2}$/);
  });
});

describe('isValidGtin', () => {
  it('accepts known EAN-13s', () => {
    expect(isValidGtin('7891000315507')).toBe(true);
    expect(isValidGtin('7894900011517')).toBe(true);
  });
  it('accepts GTIN-8, GTIN-12 (UPC-A) and GTIN-14', () => {
    expect(isValidGtin('96385074')).toBe(true);
    expect(isValidGtin('036000291452')).toBe(true);
    expect(isValidGtin('17891000315504')).toBe(true);
  });
  it('refuses a wrong check digit', () => {
    expect(isValidGtin('7891000315508')).toBe(false);
    expect(isValidGtin('7894900011510')).toBe(false);
    expect(isValidGtin('96385075')).toBe(false);
    expect(isValidGtin('036000291453')).toBe(false);
  });
  it("accepts exactly 'SEM GTIN'; refuses other lengths and characters", () => {
    expect(isValidGtin(SEM_GTIN)).toBe(true);
    expect(isValidGtin('SEM GTIN ')).toBe(true);
    expect(isValidGtin('sem gtin')).toBe(false);
    expect(isValidGtin('')).toBe(false);
    expect(isValidGtin('1234567')).toBe(false);
    expect(isValidGtin('123456789')).toBe(false);
    expect(isValidGtin('789100031550X')).toBe(false);
    expect(isValidGtin('789-1000315507')).toBe(false);
  });
  it('property: exactly one last digit completes any 12-digit body', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), (body) => {
        const valid = Array.from({ length: 10 }, (_, d) => d).filter((d) => isValidGtin(`${body}${d}`));
        expect(valid).toHaveLength(1);
      }),
    );
  });
});

describe('isValidNcm and isValidCest', () => {
  it('NCM: 8 digits, dots allowed', () => {
    expect(isValidNcm('61091000')).toBe(true);
    expect(isValidNcm('6109.10.00')).toBe(true);
    expect(isValidNcm('6109100')).toBe(false);
    expect(isValidNcm('610910000')).toBe(false);
    expect(isValidNcm('6109100A')).toBe(false);
    expect(isValidNcm('')).toBe(false);
  });
  it('CEST: 7 digits, dots allowed', () => {
    expect(isValidCest('2803800')).toBe(true);
    expect(isValidCest('28.038.00')).toBe(true);
    expect(isValidCest('280380')).toBe(false);
    expect(isValidCest('28038000')).toBe(false);
    expect(isValidCest('')).toBe(false);
  });
});

describe('buyerKindOf', () => {
  it('a CPF is always a consumer, whatever the indicator', () => {
    expect(buyerKindOf({ taxIdKind: 'cpf', ieIndicator: null })).toBe('consumer');
    expect(buyerKindOf({ taxIdKind: 'cpf', ieIndicator: 1 })).toBe('consumer');
  });
  it('a CNPJ by its indicator: 1 contributor, 2 exempt, 9 (or none) consumer', () => {
    expect(buyerKindOf({ taxIdKind: 'cnpj', ieIndicator: 1 })).toBe('contributor');
    expect(buyerKindOf({ taxIdKind: 'cnpj', ieIndicator: 2 })).toBe('exempt');
    expect(buyerKindOf({ taxIdKind: 'cnpj', ieIndicator: 9 })).toBe('consumer');
    expect(buyerKindOf({ taxIdKind: 'cnpj', ieIndicator: null })).toBe('consumer');
  });
  it('and back to the indIEDest the note carries', () => {
    expect(ieIndicatorOf('contributor')).toBe(1);
    expect(ieIndicatorOf('exempt')).toBe(2);
    expect(ieIndicatorOf('consumer')).toBe(9);
  });
});

describe('pickTaxRule', () => {
  const rule = (destination: TaxRule['destination'], buyer: TaxRule['buyer'], cfop: string): TaxRule => ({
    destination,
    buyer,
    cfop,
    icmsSituation: '102',
    pisSituation: '99',
    pisRate: 0,
    cofinsSituation: '99',
    cofinsRate: 0,
  });
  const table: TaxRule[] = [
    rule('same_state', 'consumer', '5101'),
    rule('same_state', 'contributor', '5102'),
    rule('same_state', 'exempt', '5103'),
    rule('other_state', 'consumer', '6107'),
    rule('other_state', 'contributor', '6101'),
    rule('other_state', 'exempt', '6108'),
  ];

  it('same state, consumer', () => {
    expect(pickTaxRule(table, { storeUf: 'SP', destinationUf: 'SP', buyer: 'consumer' })?.cfop).toBe('5101');
  });
  it('same state, contributor', () => {
    expect(pickTaxRule(table, { storeUf: 'SP', destinationUf: 'SP', buyer: 'contributor' })?.cfop).toBe('5102');
  });
  it('same state, exempt', () => {
    expect(pickTaxRule(table, { storeUf: 'SP', destinationUf: 'sp', buyer: 'exempt' })?.cfop).toBe('5103');
  });
  it('other state, consumer', () => {
    expect(pickTaxRule(table, { storeUf: 'SP', destinationUf: 'AM', buyer: 'consumer' })?.cfop).toBe('6107');
  });
  it('other state, contributor', () => {
    expect(pickTaxRule(table, { storeUf: 'SP', destinationUf: 'RJ', buyer: 'contributor' })?.cfop).toBe('6101');
  });
  it('other state, exempt', () => {
    expect(pickTaxRule(table, { storeUf: 'SP', destinationUf: 'MG', buyer: 'exempt' })?.cfop).toBe('6108');
  });
  it('returns the whole rule, not a copy of part of it', () => {
    expect(pickTaxRule(table, { storeUf: 'SP', destinationUf: 'RJ', buyer: 'contributor' })).toBe(table[4]);
  });
  it('null when the table has no rule for that destination and buyer', () => {
    const partial = table.filter((r) => !(r.destination === 'other_state' && r.buyer === 'exempt'));
    expect(pickTaxRule(partial, { storeUf: 'SP', destinationUf: 'MG', buyer: 'exempt' })).toBeNull();
    expect(pickTaxRule([], { storeUf: 'SP', destinationUf: 'SP', buyer: 'consumer' })).toBeNull();
  });
  it('destinationOf compares the UFs', () => {
    expect(destinationOf('SP', 'SP')).toBe('same_state');
    expect(destinationOf('SP', 'RJ')).toBe('other_state');
  });
  it('the seeded table (Simples Nacional manufacturer) covers every destination and buyer once', () => {
    for (const destination of DESTINATIONS) {
      for (const buyer of BUYER_KINDS) {
        expect(DEFAULT_TAX_RULES.filter((r) => r.destination === destination && r.buyer === buyer)).toHaveLength(1);
      }
    }
    expect(pickTaxRule(DEFAULT_TAX_RULES, { storeUf: 'SP', destinationUf: 'SP', buyer: 'consumer' })?.cfop).toBe('5101');
    expect(pickTaxRule(DEFAULT_TAX_RULES, { storeUf: 'SP', destinationUf: 'RJ', buyer: 'contributor' })?.cfop).toBe('6101');
    expect(pickTaxRule(DEFAULT_TAX_RULES, { storeUf: 'SP', destinationUf: 'AM', buyer: 'consumer' })?.cfop).toBe('6107');
  });
});

describe('allocateCents', () => {
  it('splits in proportion, the leftover cent to the largest fraction', () => {
    expect(allocateCents(2390, [9980, 12900])).toEqual([1042, 1348]);
    expect(allocateCents(1000, [9980, 12900])).toEqual([436, 564]);
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(0, [500, 700])).toEqual([0, 0]);
    expect(allocateCents(50, [0, 0])).toEqual([50, 0]);
  });
  it('property: the parts add up to the total and none exceeds its weight when the total does not', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 20 }), fc.nat(), (weights, seed) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        const total = sum === 0 ? 0 : seed % (sum + 1);
        const parts = allocateCents(total, weights);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        parts.forEach((part, i) => {
          expect(Number.isInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(weights[i] ?? 0);
        });
      }),
    );
  });
});

describe('brasiliaDateTime', () => {
  it('writes the instant at -03:00', () => {
    expect(brasiliaDateTime('2026-11-28T13:05:09.123Z')).toBe('2026-11-28T10:05:09-03:00');
    expect(brasiliaDateTime('2026-12-01T01:00:00Z')).toBe('2026-11-30T22:00:00-03:00');
    expect(() => brasiliaDateTime('ontem')).toThrow('Data de emissão inválida');
  });
});

describe('focusNfePayload', () => {
  // A known order: Clarear (SP, Simples Nacional) sells to a consumer (CPF) in Rio de Janeiro: 2 × R$ 49,90 and
  // 1 × R$ 129,00 (R$ 228,80 in products), R$ 23,90 of freight, R$ 10,00 of discount → R$ 242,70.
  const order: FocusNfeInput = {
    issuer: {
      cnpj: '11222333000181',
      stateRegistration: '110.042.490.114',
      legalName: 'Clarear Indústria de Cosméticos Ltda',
      tradeName: 'Clarear',
      address: {
        street: 'Rua Exemplo',
        number: '100',
        complement: 'Galpão 2',
        neighborhood: 'Centro',
        city: 'São Paulo',
        cityIbgeCode: '3550308',
        uf: 'SP',
        zipCode: '01001-000',
      },
    },
    buyer: {
      name: 'Maria da Silva',
      taxId: '52998224725',
      ieIndicator: null,
      email: 'maria@example.com',
      phone: '(21) 99876-5432',
      address: {
        street: 'Avenida Atlântica',
        number: '1702',
        complement: 'Apto 501',
        neighborhood: 'Copacabana',
        city: 'Rio de Janeiro',
        cityIbgeCode: '3304557',
        uf: 'RJ',
        zipCode: '22021-001',
      },
    },
    items: [
      {
        code: 'SAB-ERV-90',
        description: 'Sabonete de ervas 90 g',
        ncm: '3401.11.90',
        cest: '20.024.00',
        gtin: '7891000315507',
        origin: 0,
        unit: 'un',
        quantity: 2,
        unitPriceCents: 4990,
      },
      {
        code: 'KIT-BANHO',
        description: 'Kit banho relaxante',
        ncm: '33079000',
        gtin: null,
        origin: 0,
        unit: 'KIT',
        quantity: 1,
        unitPriceCents: 12900,
      },
    ],
    freightCents: 2390,
    discountCents: 1000,
    rule: pickTaxRule(DEFAULT_TAX_RULES, { storeUf: 'SP', destinationUf: 'RJ', buyer: 'consumer' }) as TaxRule,
    regime: 'simples',
    environment: 'homologacao',
    issuedAt: '2026-11-28T13:05:00.000Z',
    nature: 'Venda de produção do estabelecimento',
    paymentMethod: 'pix',
  };

  it('maps the known order (homologação, Simples Nacional, CPF in another state)', () => {
    expect(focusNfePayload(order)).toEqual({
      natureza_operacao: 'Venda de produção do estabelecimento',
      data_emissao: '2026-11-28T10:05:00-03:00',
      data_entrada_saida: '2026-11-28T10:05:00-03:00',
      tipo_documento: 1,
      finalidade_emissao: 1,
      local_destino: 2,
      consumidor_final: 1,
      presenca_comprador: 2,
      indicador_intermediario: 0,
      regime_tributario_emitente: 1,
      cnpj_emitente: '11222333000181',
      nome_emitente: 'Clarear Indústria de Cosméticos Ltda',
      nome_fantasia_emitente: 'Clarear',
      inscricao_estadual_emitente: '110042490114',
      logradouro_emitente: 'Rua Exemplo',
      numero_emitente: '100',
      complemento_emitente: 'Galpão 2',
      bairro_emitente: 'Centro',
      municipio_emitente: 'São Paulo',
      codigo_municipio_emitente: '3550308',
      uf_emitente: 'SP',
      cep_emitente: '01001000',
      nome_destinatario: 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
      cpf_destinatario: '52998224725',
      indicador_inscricao_estadual_destinatario: 9,
      email_destinatario: 'maria@example.com',
      telefone_destinatario: '21998765432',
      logradouro_destinatario: 'Avenida Atlântica',
      numero_destinatario: '1702',
      complemento_destinatario: 'Apto 501',
      bairro_destinatario: 'Copacabana',
      municipio_destinatario: 'Rio de Janeiro',
      codigo_municipio_destinatario: '3304557',
      uf_destinatario: 'RJ',
      cep_destinatario: '22021001',
      pais_destinatario: 'Brasil',
      modalidade_frete: 0,
      valor_produtos: 228.8,
      valor_frete: 23.9,
      valor_desconto: 10,
      valor_total: 242.7,
      items: [
        {
          numero_item: 1,
          codigo_produto: 'SAB-ERV-90',
          descricao: 'Sabonete de ervas 90 g',
          codigo_ncm: '34011190',
          cest: '2002400',
          codigo_barras_comercial: '7891000315507',
          codigo_barras_tributavel: '7891000315507',
          cfop: '6107',
          unidade_comercial: 'UN',
          quantidade_comercial: 2,
          valor_unitario_comercial: 49.9,
          unidade_tributavel: 'UN',
          quantidade_tributavel: 2,
          valor_unitario_tributavel: 49.9,
          valor_bruto: 99.8,
          valor_frete: 10.42,
          valor_desconto: 4.36,
          inclui_no_total: 1,
          icms_origem: 0,
          icms_situacao_tributaria: '102',
          pis_situacao_tributaria: '99',
          pis_base_calculo: 105.86,
          pis_aliquota_porcentual: 0,
          pis_valor: 0,
          cofins_situacao_tributaria: '99',
          cofins_base_calculo: 105.86,
          cofins_aliquota_porcentual: 0,
          cofins_valor: 0,
        },
        {
          numero_item: 2,
          codigo_produto: 'KIT-BANHO',
          descricao: 'Kit banho relaxante',
          codigo_ncm: '33079000',
          codigo_barras_comercial: 'SEM GTIN',
          codigo_barras_tributavel: 'SEM GTIN',
          cfop: '6107',
          unidade_comercial: 'KIT',
          quantidade_comercial: 1,
          valor_unitario_comercial: 129,
          unidade_tributavel: 'KIT',
          quantidade_tributavel: 1,
          valor_unitario_tributavel: 129,
          valor_bruto: 129,
          valor_frete: 13.48,
          valor_desconto: 5.64,
          inclui_no_total: 1,
          icms_origem: 0,
          icms_situacao_tributaria: '102',
          pis_situacao_tributaria: '99',
          pis_base_calculo: 136.84,
          pis_aliquota_porcentual: 0,
          pis_valor: 0,
          cofins_situacao_tributaria: '99',
          cofins_base_calculo: 136.84,
          cofins_aliquota_porcentual: 0,
          cofins_valor: 0,
        },
      ],
      formas_pagamento: [{ forma_pagamento: '17', valor_pagamento: 242.7 }],
    });
  });

  it('the totals add up in cents: items to valor_produtos, freight and discount shares to their totals', () => {
    const payload = focusNfePayload(order);
    const sum = (pick: (i: (typeof payload.items)[number]) => number | undefined) =>
      payload.items.reduce((acc, item) => acc + toCents(pick(item) ?? 0), 0);
    expect(sum((i) => i.valor_bruto)).toBe(22880);
    expect(toCents(payload.valor_produtos)).toBe(22880);
    expect(sum((i) => i.valor_frete)).toBe(toCents(payload.valor_frete));
    expect(sum((i) => i.valor_desconto)).toBe(toCents(payload.valor_desconto));
    expect(toCents(payload.valor_total)).toBe(22880 + 2390 - 1000);
    for (const item of payload.items) {
      expect(toCents(item.valor_bruto)).toBe(toCents(item.valor_unitario_comercial) * item.quantidade_comercial);
    }
  });

  it('keeps the buyer name in produção and sends a contributor CNPJ with its IE, same state, regime normal rates', () => {
    const rule: TaxRule = {
      destination: 'same_state',
      buyer: 'contributor',
      cfop: '5101',
      icmsSituation: '41',
      pisSituation: '01',
      pisRate: 1.65,
      cofinsSituation: '01',
      cofinsRate: 7.6,
    };
    const payload = focusNfePayload({
      ...order,
      environment: 'producao',
      regime: 'normal',
      rule,
      paymentMethod: undefined,
      buyer: {
        ...order.buyer,
        name: 'Empório Boa Vista Ltda',
        taxId: '11444777000161',
        ieIndicator: 1,
        stateRegistration: '110.042.490.114',
        email: null,
        phone: null,
        address: { ...order.buyer.address, city: 'Campinas', cityIbgeCode: null, uf: 'SP', complement: '' },
      },
    });
    expect(payload.nome_destinatario).toBe('Empório Boa Vista Ltda');
    expect(payload.cnpj_destinatario).toBe('11444777000161');
    expect(payload).not.toHaveProperty('cpf_destinatario');
    expect(payload.indicador_inscricao_estadual_destinatario).toBe(1);
    expect(payload.inscricao_estadual_destinatario).toBe('110042490114');
    expect(payload.consumidor_final).toBe(0);
    expect(payload.local_destino).toBe(1);
    expect(payload.regime_tributario_emitente).toBe(3);
    for (const key of ['email_destinatario', 'telefone_destinatario', 'complemento_destinatario', 'codigo_municipio_destinatario', 'formas_pagamento']) {
      expect(payload).not.toHaveProperty(key);
    }
    // Base of item 1: 99,80 + 10,42 − 4,36 = 105,86 → PIS 1,65 % = 1,7467 → 1,75; COFINS 7,6 % = 8,0454 → 8,05.
    // Item 2: 129,00 + 13,48 − 5,64 = 136,84 → PIS 2,2579 → 2,26; COFINS 10,3998 → 10,40.
    expect(payload.items.map((i) => [i.cfop, i.icms_situacao_tributaria, i.pis_base_calculo, i.pis_aliquota_porcentual, i.pis_valor, i.cofins_aliquota_porcentual, i.cofins_valor])).toEqual([
      ['5101', '41', 105.86, 1.65, 1.75, 7.6, 8.05],
      ['5101', '41', 136.84, 1.65, 2.26, 7.6, 10.4],
    ]);
  });

  it("a company's purchase-order number goes to informações adicionais as “Pedido de compra: X”; none sends nothing", () => {
    const withPo = focusNfePayload({ ...order, buyer: { ...order.buyer, taxId: '11444777000161', ieIndicator: 9 }, purchaseOrder: 'PC-2026/0042' });
    expect(withPo.informacoes_adicionais_contribuinte).toBe('Pedido de compra: PC-2026/0042');
    expect(focusNfePayload(order)).not.toHaveProperty('informacoes_adicionais_contribuinte');
    expect(focusNfePayload({ ...order, purchaseOrder: null })).not.toHaveProperty('informacoes_adicionais_contribuinte');
  });

  it('an exempt CNPJ (2) is a final consumer without IE; a CNPJ marked 9 never sends its IE', () => {
    const exempt = focusNfePayload({ ...order, buyer: { ...order.buyer, taxId: '11444777000161', ieIndicator: 2, stateRegistration: '123' } });
    expect(exempt.indicador_inscricao_estadual_destinatario).toBe(2);
    expect(exempt.consumidor_final).toBe(1);
    expect(exempt).not.toHaveProperty('inscricao_estadual_destinatario');
    const nonContributor = focusNfePayload({ ...order, buyer: { ...order.buyer, taxId: '11444777000161', ieIndicator: 9, stateRegistration: '123' } });
    expect(nonContributor.indicador_inscricao_estadual_destinatario).toBe(9);
    expect(nonContributor).not.toHaveProperty('inscricao_estadual_destinatario');
  });

  it('PIS/COFINS CSTs 04–09 carry no base, rate or value; no freight or discount → none on the items', () => {
    const payload = focusNfePayload({
      ...order,
      freightCents: 0,
      discountCents: 0,
      freightMode: 9,
      rule: { ...order.rule, pisSituation: '07', cofinsSituation: '07' },
    });
    expect(payload.modalidade_frete).toBe(9);
    expect(payload.valor_total).toBe(228.8);
    for (const item of payload.items) {
      for (const key of ['valor_frete', 'valor_desconto', 'pis_base_calculo', 'pis_valor', 'cofins_base_calculo', 'cofins_valor']) {
        expect(item).not.toHaveProperty(key);
      }
    }
  });

  it('the recipient name in homologação is the one SEFAZ requires', () => {
    expect(HOMOLOGATION_RECIPIENT_NAME).toBe('NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL');
  });

  it('refuses, in pt-BR, an order no note can carry', () => {
    expect(() => focusNfePayload({ ...order, items: [] })).toThrow('ao menos um item');
    expect(() => focusNfePayload({ ...order, discountCents: 22881 })).toThrow('desconto não pode ser maior');
    const [first] = order.items;
    if (!first) throw new Error('fixture');
    expect(() => focusNfePayload({ ...order, items: [{ ...first, ncm: '3401' }] })).toThrow('NCM inválido');
    expect(() => focusNfePayload({ ...order, items: [{ ...first, gtin: '7891000315508' }] })).toThrow('GTIN/EAN inválido');
    expect(() => focusNfePayload({ ...order, items: [{ ...first, quantity: 0 }] })).toThrow('Quantidade inválida');
    expect(() => focusNfePayload({ ...order, freightCents: -1 })).toThrow('frete inválido');
  });

  it('property: for any order the items add up to the totals in cents', () => {
    const item = fc.record({
      quantity: fc.integer({ min: 1, max: 20 }),
      unitPriceCents: fc.integer({ min: 0, max: 500_000 }),
    });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 100_000 }), fc.nat(), (lines, freightCents, seed) => {
        const products = lines.reduce((acc, l) => acc + l.quantity * l.unitPriceCents, 0);
        const discountCents = seed % (products + 1);
        const [template] = order.items;
        if (!template) throw new Error('fixture');
        const payload = focusNfePayload({
          ...order,
          items: lines.map((l, i) => ({ ...template, code: `P${i}`, ...l })),
          freightCents,
          discountCents,
        });
        const sum = (pick: (i: (typeof payload.items)[number]) => number | undefined) =>
          payload.items.reduce((acc, it) => acc + toCents(pick(it) ?? 0), 0);
        expect(sum((i) => i.valor_bruto)).toBe(products);
        expect(sum((i) => i.valor_frete)).toBe(freightCents);
        expect(sum((i) => i.valor_desconto)).toBe(discountCents);
        expect(toCents(payload.valor_total)).toBe(products + freightCents - discountCents);
        expect(payload.items.map((i) => i.numero_item)).toEqual(lines.map((_, i) => i + 1));
      }),
    );
  });

  it('makes the return note of the units that came back: entrada, devolução, CFOP 2201, the sale key referenced, no freight', () => {
    const first43 = '3526111122233300018155001000000123100000001';
    const saleKey = `${first43}${accessKeyCheckDigit(first43)}`;
    // One of the two soaps came back: its R$ 49,90 less its share of the sale's R$ 10,00 discount.
    const returned = { ...order, items: [{ ...order.items[0]!, quantity: 1 }], discountCents: 218 };
    const payload = focusNfeReturnPayload(returned, saleKey);
    expect(payload).toMatchObject({
      natureza_operacao: 'Devolução de venda',
      tipo_documento: 0,
      finalidade_emissao: 4,
      local_destino: 2,
      modalidade_frete: 9,
      valor_frete: 0,
      valor_produtos: 49.9,
      valor_desconto: 2.18,
      valor_total: 47.72,
      notas_referenciadas: [{ chave_nfe: saleKey }],
      formas_pagamento: [{ forma_pagamento: '90', valor_pagamento: 0 }],
      cpf_destinatario: '52998224725',
    });
    expect(payload.items).toEqual([expect.objectContaining({ cfop: '2201', quantidade_comercial: 1, valor_bruto: 49.9, valor_desconto: 2.18 })]);
    expect(payload.items[0]).not.toHaveProperty('valor_frete');
    expect(returnCfop('same_state')).toBe('1201');
    expect(() => focusNfeReturnPayload(returned, `${first43}${(accessKeyCheckDigit(first43) + 1) % 10}`)).toThrow('A chave de acesso da nota de venda é inválida.');
  });
});
