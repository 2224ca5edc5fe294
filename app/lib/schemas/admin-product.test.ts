import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import { FISCAL_MESSAGES, FISCAL_ORIGIN_NAMES, gtinToStore, PACKAGE_MESSAGES, productFormSchema, productIdParamSchema, SAFETY_MESSAGES } from './admin-product';
import { TIER_MESSAGES } from '../volume-price';

const base = { name: 'Detergente Neutro', basePrice: '4,90' };

describe('productFormSchema', () => {
  it('reads pt-BR and dotted decimals, defaults and empty optional fields', () => {
    const parsed = productFormSchema.parse({
      ...base,
      price: '12,5',
      phValue: '6,5',
      displayOrder: '',
      categoryId: '',
      description: '  ',
      isKit: 'on',
      dilution: '',
    });
    expect(parsed).toMatchObject({
      name: 'Detergente Neutro',
      description: '',
      price: '12.50',
      basePrice: '4.90',
      phValue: '6.5',
      displayOrder: 0,
      categoryId: null,
      isKit: true,
      isFeatured: false,
      dilution: null,
      imageUrl: null,
      variants: [],
      kitItems: [],
    });
    expect(productFormSchema.parse({ ...base, basePrice: '12.50' }).basePrice).toBe('12.50');
    expect(productFormSchema.parse({ ...base, price: '' }).price).toBe('0.00');
  });

  it('requires the name and the base price, with pt-BR messages', () => {
    const result = productFormSchema.safeParse({ name: '  ', basePrice: '' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toMatchObject({ name: 'Informe o nome do produto.', basePrice: 'Informe o preço base.' });
  });

  it.each([
    [{ price: '-1,00' }, 'price', 'O valor não pode ser negativo.'],
    [{ price: '12,505' }, 'price', 'Informe um valor como 12,50 (até 2 casas decimais).'],
    [{ price: 'doze' }, 'price', 'Informe um valor como 12,50 (até 2 casas decimais).'],
    [{ phValue: '14,1' }, 'phValue', 'O pH vai de 0 a 14, com uma casa decimal (ex.: 7,5).'],
    [{ phValue: '7,25' }, 'phValue', 'O pH vai de 0 a 14, com uma casa decimal (ex.: 7,5).'],
    [{ phValue: '-1' }, 'phValue', 'O pH vai de 0 a 14, com uma casa decimal (ex.: 7,5).'],
    [{ displayOrder: '1,5' }, 'displayOrder', 'Use um número inteiro a partir de 0.'],
    [{ categoryId: 'not-a-uuid' }, 'categoryId', 'Categoria inválida.'],
    [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Envie a imagem pelo campo de upload.'],
    [{ imageUrl: 'https://example.com/x.png' }, 'imageUrl', 'Envie a imagem pelo campo de upload.'],
    [{ imageUrl: '/uploads/../../etc/passwd' }, 'imageUrl', 'Envie a imagem pelo campo de upload.'],
  ])('refuses %j', (values, field, message) => {
    const result = productFormSchema.safeParse({ ...base, ...values });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)[field]).toBe(message);
  });

  it('accepts pH at the ends of the scale and our image paths', () => {
    expect(productFormSchema.parse({ ...base, phValue: '0' }).phValue).toBe('0.0');
    expect(productFormSchema.parse({ ...base, phValue: '14,0' }).phValue).toBe('14.0');
    expect(productFormSchema.parse({ ...base, imageUrl: '/uploads/abc123-1200.webp' }).imageUrl).toBe('/uploads/abc123-1200.webp');
    expect(productFormSchema.parse({ ...base, imageUrl: '/images/products/x.svg' }).imageUrl).toBe('/images/products/x.svg');
  });

  it('validates variant rows and kit rows, keyed by their posted field names', () => {
    const kitProduct = '0f8e7c1a-2b3c-4d5e-8f90-123456789abc';
    const result = productFormSchema.safeParse({
      ...base,
      variants: [
        { size: '1 L', price: '9,90' },
        { size: ' 1 l ', price: '10' },
        { size: '', price: 'x' },
      ],
      kitItems: [
        { productId: kitProduct, quantity: '2' },
        { productId: kitProduct, quantity: '0' },
      ],
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toMatchObject({
      'variants.1.size': 'Este tamanho já está na lista.',
      'variants.2.size': 'Informe o tamanho.',
      'variants.2.price': 'Informe um valor como 12,50 (até 2 casas decimais).',
      'kitItems.1.quantity': 'A quantidade mínima é 1.',
    });
    const ok = productFormSchema.parse({
      ...base,
      variants: [{ id: '', size: '500 ml', price: '4,90', imageUrl: '' }],
      kitItems: [{ productId: kitProduct, quantity: '3' }],
    });
    expect(ok.variants).toEqual([{ id: null, size: '500 ml', price: '4.90', imageUrl: null, stock: null, stockLoaded: null, weightGrams: null, lengthCm: null, widthCm: null, heightCm: null, gtin: null, noGtin: false, commercialUnit: null, tiers: [] }]);
    expect(ok.kitItems).toEqual([{ productId: kitProduct, quantity: 3 }]);
  });

  it('reports a repeated kit product', () => {
    const id = '0f8e7c1a-2b3c-4d5e-8f90-123456789abc';
    const result = productFormSchema.safeParse({ ...base, kitItems: [{ productId: id, quantity: '1' }, { productId: id, quantity: '1' }] });
    expect(fieldErrors(result.error!)['kitItems.1.productId']).toBe('Este produto já está no kit.');
  });
});

describe('productFormSchema: safety', () => {
  it('reads the safety fields, blank ones as none', () => {
    expect(
      productFormSchema.parse({
        ...base,
        anvisaKind: 'notificado',
        anvisaNumber: ' 25351.900001/2026-01 ',
        riskClass: '2',
        safetyWarnings: 'Mantenha fora do alcance das crianças.',
        firstAid: '',
        unNumber: '1170',
        hazardClass: '3',
      }),
    ).toMatchObject({ anvisaKind: 'notificado', anvisaNumber: '25351.900001/2026-01', riskClass: 2, safetyWarnings: 'Mantenha fora do alcance das crianças.', firstAid: null, unNumber: '1170', hazardClass: '3' });
    expect(productFormSchema.parse({ ...base, anvisaKind: '', anvisaNumber: '', riskClass: '', unNumber: '', hazardClass: '' })).toMatchObject({
      anvisaKind: null,
      anvisaNumber: null,
      riskClass: null,
      unNumber: null,
      hazardClass: null,
    });
  });

  it.each([
    [{ anvisaKind: 'notificado' }, { anvisaNumber: SAFETY_MESSAGES.anvisaNumberMissing }],
    [{ anvisaNumber: '25351.900001/2026-01' }, { anvisaKind: SAFETY_MESSAGES.anvisaKind }],
    [{ anvisaKind: 'registrado', anvisaNumber: 'MS 123' }, { anvisaNumber: SAFETY_MESSAGES.anvisaNumber }],
    [{ anvisaKind: 'vendido', anvisaNumber: '25351.900001/2026-01' }, { anvisaKind: SAFETY_MESSAGES.anvisaKind }],
    [{ riskClass: '3' }, { riskClass: SAFETY_MESSAGES.riskClass }],
    [{ unNumber: '1170' }, { hazardClass: SAFETY_MESSAGES.hazardClass }],
    [{ hazardClass: '8' }, { unNumber: SAFETY_MESSAGES.unNumberMissing }],
    [{ unNumber: '117', hazardClass: '3' }, { unNumber: SAFETY_MESSAGES.unNumber }],
    [{ unNumber: '1170', hazardClass: '7' }, { hazardClass: SAFETY_MESSAGES.hazardClass }],
  ])('refuses %j with a pt-BR message on the field', (values, errors) => {
    const result = productFormSchema.safeParse({ ...base, ...values });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toMatchObject(errors);
  });
});

describe('productFormSchema: package (freight)', () => {
  const size = { size: '1 L', price: '9,90' };
  const pkg = { weightGrams: '1.100', lengthCm: '10', widthCm: ' 10 ', heightCm: '25' };

  it('reads a size’s four fields as whole numbers (1.100 g the Brazilian way); blank ones as not informed', () => {
    const parsed = productFormSchema.parse({ ...base, variants: [{ ...size, ...pkg }, { size: '5 L', price: '40', weightGrams: '', lengthCm: '', widthCm: '', heightCm: '' }, { size: '2 L', price: '20' }] });
    expect(parsed.variants.map(({ weightGrams, lengthCm, widthCm, heightCm }) => ({ weightGrams, lengthCm, widthCm, heightCm }))).toEqual([
      { weightGrams: 1100, lengthCm: 10, widthCm: 10, heightCm: 25 },
      { weightGrams: null, lengthCm: null, widthCm: null, heightCm: null },
      { weightGrams: null, lengthCm: null, widthCm: null, heightCm: null },
    ]);
  });

  it('asks for the blank fields of a half-filled size, beside each, in pt-BR', () => {
    const result = productFormSchema.safeParse({ ...base, variants: [{ ...size, ...pkg }, { size: '5 L', price: '40', weightGrams: '5300', lengthCm: '20' }] });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      'variants.1.widthCm': 'Informe a largura também, ou deixe peso e medidas em branco.',
      'variants.1.heightCm': 'Informe a altura também, ou deixe peso e medidas em branco.',
    });
  });

  it.each([
    ['weightGrams', '-5'],
    ['weightGrams', '0'],
    ['weightGrams', '1,5'],
    ['weightGrams', '1.5'],
    ['weightGrams', '100001'],
    ['weightGrams', '1e3'],
    ['lengthCm', '-10'],
    ['widthCm', '10.5'],
    ['heightCm', '301'],
    ['heightCm', 'vinte'],
    ['lengthCm', '9'.repeat(40)],
  ] as const)('refuses %s = %j with its pt-BR message, and asks nothing else of the typed row', (field, value) => {
    const result = productFormSchema.safeParse({ ...base, variants: [{ ...size, ...pkg, [field]: value }] });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ [`variants.0.${field}`]: PACKAGE_MESSAGES[field] });
  });

  it('a refused value counts as typed: the row’s blank fields are asked for too', () => {
    const result = productFormSchema.safeParse({ ...base, variants: [{ ...size, weightGrams: '-1' }] });
    expect(fieldErrors(result.error!)).toEqual({
      'variants.0.weightGrams': PACKAGE_MESSAGES.weightGrams,
      'variants.0.lengthCm': 'Informe o comprimento também, ou deixe peso e medidas em branco.',
      'variants.0.widthCm': 'Informe a largura também, ou deixe peso e medidas em branco.',
      'variants.0.heightCm': 'Informe a altura também, ou deixe peso e medidas em branco.',
    });
  });

  it('a kit’s own package: ignored unless the admin informs it, then all four required', () => {
    const computed = productFormSchema.parse({ ...base, isKit: 'on' });
    expect(computed).toMatchObject({ kitPackageManual: false, weightGrams: null, lengthCm: null, widthCm: null, heightCm: null });
    // Half typed but not chosen: not asked for (the save keeps the computed package).
    expect(productFormSchema.safeParse({ ...base, isKit: 'on', weightGrams: '900' }).success).toBe(true);
    const manual = productFormSchema.parse({ ...base, isKit: 'on', kitPackageManual: 'on', weightGrams: '3.200', lengthCm: '30', widthCm: '20', heightCm: '15' });
    expect(manual).toMatchObject({ kitPackageManual: true, weightGrams: 3200, lengthCm: 30, widthCm: 20, heightCm: 15 });
    const half = productFormSchema.safeParse({ ...base, isKit: 'on', kitPackageManual: 'on', weightGrams: '3200', heightCm: '0' });
    expect(fieldErrors(half.error!)).toEqual({
      lengthCm: 'Informe o comprimento do pacote do kit.',
      widthCm: 'Informe a largura do pacote do kit.',
      heightCm: PACKAGE_MESSAGES.heightCm,
    });
  });
});

