import { expect, test, type Page } from '@playwright/test';
import { blogPosts } from '../../app/db/seed/content/blog';
import { legalPages } from '../../app/db/seed/content/legal';
import { products } from '../../app/db/seed/content/products';
import { siteContent } from '../../app/db/seed/content/site';
import { expectToast, latestMail, uniqueEmail, gotoHydrated } from './fixtures';

const REJUNTE = blogPosts.find((p) => p.slug === 'como-limpar-o-rejunte-do-banheiro')!;
const hero = (key: string) => siteContent.find((c) => c.page === 'about' && c.section === 'hero' && c.elementKey === key)!.content;

const postCards = (page: Page) => page.getByRole('main').getByRole('article');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar no blog' });

const open = gotoHydrated;

async function searchBlog(page: Page, term: string) {
  await searchBox(page).fill(term);
  await searchBox(page).press('Enter');
}

test.describe('/sobre', () => {
  test('shows the hero from the database, the mission with four values and the 2025–2030 timeline', async ({ page }) => {
    const response = await open(page, '/sobre');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: hero('title') })).toBeVisible();
    await expect(page.getByText(hero('subtitle'), { exact: true })).toBeVisible();
    await expect(page.getByText(hero('description'), { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nossa missão' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Nossos valores' }).getByRole('listitem')).toHaveCount(4);
    const timeline = page.getByRole('list', { name: 'Linha do tempo' });
    await expect(timeline.getByRole('listitem')).toHaveCount(6);
    for (const year of ['2025', '2026', '2027', '2028', '2029', '2030']) await expect(timeline.getByText(year, { exact: true })).toBeVisible();
    await expect(timeline.getByRole('listitem').first()).toContainText('Fundação');
    await expect(page).toHaveTitle('Sobre nós | Clarear');
  });
});

