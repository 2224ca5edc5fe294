// How the admin's product list and search hold up on a large catalogue
// (issue 6: "paginated for large catalogues"): 20 000 extra products on the
// embedded database, then the queries /admin/products runs.
// Usage: npm run bench:admin   (prints ops/s, mean and percentiles; not a test)
import { sql } from 'drizzle-orm';
import { bench, describe } from 'vitest';
import { openDatabase } from '~/db/client.server';
import * as t from '~/db/schema';
import { seedCatalogue } from '~/db/seed/seed.server';
import { productFormSchema } from '~/lib/schemas/admin-product';
import { listAdminProducts, saveProduct } from '~/server/catalog/product-admin.server';

const EXTRA_PRODUCTS = 20_000;
const WORDS = ['Limpador', 'Detergente', 'Desinfetante', 'Sabão', 'Água Sanitária', 'Multiuso', 'Cera', 'Alvejante'];

const handle = await openDatabase({ pgliteDir: null });
await handle.migrate();
await seedCatalogue(handle.db);
for (let start = 0; start < EXTRA_PRODUCTS; start += 1000) {
  await handle.db.insert(t.products).values(
    Array.from({ length: 1000 }, (_, i) => {
      const n = start + i;
      return { slug: `bench-${n}`, name: `${WORDS[n % WORDS.length]} Lote ${n}`, price: '9.90', basePrice: '9.90' };
    }),
  );
}
// What the app does at each start on PGlite (it has no autovacuum to keep planner statistics).
await handle.db.execute(sql`analyze`);
let saved = 0;

describe(`admin catalogue with ${EXTRA_PRODUCTS} extra products (PGlite)`, () => {
  bench('list page 1, by name', async () => {
    await listAdminProducts(handle.db, { page: 1 });
  });
  bench('list page 400 (offset 9 975)', async () => {
    await listAdminProducts(handle.db, { page: 400 });
  });
  bench('list without weight/dimensions (?pacote=sem: every product probed)', async () => {
    await listAdminProducts(handle.db, { missingPackage: true });
  });
  bench("search 'agua sanitaria' (2 500 matches)", async () => {
    await listAdminProducts(handle.db, { term: 'agua sanitaria' });
  });
  bench("search 'lote 1234' (few matches)", async () => {
    await listAdminProducts(handle.db, { term: 'lote 1234' });
  });
  bench('save a new product with 3 sizes (one transaction)', async () => {
    saved += 1;
    const input = productFormSchema.parse({
      name: `Produto Bench ${saved}`,
      basePrice: '4,90',
      variants: [
        { size: '500 ml', price: '4,90' },
        { size: '1 L', price: '8,90' },
        { size: '5 L', price: '34,90' },
      ],
    });
    await saveProduct(handle.db, null, input);
  });
});
