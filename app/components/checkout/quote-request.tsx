// "Solicitar orçamento" under the cart (issue 35): for a company member always, for anyone else
// from the store's minimum of units. Sends the cart's lines (ids and quantities only), a note and
// the CEP if known; the quote opens in the customer area. Signed out: a link to the login.
import { useEffect, useState } from 'react';
import { Link, useFetcher, useNavigate } from 'react-router';
import { TextareaField } from '~/components/admin/form-controls';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toaster';
import type { CartItem } from '~/lib/cart';
import { cartStore } from '~/lib/cart-store';
import type { QuoteEligibility, QuoteRequestResult } from '~/lib/quotes';
import { QUOTE_LIMITS } from '~/lib/schemas/quotes';

export function QuoteRequest({ cart, cep }: { cart: readonly CartItem[]; cep: string }) {
  const who = useFetcher<QuoteEligibility>();
  const send = useFetcher<QuoteRequestResult>();
  const navigate = useNavigate();
  const [note, setNote] = useState('');
  const load = who.load;
  useEffect(() => {
    void load('/orcamento/solicitar');
  }, [load]);
  useEffect(() => {
    const result = send.data;
    if (!result || send.state !== 'idle') return;
    if (result.ok) {
      // The goods are in the quote now: out of the cart, so they are not bought twice (the plan, if any, stays).
      cartStore.replace(cartStore.get().filter((l) => l.is_subscription));
      toast({ title: 'Orçamento solicitado', description: 'Os itens saíram do carrinho e estão no orçamento. Você recebe a resposta por e-mail e em Minha Conta → Orçamentos.' });
      void navigate(`/area-cliente/orcamentos/${result.id}`);
    } else if (!result.field) toast({ title: 'Não foi possível solicitar o orçamento', description: result.message, variant: 'destructive' });
  }, [send.data, send.state, navigate]);

  const goods = cart.filter((l) => !l.is_subscription);
  const units = goods.reduce((sum, l) => sum + l.quantity, 0);
  const info = who.data;
  if (!info || goods.length === 0) return null;
  const heading = (
    <h2 id="orcamento-titulo" className="text-lg font-bold">
      Compra em grande quantidade?
    </h2>
  );
  if (!info.signedIn) {
    return (
      <section aria-labelledby="orcamento-titulo" className="mt-6 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        {heading}
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Empresas e compras grandes podem pedir um orçamento.{' '}
          <Link to="/login?redirectTo=%2Fcheckout" className="font-semibold text-brand-700 underline dark:text-brand-200">
            Entre na sua conta
          </Link>{' '}
          para solicitar.
        </p>
      </section>
    );
  }
  const eligible = info.companyMember || units >= info.minQuantity;
  const refused = send.data && !send.data.ok && send.data.field === 'note' ? send.data.message : undefined;
  return (
    <section aria-labelledby="orcamento-titulo" className="mt-6 rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="quote-request">
      {heading}
      {eligible ? (
        <send.Form method="post" action="/orcamento/solicitar" className="mt-2 grid gap-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">Peça um preço especial para este carrinho. A loja responde com o preço de cada item; se aceitar, você paga por aqui mesmo.</p>
          <input type="hidden" name="cart" value={JSON.stringify(goods.map(({ id, product_id, quantity }) => ({ id, product_id, quantity })))} />
          {cep ? <input type="hidden" name="cep" value={cep} /> : null}
          <TextareaField label="Observações para o orçamento" name="note" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={QUOTE_LIMITS.note} required error={refused} hint="Prazo, frequência de compra, condições de pagamento…" />
          <div>
            <Button type="submit" variant="outline" disabled={send.state !== 'idle'}>
              Solicitar orçamento
            </Button>
          </div>
        </send.Form>
      ) : (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Orçamentos são para empresas cadastradas ou para carrinhos a partir de {info.minQuantity} unidades (o seu tem {units}).
        </p>
      )}
    </section>
  );
}
