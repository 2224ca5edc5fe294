// Where the client's address is read from: Better Auth's `advanced.ipAddress` settings, shared
// by its own sign-in limits (auth.server.ts) and the store's (rate-limit.server.ts), which must
// count the same client as one. server.mjs puts exactly one address in this header: the client,
// as derived under TRUST_PROXY.
import type { BetterAuthOptions } from 'better-auth';

export const IP_ADDRESS_OPTIONS = { ipAddressHeaders: ['x-forwarded-for'] } satisfies NonNullable<NonNullable<BetterAuthOptions['advanced']>['ipAddress']>;

/** The options `getIP` (better-auth/api) reads: only these settings. */
export const IP_LOOKUP_OPTIONS: BetterAuthOptions = { advanced: { ipAddress: IP_ADDRESS_OPTIONS } };
