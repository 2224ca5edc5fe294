// Coupons (issue 36): the vocabulary the schema and the rules share. The rules themselves (validity,
// eligibility, the best-of-one discount) are added beside these by the coupons work.

/** A percentage off the eligible goods, or a fixed amount off them (never more than they cost). */
export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Codes are compared case-insensitively and kept upper case: letters, digits, '-' and '_'. */
export const COUPON_CODE_PATTERN = '^[A-Z0-9_-]{3,30}$';
