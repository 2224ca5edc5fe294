// Seeds the pt-BR catalogue and the admin account. Idempotent: every seeded row
// has a stable id derived from its natural key and is inserted with
// ON CONFLICT DO NOTHING, so a second run changes nothing (and never overwrites
// what an admin edited since). The legal pages follow the code only while no admin edited them.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { createLegalPage, legalTextHash, saveLegalPage } from '~/server/content/legal-pages.server';
import { recomputeProductRatings } from '~/server/reviews/rating.server';
import { DAY_MS } from '~/lib/clock';
import { seedReviewStars } from '~/lib/reviews';
import type { Executor } from '../client.server';
import * as t from '../schema';
import * as data from './data';
import type { SeedDetails, SeedLegalPage } from './types';
import { seededProductFiscal, seededUnitFiscal } from './content/fiscal';
import { SEEDED_PACKAGES } from './content/packages';

/** A UUID that is always the same for the same seed key (name-based, like UUID v5). */
export function seedId(key: string): string {
  const h = createHash('sha1').update(`clarear-seed:${key}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const productImage = (file: string) => `/images/products/${file}`;

function details(d: SeedDetails) {
  return {
    benefits: d.benefits,
    dilution: d.dilution,
    useIndication: d.useIndication,
    howToUse: d.howToUse,
    precautions: d.precautions,
    composition: d.composition,
    activeIngredient: d.activeIngredient,
  };
}

export async function seedCatalogue(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(t.categories)
      .values(data.categories.map((c) => ({ id: seedId(`category:${c.name}`), name: c.name })))
      .onConflictDoNothing();

    const categoryId = (name: string) => seedId(`category:${name}`);
    const productId = (slug: string) => seedId(`product:${slug}`);

    await tx
      .insert(t.products)
      .values(
        data.products.map((p) => ({
          id: productId(p.slug),
          slug: p.slug,
          name: p.name,
          description: p.description,
          price: p.variants[0]!.price,
          basePrice: p.variants[0]!.price,
          imageUrl: productImage(p.image),
          isKit: false,
          isFeatured: p.isFeatured,
          displayOrder: p.displayOrder,
          categoryId: categoryId(p.category),
          phValue: p.ph,
          ...details(p),
          // ANVISA, risk, label and transport: examples (content/product-safety.ts), not real registrations.
          ...data.productSafety[p.slug],
          // NCM and origem: examples to review with the accountant (content/fiscal.ts).
          ...seededProductFiscal(p.slug),
        })),
      )
      .onConflictDoNothing();

    await tx
      .insert(t.productVariants)
      .values(
        data.products.flatMap((p) =>
          p.variants.map((v) => ({
            id: seedId(`variant:${p.slug}:${v.size}`),
            productId: productId(p.slug),
            size: v.size,
            price: v.price,
            imageUrl: productImage(p.image),
            ...SEEDED_PACKAGES[v.size],
            ...seededUnitFiscal(false),
          })),
        ),
      )
      .onConflictDoNothing();

    // Volume prices of a few professional gallons (issue 35).
    await tx
      .insert(t.variantPriceTiers)
      .values(
        data.priceTiers.flatMap((p) =>
          p.tiers.map((tier) => ({
            id: seedId(`tier:${p.product}:${p.size}:${tier.minQuantity}`),
            variantId: seedId(`variant:${p.product}:${p.size}`),
            minQuantity: tier.minQuantity,
            price: tier.price,
          })),
        ),
      )
      .onConflictDoNothing();

    await tx
      .insert(t.products)
      .values(
        data.kits.map((k) => ({
          id: productId(k.slug),
          slug: k.slug,
          name: k.name,
          description: k.description,
          price: k.price,
          basePrice: k.price,
          imageUrl: productImage(k.image),
          isKit: true,
          isFeatured: k.isFeatured,
          displayOrder: k.displayOrder,
          categoryId: categoryId('Kits Prontos'),
          phValue: null,
          ...details(k),
          ...seededProductFiscal(k.slug),
          ...seededUnitFiscal(true),
        })),
      )
      .onConflictDoNothing();

    await tx
      .insert(t.kitItems)
      .values(
        data.kits.flatMap((k) =>
          k.items.map((i) => ({
            kitProductId: productId(k.slug),
            includedProductId: productId(i.product),
            quantity: i.quantity,
          })),
        ),
      )
      .onConflictDoNothing();

    await tx
      .insert(t.testimonials)
      .values(
        data.testimonials.map((x) => ({
          id: seedId(`testimonial:${x.name}`),
          name: x.name,
          role: x.role,
          content: x.content,
          imageUrl: `/images/testimonials/${x.image}`,
          displayOrder: x.displayOrder,
        })),
      )
      .onConflictDoNothing();

    const plan = data.planConfig;
    await tx
      .insert(t.subscriptionConfigs)
      .values({
        id: seedId(`plan:${plan.planName}`),
        isActive: true,
        planName: plan.planName,
        headline: plan.headline,
        description: plan.description,
        imageUrl: `/images/${plan.image}`,
        benefits: plan.benefits,
        howItWorksSteps: plan.howItWorksSteps,
      })
      .onConflictDoNothing();

    await tx
      .insert(t.blogPosts)
      .values(
        data.blogPosts.map((b) => ({
          id: seedId(`blog:${b.slug}`),
          slug: b.slug,
          title: b.title,
          excerpt: b.excerpt,
          content: b.content,
          author: b.author,
          category: b.category,
          tags: b.tags,
          imageUrl: `/images/blog/${b.image}`,
          isFeatured: b.isFeatured,
          readTimeMinutes: b.readTimeMinutes,
          createdAt: new Date(`${b.createdAt}T12:00:00-03:00`),
        })),
      )
      .onConflictDoNothing();

    await tx
      .insert(t.siteContent)
      .values(
        data.siteContent.map((s) => ({
          id: seedId(`content:${s.page}:${s.section}:${s.elementKey}`),
          ...s,
        })),
      )
      .onConflictDoNothing();

    await tx
      .insert(t.chatbotQuickQuestions)
      .values(
        data.quickQuestions.map((q) => ({
          id: seedId(`quick-question:${q.responseKey}:${q.questionText}`),
          questionText: q.questionText,
          responseKey: q.responseKey,
          isActive: true,
          displayOrder: q.displayOrder,
        })),
      )
      .onConflictDoNothing();
    // The stars: the seed's own reviews, whose means are the seeded figures.
    await seedReviews(tx);
  });
  await syncSeededLegalPages(db);
}

/** The seed's reviews of one seeded product or kit: approved, no account, stable ids and dates. */
export function seededReviewsOf(slug: string, rating: string, position: number) {
  const latest = new Date(data.SEED_REVIEWS_LATEST).getTime();
  return seedReviewStars(rating).map((stars, i) => {
    const texts = data.SEED_REVIEW_TEXTS[stars as 1 | 2 | 3 | 4 | 5];
    const text = texts[(position + i) % texts.length]!;
    const at = new Date(latest - (position * 3 + i * 17) * DAY_MS);
    return {
      id: seedId(`review:${slug}:${i}`),
      productId: seedId(`product:${slug}`),
      authorName: data.SEED_REVIEW_AUTHORS[(position * 5 + i) % data.SEED_REVIEW_AUTHORS.length]!,
      rating: stars,
      title: text.title,
      body: text.body,
      status: 'approved' as const,
      isSeed: true,
      moderatedAt: at,
      createdAt: at,
      updatedAt: at,
    };
  });
}

/**
 * The seed's own reviews of the seeded products still in the catalogue, and their stars recomputed
 * from them. Idempotent (stable ids, ON CONFLICT DO NOTHING; a recompute writes only what differs);
 * also run at each start, so a store seeded before reviews existed gets its typed figures as reviews.
 */
export async function seedReviews(db: Executor): Promise<void> {
  const all = [...data.products, ...data.kits].flatMap((p, position) => seededReviewsOf(p.slug, p.rating, position));
  const ids = [...new Set(all.map((r) => r.productId))];
  const present = new Set((await db.select({ id: t.products.id }).from(t.products).where(inArray(t.products.id, ids))).map((r) => r.id));
  const rows = all.filter((r) => present.has(r.productId));
  if (rows.length === 0) return;
  await db.insert(t.reviews).values(rows).onConflictDoNothing();
  await recomputeProductRatings(db, [...present]);
}

/**
 * The legal pages (content/legal.ts): written with their version 1 on a new database; on an existing
 * one (every start, server/infra/db.server.ts), a page still holding a text an earlier seed wrote
 * becomes the current seeded text as a new version, through saveLegalPage like an admin's edit. A
 * page an admin edited is never touched; a second run changes nothing.
 */
export async function syncSeededLegalPages(
  db: Executor,
  pages: readonly SeedLegalPage[] = data.legalPages,
  seededHashes: Readonly<Record<string, readonly string[]>> = data.SEEDED_TEXT_HASHES,
): Promise<void> {
  for (const page of pages) {
    const text = { title: page.title, description: page.description, content: page.content };
    if (await createLegalPage(db, page.slug, text)) continue;
    const [stored] = await db.select({ content: t.legalPages.content }).from(t.legalPages).where(eq(t.legalPages.slug, page.slug));
    if (!stored || stored.content === page.content) continue;
    if (seededHashes[page.slug]?.includes(legalTextHash(stored.content))) await saveLegalPage(db, page.slug, text);
  }
}

/** True when the catalogue has never been seeded (a fresh database). */
export async function isCatalogueEmpty(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t.categories);
  return (row?.n ?? 0) === 0;
}

/** What `ensureAdmin` did with ADMIN_EMAIL at this start. */
export type AdminSetup =
  /** A new admin account; `generatedPassword` is set when no ADMIN_PASSWORD was given (show it once). */
  | { outcome: 'created'; generatedPassword: string | null }
  /** Already an admin: its password is left alone (it may have been reset since). */
  | { outcome: 'existing' }
  /** A customer account with a confirmed e-mail, made admin. */
  | { outcome: 'promoted' }
  /** An account nobody confirmed has that e-mail (anyone could have registered it first): left a customer. */
  | { outcome: 'unverified' };

/** A random admin password for a start without ADMIN_PASSWORD: 24 characters, 144 bits. */
export function generateAdminPassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Makes sure ADMIN_EMAIL has an admin account. Creates it with ADMIN_PASSWORD, or with a
 * generated password returned once for the operator to read (only its hash is stored).
 * An existing account keeps its password and is promoted only if its e-mail was confirmed:
 * whoever registered the address first must not become admin by being there first.
 * Two instances starting at once create one account (the e-mail is unique).
 */
export async function ensureAdmin(db: Executor, email: string, password: string | undefined): Promise<AdminSetup> {
  const normalized = email.toLowerCase();
  const [existing] = await db.select().from(t.user).where(eq(t.user.email, normalized));
  if (existing) {
    if (existing.role === 'admin') return { outcome: 'existing' };
    if (!existing.emailVerified) return { outcome: 'unverified' };
    await db.update(t.user).set({ role: 'admin' }).where(eq(t.user.id, existing.id));
    return { outcome: 'promoted' };
  }
  const generatedPassword = password === undefined ? generateAdminPassword() : null;
  const passwordHash = await hashPassword(password ?? generatedPassword!);
  const id = randomUUID();
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t.user)
      .values({ id, name: 'Administrador Clarear', email: normalized, emailVerified: true, role: 'admin' })
      .onConflictDoNothing({ target: t.user.email })
      .returning({ id: t.user.id });
    if (!row) return false;
    await tx.insert(t.account).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
    });
    return true;
  });
  // Another instance created it a moment ago; its start shows the password.
  return created ? { outcome: 'created', generatedPassword } : ensureAdmin(db, email, password);
}

/**
 * The admin line printed at start (server.mjs, and the dev server's console): the generated
 * password on the start that created it, never again; otherwise how to get in.
 */
export function adminLoginNote(setup: AdminSetup, email: string): string {
  switch (setup.outcome) {
    case 'created':
      return setup.generatedPassword
        ? `${email} / ${setup.generatedPassword}  ← senha gerada agora e mostrada só desta vez: guarde-a`
        : `${email} / (a senha definida em ADMIN_PASSWORD)`;
    case 'existing':
    case 'promoted':
      return `${email} (senha mostrada na primeira inicialização ou definida em ADMIN_PASSWORD; esqueceu? use "Esqueceu a senha?" em /login)`;
    case 'unverified':
      return (
        `⚠️  ${email} NÃO foi promovido a admin: já existe uma conta com esse e-mail que nunca foi confirmada ` +
        `(qualquer pessoa poderia tê-la criado). Confirme o e-mail dessa conta ("Esqueceu a senha?" em /login, depois entre ` +
        `e clique no link de confirmação) e reinicie, ou use outro ADMIN_EMAIL.`
      );
  }
}
