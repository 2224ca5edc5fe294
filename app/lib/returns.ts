// Returns and withdrawals (issue 32): the kinds and states a return goes through. The rules on
// them (windows, amounts, who may move them) grow here, pure and unit-tested.
// No '~/' import here: drizzle-kit reads this file through app/db/schema.ts.

/**
 * withdrawal: the right of withdrawal (CDC art. 49, 7 days from receipt, full refund with freight);
 * defect: a product with a defect (CDC art. 26, 30 days for non-durable goods), replaced or refunded;
 * plan: the plan's withdrawal within 7 days of buying it (no goods come back).
 */
export const RETURN_KINDS = ['withdrawal', 'defect', 'plan'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/**
 * requested → approved (instructions given) → received (goods back) → refunded | replaced;
 * requested → rejected (with a reason). A plan's withdrawal goes requested → refunded.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'received', 'refunded', 'replaced', 'rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_RESOLUTIONS = ['refund', 'replacement'] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];

/** Who moved a return (the same actors as an order's history). */
export const RETURN_ACTORS = ['customer', 'admin', 'system'] as const;
export type ReturnActor = (typeof RETURN_ACTORS)[number];
