// Stored XSS (issue 12): the classic vectors saved through every admin text field (product
// texts, sizes, kit texts, plan texts, benefits, steps) and through what a customer types
// (name, address), then shown wherever the store shows them: the storefront pages, the
// product modal, search, the kit builder, the chatbot, the checkout summary, the customer
// area and the admin's own pages. On each: no dialog, no script ran (every vector sets
// window.__xss), no inline handler or javascript: URL in the DOM, no CSP violation, and the
// text is shown literally.
import { expect, test, type Page } from '@playwright/test';
import { asAdmin, expectToast, gotoHydrated, signedInCustomer } from './fixtures';

/** Each vector, if it ever runs, sets window.__xss (and opens a dialog where it has room). */
const V = {
  script: '<script>window.__xss=1;alert(1)</script>',
  img: '<img src=x onerror="window.__xss=1;alert(1)">',
  svg: '"><svg onload="window.__xss=1;alert(1)">',
  jsonBreak: '</script><script>window.__xss=1;alert(1)</script>',
  template: '{{7*7}}',
  attribute: '" onmouseover="window.__xss=1;alert(1)" x="',
  url: 'javascript:window.__xss=1;alert(1)',
  quote: "';window.__xss=1;alert(1)//",
};
/** Every vector in one text, for the long fields. */
const ALL = Object.values(V).join(' ');

type Watch = { dialogs: string[] };

/** Records dialogs and CSP violations from the first script of every document. */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { dialogs: [] };
  page.on('dialog', (dialog) => {
    w.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const record: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = record;
    document.addEventListener('securitypolicyviolation', (e) => record.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  return w;
}

/** Nothing ran on the page in front of us and nothing is waiting to run. */
async function expectClean(page: Page, w: Watch, where: string) {
  // A vector that broke out of its attribute would run on hover: hover the main text once.
  await page.mouse.move(200, 300);
  const found = await page.evaluate(() => {
    const handlers: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        if (attr.name.startsWith('on')) handlers.push(`<${el.tagName.toLowerCase()} ${attr.name}>`);
        if (/^\s*javascript:/i.test(attr.value) && ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attr.name)) {
          handlers.push(`<${el.tagName.toLowerCase()} ${attr.name}="${attr.value}">`);
        }
      }
    }
    const w = window as unknown as { __xss?: unknown; __csp?: string[] };
    return { xss: w.__xss ?? null, csp: w.__csp ?? [], handlers };
  });
  expect(found, where).toEqual({ xss: null, csp: [], handlers: [] });
  expect(w.dialogs, where).toEqual([]);
}


