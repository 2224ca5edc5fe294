// The fiscal settings and tax rules a store starts from (issue 34), on both databases: written at
// start where missing, the same twice, never over the admin's edit; the database keeps each sale case
// (destination × buyer) to one rule and refuses codes that are not codes.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { DEFAULT_TAX_RULES, pickTaxRule } from '~/lib/fiscal';
import { countTaxRules, seedFiscalSettings } from '~/server/invoices/fiscal-settings.server';
import { engines } from '../support/engines';

describe.each(engines)('fiscal settings on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('starts invoicing off, in homologação, series 1, with the six rules of a Simples Nacional manufacturer; twice is once', async () => {
    await seedFiscalSettings(handle.db);
    await seedFiscalSettings(handle.db);
    const settings = await handle.db.select().from(t.fiscalSettings);
    expect(settings).toEqual([expect.objectContaining({ id: 1, regime: 'simples', environment: 'homologacao', series: 1, invoicing: false, reviewedAt: null })]);
    expect(await countTaxRules(handle.db)).toBe(6);
    const rows = await handle.db.select().from(t.fiscalTaxRules);
    const rules = rows.map((r) => ({ ...r, pisRate: Number(r.pisRate), cofinsRate: Number(r.cofinsRate) }));
    expect(pickTaxRule(rules, { storeUf: 'SP', destinationUf: 'AM', buyer: 'consumer' })?.cfop).toBe('6107');
    expect(pickTaxRule(rules, { storeUf: 'SP', destinationUf: 'SP', buyer: 'contributor' })?.cfop).toBe(DEFAULT_TAX_RULES.find((r) => r.destination === 'same_state' && r.buyer === 'contributor')!.cfop);
  });

  it("never overwrites the admin's rule, and keeps one rule per case", async () => {
    const theCase = and(eq(t.fiscalTaxRules.destination, 'other_state'), eq(t.fiscalTaxRules.buyer, 'contributor'));
    await handle.db.update(t.fiscalTaxRules).set({ cfop: '6102' }).where(theCase);
    await seedFiscalSettings(handle.db);
    expect((await handle.db.select({ cfop: t.fiscalTaxRules.cfop }).from(t.fiscalTaxRules).where(theCase)).map((r) => r.cfop)).toEqual(['6102']);
    await expect(handle.db.insert(t.fiscalTaxRules).values({ destination: 'other_state', buyer: 'contributor', cfop: '6101', icmsSituation: '102', pisSituation: '99', cofinsSituation: '99' })).rejects.toThrow();
  });

  it('refuses a CFOP or a CSOSN that is not one', async () => {
    const bad = { destination: 'same_state' as const, buyer: 'consumer' as const, icmsSituation: '102', pisSituation: '99', cofinsSituation: '99' };
    await handle.db.delete(t.fiscalTaxRules).where(and(eq(t.fiscalTaxRules.destination, 'same_state'), eq(t.fiscalTaxRules.buyer, 'consumer')));
    await expect(handle.db.insert(t.fiscalTaxRules).values({ ...bad, cfop: '8101' })).rejects.toThrow();
    await expect(handle.db.insert(t.fiscalTaxRules).values({ ...bad, cfop: '5101', icmsSituation: '1021' })).rejects.toThrow();
    await seedFiscalSettings(handle.db);
    expect(await countTaxRules(handle.db)).toBe(6);
  });
});
