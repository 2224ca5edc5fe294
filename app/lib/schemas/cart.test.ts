import { describe, expect, it } from 'vitest';
import { cartSyncSchema } from './cart';

const item = { id: 'v1', product_id: 'p1', name: 'Detergente', price: '5.90', quantity: 2, image_url: '/images/detergente.webp' };

describe('cartSyncSchema', () => {
  it('takes the whole list as JSON, within the cart limits; an outside image is dropped, not trusted', () => {
    const parsed = cartSyncSchema.parse({ mode: 'put', base: '4', items: JSON.stringify([item, { ...item, id: 'v2', image_url: 'https://mal.example/x.png' }]) });
    expect(parsed).toMatchObject({ mode: 'put', base: 4 });
    if (parsed.mode === 'pull') throw new Error('unexpected');
    expect(parsed.items.map((i) => i.image_url)).toEqual(['/images/detergente.webp', null]);
  });

  it('refuses 100 units, a negative price, a repeated line, more than 50 lines and bad JSON', () => {
    const bad = (items: unknown) => cartSyncSchema.safeParse({ mode: 'merge', items: typeof items === 'string' ? items : JSON.stringify(items) }).success;
    expect(bad([{ ...item, quantity: 100 }])).toBe(false);
    expect(bad([{ ...item, price: '-1.00' }])).toBe(false);
    expect(bad([item, item])).toBe(false);
    expect(bad(Array.from({ length: 51 }, (_, i) => ({ ...item, id: `v${i}` })))).toBe(false);
    expect(bad('[{')).toBe(false);
    expect(bad([item])).toBe(true);
    expect(cartSyncSchema.safeParse({ mode: 'pull' }).success).toBe(true);
  });
});
