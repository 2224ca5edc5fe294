// Verified reviews (issue 36) end to end: the customer of a delivered order of Limpador de Inox (no
// other spec buys it) follows "Avaliar" from the order page, writes a review with a photo, sees it
// pending; the admin approves it in Avaliações; the product page shows it ("Compra verificada", the
// photo, its stars) with the new mean and count, and the JSON-LD says the same. Axe on the form, the
// admin's list and the product's reviews, light and dark, desktop and phone. And a review through an
// order not delivered, or another customer's, is refused.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatCpf, generateCpf } from '@brazilian-utils/brazilian-utils';
import { expect, test, type Page } from '@playwright/test';
import { formatRating, reviewMean, starCounts } from '../../app/lib/reviews';
import { asAdmin, axeEverywhere, expectToast, gotoHydrated, signedInCustomer } from './fixtures';

const SLUG = 'limpador-de-inox';
const PRODUCT = 'Limpador de Inox';

/** The approved reviews by stars, as the product page's bars count them. */
async function barCounts(page: Page) {
  const bars = page.getByRole('navigation', { name: 'Filtrar avaliações por estrelas' }).locator('a[data-stars]');
  const rows = [];
  for (const bar of await bars.all()) rows.push({ rating: Number(await bar.getAttribute('data-stars')), count: Number(await bar.getAttribute('data-count')) });
  return starCounts(rows);
}

test('a delivered order’s customer reviews with a photo, the admin approves it, the product page shows it and its stars', async ({ page, browser }) => {
  test.slow();
  await gotoHydrated(page, `/produtos/${SLUG}`);
  const before = await barCounts(page);
  const title = `Brilho de espelho ${Date.now().toString(36)}`;

  const customer = await signedInCustomer(page, 'Lúcia Helena Prado', { orders: [{ items: [{ slug: SLUG }], paymentMethod: 'credit_card', taxId: formatCpf(generateCpf()), delivered: true }] });
  const orderId = customer.orders[0]!;
  await gotoHydrated(page, `/pedido/${orderId}`);
  const invite = page.getByTestId('review-invite').filter({ hasText: PRODUCT });
  await invite.getByRole('link', { name: `Avaliar ${PRODUCT}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avaliar produto');

  // What the server refuses comes back beside its field; HTML is refused, not stored.
  await page.getByRole('radio', { name: '5 estrelas: excelente' }).check();
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Sua avaliação').fill('Tirou as <b>marcas</b> da geladeira.');
  await page.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(page.getByText('Escreva só texto, sem HTML (sem < e > em volta de palavras).')).toBeVisible();
  await axeEverywhere(page, 'formulário');

  await page.getByRole('radio', { name: '5 estrelas: excelente' }).check();
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Sua avaliação').fill('Tirou as marcas de dedo da geladeira   e deixou o inox brilhando.');
  const png = Buffer.concat([await readFile(path.resolve('tests', 'fixtures', 'produto.png')), Buffer.from(`${Date.now()}-${Math.random()}`)]);
  await page.getByLabel(/Fotos/).setInputFiles({ name: 'geladeira.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(page).toHaveURL(new RegExp(`/pedido/${orderId}$`));
  await expectToast(page, 'Avaliação enviada!');
  await expect(invite).toContainText('Sua avaliação: pendente');
  await axeEverywhere(page, 'pedido');

  // Pending: not on the product page yet.
  await gotoHydrated(page, `/produtos/${SLUG}`);
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  // The admin approves it.
  const adminContext = await browser.newContext();
  const admin = await asAdmin(await adminContext.newPage());
  await gotoHydrated(admin, '/admin/avaliacoes');
  await expect(admin.getByRole('link', { name: /Pendentes/ })).toHaveAttribute('aria-current', 'page');
  const card = admin.getByTestId('admin-review').filter({ hasText: title });
  await expect(card).toContainText('Lúcia Helena Prado');
  await expect(card).toContainText('Compra verificada');
  await expect(card.getByRole('img', { name: 'Foto 1 de Lúcia P.' })).toBeVisible();
  await axeEverywhere(admin, 'avaliações pendentes');
  await card.getByRole('button', { name: `Aprovar a avaliação “${title}”` }).click();
  await expectToast(admin, 'Avaliação aprovada');
  await expect(admin.getByTestId('admin-review').filter({ hasText: title })).toHaveCount(0);
  await adminContext.close();

  // The product page: the review with its badge, photo and stars, newest first; the new mean and count.
  await gotoHydrated(page, `/produtos/${SLUG}`);
  const reviews = page.getByRole('region', { name: 'Avaliações' });
  const review = reviews.getByTestId('review').first();
  await expect(review.getByRole('heading', { name: title })).toBeVisible();
  await expect(review).toContainText('Lúcia P.');
  await expect(review).toContainText('Compra verificada');
  await expect(review).toContainText('Tirou as marcas de dedo da geladeira e deixou o inox brilhando.');
  await expect(review.getByRole('img', { name: '5 de 5 estrelas' })).toBeVisible();
  await expect(review.getByRole('img', { name: 'Foto 1 de Lúcia P.' })).toBeVisible();
  const expected = reviewMean({ ...before, 5: before[5] + 1 });
  await expect(reviews.getByTestId('review-mean')).toHaveText(formatRating(expected.rating!));
  await expect(reviews.getByTestId('review-count')).toHaveText(`${expected.count} avaliações`);
  await expect(page.getByTestId('product-rating').first()).toContainText(`${formatRating(expected.rating!)} (${expected.count})`);
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const jsonLd = JSON.parse(scripts.find((text) => text.includes('"Product"'))!) as {
    aggregateRating: { ratingValue: string; reviewCount: number };
    review: { name: string; author: { name: string } }[];
  };
  expect(jsonLd.aggregateRating).toMatchObject({ ratingValue: expected.rating, reviewCount: expected.count });
  expect(jsonLd.review[0]).toMatchObject({ name: title, author: { name: 'Lúcia P.' } });
  // The filter by stars: 1 star does not show it.
  await reviews.getByRole('link', { name: /^1 estrela/ }).click();
  await expect(page).toHaveURL(/estrelas=1/);
  await expect(reviews.getByRole('heading', { name: title })).toHaveCount(0);
  await reviews.getByRole('link', { name: 'Ver todas as avaliações' }).click();
  await expect(reviews.getByRole('heading', { name: title })).toBeVisible();
  await reviews.scrollIntoViewIfNeeded();
  await axeEverywhere(page, 'página do produto');
});

test('a review through an order not delivered, or another customer’s, is refused', async ({ page, browser }) => {
  const customer = await signedInCustomer(page, 'Otávio Ramos', { orders: [{ items: [{ slug: SLUG }], paymentMethod: 'credit_card', taxId: formatCpf(generateCpf()) }] });
  const orderId = customer.orders[0]!;
  await gotoHydrated(page, `/pedido/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Avalie sua compra' })).toHaveCount(0);
  const productId = await page.request.get(`/api/produtos/${SLUG}`).then(async (r) => ((await r.json()) as { product: { id: string } }).product.id);
  const url = `/area-cliente/avaliacoes/${productId}?pedido=${orderId}`;
  const response = await page.goto(url);
  expect(response?.status()).toBe(403);
  await expect(page.getByText('Você poderá avaliar este produto quando o pedido for entregue.')).toBeVisible();

  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await signedInCustomer(stranger, 'Estranho Silva');
  expect((await stranger.goto(url))?.status()).toBe(404);
  await strangerContext.close();
});
