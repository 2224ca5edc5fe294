import { describe, expect, it } from 'vitest';
import { storeSettings } from '~/db/seed/data';
import { fieldErrors } from './field-errors';
import { isSocialUrl, settingsFormToObject, settingsSchema, SETTINGS_LIMITS } from './settings';

/** A valid form as posted: today's seeded values, the way the page shows them. */
function form(overrides: Record<string, string | undefined> = {}): FormData {
  const values: Record<string, string | undefined> = {
    phone: '(11) 4002-8922',
    hours: 'Segunda a sexta, das 8h às 18h',
    contactEmail: 'contato@clarear.com.br',
    whatsapp: '(11) 94002-8922',
    whatsappMessage: 'Olá! Vim pelo site da Clarear.',
    'social.instagram': 'https://www.instagram.com/clarear.limpeza',
    'social.facebook': 'https://www.facebook.com/clarear.limpeza',
    'social.youtube': '',
    'social.tiktok': '',
    'social.linkedin': '',
    'figures.0.value': '50k+',
    'figures.0.label': 'clientes',
    'figures.1.value': '98%',
    'figures.1.label': 'de aprovação',
    'figures.2.value': '24h',
    'figures.2.label': 'entrega na Grande São Paulo',
    'figures.3.value': '100+',
    'figures.3.label': 'produtos',
    welcomeOffer: 'on',
    aboutTitle: 'Limpeza que transforma ambientes',
    aboutSubtitle: 'Produtos de limpeza eficientes.',
    aboutDescription: 'A Clarear nasceu em 2025.',
    'seller.legalName': 'Clarear Produtos de Limpeza Ltda. (dados de exemplo)',
    'seller.tradeName': 'Clarear',
    'seller.cnpj': '11.222.333/0001-81',
    'seller.stateRegistration': '110.042.490.114',
    'seller.addressZipCode': '01001-000',
    'seller.addressStreet': 'Rua de Exemplo',
    'seller.addressNumber': '100',
    'seller.addressComplement': 'Galpão 2',
    'seller.addressNeighborhood': 'Sé',
    'seller.addressCity': 'São Paulo',
    'seller.addressState': 'SP',
    'seller.answerDays': '5',
    ...overrides,
  };
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) data.append(k, v);
  return data;
}

const parse = (overrides: Record<string, string | undefined> = {}) => settingsSchema.safeParse(settingsFormToObject(form(overrides)));

function errorsOf(overrides: Record<string, string | undefined>): Record<string, string> {
  const result = parse(overrides);
  expect(result.success).toBe(false);
  // As the form shows them: the first message of each field.
  return fieldErrors(result.error!) as Record<string, string>;
}

