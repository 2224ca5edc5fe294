// The store's two discounts, one 10% at most per order (lib/pricing applies them). A module of its
// own so that a page naming a percentage (the home page's offer) loads nothing else.

/** Which discount an order got: the subscriber's, the welcome offer on a first purchase, or a coupon (issue 36). */
export const DISCOUNT_KINDS = ['subscriber', 'welcome', 'coupon'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** A subscriber's discount on single purchases, while the plan is paid through today. */
export const SUBSCRIBER_DISCOUNT_PERCENT = 10;
/** The welcome offer: off a first purchase's single products, once per CPF/CNPJ (when the admin has it on). */
export const WELCOME_DISCOUNT_PERCENT = 10;
