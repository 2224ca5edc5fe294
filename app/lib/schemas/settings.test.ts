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