describe('productFormSchema: fiscal data (NF-e)', () => {
  const size = { size: '1 L', price: '9,90' };

  it('reads the NCM typed with or without dots, the CEST, the origem, and each size’s GTIN and unit', () => {
    const parsed = productFormSchema.parse({
      ...base,
      ncm: ' 3402.20.00 ',
      cest: '11.001.00',
      fiscalOrigin: '0',
      variants: [
        { ...size, gtin: '789 1000-315507', commercialUnit: 'UN' },
        { size: '5 L', price: '40', noGtin: 'on', commercialUnit: 'GL' },
      ],
    });
    expect(parsed).toMatchObject({ ncm: '34022000', cest: '1100100', fiscalOrigin: 0 });
    expect(parsed.variants.map((v) => [gtinToStore(v), v.commercialUnit])).toEqual([
      ['7891000315507', 'UN'],
      ['SEM GTIN', 'GL'],
    ]);
  });

  it('leaves it all optional: nothing typed is nothing informed', () => {
    const parsed = productFormSchema.parse({ ...base, ncm: '', cest: '', fiscalOrigin: '', variants: [{ ...size, gtin: '' }] });
    expect(parsed).toMatchObject({ ncm: null, cest: null, fiscalOrigin: null });
    expect(gtinToStore(parsed.variants[0]!)).toBeNull();
  });

  it('asks for NCM and origem together, and for the NCM with a CEST', () => {
    expect(fieldErrors(productFormSchema.safeParse({ ...base, ncm: '34022000' }).error!)).toEqual({ fiscalOrigin: FISCAL_MESSAGES.originMissing });
    expect(fieldErrors(productFormSchema.safeParse({ ...base, fiscalOrigin: '2' }).error!)).toEqual({ ncm: FISCAL_MESSAGES.ncmMissing });
    expect(fieldErrors(productFormSchema.safeParse({ ...base, cest: '1100100' }).error!)).toEqual({ ncm: FISCAL_MESSAGES.cestWithoutNcm });
  });

  it.each([
    ['ncm', '3402.20', FISCAL_MESSAGES.ncm],
    ['ncm', '3402.2O.00', FISCAL_MESSAGES.ncm],
    ['ncm', '9'.repeat(40), FISCAL_MESSAGES.ncm],
    ['cest', '110010', FISCAL_MESSAGES.cest],
    ['fiscalOrigin', '9', FISCAL_MESSAGES.origin],
  ] as const)('refuses %s = %j in pt-BR (not blamed twice)', (field, value, message) => {
    const typed = { ncm: '34022000', cest: '', fiscalOrigin: '0', [field]: value };
    expect(fieldErrors(productFormSchema.safeParse({ ...base, ...typed }).error!)).toEqual({ [field]: message });
  });

  it('verifies the GTIN’s check digit and its length, beside the size', () => {
    const wrongDigit = productFormSchema.safeParse({ ...base, variants: [{ ...size, gtin: '7891000315508' }] });
    expect(fieldErrors(wrongDigit.error!)).toEqual({ 'variants.0.gtin': FISCAL_MESSAGES.gtinCheckDigit });
    const short = productFormSchema.safeParse({ ...base, variants: [{ ...size, gtin: '1234567' }] });
    expect(fieldErrors(short.error!)).toEqual({ 'variants.0.gtin': FISCAL_MESSAGES.gtin });
    const letters = productFormSchema.safeParse({ ...base, variants: [{ ...size, gtin: 'SEM GTIN' }] });
    expect(fieldErrors(letters.error!)).toEqual({ 'variants.0.gtin': FISCAL_MESSAGES.gtin });
  });

  it('refuses a GTIN typed with "Sem GTIN" marked, and a unit the store does not sell in', () => {
    const both = productFormSchema.safeParse({ ...base, variants: [{ ...size, gtin: '7891000315507', noGtin: 'on', commercialUnit: 'XX' }] });
    expect(fieldErrors(both.error!)).toEqual({ 'variants.0.gtin': FISCAL_MESSAGES.gtinAndNone, 'variants.0.commercialUnit': FISCAL_MESSAGES.unit });
  });

  it('reads a kit’s own GTIN and unit', () => {
    const kit = productFormSchema.parse({ ...base, isKit: 'on', noGtin: 'on', commercialUnit: 'KIT' });
    expect([gtinToStore(kit), kit.commercialUnit]).toEqual(['SEM GTIN', 'KIT']);
  });

  it('names every origem 0–8 as the NF-e does', () => {
    expect(Object.keys(FISCAL_ORIGIN_NAMES)).toHaveLength(9);
    expect(FISCAL_ORIGIN_NAMES[0]).toMatch(/^Nacional/);
  });
});