describe('settingsSchema', () => {
  it('reads the seeded values back as stored: phones as digits, links normalised, the checkbox as a boolean', () => {
    const result = parse();
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      phone: storeSettings.phone,
      whatsapp: storeSettings.whatsapp,
      contactEmail: storeSettings.contactEmail,
      welcomeOffer: true,
      social: { instagram: storeSettings.instagramUrl, facebook: storeSettings.facebookUrl, youtube: '', tiktok: '', linkedin: '' },
      figures: storeSettings.marketingFigures,
    });
    // The seller's identity as stored: CNPJ and IE without their masks, the CEP as 8 digits.
    const { phone: _p, hours: _h, contactEmail: _c, whatsapp: _w, whatsappMessage: _m, instagramUrl: _i, facebookUrl: _f, youtubeUrl: _y, tiktokUrl: _t, linkedinUrl: _l, marketingFigures: _g, welcomeOffer: _o, ...seller } = storeSettings;
    expect(result.data?.seller).toEqual(seller);
    expect(parse({ welcomeOffer: undefined }).data?.welcomeOffer).toBe(false);
  });

  it.each([
    ['(11) 4002-8922', '1140028922'],
    ['11 4002-8922', '1140028922'],
    ['+55 11 4002-8922', '1140028922'],
    ['(21) 2555-0100', '2125550100'],
    ['(11) 94002-8922', '11940028922'],
    ['+55 (85) 98765-4321', '85987654321'],
    ['+55 55 98765-4321', '55987654321'],
    ['55 98765-4321', '55987654321'],
  ])('accepts the phone %s as %s', (typed, digits) => {
    expect(parse({ phone: typed }).data?.phone).toBe(digits);
  });

  it.each([
    ['4002-8922', 'no DDD'],
    ['(00) 4002-8922', 'no such DDD'],
    ['(11) 1002-8922', 'a landline cannot start with 1'],
    ['(11) 64002-8922', 'a mobile starts with 7, 8 or 9 (Anatel 749/2022)'],
    ['(11) 94002-892', 'a digit short'],
    ['(11) 940028-9221', 'a digit too many'],
    ['0800 123 4567', 'not a geographic number'],
    ['(11) 4002-8922 ramal 3', 'letters'],
    ['+1 415 555 0100', 'another country'],
  ])('refuses the phone %s (%s) with a pt-BR message', (typed) => {
    expect(errorsOf({ phone: typed }).phone).toBe('Informe um telefone válido com DDD, como (11) 4002-8922.');
  });

  it('refuses a bad or missing WhatsApp number with its own message', () => {
    expect(errorsOf({ whatsapp: '94002-8922' }).whatsapp).toBe('Informe um número de WhatsApp válido com DDD, como (11) 94002-8922.');
    expect(errorsOf({ whatsapp: 'javascript:alert(1)' }).whatsapp).toMatch(/^Informe um número de WhatsApp válido/);
    expect(errorsOf({ whatsapp: '' }).whatsapp).toBe('Informe o número do WhatsApp.');
    expect(parse({ whatsapp: '(11) 3333-4444' }).data?.whatsapp).toBe('1133334444');
  });

  it.each([
    ['social.instagram', 'https://www.facebook.com/clarear.limpeza'],
    ['social.instagram', 'https://instagram.com.evil.example/clarear'],
    ['social.instagram', 'https://evil.example/instagram.com/clarear'],
    ['social.instagram', 'https://instagram.com@evil.example/clarear'],
    ['social.instagram', 'http://www.instagram.com/clarear'],
    ['social.instagram', 'https://www.instagram.com/'],
    ['social.instagram', 'https://www.instagram.com:8443/clarear'],
    ['social.facebook', 'javascript:alert(document.cookie)'],
    ['social.facebook', 'JavaScript://www.facebook.com/%0aalert(1)'],
    ['social.facebook', 'data:text/html,<script>alert(1)</script>'],
    ['social.facebook', '//www.facebook.com/clarear'],
    ['social.youtube', 'https://youtu.be.example.com/clarear'],
    ['social.tiktok', 'https://www.instagram.com/clarear'],
    ['social.linkedin', 'www.linkedin.com/company/clarear'],
  ])('refuses %s = %s', (field, url) => {
    const message = errorsOf({ [field]: url })[field];
    expect(message).toMatch(/^Informe o endereço do perfil no .+, ou deixe em branco\.$/);
  });

  it('accepts each network on its own hosts; empty hides the link', () => {
    const result = parse({
      'social.instagram': 'https://instagram.com/clarear',
      'social.facebook': 'https://m.facebook.com/clarear',
      'social.youtube': 'https://www.youtube.com/@clarear',
      'social.tiktok': 'https://www.tiktok.com/@clarear',
      'social.linkedin': ' https://www.linkedin.com/company/clarear ',
    });
    expect(result.data?.social).toEqual({
      instagram: 'https://instagram.com/clarear',
      facebook: 'https://m.facebook.com/clarear',
      youtube: 'https://www.youtube.com/@clarear',
      tiktok: 'https://www.tiktok.com/@clarear',
      linkedin: 'https://www.linkedin.com/company/clarear',
    });
    expect(parse({ 'social.instagram': '', 'social.facebook': undefined }).data?.social).toMatchObject({ instagram: '', facebook: '' });
    expect(isSocialUrl('instagram', 'https://WWW.Instagram.com/clarear')).toBe(true);
  });

  it('refuses empty and over-long texts, a bad e-mail and a wrong number of figures, in pt-BR', () => {
    const errors = errorsOf({
      hours: ' ',
      contactEmail: 'contato@',
      whatsappMessage: 'x'.repeat(SETTINGS_LIMITS.whatsappMessage + 1),
      'figures.2.label': '',
      aboutTitle: '',
    });
    expect(errors).toMatchObject({
      hours: 'Informe o horário de atendimento.',
      contactEmail: 'Informe um e-mail válido.',
      whatsappMessage: `A mensagem deve ter no máximo ${SETTINGS_LIMITS.whatsappMessage} caracteres.`,
      'figures.2.label': 'Informe a legenda.',
      aboutTitle: 'Informe o título.',
    });
    expect(errorsOf({ 'figures.3.value': undefined, 'figures.3.label': undefined }).figures).toBe('Não foi possível salvar. Recarregue a página e tente novamente.');
    expect(errorsOf({ 'figures.4.value': '1', 'figures.4.label': 'x' }).figures).toBe('Não foi possível salvar. Recarregue a página e tente novamente.');
  });
});

