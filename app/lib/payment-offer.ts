// Which payment methods the store offers, and how it describes them (issue 30): only what really
// moves money. A gateway takes Pix, boleto and card. Without one, a production store has no card
// network and no bank that registers its boletos, so it offers Pix to its own key only, confirmed
// by the admin after checking the bank. Outside production the built-in provider's instant
// approvals stay for demos and tests, and every payment page says so.
/** Every payment method the store knows: the one list (the database's enums and CHECKs, the forms). */
export const PAYMENT_METHOD_IDS = ['pix', 'credit_card', 'boleto'] as const;
export type OfferedMethod = (typeof PAYMENT_METHOD_IDS)[number];

export const TEST_MODE_NOTICE = 'Modo de teste: nenhum pagamento é cobrado';
/** Pix to the store's own key: nothing confirms it but the admin's check of the bank. */
export const PIX_VERIFIED_HINT = 'Confirmação após a verificação do pagamento';
/** Pix through a gateway: its webhook confirms the payment as soon as the bank settles it. */
export const PIX_GATEWAY_HINT = 'Confirmação automática assim que você paga';
/** The built-in test switch (PAYMENT_INSTANT_APPROVAL, refused in production). */
export const PIX_TEST_HINT = 'Aprovação na hora (modo de teste)';

export const METHOD_NAMES: Record<OfferedMethod, string> = { pix: 'Pix', credit_card: 'Cartão de crédito', boleto: 'Boleto bancário' };

export type PaymentOffer = {
  methods: OfferedMethod[];
  /** Built-in approvals outside production: pages show TEST_MODE_NOTICE. */
  testMode: boolean;
  pixHint: string;
};

export type PaymentSetup = {
  /** A payment gateway (Mercado Pago) charges; false for the built-in provider. */
  gateway: boolean;
  /** NODE_ENV=production: a real store. */
  production: boolean;
  /** The built-in PAYMENT_INSTANT_APPROVAL switch (never on in production). */
  instantApproval: boolean;
};

export function paymentOffer({ gateway, production, instantApproval }: PaymentSetup): PaymentOffer {
  if (gateway) return { methods: [...PAYMENT_METHOD_IDS], testMode: false, pixHint: PIX_GATEWAY_HINT };
  if (production) return { methods: ['pix'], testMode: false, pixHint: PIX_VERIFIED_HINT };
  return { methods: [...PAYMENT_METHOD_IDS], testMode: true, pixHint: instantApproval ? PIX_TEST_HINT : PIX_VERIFIED_HINT };
}

/** Why `method` is refused, in pt-BR; null when the store offers it. */
export function methodRefusal(offer: Pick<PaymentOffer, 'methods'>, method: string): string | null {
  if ((offer.methods as string[]).includes(method)) return null;
  const name = METHOD_NAMES[method as OfferedMethod] ?? 'Esta forma de pagamento';
  const offered = offer.methods.map((m) => METHOD_NAMES[m]);
  const list = offered.length > 1 ? `${offered.slice(0, -1).join(', ')} ou ${offered.at(-1)}` : offered[0];
  return `${name} não está disponível nesta loja no momento. Pague com ${list}.`;
}

/**
 * A renewal or programmed delivery charged with a method the store no longer offers (a card saved
 * before the gateway was removed) is charged with Pix to the store's key instead.
 */
export function storedChargeMethod(offer: Pick<PaymentOffer, 'methods'>, method: OfferedMethod): OfferedMethod {
  return offer.methods.includes(method) ? method : 'pix';
}

/**
 * Where the store's texts (the Termos, the plan page's steps) name how to pay, they write this
 * token; pages replace it with what the store really offers now, so no text promises a method a
 * customer cannot use.
 */
export const PAYMENT_METHODS_TOKEN = '{formas-de-pagamento}';

/** The methods offered, as a pt-BR phrase for a sentence ("Aceitamos …", "pague com …"). */
export function acceptedMethodsPhrase(offer: Pick<PaymentOffer, 'methods' | 'pixHint'>): string {
  const parts = offer.methods.map((m) =>
    m === 'credit_card' ? 'cartão de crédito (em até 12x sem juros)' : m === 'boleto' ? 'boleto bancário' : offer.methods.length === 1 ? `Pix (${offer.pixHint.toLowerCase()})` : 'Pix',
  );
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} ou ${parts.at(-1)}` : (parts[0] ?? 'Pix');
}

/** `text` with every PAYMENT_METHODS_TOKEN replaced by the methods offered. */
export function withAcceptedMethods(text: string, offer: Pick<PaymentOffer, 'methods' | 'pixHint'>): string {
  return text.includes(PAYMENT_METHODS_TOKEN) ? text.replaceAll(PAYMENT_METHODS_TOKEN, acceptedMethodsPhrase(offer)) : text;
}