describe('productIdParamSchema', () => {
  it("accepts 'new' and uuids only", () => {
    expect(productIdParamSchema.safeParse('new').success).toBe(true);
    expect(productIdParamSchema.safeParse('0f8e7c1a-2b3c-4d5e-8f90-123456789abc').success).toBe(true);
    expect(productIdParamSchema.safeParse('1 or 1=1').success).toBe(false);
  });
});

describe('productFormSchema: a size’s volume prices (issue 35)', () => {
  const gallon = { size: '5 L', price: '49,90' };
  it('reads the rows typed the Brazilian way and drops wholly blank ones', () => {
    const ok = productFormSchema.parse({
      ...base,
      variants: [{ ...gallon, tiers: [{ minQuantity: '6', price: '44,90' }, { minQuantity: '', price: ' ' }, { minQuantity: '24', price: '39.90' }] }],
    });
    expect(ok.variants[0]!.tiers).toEqual([
      { minQuantity: 6, price: '44.90' },
      { minQuantity: 24, price: '39.90' },
    ]);
  });
  it('refuses bad rows in pt-BR beside each field', () => {
    const result = productFormSchema.safeParse({
      ...base,
      variants: [{ ...gallon, tiers: [{ minQuantity: '6', price: '49,90' }, { minQuantity: '6', price: '39,90' }, { minQuantity: '1', price: 'abc' }, { minQuantity: '', price: '30' }] }],
    });
    expect(fieldErrors(result.error!)).toEqual({
      'variants.0.tiers.0.price': TIER_MESSAGES.belowBase,
      'variants.0.tiers.1.minQuantity': TIER_MESSAGES.duplicate,
      'variants.0.tiers.2.minQuantity': TIER_MESSAGES.quantity,
      'variants.0.tiers.2.price': 'Informe um valor como 12,50 (até 2 casas decimais).',
      'variants.0.tiers.3.minQuantity': TIER_MESSAGES.quantityMissing,
    });
  });
  it('refuses quantities out of order and a price not below the previous tier', () => {
    const result = productFormSchema.safeParse({ ...base, variants: [{ ...gallon, tiers: [{ minQuantity: '24', price: '44,90' }, { minQuantity: '6', price: '45' }] }] });
    expect(fieldErrors(result.error!)).toEqual({
      'variants.0.tiers.1.minQuantity': TIER_MESSAGES.ascending,
      'variants.0.tiers.1.price': TIER_MESSAGES.belowPrevious,
    });
  });
});
