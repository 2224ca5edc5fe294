// Histórico de Pedidos one page at a time (issue 17, goal 4): newest first, each order once
// across the pages, only the customer's own, a page past the end shows the last one.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '~/db/schema';
import { listOwnOrders, OWN_ORDERS_PAGE_SIZE } from '~/server/orders/orders.server';
import { engines } from '../support/engines';

const MINE = OWN_ORDERS_PAGE_SIZE * 2 + 5;

describe.each(engines)('own orders pages on $name', ({ open }) => {
  let handle: Awaited<ReturnType<typeof open>>;

  beforeAll(async () => {
    handle = await open();
    await handle.migrate();
    await handle.db.insert(t.user).values([
      { id: 'pages-me', name: 'Eu', email: 'eu@paginas.com.br' },
      { id: 'pages-other', name: 'Outro', email: 'outro@paginas.com.br' },
    ]);
    // Two orders share each creation time: only the id orders them, and no page may repeat or skip one.
    await handle.db.execute(sql`
      insert into orders (user_id, status, total_price, subtotal_price, discount_price, payment_method, idempotency_key, created_at,
                          ship_name, ship_street, ship_number, ship_neighborhood, ship_city, ship_state, ship_zip_code)
      select case when g <= ${MINE} then 'pages-me' else 'pages-other' end, 'pending', 10, 10, 0, 'pix', 'pages-' || g,
             timestamptz '2026-01-01 12:00:00+00' + ((g / 2) || ' hours')::interval,
             'Eu', 'Rua A', '1', 'Centro', 'São Paulo', 'SP', '01001000'
      from generate_series(1, ${MINE + 3}) g`);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('pages through the customer’s orders newest first, each once, and never another’s', async () => {
    const first = await listOwnOrders(handle.db, 'pages-me');
    expect(first).toMatchObject({ total: MINE, page: 1, pageCount: 3 });
    const pages = [first, await listOwnOrders(handle.db, 'pages-me', { page: 2 }), await listOwnOrders(handle.db, 'pages-me', { page: 3 })];
    expect(pages.map((p) => p.items.length)).toEqual([OWN_ORDERS_PAGE_SIZE, OWN_ORDERS_PAGE_SIZE, 5]);
    const all = pages.flatMap((p) => p.items);
    expect(new Set(all.map((o) => o.id)).size).toBe(MINE);
    const times = all.map((o) => o.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const [owned] = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from orders where user_id = 'pages-me' and id in ${all.map((o) => o.id)}`).then((r) => r.rows);
    expect(owned!.n).toBe(MINE);

    expect((await listOwnOrders(handle.db, 'pages-me', { page: 99 })).items).toEqual(pages[2]!.items);
    expect((await listOwnOrders(handle.db, 'pages-me', { page: Number.NaN })).items).toEqual(first.items);
    expect(await listOwnOrders(handle.db, 'pages-nobody')).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
  });
});
