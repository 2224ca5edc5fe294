// The product detail modal a product card opens. Loaded on first open; fetches the sizes
// or kit contents from /api/produtos/:slug.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ProductCard, ProductDetail } from '~/server/catalog/catalog.server';
import { toast } from '../ui/toaster';
import { ProductDetails, type DetailStatus } from './product-details';

type State = { status: DetailStatus; detail: ProductDetail | null; isFavorite: boolean };

export default function ProductModal({ card, onClose }: { card: ProductCard; onClose: () => void }) {
  const [state, setState] = useState<State>({ status: 'loading', detail: null, isFavorite: false });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading', detail: null, isFavorite: false });
    fetch(`/api/produtos/${encodeURIComponent(card.slug)}`, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response) => {
        const body = (await response.json()) as { product?: ProductDetail; isFavorite?: boolean; error?: string };
        if (!response.ok || !body.product) throw new Error(body.error ?? 'Tente novamente em instantes.');
        setState({ status: 'ready', detail: body.product, isFavorite: body.isFavorite ?? false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', detail: null, isFavorite: false });
        toast({
          title: card.isKit ? 'Erro ao buscar itens do kit' : 'Erro ao buscar tamanhos',
          description: error instanceof Error ? error.message : 'Tente novamente em instantes.',
          variant: 'destructive',
        });
      });
    return () => controller.abort();
  }, [card.slug, card.isKit]);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-[70] max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(960px,94vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-8 dark:bg-slate-900"
        >
          <ProductDetails
            card={card}
            detail={state.detail}
            status={state.status}
            isFavorite={state.isFavorite}
            Title={Dialog.Title}
            onAdded={onClose}
          />
          <p className="mt-6 text-sm">
            <Link to={`/produtos/${card.slug}`} onClick={onClose} className="font-medium text-brand-700 underline dark:text-brand-200">
              Ver página do produto
            </Link>
          </p>
          <Dialog.Close
            aria-label="Fechar"
            className="absolute top-3 right-3 grid h-10 w-10 place-items-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <X className="h-5 w-5" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