describe('the seller\'s legal identity', () => {
  it.each([
    ['11222333000181', '11222333000181'],
    [' 11.222.333/0001-81 ', '11222333000181'],
    ['12.abc.345/01de-35', '12ABC34501DE35'],
  ])('accepts the CNPJ %s, stored as %s', (typed, stored) => {
    expect(parse({ 'seller.cnpj': typed }).data?.seller.cnpj).toBe(stored);
  });

  it.each([['11.222.333/0001-82'], ['529.982.247-25'], ['12ABC34501DE36'], ['0'.repeat(14)], ['1'.repeat(40)]])('refuses the CNPJ %s in pt-BR', (typed) => {
    expect(errorsOf({ 'seller.cnpj': typed })['seller.cnpj']).toBe('Informe um CNPJ válido, como 11.222.333/0001-81 (numérico ou alfanumérico).');
  });

  it('takes the IE as digits, or "Isento" ticked or typed; letters or nothing are refused', () => {
    expect(parse({ 'seller.stateRegistration': '110.042.490-114' }).data?.seller.stateRegistration).toBe('110042490114');
    expect(parse({ 'seller.stateRegistration': '', 'seller.stateRegistrationExempt': 'on' }).data?.seller.stateRegistration).toBe('ISENTO');
    expect(parse({ 'seller.stateRegistration': '123', 'seller.stateRegistrationExempt': 'on' }).data?.seller.stateRegistration).toBe('ISENTO');
    expect(parse({ 'seller.stateRegistration': ' isento ' }).data?.seller.stateRegistration).toBe('ISENTO');
    expect(errorsOf({ 'seller.stateRegistration': '' })['seller.stateRegistration']).toBe('Informe a inscrição estadual ou marque “Isento”.');
    for (const typed of ['ABC123', '1', '123456789012345', 'isento?']) {
      expect(errorsOf({ 'seller.stateRegistration': typed })['seller.stateRegistration']).toBe('Informe a inscrição estadual só com números (até 14), ou marque “Isento”.');
    }
  });

  it('checks the CEP as a customer address does: its format, and that it belongs to the UF', () => {
    expect(parse({ 'seller.addressZipCode': '20040020', 'seller.addressState': 'RJ' }).data?.seller).toMatchObject({ addressZipCode: '20040020', addressState: 'RJ' });
    expect(errorsOf({ 'seller.addressZipCode': '20040-020' })['seller.addressZipCode']).toBe('Este CEP não pertence a SP.');
    expect(errorsOf({ 'seller.addressZipCode': '0100-1000' })['seller.addressZipCode']).toBe('Informe um CEP válido no formato 00000-000.');
    // Every missing field speaks at once, the CEP/UF check included.
    expect(errorsOf({ 'seller.addressZipCode': '20040-020', 'seller.legalName': ' ', 'seller.addressState': 'XX', 'seller.addressStreet': '' })).toMatchObject({
      'seller.legalName': 'Informe a razão social.',
      'seller.addressState': 'Selecione o estado.',
      'seller.addressStreet': 'Informe a rua.',
    });
    expect(errorsOf({ 'seller.addressZipCode': '20040-020', 'seller.addressStreet': '' })).toMatchObject({ 'seller.addressZipCode': 'Este CEP não pertence a SP.', 'seller.addressStreet': 'Informe a rua.' });
  });

  it('requires the whole identity (the complement and trade name are optional); the answer time is 1 to 5 days', () => {
    const none = Object.fromEntries(Object.keys(Object.fromEntries(form().entries())).filter((k) => k.startsWith('seller.')).map((k) => [k, undefined]));
    expect(errorsOf(none)).toMatchObject({
      'seller.legalName': 'Informe a razão social.',
      'seller.cnpj': 'Informe o CNPJ.',
      'seller.stateRegistration': 'Informe a inscrição estadual ou marque “Isento”.',
      'seller.addressZipCode': 'Informe o CEP.',
      'seller.addressCity': 'Informe a cidade.',
      'seller.answerDays': 'Escolha um prazo de resposta de 1 a 5 dias.',
    });
    expect(parse({ 'seller.tradeName': '', 'seller.addressComplement': undefined }).data?.seller).toMatchObject({ tradeName: '', addressComplement: '' });
    expect(parse({ 'seller.answerDays': '1' }).data?.seller.answerDays).toBe(1);
    for (const days of ['0', '6', '2.5', 'x']) expect(errorsOf({ 'seller.answerDays': days })['seller.answerDays']).toBe('Escolha um prazo de resposta de 1 a 5 dias.');
    expect(errorsOf({ 'seller.legalName': 'x'.repeat(151) })['seller.legalName']).toBe('Use no máximo 150 caracteres.');
  });
});
