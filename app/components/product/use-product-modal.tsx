import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { ProductCard } from '~/server/catalog/catalog.server';

// Radix Dialog and the details load only when a customer opens a product.
const ProductModal = lazy(() => import('./product-modal'));

/** `open(card)` shows the product modal; render `modal` once in the page. */
export function useProductModal() {
  const [card, setCard] = useState<ProductCard | null>(null);
  // The element that opened the modal gets focus back when it closes.
  const opener = useRef<HTMLElement | null>(null);

  const open = useCallback((next: ProductCard) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setCard(next);
  }, []);
  const close = useCallback(() => {
    setCard(null);
    requestAnimationFrame(() => opener.current?.focus());
  }, []);

  const modal = card ? (
    <Suspense fallback={null}>
      <ProductModal key={card.slug} card={card} onClose={close} />
    </Suspense>
  ) : null;
  return { open, modal };
}
