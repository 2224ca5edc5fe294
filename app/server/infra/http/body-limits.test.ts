// The body caps (body.server.ts) must never refuse a legitimate post: the largest
// form each page can send — every field at its schema's maximum, written in 4-byte
// characters (an emoji is 12 bytes once URL-encoded) — is accepted by its schema
// and fits its route's cap.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formDataToObject } from '~/lib/form-data';
import { PLAN_ICON_NAMES } from '~/lib/plan-icons';
import { ADDRESS_LIMITS, addressSchema } from '~/lib/schemas/address';
import { PLAN_LIMITS, planFormSchema } from '~/lib/schemas/admin-plan';
import { PRODUCT_LIMITS, productFormSchema } from '~/lib/schemas/admin-product';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, registerSchema } from '~/lib/schemas/auth';
import { CART_JSON_MAX, deliveryFromForm, MAX_CART_LINES, MAX_LINE_QUANTITY, payNowSchema, RECIPIENT_MAX } from '~/lib/schemas/checkout';
import { CONTACT_LIMITS, contactSchema } from '~/lib/schemas/contact';
import { LEGAL_PAGE_LIMITS, legalPageFormSchema } from '~/lib/schemas/legal-page';
import { EMAIL_MAX_LENGTH } from '~/lib/schemas/limits';
import { PROFILE_NAME_MAX, profileSchema } from '~/lib/schemas/profile';
import { STATE_REGISTRATION_MAX_TYPED } from '~/lib/schemas/state-registration';
import { FIGURE_COUNT, SETTINGS_LIMITS, settingsFormToObject, settingsSchema } from '~/lib/schemas/settings';
import { SELLER_LIMITS } from '~/lib/schemas/settings-seller';
import { KIT_ITEMS_JSON_MAX, KIT_ITEMS_MAX, KIT_NAME_MAX, KIT_QUANTITY_MAX, saveKitSchema } from '~/server/account/saved-kits.server';
import { BODY_LIMITS } from './body.server';

/** `n` characters, each 4 bytes in UTF-8, starting with `tag` so list rows stay distinct. */
const fill = (n: number, tag = '') => tag + '😀'.repeat(n - [...tag].length);
const email = `${'a'.repeat(EMAIL_MAX_LENGTH - '@exemplo.com.br'.length)}@exemplo.com.br`;
const image = `/uploads/${'a'.repeat(491)}`;

/** The bytes of the form as a browser URL-encodes it (the larger of the two encodings a form can use). */
function encodedSize(fields: Record<string, string>): number {
  return new URLSearchParams(fields).toString().length;
}

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

