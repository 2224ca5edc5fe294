// The store's fiscal settings and tax rules (issue 34): the one row and the table a fresh or upgraded
// store starts from (lib/fiscal DEFAULT_TAX_RULES, a Simples Nacional manufacturer), written at start
// where missing and never over an edit; and what /admin/fiscal reads and saves (settings and table in
// one transaction, only over the version the form was opened with).
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { fiscalSettings, fiscalTaxRules } from '~/db/schema';
import { centsToDecimal, toCents } from '~/lib/money';
import { now } from '~/lib/clock';
import { DEFAULT_TAX_RULES, type TaxRule } from '~/lib/fiscal';
import { TAX_BUYERS, TAX_DESTINATIONS, type FiscalRegime, type NfeEnvironment, type NfeIssueMoment } from '~/lib/fiscal-codes';
import { FISCAL_MESSAGES, type FiscalSettingsInput } from '~/lib/schemas/fiscal';
import { toPublicSeller, type PublicSeller } from '~/lib/seller';
import { getEditableSettings, sellerIdentityStatus } from '../settings/settings.server';

/** A percentage (1.65) as the numeric(5,2) column takes it ('1.65'), with two decimals as the money columns. */
const percentColumn = (rate: number): string => centsToDecimal(Math.round(rate * 100));

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
        pisRate: percentColumn(r.pisRate),
        cofinsSituation: r.cofinsSituation,
        cofinsRate: percentColumn(r.cofinsRate),
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

/** Another admin saved the fiscal settings since this form was opened: nothing was written. */
export class FiscalSettingsConflictError extends Error {
  constructor() {
    super(FISCAL_MESSAGES.conflict);
  }
}

/**
 * Saves the settings and the whole tax table in one transaction: the settings row only if it is still
 * at `version` (a conditional update, so of two saves from the same form exactly one wins), marked
 * reviewed now; then each destination × buyer rule. Returns the new version.
 */
export async function saveFiscalSettings(db: Executor, input: FiscalSettingsInput, version: number): Promise<number> {
  return db.transaction(async (tx) => {
    await seedFiscalSettings(tx);
    const at = now();
    const [updated] = await tx
      .update(fiscalSettings)
      .set({
        regime: input.regime,
        series: input.series,
        environment: input.environment,
        nature: input.nature,
        issueOn: input.issueOn,
        invoicing: input.invoicing,
        reviewedAt: at,
        version: sql`${fiscalSettings.version} + 1`,
        updatedAt: at,
      })
      .where(and(eq(fiscalSettings.id, 1), eq(fiscalSettings.version, version)))
      .returning({ version: fiscalSettings.version });
    if (!updated) throw new FiscalSettingsConflictError();
    await tx
      .insert(fiscalTaxRules)
      .values(
        input.rules.map((r) => ({
          destination: r.destination,
          buyer: r.buyer,
          cfop: r.cfop,
          icmsSituation: r.icmsSituation,
          pisSituation: r.pisSituation,
          pisRate: percentColumn(r.pisRate),
          cofinsSituation: r.cofinsSituation,
          cofinsRate: percentColumn(r.cofinsRate),
          updatedAt: at,
        })),
      )
      .onConflictDoUpdate({
        target: [fiscalTaxRules.destination, fiscalTaxRules.buyer],
        set: {
          cfop: sql`excluded.cfop`,
          icmsSituation: sql`excluded.icms_situation`,
          pisSituation: sql`excluded.pis_situation`,
          pisRate: sql`excluded.pis_rate`,
          cofinsSituation: sql`excluded.cofins_situation`,
          cofinsRate: sql`excluded.cofins_rate`,
          updatedAt: at,
        },
      });
    return updated.version;
  });
}

/** Who issues the NF-e: the seller's legal identity (edited at /admin/settings), as the fiscal page shows it. */
export type FiscalIssuer = PublicSeller & {
  /** The store's UF: "mesmo estado" in the tax table means this one. '' until filled in. */
  uf: string;
  /** 'sample' while it is the seed's fictitious identity: a real NF-e cannot carry it. */
  status: 'complete' | 'missing' | 'sample';
};

/** What /admin/fiscal shows: the settings, the table in the page's order (destination, then buyer), the issuer. */
export async function getFiscalPage(db: Executor): Promise<{ settings: FiscalSettings; rules: TaxRule[]; issuer: FiscalIssuer }> {
  const [settings, rules, stored, status] = await Promise.all([getFiscalSettings(db), getTaxRules(db), getEditableSettings(db), sellerIdentityStatus(db)]);
  const order = (r: TaxRule) => TAX_DESTINATIONS.indexOf(r.destination) * TAX_BUYERS.length + TAX_BUYERS.indexOf(r.buyer);
  return {
    settings,
    rules: [...rules].sort((a, b) => order(a) - order(b)),
    issuer: { ...toPublicSeller(stored.seller), uf: stored.seller.addressState, status },
  };
}
