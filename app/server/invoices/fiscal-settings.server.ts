// The store's fiscal settings and tax rules (issue 34): the one row and the table a fresh or upgraded
// store starts from (lib/fiscal DEFAULT_TAX_RULES, a Simples Nacional manufacturer), written at start
// where missing and never over an edit.
import { sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { fiscalSettings, fiscalTaxRules } from '~/db/schema';
import { centsToDecimal } from '~/lib/money';
import { DEFAULT_TAX_RULES } from '~/lib/fiscal';

export async function seedFiscalSettings(db: Executor): Promise<void> {
  await db.insert(fiscalSettings).values({ id: 1 }).onConflictDoNothing();
  await db
    .insert(fiscalTaxRules)
    .values(
      DEFAULT_TAX_RULES.map((r) => ({
        destination: r.destination,
        buyer: r.buyer,
        cfop: r.cfop,
        icmsSituation: r.icmsSituation,
        pisSituation: r.pisSituation,
        // Percentages with two decimals, as the money columns take them.
        pisRate: centsToDecimal(Math.round(r.pisRate * 100)),
        cofinsSituation: r.cofinsSituation,
        cofinsRate: centsToDecimal(Math.round(r.cofinsRate * 100)),
      })),
    )
    .onConflictDoNothing({ target: [fiscalTaxRules.destination, fiscalTaxRules.buyer] });
}

/** How many sale cases (destination × buyer) have a rule: 6 when the table is whole. */
export async function countTaxRules(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(fiscalTaxRules);
  return row?.n ?? 0;
}
