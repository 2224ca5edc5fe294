// The store's fiscal settings and tax rules (issue 34): the one row and the table a fresh or upgraded
// store starts from (lib/fiscal DEFAULT_TAX_RULES, a Simples Nacional manufacturer), written at start
// where missing and never over an edit.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { fiscalSettings, fiscalTaxRules } from '~/db/schema';
import { centsToDecimal, toCents } from '~/lib/money';
import { DEFAULT_TAX_RULES, type TaxRule } from '~/lib/fiscal';
import type { FiscalRegime, NfeEnvironment, NfeIssueMoment } from '~/lib/fiscal-codes';

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

export type FiscalSettings = {
  regime: FiscalRegime;
  series: number;
  environment: NfeEnvironment;
  nature: string;
  issueOn: NfeIssueMoment;
  invoicing: boolean;
  /** Null until an admin saved the settings page once (until then it says "revisar com seu contador"). */
  reviewedAt: Date | null;
  version: number;
};

/** The one settings row (written at start; read here as the issuing flow and the admin page see it). */
export async function getFiscalSettings(db: Executor): Promise<FiscalSettings> {
  const [row] = await db.select().from(fiscalSettings).where(eq(fiscalSettings.id, 1));
  if (!row) throw new Error('fiscal_settings sem a linha 1: seedFiscalSettings não rodou');
  return {
    regime: row.regime,
    series: row.series,
    environment: row.environment,
    nature: row.nature,
    issueOn: row.issueOn,
    invoicing: row.invoicing,
    reviewedAt: row.reviewedAt,
    version: row.version,
  };
}

/** The tax table as lib/fiscal's rules (rates as percentages), one per destination × buyer. */
export async function getTaxRules(db: Executor): Promise<TaxRule[]> {
  const rows = await db.select().from(fiscalTaxRules);
  return rows.map((r) => ({
    destination: r.destination,
    buyer: r.buyer,
    cfop: r.cfop,
    icmsSituation: r.icmsSituation,
    pisSituation: r.pisSituation,
    pisRate: toCents(r.pisRate) / 100,
    cofinsSituation: r.cofinsSituation,
    cofinsRate: toCents(r.cofinsRate) / 100,
  }));
}
