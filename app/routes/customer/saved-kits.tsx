// /area-cliente/kits-salvos: the customer's own kits,
// newest first, with items and total; a kit goes to the cart or is deleted.
import { ShoppingCart, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { data, Link, useFetcher } from 'react-router';
import { Button, buttonVariants } from '~/components/ui/button';
import { toast } from '~/components/ui/toaster';
import { cartStore } from '~/lib/cart-store';
import { formatBRL, formatPrice } from '~/lib/money';
import { isUuid } from '~/lib/schemas/ids';
import { getDb } from '~/server/infra/db.server';
import { deleteSavedKit, listSavedKits, type SavedKit } from '~/server/account/saved-kits.server';
import { requireUser } from '~/server/auth/session.server';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/saved-kits';
import { log } from '~/server/infra/log.server';

export const meta: Route.MetaFunction = () => [{ title: 'Meus Kits Salvos | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  try {
    return { kits: await listSavedKits(await getDb(), user.id), error: null };
  } catch (error) {
    log.error('kits-salvos: falha ao buscar', error);
    return { kits: [] as SavedKit[], error: 'Erro ao buscar kits salvos' };
  }
}

type DeleteResult = { ok: true } | { ok: false; message: string };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const kitId = String(form.get('kitId') ?? '');
  if (form.get('intent') !== 'delete' || !isUuid(kitId)) {
    return data<DeleteResult>({ ok: false, message: 'Kit não encontrado.' }, 404);
  }
  try {
    const deleted = await deleteSavedKit(await getDb(), user.id, kitId);
    if (!deleted) return data<DeleteResult>({ ok: false, message: 'Kit não encontrado.' }, 404);
    return data<DeleteResult>({ ok: true });
  } catch (error) {
    log.error('kits-salvos: falha ao deletar', error);
    return data<DeleteResult>({ ok: false, message: 'Não foi possível excluir o kit. Tente novamente.' }, 500);
  }
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' });

export default function SavedKits({ loaderData }: Route.ComponentProps) {
  const { kits, error } = loaderData;
  return (
    <section aria-labelledby="saved-kits-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="saved-kits-title" className="text-2xl font-bold">
          Meus Kits Salvos
        </h1>
        <Link to="/kits/monte-seu-kit" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          Monte seu kit
        </Link>
      </div>
      {error ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">{error}</p>
          <p className="text-sm">Tente novamente em instantes.</p>
        </div>
      ) : kits.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-semibold">Você ainda não salvou nenhum kit.</p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">Escolha produtos, tamanhos e quantidades e guarde seu kit para comprar de novo.</p>
          <Link to="/kits/monte-seu-kit" className="mt-4 inline-block font-semibold text-brand-700 underline dark:text-brand-200">
            Montar meu primeiro kit
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-6">
          {kits.map((kit) => (
            <li key={kit.id}>
              <KitCard kit={kit} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function KitCard({ kit }: { kit: SavedKit }) {
  const fetcher = useFetcher<DeleteResult>();
  const [confirming, setConfirming] = useState(false);
  const headingId = `kit-${kit.id}`;
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) toast({ title: 'Kit excluído' });
    else toast({ title: 'Erro ao deletar kit', description: result.message, variant: 'destructive' });
    setConfirming(false);
  }, [fetcher.data]);

  function addToCart() {
    for (const item of kit.items) {
      cartStore.add({
        id: item.variantId ?? item.productId,
        product_id: item.productId,
        name: item.name,
        price: item.unitPrice,
        quantity: item.quantity,
        size: item.size,
        image_url: item.imageUrl,
      });
    }
    toast({ title: '✅ Produto Adicionado!', description: 'Os itens do kit estão no seu carrinho.' });
  }

  const created = new Date(kit.createdAt);
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold break-words">
          {kit.name}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Salvo em <time dateTime={created.toISOString()}>{dateFormat.format(created)}</time>
        </p>
      </div>
      <ul className="mt-3 grid gap-2 text-sm" aria-label={`Itens de ${kit.name}`}>
        {kit.items.map((item) => (
          <li key={item.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-b border-slate-100 pb-2 last:border-0 dark:border-slate-800">
            <span>
              {item.quantity}× {item.name}
              {item.size ? ` (${item.size})` : ''}
            </span>
            <span className="text-slate-700 dark:text-slate-300">
              {item.quantity} × {formatPrice(item.unitPrice)} = <span className="font-semibold">{formatBRL(item.lineCents)}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-right text-lg font-bold">
        Total: <span data-testid="kit-total">{formatBRL(kit.totalCents)}</span>
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="button" onClick={addToCart} disabled={kit.items.length === 0}>
          <ShoppingCart className="h-4 w-4" aria-hidden /> Adicionar ao carrinho<span className="sr-only"> o kit {kit.name}</span>
        </Button>
        {confirming ? (
          <fetcher.Form method="post" className="flex flex-wrap items-center gap-2" role="group" aria-label={`Confirmar exclusão de ${kit.name}`}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="kitId" value={kit.id} />
            <span className="text-sm font-medium">Excluir este kit?</span>
            <Button type="submit" variant="destructive" disabled={busy}>
              Confirmar exclusão
            </Button>
            <Button type="button" variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
              Cancelar
            </Button>
          </fetcher.Form>
        ) : (
          <Button type="button" variant="outline" onClick={() => setConfirming(true)} className="text-red-700 dark:text-red-400">
            <Trash2 className="h-4 w-4" aria-hidden /> Excluir kit<span className="sr-only"> {kit.name}</span>
          </Button>
        )}
      </div>
    </article>
  );
}