// @shared-state (playwright.config.ts): the cheapest product and a featured kit, while they exist, are what the chatbot and the home page show.
test('product and kit texts saved by the admin show literally on every storefront page, and nothing runs', { tag: '@shared-state' }, async ({ page }) => {
  test.slow();
  const w = await watch(page);
  const id = `xss${Date.now().toString(36)}`;
  // Within the name's 120 characters: the JSON-in-HTML breaker (JSON-LD, hydration data), an
  // element, an attribute breaker and a template.
  const name = `Limpador ${id} ${V.jsonBreak} <img src=x onerror=window.__xss=1> {{7*7}}`;
  const size = `"><svg onload=window.__xss=1> 1 L`;
  const text = (label: string) => `${label}: ${ALL}`;

  await asAdmin(page);
  await gotoHydrated(page, '/admin/products/new');
  await page.getByLabel('Nome *').fill(name);
  await page.getByLabel('Descrição').fill(text('Descrição'));
  // The cheapest product: the chatbot's "mais barato" answer lists it.
  await page.getByLabel('Preço base (R$) *').fill('0,01');
  for (const label of ['Benefícios', 'Indicação de uso', 'Modo de uso', 'Diluição', 'Precauções', 'Composição', 'Princípio ativo']) {
    await page.getByLabel(label, { exact: true }).fill(text(label));
  }
  await page.getByRole('button', { name: 'Adicionar tamanho' }).click();
  const sizeRow = page.getByRole('group', { name: 'Tamanho 1', exact: true });
  await sizeRow.getByLabel('Tamanho', { exact: true }).fill(size);
  await sizeRow.getByLabel('Preço (R$)').fill('0,01');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expectToast(page, 'Produto salvo!');
  // The admin's own page shows the stored values back, as values.
  await expect(page.getByRole('heading', { name: `Editar produto: ${name}` })).toBeVisible();
  await expect(page.getByLabel('Nome *')).toHaveValue(name);
  await expect(page.getByLabel('Benefícios', { exact: true })).toHaveValue(text('Benefícios'));
  await expect(sizeRow.getByLabel('Tamanho', { exact: true })).toHaveValue(size);
  await expectClean(page, w, 'admin: edit page');
  const productUrl = page.url();
  const productPath = (await page.getByRole('link', { name: 'Ver na loja' }).getAttribute('href'))!;

  // A kit of it, featured (home page), through the same form's action.
  const kitName = `Kit ${id} ${V.script} ${V.attribute}`.slice(0, 120);
  const productId = productUrl.split('/').pop()!;
  const kit = await page.request.post('/admin/products/new', {
    form: { name: kitName, description: text('Kit'), basePrice: '9,90', price: '9,90', isKit: 'on', isFeatured: 'on', displayOrder: '0', 'kitItems.0.productId': productId, 'kitItems.0.quantity': '2' },
    maxRedirects: 0,
  });
  expect(kit.status()).toBe(302);
  const kitUrl = kit.headers()['location']!;
  // A javascript: image URL never gets in: only the store's own uploads and images.
  const refused = await page.request.post('/admin/products/new', { form: { name: `Imagem ${id}`, basePrice: '1,00', imageUrl: V.url } });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('Envie a imagem pelo campo de upload.');

  try {
    // Product page (server-rendered, JSON-LD and hydration data included).
    await gotoHydrated(page, productPath);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // The long texts sit in closed sections: present, as text.
    await expect(page.getByText(text('Modo de uso')).first()).toBeAttached();
    await expect(page.getByText(size)).toBeVisible();
    await expectClean(page, w, 'product page');
    expect(await page.title()).toContain(`Limpador ${id}`);

    // Search results, then the product modal (rendered in the browser from /api/produtos).
    await gotoHydrated(page, `/produtos?q=${id}`);
    const card = page.getByRole('article').filter({ hasText: id });
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await card.getByRole('button', { name: /Ver detalhes/ }).click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(text('Descrição'))).toBeVisible();
    await dialog.locator('label').filter({ hasText: /R\$/ }).first().click();
    await dialog.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await expect(dialog).toHaveCount(0);
    await expectClean(page, w, 'search results and product modal');

    // The checkout summary, from the cart and then from the server's quote.
    await gotoHydrated(page, '/checkout');
    await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
    await expectClean(page, w, 'checkout');

    // The kit builder lists the product and its size.
    await gotoHydrated(page, `/kits/monte-seu-kit?q=${id}`);
    await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
    await expectClean(page, w, 'kit builder');

    // Kits and the home page (featured kits): the kit's texts and what comes in it.
    for (const path of ['/kits', '/']) {
      await gotoHydrated(page, path);
      const article = page.getByRole('article').filter({ hasText: `Kit ${id}` });
      await expect(article.getByRole('heading', { name: kitName })).toBeVisible();
      await expectClean(page, w, path);
    }

    // The chatbot's answer lists the cheapest products: ours among them.
    await page.getByRole('button', { name: 'Abrir chat de atendimento' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat Clarear' });
    await chat.getByLabel('Digite sua mensagem').fill('produto mais barato');
    await chat.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(chat.getByRole('log').getByText(name)).toBeVisible();
    await expectClean(page, w, 'chatbot');
  } finally {
    // The cheapest product and a featured kit would change what other specs see.
    for (const url of [kitUrl, productUrl]) {
      const response = await page.request.post('/admin/products', { form: { intent: 'delete', id: url.split('/').pop()! } });
      expect(response.ok()).toBe(true);
    }
  }
});

// @shared-state: the plan is what /assinatura and every checkout of it read.
test('plan texts saved by the admin show literally on /assinatura, and nothing runs', { tag: '@shared-state' }, async ({ page }) => {
  test.slow();
  const w = await watch(page);
  await asAdmin(page);
  await gotoHydrated(page, '/admin/subscriptions');
  // The plan as it is, to put back afterwards (other specs read /assinatura).
  const editor = page.locator('form').filter({ has: page.getByRole('button', { name: 'Salvar plano' }) });
  const original = await editor.evaluate((form: HTMLFormElement) => [...new FormData(form).entries()].map(([k, v]) => [k, String(v)] as [string, string]));

  const planName = `Plano ${V.img}`.slice(0, 80);
  const headline = `Assine ${V.jsonBreak}`;
  const description = `Descrição: ${ALL}`;
  const benefit = `${V.svg} ${V.template}`.slice(0, 120);
  const stepTitle = `${V.attribute}`.slice(0, 80);
  const stepDescription = `${V.script} ${V.quote}`;
  try {
    await page.getByLabel('Nome do plano').fill(planName);
    await page.getByLabel('Chamada principal', { exact: true }).fill(headline);
    await page.getByLabel('Descrição do plano').fill(description);
    const benefits = page.getByRole('group', { name: 'Benefício 1', exact: true });
    await benefits.getByLabel('Texto').fill(benefit);
    const step = page.getByRole('group', { name: 'Passo 1', exact: true });
    await step.getByLabel('Título').fill(stepTitle);
    await step.getByLabel('Descrição').fill(stepDescription);
    await page.getByRole('button', { name: 'Salvar plano' }).click();
    await expectToast(page, 'Plano atualizado com sucesso!');
    await expect(page.getByLabel('Nome do plano')).toHaveValue(planName);
    await expectClean(page, w, 'admin: plan editor');

    await gotoHydrated(page, '/assinatura');
    await expect(page.getByRole('heading', { level: 1, name: headline })).toBeVisible();
    for (const literal of [planName, description, benefit, stepTitle, stepDescription]) {
      await expect(page.getByRole('main').getByText(literal, { exact: true }).first()).toBeVisible();
    }
    await expectClean(page, w, '/assinatura');
  } finally {
    const restored = await page.request.post('/admin/subscriptions', { form: Object.fromEntries(original) });
    expect(restored.ok()).toBe(true);
  }
});

test("a customer's name and address show literally to the customer and the admin, and nothing runs", async ({ page, browser }) => {
  test.slow();
  const w = await watch(page);
  const name = `${V.img} ${V.svg} Souza`.slice(0, 120);
  const account = await signedInCustomer(page, name);
  await page.goto('/area-cliente/perfil');
  await expect(page.getByRole('main').getByLabel('Nome completo')).toHaveValue(name);
  await expectClean(page, w, 'profile');

  await gotoHydrated(page, '/area-cliente/enderecos');
  const main = page.getByRole('main');
  const addressName = V.template;
  const street = `Rua ${V.script}`.slice(0, 200);
  const complement = V.attribute;
  await main.getByLabel('Nome do endereço').fill(addressName);
  await main.getByLabel('CEP').pressSequentially('01310100');
  await main.getByLabel('Rua').fill(street);
  await main.getByLabel('Número').fill(V.quote.slice(0, 20));
  await main.getByLabel('Complemento (opcional)').fill(complement);
  await main.getByLabel('Bairro').fill(V.jsonBreak.slice(0, 100));
  await main.getByLabel('Cidade').fill('São Paulo');
  await main.getByLabel('Estado').selectOption('SP');
  await page.getByRole('button', { name: 'Salvar endereço' }).click();
  await expectToast(page, 'Endereço salvo!');
  const saved = main.getByRole('listitem', { name: addressName });
  await expect(saved.getByText(street, { exact: false })).toBeVisible();
  await expectClean(page, w, 'addresses');

  // The admin sees the customer's name in the subscribers list.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const aw = await watch(admin);
  await asAdmin(admin);
  await gotoHydrated(admin, '/admin/subscriptions');
  const assign = admin.getByRole('button', { name: 'Atribuir assinatura' });
  await admin.getByLabel('E-mail do usuário').fill(account.email);
  await assign.click();
  await expectToast(admin, 'Assinatura atribuída com sucesso!');
  await gotoHydrated(admin, '/admin/subscriptions');
  await expect(admin.getByText(name, { exact: true }).first()).toBeVisible();
  await expectClean(admin, aw, 'admin: subscribers');
  await adminContext.close();
});
