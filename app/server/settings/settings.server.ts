// The store's public details (/admin/settings): the one module that reads and writes them.
// store_settings holds one row (phone, hours, e-mail, WhatsApp, social links, marketing
// figures, welcome offer, the seller's legal identity); the about page's hero stays in site_content (page 'about',
// section 'hero') and is saved with them in one transaction. Every page reads them (root loader),
// so they are kept in memory for a few seconds (PUBLIC_SETTINGS_TTL_MS): a save through this module
// drops the copy, so an edit shows on this instance's next page at once, on other instances
// (several on one PostgreSQL) within the TTL.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '~/db/client.server';
import { siteContent, storeSettings } from '~/db/schema';
import { storeSettings as seedSettings } from '~/db/seed/data';
import { now } from '~/lib/clock';
import type { SettingsInput } from '~/lib/schemas/settings';
import { isSellerComplete } from '~/lib/seller';
import { fromStored, toPublicSettings, type PublicSettings, type StoreSettings } from '~/lib/store-settings';
import { log } from '../infra/log.server';

export type AboutHero = StoreSettings['about'];

const HERO_KEYS = ['title', 'subtitle', 'description'] as const;

/** The saved details with the version the form must send back. */
export type EditableSettings = StoreSettings & { version: number; updatedAt: Date | null };

/** Another admin saved since this form was opened: nothing was written. */
export class SettingsConflictError extends Error {
  constructor() {
    super('As configurações foram alteradas por outra pessoa enquanto você editava. Recarregue a página para ver a versão atual.');
  }
}

/**
 * Writes the row with today's values if it is missing (a new database, or one from before
 * /admin/settings). Never overwrites: ON CONFLICT DO NOTHING. Runs at every start.
 */
export async function seedStoreSettings(db: Executor): Promise<void> {
  await db.insert(storeSettings).values({ id: 1, ...seedSettings }).onConflictDoNothing();
  publicSettingsCache = new WeakMap();
}

/** How long another instance's settings edit may take to show on this one. */
export const PUBLIC_SETTINGS_TTL_MS = 5_000;
// Per database handle (tests open a fresh one per file). Monotonic time: the clock's "now" may be frozen by tests.
let publicSettingsCache = new WeakMap<object, { value: Promise<PublicSettings>; at: number }>();

type Row = typeof storeSettings.$inferSelect;

const NO_ABOUT = { title: '', subtitle: '', description: '' };

async function readRow(db: Executor): Promise<Row | null> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  return row ?? null;
}

/** site_content page 'about', section 'hero', by element_key; a missing key is ''. */
export async function getAboutHero(db: Executor): Promise<AboutHero> {
  const rows = await db
    .select({ key: siteContent.elementKey, content: siteContent.content })
    .from(siteContent)
    .where(and(eq(siteContent.page, 'about'), eq(siteContent.section, 'hero'), inArray(siteContent.elementKey, [...HERO_KEYS])));
  const hero: AboutHero = { title: '', subtitle: '', description: '' };
  for (const row of rows) hero[row.key as keyof AboutHero] = row.content;
  return hero;
}

/**
 * What every page shows (root loader): one small query. A database whose row was never
 * seeded (tests' bare databases) reads the seed's values, so nothing there changes behaviour.
 */
export async function getPublicSettings(db: Executor): Promise<PublicSettings> {
  const cached = publicSettingsCache.get(db);
  if (cached && performance.now() - cached.at < PUBLIC_SETTINGS_TTL_MS) return cached.value;
  // The promise is shared, so a burst of requests makes one query; a failed read is not kept.
  const value = readRow(db).then((row) => toPublicSettings(fromStored(row ?? seedSettings, NO_ABOUT)));
  const entry = { value, at: performance.now() };
  publicSettingsCache.set(db, entry);
  value.catch(() => {
    if (publicSettingsCache.get(db) === entry) publicSettingsCache.delete(db);
  });
  return value;
}