test.describe('/blog', () => {
  test('lists every post newest first as cards with category, author, pt-BR date and read time', async ({ page }) => {
    const response = await open(page, '/blog');
    expect(response?.status()).toBe(200);
    const newestFirst = [...blogPosts].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    await expect(postCards(page)).toHaveCount(blogPosts.length);
    await expect(postCards(page).getByRole('heading', { level: 2 })).toHaveText(newestFirst.map((p) => p.title));
    const card = postCards(page).filter({ hasText: REJUNTE.title });
    await expect(card.getByText(REJUNTE.category, { exact: true })).toBeVisible();
    await expect(card.getByText(REJUNTE.author, { exact: true })).toBeVisible();
    await expect(card.getByText('12 de maio de 2026', { exact: true })).toBeVisible();
    await expect(card.getByText(`${REJUNTE.readTimeMinutes} min de leitura`)).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', `/images/blog/${REJUNTE.image}`);
    await card.getByRole('link', { name: REJUNTE.title }).click();
    await expect(page).toHaveURL(`/blog/${REJUNTE.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: REJUNTE.title })).toBeVisible();
  });

  test('search filters by title or excerpt, case-insensitively, and lives in the URL', async ({ page }) => {
    await open(page, '/blog');
    await searchBlog(page, 'REJUNTE');
    await expect(page).toHaveURL('/blog?q=REJUNTE');
    await expect(postCards(page)).toHaveCount(1);
    await expect(postCards(page).first()).toContainText(REJUNTE.title);
    await expect(page.getByText('1 post encontrado')).toBeVisible();

    // Only in excerpts.
    await searchBlog(page, 'gases tóxicos');
    await expect(postCards(page)).toHaveCount(blogPosts.filter((p) => p.excerpt.includes('gases tóxicos')).length);
    await expect(postCards(page).first()).toContainText('Por que nunca misturar água sanitária');

    // A shared link opens with the search filled in.
    await open(page, '/blog?q=rejunte');
    await expect(searchBox(page)).toHaveValue('rejunte');
    await expect(postCards(page)).toHaveCount(1);
  });

  test('an empty result says so and "Limpar Filtros" brings the whole list back', async ({ page }) => {
    await open(page, '/blog');
    await searchBlog(page, 'assunto que não existe');
    await expect(page.getByText('Nenhum post encontrado.')).toBeVisible();
    await expect(postCards(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Limpar Filtros' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(postCards(page)).toHaveCount(blogPosts.length);
    await expect(searchBox(page)).toHaveValue('');
  });

  test('the category filter is in the URL and combines with the search', async ({ page }) => {
    await open(page, '/blog');
    const filters = page.getByRole('group', { name: 'Filtrar por categoria' });
    await filters.getByRole('button', { name: 'Segurança' }).click();
    await expect(page).toHaveURL('/blog?categoria=seguranca');
    await expect(filters.getByRole('button', { name: 'Segurança' })).toHaveAttribute('aria-pressed', 'true');
    const safety = blogPosts.filter((p) => p.category === 'Segurança');
    await expect(postCards(page)).toHaveCount(safety.length);

    // Enter in the search box keeps the category.
    await searchBlog(page, 'pH');
    await expect(page).toHaveURL(/\/blog\?q=pH&categoria=seguranca$/);
    await expect(postCards(page)).toHaveCount(safety.filter((p) => /ph/i.test(p.title) || /ph/i.test(p.excerpt)).length);

    await filters.getByRole('button', { name: 'Todas' }).click();
    await expect(page).toHaveURL('/blog?q=pH');
    await expect(filters.getByRole('button', { name: 'Todas' })).toHaveAttribute('aria-pressed', 'true');

    await open(page, '/blog?categoria=nao-existe');
    await expect(page.getByText('Nenhum post encontrado.')).toBeVisible();
  });

  test('the back button restores the previous search', async ({ page }) => {
    await open(page, '/blog');
    await searchBlog(page, 'rejunte');
    await expect(postCards(page)).toHaveCount(1);
    await searchBlog(page, 'roupas');
    await expect(page).toHaveURL('/blog?q=roupas');
    await expect(postCards(page).first()).toContainText('Como tirar manchas de roupas brancas');
    await page.goBack();
    await expect(page).toHaveURL('/blog?q=rejunte');
    await expect(searchBox(page)).toHaveValue('rejunte');
    await expect(postCards(page)).toHaveCount(1);
    await expect(postCards(page).first()).toContainText(REJUNTE.title);
    await page.goBack();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(searchBox(page)).toHaveValue('');
    await expect(postCards(page)).toHaveCount(blogPosts.length);
  });

  test('search works without JavaScript too', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blog');
    await searchBox(page).fill('rejunte');
    await page.getByRole('main').getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page).toHaveURL(/\/blog\?q=rejunte/);
    await expect(postCards(page)).toHaveCount(1);
    await context.close();
  });

  test('has the blog newsletter form', async ({ page }) => {
    await open(page, '/blog');
    const section = page.getByRole('region', { name: 'Receba nossas dicas no seu e-mail' });
    await section.getByLabel('Seu e-mail').fill(uniqueEmail('blog'));
    await section.getByRole('button', { name: 'Inscrever' }).click();
    await expectToast(page, '✅ Inscrição Confirmada!', 'Obrigado por se inscrever na nossa newsletter!');
  });

  test('odd query strings never break the page', async ({ page, request }) => {
    const nothing = ['q=%25', `q=${'a'.repeat(10_000)}`, 'q=%E0%A4%A', 'categoria=nao-existe', `q=${encodeURIComponent("' OR 1=1 --")}`, 'q=_', 'q=%5C', 'categoria=%25&q=%25%25'];
    for (const query of nothing) {
      const response = await request.get(`/blog?${query}`);
      expect(response.status(), query).toBe(200);
      expect(await response.text(), query).toContain('Nenhum post encontrado.');
    }
    // Ignored rather than refused: the whole list.
    for (const query of ['q=%00', 'q=&categoria=', 'q[]=x&categoria[]=y', 'q=a&q=b']) {
      expect((await request.get(`/blog?${query}`)).status(), query).toBe(200);
    }
    await open(page, '/blog?q=%25');
    await expect(searchBox(page)).toHaveValue('%');
    await expect(page.getByText('Nenhum post encontrado.')).toBeVisible();
  });
});

test.describe('/blog/{slug}', () => {
  test('renders the post HTML, its meta data and a link back to the blog', async ({ page }) => {
    const response = await open(page, `/blog/${REJUNTE.slug}`);
    expect(response?.status()).toBe(200);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: REJUNTE.title })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'Primeiro, descubra o que está escurecendo o rejunte' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 3, name: 'Limo e mofo' })).toBeVisible();
    await expect(main.locator('ol > li')).toHaveCount(5);
    await expect(main.getByText('Encardido acinzentado e uniforme:', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    await expect(main.getByRole('link', { name: 'Kit Banheiro Impecável' })).toHaveAttribute('href', '/kits');
    await expect(main.getByText(REJUNTE.author)).toBeVisible();
    await expect(main.getByText('12 de maio de 2026')).toBeVisible();
    await expect(page).toHaveTitle(`${REJUNTE.title} | Clarear`);

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'BlogPosting',
      headline: REJUNTE.title,
      author: { name: REJUNTE.author },
      publisher: { '@type': 'Organization', name: 'Clarear' },
    });
    expect(new Date(ld.datePublished).toISOString()).toBe(new Date(`${REJUNTE.createdAt}T12:00:00-03:00`).toISOString());
    expect(ld.image).toMatch(/^https?:\/\/.+\/images\/blog\//);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');

    await main.getByRole('link', { name: 'Voltar para o blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('a missing post answers 404 with "Post não encontrado." and a way back', async ({ page, request }) => {
    const response = await open(page, '/blog/post-que-nao-existe');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Post não encontrado.' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Voltar para o blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    for (const slug of ['%25', 'a'.repeat(3000), '%E0%A4%A', 'a%C3%A7%C3%A3o', 'UPPER', '%00']) {
      expect((await request.get(`/blog/${slug}`)).status(), slug).toBe(404);
    }
  });
});

test.describe('legal pages', () => {
  for (const legal of legalPages) {
    test(`/${legal.slug} renders its title, description and HTML`, async ({ page }) => {
      const response = await open(page, `/${legal.slug}`);
      expect(response?.status()).toBe(200);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
      await expect(main.getByText(legal.description, { exact: true })).toBeVisible();
      expect(await main.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(2);
      await expect(page).toHaveTitle(`${legal.title} | Clarear`);
    });
  }

  test('"Carregando..." shows while another legal page loads', async ({ page }) => {
    await open(page, '/termos-uso');
    await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
    // The page's data is held back until "Carregando..." has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/politica-privacidade.data*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Outras políticas' }).getByRole('link', { name: 'Política de Privacidade' }).click();
    await expect(page.getByText('Carregando...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeVisible();
    await expect(page.getByText('Carregando...')).toHaveCount(0);
  });

  test('a link inside the content navigates within the app', async ({ page }) => {
    await open(page, '/termos-uso');
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.getByRole('main').locator('article').getByRole('link', { name: 'Política de Privacidade' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeVisible();
    // Same document: no full reload happened.
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });

  test('any other single-segment address answers 404 with "Página não encontrada."', async ({ page, request }) => {
    const response = await open(page, '/pagina-que-nao-existe');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Página não encontrada.' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Voltar para a página inicial' })).toHaveAttribute('href', '/');
    for (const slug of ['%25', 'a'.repeat(5000), '%E0%A4%A', 'a%C3%A7%C3%A3o', '%F0%9F%A7%BC', 'Termos-Uso', '%00', '%ED%A0%80', "'%20OR%201=1%20--"]) {
      expect((await request.get(`/${slug}`)).status(), slug).toBe(404);
    }
  });
});

test.describe('/contato', () => {
  test('shows the phone and e-mail cards', async ({ page }) => {
    await open(page, '/contato');
    const cards = page.getByRole('list', { name: 'Canais de atendimento' });
    await expect(cards.getByRole('link', { name: '(11) 4002-8922' })).toHaveAttribute('href', 'tel:+551140028922');
    await expect(cards.getByText('Segunda a sexta, das 8h às 18h')).toBeVisible();
    await expect(cards.getByRole('link', { name: 'contato@clarear.com.br' })).toHaveAttribute('href', 'mailto:contato@clarear.com.br');
    // The answer time set in Configurações (the seed: the decree's 5 days).
    await expect(cards.getByText('Resposta em até 5 dias')).toBeVisible();
  });

  test('required fields in pt-BR, typed values kept, then sent: stored, mailed to the store, form cleared', async ({ page }) => {
    await open(page, '/contato');
    const form = page.getByRole('main').locator('form');
    const send = form.getByRole('button', { name: 'Enviar Mensagem' });
    await send.click();
    for (const message of ['Informe seu nome.', 'Informe seu e-mail.', 'Informe o assunto.', 'Escreva sua mensagem.']) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByLabel('Nome')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Nome').fill('Marina Alves');
    await form.getByLabel('E-mail').fill('nao-e-email');
    await send.click();
    await expect(form.getByText('Informe um e-mail válido.', { exact: true })).toBeVisible();
    await expect(form.getByLabel('Nome')).toHaveValue('Marina Alves');

    const email = uniqueEmail('contato');
    const subject = `Dúvida sobre diluição ${Date.now()}`;
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Assunto').fill(subject);
    await form.getByLabel('Mensagem').fill('Olá! Qual a diluição do desengordurante para coifas?\nObrigada.');
    // The answer is held back until the button has been seen while it sends.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/contato.data*', async (route) => {
      await held;
      await route.continue();
    });
    await send.click();
    await expect(form.getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    release();
    await expectToast(page, 'Mensagem enviada!', 'Recebemos sua mensagem e responderemos em até 5 dias.');
    await expect(page.getByRole('main').getByText('Recebemos sua mensagem e responderemos em até 5 dias.')).toBeVisible();
    for (const label of ['Nome', 'E-mail', 'Assunto', 'Mensagem']) await expect(form.getByLabel(label)).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Enviar Mensagem' })).toBeEnabled();

    const mail = (await latestMail('contato@clarear.com.br', subject)) as Awaited<ReturnType<typeof latestMail>> & { replyTo?: string };
    expect(mail.replyTo).toBe(email);
    expect(mail.text).toContain('Marina Alves');
    expect(mail.text).toContain('Qual a diluição do desengordurante para coifas?');
  });

  test('works as a plain POST: errors keep the typed values, success confirms', async ({ request }) => {
    const invalid = await request.post('/contato', { form: { name: 'Rafael', email: 'rafael@exemplo.com.br', subject: '', message: 'Oi' } });
    expect(invalid.status()).toBe(400);
    const html = await invalid.text();
    expect(html).toContain('Informe o assunto.');
    expect(html).toContain('value="Rafael"');
    expect(html).toContain('value="rafael@exemplo.com.br"');

    const tooLong = await request.post('/contato', { form: { name: 'a'.repeat(121), email: 'a@b.com', subject: 'x', message: 'y' } });
    expect(tooLong.status()).toBe(400);
    expect(await tooLong.text()).toContain('O nome deve ter no máximo 120 caracteres.');

    const subject = `Plain POST ${Date.now()}`;
    const sent = await request.post('/contato', { form: { name: 'Rafael', email: 'rafael@exemplo.com.br', subject, message: 'Olá' } });
    expect(sent.status()).toBe(200);
    expect(await sent.text()).toContain('Mensagem enviada!');
    await latestMail('contato@clarear.com.br', subject);
  });
});

test.describe('sitemap and robots', () => {
  test('/sitemap.xml lists public pages, products, kits, posts and legal pages with absolute URLs', async ({ request, baseURL }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of ['/', '/produtos', '/assinatura', '/kits', '/sobre', '/blog', '/contato']) expect(locs).toContain(`${baseURL}${path}`);
    expect(locs).toContain(`${baseURL}/produtos/${products[0]!.slug}`);
    for (const post of blogPosts) expect(locs).toContain(`${baseURL}/blog/${post.slug}`);
    for (const legal of legalPages) expect(locs).toContain(`${baseURL}/${legal.slug}`);
    expect(xml).toMatch(new RegExp(`<loc>${baseURL}/blog/${REJUNTE.slug}</loc>\\n\\s*<lastmod>2026-05-12T15:00:00Z</lastmod>`));
    expect(locs.every((l) => l!.startsWith(`${baseURL}/`))).toBe(true);
  });

  test('/robots.txt allows all but the private areas and points to the sitemap', async ({ request, baseURL }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('User-agent: *\nAllow: /\n');
    for (const path of ['/admin', '/area-cliente', '/checkout']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test('the content pages fit a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/sobre', '/blog', `/blog/${REJUNTE.slug}`, '/contato', '/termos-uso', '/pagina-que-nao-existe']) {
    await open(page, path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
