import { describe, expect, it } from 'vitest';
import { formDataToObject } from './form-data';

function form(entries: [string, string | Blob][]) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

describe('formDataToObject', () => {
  it('keeps plain fields and builds lists of rows in index order, without holes', () => {
    const result = formDataToObject(
      form([
        ['name', 'Detergente'],
        ['variants.2.size', '5 L'],
        ['variants.0.size', '500 ml'],
        ['variants.0.price', '4,90'],
        ['variants.2.price', '29,90'],
        ['kitItems.0.productId', 'abc'],
      ]),
    );
    expect(result).toEqual({
      name: 'Detergente',
      variants: [
        { size: '500 ml', price: '4,90' },
        { size: '5 L', price: '29,90' },
      ],
      kitItems: [{ productId: 'abc' }],
    });
  });

  it('ignores files and absurd indexes', () => {
    const result = formDataToObject(form([['image', new Blob(['x'])], ['variants.100000.size', 'x'], ['a.b', 'c']]));
    expect(result).toEqual({ 'a.b': 'c' });
  });
});

describe('formDataToObject, rows inside rows', () => {
  it("builds a size's tiers in index order, without holes", () => {
    const result = formDataToObject(
      form([
        ['variants.0.size', '5 L'],
        ['variants.0.tiers.3.minQuantity', '24'],
        ['variants.0.tiers.3.price', '39,90'],
        ['variants.0.tiers.0.minQuantity', '6'],
        ['variants.0.tiers.0.price', '44,90'],
        ['variants.1.size', '1 L'],
        ['variants.1.tiers.500.price', '1'],
      ]),
    );
    expect(result).toEqual({
      variants: [
        {
          size: '5 L',
          tiers: [
            { minQuantity: '6', price: '44,90' },
            { minQuantity: '24', price: '39,90' },
          ],
        },
        { size: '1 L' },
      ],
    });
  });
});