/** Whether the welcome offer (10% off a first purchase) is on: checkout's quote and order. */
export async function isWelcomeOfferOn(db: Executor): Promise<boolean> {
  const [row] = await db.select({ on: storeSettings.welcomeOffer }).from(storeSettings).where(eq(storeSettings.id, 1));
  return row?.on ?? seedSettings.welcomeOffer;
}

/** The form's starting values. */
export async function getEditableSettings(db: Executor): Promise<EditableSettings> {
  const [row, about] = await Promise.all([readRow(db), getAboutHero(db)]);
  return { ...fromStored(row ?? seedSettings, about), version: row?.version ?? 1, updatedAt: row?.updatedAt ?? null };
}

/**
 * Saves the form in one transaction: the row only if it is still at `version` (a conditional
 * update, so of two saves from the same form exactly one wins), and the about hero.
 * Returns the new version.
 */
export async function saveSettings(db: Executor, input: SettingsInput, version: number, adminId: string | null): Promise<number> {
  return db.transaction(async (tx) => {
    await seedStoreSettings(tx);
    const [updated] = await tx
      .update(storeSettings)
      .set({
        phone: input.phone,
        hours: input.hours,
        contactEmail: input.contactEmail,
        whatsapp: input.whatsapp,
        whatsappMessage: input.whatsappMessage,
        instagramUrl: input.social.instagram,
        facebookUrl: input.social.facebook,
        youtubeUrl: input.social.youtube,
        tiktokUrl: input.social.tiktok,
        linkedinUrl: input.social.linkedin,
        marketingFigures: input.figures,
        welcomeOffer: input.welcomeOffer,
        ...(input.quoteMinQuantity !== undefined ? { quoteMinQuantity: input.quoteMinQuantity } : {}),
        ...input.seller,
        version: sql`${storeSettings.version} + 1`,
        updatedAt: now(),
        updatedBy: adminId,
      })
      .where(and(eq(storeSettings.id, 1), eq(storeSettings.version, version)))
      .returning({ version: storeSettings.version });
    if (!updated) throw new SettingsConflictError();
    const hero: Record<(typeof HERO_KEYS)[number], string> = { title: input.aboutTitle, subtitle: input.aboutSubtitle, description: input.aboutDescription };
    await tx
      .insert(siteContent)
      .values(HERO_KEYS.map((key) => ({ page: 'about', section: 'hero', elementKey: key, content: hero[key] })))
      .onConflictDoUpdate({ target: [siteContent.page, siteContent.section, siteContent.elementKey], set: { content: sql`excluded.content` } });
    return updated.version;
  }).finally(() => {
    // After the commit (or a conflict): the next page reads the saved row.
    publicSettingsCache = new WeakMap();
  });
}

/**
 * Whether the seller's legal identity (Decreto 7.962/2013 art. 2) still needs the admin: 'missing'
 * while a required field is empty (a database from before it existed), 'sample' while it is the
 * seed's fictitious one. Read afresh (not the pages' 5 s copy): the dashboard and a start ask.
 */
export async function sellerIdentityStatus(db: Executor): Promise<'complete' | 'missing' | 'sample'> {
  const { seller } = fromStored((await readRow(db)) ?? seedSettings, NO_ABOUT);
  if (!isSellerComplete(seller)) return 'missing';
  return seller.cnpj === seedSettings.cnpj && seller.legalName === seedSettings.legalName ? 'sample' : 'complete';
}

export const SELLER_INCOMPLETE_WARNING = 'Dados legais do vendedor incompletos: preencha em /admin/settings (Decreto 7.962/2013).';
export const SELLER_SAMPLE_WARNING = 'Dados legais do vendedor ainda são os de exemplo: troque pelos da empresa em /admin/settings (Decreto 7.962/2013).';

/** A production start says so when the store would open without saying who sells. */
export async function warnIfSellerIdentityMissing(db: Executor): Promise<void> {
  const status = await sellerIdentityStatus(db);
  if (status !== 'complete') log.warn(status === 'missing' ? SELLER_INCOMPLETE_WARNING : SELLER_SAMPLE_WARNING);
}
