// Seeds the pt-BR catalogue and the admin account. Idempotent: every seeded row
// has a stable id derived from its natural key and is inserted with
// ON CONFLICT DO NOTHING, so a second run changes nothing (and never overwrites
// what an admin edited since).
import { createHash, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client.server';
import * as t from '../schema';
import * as data from './data';
import type { SeedDetails } from './types';

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
          rating: p.rating,
          isKit: false,
          isFeatured: p.isFeatured,
          displayOrder: p.displayOrder,
          categoryId: categoryId(p.category),
          phValue: p.ph,
          ...details(p),
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
          rating: k.rating,
          isKit: true,
          isFeatured: k.isFeatured,
          displayOrder: k.displayOrder,
          categoryId: categoryId('Kits Prontos'),
          phValue: null,
          ...details(k),
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
        price: plan.price,
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

    await tx.insert(t.legalPages).values(data.legalPages).onConflictDoNothing();

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
  });
}

/** True when the catalogue has never been seeded (a fresh database). */
export async function isCatalogueEmpty(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t.categories);
  return (row?.n ?? 0) === 0;
}

/**
 * Makes sure ADMIN_EMAIL has an admin account. Creates it with ADMIN_PASSWORD
 * when missing; an existing account keeps its password (it may have been reset)
 * and is only promoted to admin.
 */
export async function ensureAdmin(db: Executor, email: string, password: string): Promise<'created' | 'existing'> {
  const normalized = email.toLowerCase();
  const [existing] = await db.select().from(t.user).where(eq(t.user.email, normalized));
  if (existing) {
    if (existing.role !== 'admin') {
      await db.update(t.user).set({ role: 'admin' }).where(eq(t.user.id, existing.id));
    }
    return 'existing';
  }
  const id = randomUUID();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.insert(t.user).values({
      id,
      name: 'Administrador Clarear',
      email: normalized,
      emailVerified: true,
      role: 'admin',
    });
    await tx.insert(t.account).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
    });
  });
  return 'created';
}
