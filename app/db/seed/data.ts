// The pt-BR seed catalogue, read by ./seed.server.ts. Each export is typed by
// ./types; the content itself lives in ./content/ (one file per subject).
// Note: not in a folder named "data/", which the root .gitignore excludes.
export { categories, KITS_CATEGORY } from './content/categories';
export { products } from './content/products';
export { productSafety } from './content/product-safety';
export { kits } from './content/kits';
export { priceTiers } from './content/price-tiers';
export { testimonials } from './content/testimonials';
export { planConfig } from './content/plan';
export { blogPosts } from './content/blog';
export { legalPages, SEEDED_TEXT_HASHES } from './content/legal';
export { siteContent, quickQuestions, storeSettings } from './content/site';
export { SEED_REVIEW_AUTHORS, SEED_REVIEW_TEXTS, SEED_REVIEWS_LATEST } from './content/reviews';
