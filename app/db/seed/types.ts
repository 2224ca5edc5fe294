// Shapes of the seed catalogue. Money and decimal values are strings ("12.90")
// so they reach numeric(12,2) columns exactly, never through a float.

export type SeedCategory = {
  /** Display name, unique: 'Cozinha', 'Kits Prontos', ... */
  name: string;
};

export type SeedVariant = {
  /** Package size as shown to the customer: '500 ml', '1 L', '5 L', '1 kg'. */
  size: string;
  /** Price in reais with two decimals: '12.90'. */
  price: string;
};

/** Detail sections of the product modal; null when the product has none. */
export type SeedDetails = {
  benefits: string | null;
  dilution: string | null;
  useIndication: string | null;
  howToUse: string | null;
  precautions: string | null;
  composition: string | null;
  activeIngredient: string | null;
};

export type SeedProduct = SeedDetails & {
  /** URL slug, unique, lowercase ascii with hyphens: 'detergente-neutro-concentrado'. */
  slug: string;
  name: string;
  description: string;
  /** Must equal the name of one SeedCategory (never 'Kits Prontos'). */
  category: string;
  /** File name under public/images/products/, e.g. 'detergente-neutro-concentrado.svg'. */
  image: string;
  /** '4.7' — 1.0 to 5.0, one decimal: the mean of the seed's own reviews of it (content/reviews.ts), not typed on the product. */
  rating: string;
  /** '7.0' — 0.0 to 14.0, one decimal. */
  ph: string;
  isFeatured: boolean;
  displayOrder: number;
  /** 2 or 3 sizes, cheapest first. The product's price and base_price are the cheapest variant's. */
  variants: SeedVariant[];
};

export type SeedKit = SeedDetails & {
  slug: string;
  name: string;
  description: string;
  /** File name under public/images/products/. */
  image: string;
  rating: string;
  /** Kit price in reais: '89.90' (below the sum of its parts). */
  price: string;
  isFeatured: boolean;
  displayOrder: number;
  /** Products in the kit, by SeedProduct.slug, with quantities (>= 1). */
  items: { product: string; quantity: number }[];
};

export type SeedTestimonial = {
  name: string;
  role: string;
  content: string;
  /** File name under public/images/testimonials/. */
  image: string;
  displayOrder: number;
};

/** The plan's page; its three options' prices are plan_options rows, stored by migration 0008. */
export type SeedPlanConfig = {
  planName: string;
  headline: string;
  description: string;
  image: string;
  /** icon: a lucide-react icon name in PascalCase, e.g. 'Truck', 'Percent'. */
  benefits: { text: string; icon: string }[];
  howItWorksSteps: { title: string; description: string }[];
};

export type SeedBlogPost = {
  slug: string;
  title: string;
  excerpt: string;
  /** Article body as HTML: <p>, <h2>, <h3>, <ul>/<ol>/<li>, <strong>, <em>, <a href="/...">. No scripts, no inline styles, no external URLs. */
  content: string;
  author: string;
  category: string;
  tags: string[];
  /** File name under public/images/blog/. */
  image: string;
  isFeatured: boolean;
  readTimeMinutes: number;
  /** ISO date, e.g. '2026-10-14'. */
  createdAt: string;
};

export type SeedLegalPage = {
  slug: 'termos-uso' | 'politica-privacidade' | 'trocas-devolucoes';
  title: string;
  /** One-sentence summary used as the page description. */
  description: string;
  /** HTML as for blog posts. */
  content: string;
};

export type SeedSiteContent = {
  page: string;
  section: string;
  elementKey: string;
  content: string;
};

export type SeedQuickQuestion = {
  questionText: string;
  /** The chatbot routing key the question sends: 'vendido', 'barato', 'pesada', 'kits prontos', 'assinatura', 'contato', 'pagamento', 'ajuda_pedido'. */
  responseKey: string;
  displayOrder: number;
};

/** A seeded size's volume prices (issue 35): from `minQuantity` units, each at `price`; cheaper than the size and each other. */
export type SeedPriceTiers = {
  /** SeedProduct.slug */
  product: string;
  /** One of its SeedVariant sizes. */
  size: string;
  tiers: { minQuantity: number; price: string }[];
};