describe('the largest legitimate post of each form fits its body cap', () => {
  it('contact', () => {
    const fields = { name: fill(CONTACT_LIMITS.name), email, subject: fill(CONTACT_LIMITS.subject), message: fill(CONTACT_LIMITS.message) };
    expect(contactSchema.safeParse(fields).success).toBe(true);
    // Within 2 KB of the shared cap (a few more line breaks would pass it): why contact has its own.
    expect(encodedSize(fields)).toBeGreaterThan(BODY_LIMITS.form * 0.95);
    expect(encodedSize(fields)).toBeLessThanOrEqual(BODY_LIMITS.contact);
  });

  it('register', () => {
    const password = fill(PASSWORD_MAX_LENGTH);
    const fields = { intent: 'register', name: fill(NAME_MAX_LENGTH), email, password, confirmPassword: password, acceptTerms: 'on' };
    expect(registerSchema.safeParse(fields).success).toBe(true);
    expect(encodedSize(fields)).toBeLessThanOrEqual(BODY_LIMITS.form);
  });

  /** 14 digits typed with a dot between each, padded with spaces to the most the field takes. */
  const LONGEST_IE = '1.2.3.4.5.6.7.8.9.0.1.2.3.4'.padEnd(STATE_REGISTRATION_MAX_TYPED, ' ');

  it('address and profile', () => {
    const address = {
      intent: 'save',
      id: randomUUID(),
      name: fill(ADDRESS_LIMITS.name),
      zipCode: '01310-100',
      street: fill(ADDRESS_LIMITS.street),
      number: fill(ADDRESS_LIMITS.number),
      complement: fill(ADDRESS_LIMITS.complement),
      neighborhood: fill(ADDRESS_LIMITS.neighborhood),
      city: fill(ADDRESS_LIMITS.city),
      state: 'SP',
      isDefault: 'on',
    };
    expect(addressSchema.safeParse(address).success).toBe(true);
    expect(encodedSize(address)).toBeLessThanOrEqual(BODY_LIMITS.form);
    const profile = { name: fill(PROFILE_NAME_MAX), taxId: '12.ABC.345/01DE-35', ieIndicator: '1', stateRegistration: LONGEST_IE };
    expect(profileSchema.safeParse(profile).success).toBe(true);
    expect(encodedSize(profile)).toBeLessThanOrEqual(BODY_LIMITS.form);
  });

  it('checkout: a full cart, and even a cart text at its cap', () => {
    const lines = [
      ...Array.from({ length: MAX_CART_LINES - 1 }, () => ({ id: randomUUID(), product_id: randomUUID(), quantity: MAX_LINE_QUANTITY, is_subscription: false })),
      { id: 'plan:semiannual', product_id: 'plan:semiannual', quantity: 1, is_subscription: true, frequency: 'semiannual' },
    ];
    const cart = JSON.stringify(lines);
    expect(cart.length).toBeLessThanOrEqual(CART_JSON_MAX);
    const fields = {
      intent: 'pay',
      cart,
      idempotencyKey: randomUUID(),
      paymentMethod: 'credit_card',
      installments: '12',
      deliveryFrequency: '3',
      expectedTotalCents: '10000000000',
      taxId: '12.ABC.345/01DE-35',
      ieIndicator: '1',
      stateRegistration: LONGEST_IE,
      // A new delivery address typed at every field's maximum.
      'delivery.addressId': 'new',
      'delivery.recipientName': fill(RECIPIENT_MAX),
      'delivery.saveAddress': 'on',
      'delivery.newAddress.zipCode': '01310-100',
      'delivery.newAddress.street': fill(ADDRESS_LIMITS.street),
      'delivery.newAddress.number': fill(ADDRESS_LIMITS.number),
      'delivery.newAddress.complement': fill(ADDRESS_LIMITS.complement),
      'delivery.newAddress.neighborhood': fill(ADDRESS_LIMITS.neighborhood),
      'delivery.newAddress.city': fill(ADDRESS_LIMITS.city),
      'delivery.newAddress.state': 'SP',
    };
    expect(payNowSchema.safeParse({ ...fields, delivery: deliveryFromForm(fields) }).success).toBe(true);
    expect(encodedSize(fields)).toBeLessThanOrEqual(BODY_LIMITS.form);
    // Every character of a cart text at its cap encoded (3 bytes each) still fits.
    expect(encodedSize({ ...fields, cart: '"'.repeat(CART_JSON_MAX) })).toBeLessThanOrEqual(BODY_LIMITS.form);
  });

  it('saving a kit', () => {
    const items = JSON.stringify(Array.from({ length: KIT_ITEMS_MAX }, () => ({ productId: randomUUID(), variantId: randomUUID(), quantity: KIT_QUANTITY_MAX })));
    expect(items.length).toBeLessThanOrEqual(KIT_ITEMS_JSON_MAX);
    const fields = { name: fill(KIT_NAME_MAX), items };
    expect(saveKitSchema.safeParse({ name: fields.name, items: JSON.parse(items) }).success).toBe(true);
    expect(encodedSize(fields)).toBeLessThanOrEqual(BODY_LIMITS.form);
  });

  it('the admin plan editor', () => {
    const fields: Record<string, string> = {
      intent: 'update-plan',
      id: randomUUID(),
      planName: fill(PLAN_LIMITS.planName),
      headline: fill(PLAN_LIMITS.headline),
      description: fill(PLAN_LIMITS.description),
      imageUrl: image,
      isActive: 'on',
    };
    (['monthly', 'semiannual', 'annual'] as const).forEach((frequency, i) => {
      fields[`options.${i}.frequency`] = frequency;
      fields[`options.${i}.price`] = '99.999,99';
      fields[`options.${i}.highlight`] = fill(PLAN_LIMITS.highlight, `h${i}`);
    });
    for (let i = 0; i < PLAN_LIMITS.benefits; i++) {
      fields[`benefits.${i}.text`] = fill(PLAN_LIMITS.benefitText, `b${i}`);
      fields[`benefits.${i}.icon`] = PLAN_ICON_NAMES[0];
    }
    for (let i = 0; i < PLAN_LIMITS.steps; i++) {
      fields[`steps.${i}.title`] = fill(PLAN_LIMITS.stepTitle, `s${i}`);
      fields[`steps.${i}.description`] = fill(PLAN_LIMITS.stepDescription);
    }
    expect(planFormSchema.safeParse(formDataToObject(formOf(fields))).error?.issues).toBeUndefined();
    expect(encodedSize(fields)).toBeGreaterThan(BODY_LIMITS.form);
    expect(encodedSize(fields)).toBeLessThanOrEqual(BODY_LIMITS.adminPlan);
  });

  it('the store settings (/admin/settings): the shared cap', () => {
    const fields: Record<string, string> = {
      phone: '+55 (11) 4002-8922',
      hours: fill(SETTINGS_LIMITS.hours),
      contactEmail: email,
      whatsapp: '+55 (11) 94002-8922',
      whatsappMessage: fill(SETTINGS_LIMITS.whatsappMessage),
      welcomeOffer: 'on',
      aboutTitle: fill(SETTINGS_LIMITS.aboutTitle),
      aboutSubtitle: fill(SETTINGS_LIMITS.aboutSubtitle),
      aboutDescription: fill(SETTINGS_LIMITS.aboutDescription),
      // The seller's legal identity, every text at its longest.
      'seller.legalName': fill(SELLER_LIMITS.legalName),
      'seller.tradeName': fill(SELLER_LIMITS.tradeName),
      'seller.cnpj': '11.222.333/0001-81',
      'seller.stateRegistration': '12345678901234',
      'seller.addressZipCode': '01001-000',
      'seller.addressStreet': fill(ADDRESS_LIMITS.street),
      'seller.addressNumber': fill(ADDRESS_LIMITS.number),
      'seller.addressComplement': fill(ADDRESS_LIMITS.complement),
      'seller.addressNeighborhood': fill(ADDRESS_LIMITS.neighborhood),
      'seller.addressCity': fill(ADDRESS_LIMITS.city),
      'seller.addressState': 'SP',
      'seller.answerDays': '5',
    };
    for (const [network, host] of [['instagram', 'www.instagram.com'], ['facebook', 'www.facebook.com'], ['youtube', 'www.youtube.com'], ['tiktok', 'www.tiktok.com'], ['linkedin', 'www.linkedin.com']]) {
      const prefix = `https://${host}/`;
      fields[`social.${network}`] = prefix + 'a'.repeat(SETTINGS_LIMITS.url - prefix.length);
    }
    for (let i = 0; i < FIGURE_COUNT; i++) {
      fields[`figures.${i}.value`] = fill(SETTINGS_LIMITS.figureValue, `v${i}`);
      fields[`figures.${i}.label`] = fill(SETTINGS_LIMITS.figureLabel, `l${i}`);
    }
    expect(settingsSchema.safeParse(settingsFormToObject(formOf(fields))).error?.issues).toBeUndefined();
    expect(encodedSize(fields)).toBeLessThanOrEqual(BODY_LIMITS.form);
  });

  it('the admin product editor', () => {
    const fields: Record<string, string> = {
      name: fill(PRODUCT_LIMITS.name),
      description: fill(PRODUCT_LIMITS.description),
      price: '9.999.999.999,99',
      basePrice: '9.999.999.999,99',
      imageUrl: image,
      isKit: 'on',
      isFeatured: 'on',
      displayOrder: String(PRODUCT_LIMITS.displayOrder),
      categoryId: randomUUID(),
      phValue: '13,5',
      anvisaKind: 'registrado',
      anvisaNumber: `1${'0'.repeat(29)}`,
      riskClass: '2',
      unNumber: '1170',
      hazardClass: '5.1',
    };
    for (const name of ['benefits', 'dilution', 'useIndication', 'howToUse', 'precautions', 'composition', 'activeIngredient', 'safetyWarnings', 'firstAid']) {
      fields[name] = fill(PRODUCT_LIMITS.longText);
    }
    for (let i = 0; i < PRODUCT_LIMITS.variants; i++) {
      fields[`variants.${i}.id`] = randomUUID();
      fields[`variants.${i}.size`] = fill(PRODUCT_LIMITS.size, `t${i}`);
      fields[`variants.${i}.price`] = '9.999.999.999,99';
      fields[`variants.${i}.imageUrl`] = image;
      Object.assign(fields, { [`variants.${i}.weightGrams`]: '100.000', [`variants.${i}.lengthCm`]: '300', [`variants.${i}.widthCm`]: '300', [`variants.${i}.heightCm`]: '300' });
    }
    Object.assign(fields, { kitPackageManual: 'on', weightGrams: '100.000', lengthCm: '300', widthCm: '300', heightCm: '300' });
    for (let i = 0; i < PRODUCT_LIMITS.kitItems; i++) {
      fields[`kitItems.${i}.productId`] = randomUUID();
      fields[`kitItems.${i}.quantity`] = String(PRODUCT_LIMITS.kitQuantity);
    }
    expect(productFormSchema.safeParse(formDataToObject(formOf(fields))).error?.issues).toBeUndefined();
    expect(encodedSize(fields)).toBeGreaterThan(BODY_LIMITS.adminPlan);
    expect(encodedSize(fields)).toBeLessThanOrEqual(BODY_LIMITS.adminProduct);
  });

  it('the legal page editor', () => {
    const fields = { title: fill(LEGAL_PAGE_LIMITS.title), description: fill(LEGAL_PAGE_LIMITS.description), content: fill(LEGAL_PAGE_LIMITS.content), version: '123456789' };
    expect(legalPageFormSchema.safeParse(fields).error?.issues).toBeUndefined();
    expect(encodedSize(fields)).toBeGreaterThan(BODY_LIMITS.adminPlan);
    expect(encodedSize(fields)).toBeLessThanOrEqual(BODY_LIMITS.adminLegalPage);
  });
});
