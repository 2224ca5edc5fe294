import { type RouteConfig, index, prefix, layout, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // Storefront
  route('produtos', 'routes/products.tsx'),
  route('produtos/:slug', 'routes/product.tsx'),
  route('kits', 'routes/kits.tsx'),
  route('kits/monte-seu-kit', 'routes/kit-builder.tsx'),
  route('sobre', 'routes/about.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('contato', 'routes/contact.tsx'),
  route('assinatura', 'routes/subscription.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('pedido/:id', 'routes/order.tsx'),
  // "Desistir da compra" and a defect claim, posted from the order page (issue 32).
  route('pedido/:id/desistencia', 'routes/order-return.ts'),
  // "Comprar novamente": the order's goods as cart lines at today's prices (issue 35).
  route('pedido/:id/comprar-novamente', 'routes/order-buy-again.ts'),
  // The order's NF-e files (DANFE, XML, cancellation XML), for its owner and admins (issue 34).
  route('pedido/:id/nfe/:file', 'routes/order-invoice-file.ts'),
  // Orçamentos (issue 35): asked from the cart; an accepted one paid at its prices.
  route('orcamento/solicitar', 'routes/quote-request.ts'),
  route('orcamento/:id/pagar', 'routes/quote-checkout.tsx'),
  // A company's invitation link (issue 35): sign in or sign up with the invited e-mail, then accept.
  route('empresa/convite/:token', 'routes/company-invitation.tsx'),
  // Accounts
  route('login', 'routes/login.tsx'),
  route('esqueci-senha', 'routes/forgot-password.tsx'),
  route('redefinir-senha', 'routes/reset-password.tsx'),
  // One-click unsubscribe of optional e-mails (signed token, no login).
  route('descadastrar', 'routes/unsubscribe.tsx'),
  route('logout', 'routes/logout.ts'),
  // IBGE's municipalities of a UF as a city is typed (address forms; issue 34).
  route('enderecos/municipios', 'routes/municipalities.ts'),
  // Customer area: one layout (sidebar), ten tabs.
  ...prefix('area-cliente', [
    layout('routes/customer/layout.tsx', [
      index('routes/customer/index.tsx'),
      route('perfil', 'routes/customer/profile.tsx'),
      route('enderecos', 'routes/customer/addresses.tsx'),
      route('meus-pedidos', 'routes/customer/orders.tsx'),
      route('faturas', 'routes/customer/invoices.tsx'),
      route('assinaturas', 'routes/customer/subscriptions.tsx'),
      route('lista-de-desejos', 'routes/customer/wishlist.tsx'),
      route('kits-salvos', 'routes/customer/saved-kits.tsx'),
      route('pagamentos', 'routes/customer/payments.tsx'),
      route('notificacoes', 'routes/customer/notifications.tsx'),
      route('preferencias', 'routes/customer/preferences.tsx'),
      // Orçamentos (issue 35): the customer's and their company's quotes.
      route('orcamentos', 'routes/customer/quotes.tsx'),
      route('orcamentos/:id', 'routes/customer/quote.tsx'),
      // Empresa (issue 35): the company account, its people, invitations and invoiced payment.
      route('empresa', 'routes/customer/company.tsx'),
      // A product of a delivered order reviewed (issue 36): /area-cliente/avaliacoes/:productId?pedido=…
      route('avaliacoes/:productId', 'routes/customer/review.tsx'),
    ]),
    // LGPD (Meus Dados): the data file and the erasure, outside the layout (a download and an action).
    route('meus-dados.json', 'routes/customer/data-export.ts'),
    route('excluir-conta', 'routes/customer/delete-account.ts'),
    // The plan's withdrawal within 7 days, posted from the assinaturas tab (issue 32).
    route('assinaturas/desistencia', 'routes/customer/plan-withdrawal.ts'),
  ]),
  // Admin area: every loader checks requireAdmin, every action requireAdminAction.
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('products', 'routes/admin/products.tsx'),
      route('products/:id', 'routes/admin/product-edit.tsx'),
      route('subscriptions', 'routes/admin/subscriptions.tsx'),
      route('subscriptions/:id', 'routes/admin/subscription.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/:id', 'routes/admin/order.tsx'),
      route('returns', 'routes/admin/returns.tsx'),
      route('returns/:id', 'routes/admin/return.tsx'),
      // Orçamentos (issue 35): quotes asked from the cart, answered per line.
      route('orcamentos', 'routes/admin/quotes.tsx'),
      route('orcamentos/:id', 'routes/admin/quote.tsx'),
      route('messages', 'routes/admin/messages.tsx'),
      route('messages/:id', 'routes/admin/message.tsx'),
      route('newsletter', 'routes/admin/newsletter.tsx'),
      route('customers', 'routes/admin/customers.tsx'),
      route('customers/:id', 'routes/admin/customer.tsx'),
      // Empresas (issue 35): companies, their buyers and orders, the invoiced-payment decision.
      route('empresas', 'routes/admin/companies.tsx'),
      route('empresas/:id', 'routes/admin/company.tsx'),
      // Cupons (issue 36): codes, their rules and limits, uses and the discount given.
      route('cupons', 'routes/admin/coupons.tsx'),
      route('cupons/:id', 'routes/admin/coupon.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      // Configurações → Fiscal (issue 34): NF-e settings and the tax table.
      route('fiscal', 'routes/admin/fiscal.tsx'),
      // Notas fiscais (issue 34): the month's NF-e for the accountant.
      route('notas-fiscais', 'routes/admin/invoices.tsx'),
      route('contas-a-receber', 'routes/admin/receivables.tsx'),
      // Avaliações (issue 36): pending, approved, rejected; approve, reject with a reason, reply.
      route('avaliacoes', 'routes/admin/reviews.tsx'),
      // Freight (issue 33): services with their price tables, zones, free-shipping rules.
      route('frete', 'routes/admin/shipping.tsx'),
      route('frete/servicos/:id', 'routes/admin/shipping-service.tsx'),
      route('frete/zonas/:id', 'routes/admin/shipping-zone.tsx'),
      route('frete/regras/:id', 'routes/admin/shipping-rule.tsx'),
      route('reports', 'routes/admin/reports.tsx'),
      route('legal-pages', 'routes/admin/legal-pages.tsx'),
      route('legal-pages/:slug', 'routes/admin/legal-page-edit.tsx'),
    ]),
    route('uploads', 'routes/admin/uploads.ts'),
    route('products/:id/fds', 'routes/admin/product-sds.ts'),
    // Outside the layout: a file, and a page printed without the panel's frame.
    route('orders/export.csv', 'routes/admin/orders-export.ts'),
    route('contas-a-receber/export.csv', 'routes/admin/receivables-export.ts'),
    route('newsletter/export.csv', 'routes/admin/newsletter-export.ts'),
    route('reports/export.csv', 'routes/admin/reports-export.ts'),
    // The month's NF-e XMLs as one ZIP, /admin/notas-fiscais/2026-11.zip (issue 34).
    route('notas-fiscais/:file', 'routes/admin/invoices-zip.ts'),
    route('orders/:id/etiqueta', 'routes/admin/packing-slip.tsx'),
    // Recording a refund made by Pix transfer, posted from the order's page (issue 32).
    route('orders/:id/reembolso', 'routes/admin/order-refund.ts'),
    // Buying a parcel's Melhor Envio label, posted from the order's page (issue 33).
    route('orders/:id/etiqueta/comprar', 'routes/admin/order-label.ts'),
    // Attaching an NF-e issued in another system, posted from the order's page (issue 34).
    route('orders/:id/nfe', 'routes/admin/order-invoice.ts'),
  ]),
  // Resource routes (actions and data for widgets)
  route('newsletter', 'routes/newsletter.ts'),
  // "Avise-me quando chegar" on a sold-out size, and a visitor's confirmation link (issue 36).
  route('avise-me', 'routes/stock-alert.ts'),
  route('avise-me/confirmar/:token', 'routes/stock-alert-confirm.tsx'),
  // Carts that are not lost (issue 36): a signed-in customer's cart kept on the server, and a reminder's restore link.
  route('carrinho/sync', 'routes/cart-sync.ts'),
  route('carrinho/recuperar/:token', 'routes/cart-restore.tsx'),
  route('favoritos', 'routes/favorites.ts'),
  // "Calcular frete" on a product's page and modal (issue 33).
  route('frete/cotacao', 'routes/freight-quote.ts'),
  route('api/produtos/:slug', 'routes/api.product.ts'),
  route('chatbot', 'routes/chatbot.ts'),
  route('preferencias/tema', 'routes/theme.ts'),
  route('api/auth/*', 'routes/api.auth.ts'),
  route('uploads/*', 'routes/uploads.ts'),
  route('webhooks/mercadopago', 'routes/webhooks.mercadopago.ts'),
  route('webhooks/melhorenvio', 'routes/webhook-melhorenvio.ts'),
  route('webhooks/focusnfe', 'routes/webhook-focusnfe.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  // Product feeds for Google Merchant Center and Meta's catalogue (issue 36).
  route('feeds/google.xml', 'routes/feeds.google.ts'),
  route('feeds/meta.csv', 'routes/feeds.meta.ts'),
  // The e2e suite's seeding entry: a 404 unless NODE_ENV=test and E2E_FIXTURES=1 (playwright.config.ts).
  route('__e2e/customer', 'routes/e2e-fixtures.ts'),
  // A legal page's past version (/termos-uso/versao/2): what an order's buyer accepted, kept for good.
  route(':slug/versao/:version', 'routes/legal-page-version.tsx'),
  // Legal pages by slug (/termos-uso, …); anything else is a 404.
  route(':slug', 'routes/legal-page.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
