// "Comprar novamente" (issue 35): asks the server for the order's goods at today's prices
// (POST /pedido/:id/comprar-novamente), merges them into the cart kept in the browser and opens
// the checkout, telling in a toast what is no longer available.
import { RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toaster';
import { mergeIntoCart, unavailableMessage, type BuyAgainData } from '~/lib/buy-again';
import { cartStore } from '~/lib/cart-store';
import { shortOrderId } from '~/lib/order-status';

export function BuyAgainButton({ orderId, size = 'default', className }: { orderId: string; size?: 'default' | 'sm'; className?: string }) {
  const fetcher = useFetcher<BuyAgainData>();
  const navigate = useNavigate();

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== 'idle') return;
    if (!result.ok) {
      toast({ title: 'Não foi possível comprar novamente', description: result.message, variant: 'destructive' });
      return;
    }
    const left = unavailableMessage(result.unavailable);
    if (result.items.length === 0) {
      toast({ title: 'Nenhum item disponível', description: left ?? 'Os produtos deste pedido não estão mais à venda.', variant: 'destructive' });
      return;
    }
    cartStore.replace(mergeIntoCart(cartStore.get(), result.items));
    toast({ title: 'Itens no carrinho', description: left ? `Preços de hoje. ${left}` : 'Os itens do pedido estão no seu carrinho, com os preços de hoje.' });
    void navigate('/checkout');
  }, [fetcher.data, fetcher.state, navigate]);

  return (
    <fetcher.Form method="post" action={`/pedido/${orderId}/comprar-novamente`} className={className}>
      <Button type="submit" variant="outline" size={size} disabled={fetcher.state !== 'idle'} data-testid="buy-again">
        <RotateCcw className="h-4 w-4" aria-hidden />
        Comprar novamente<span className="sr-only"> os itens do pedido {shortOrderId(orderId)}</span>
      </Button>
    </fetcher.Form>
  );
}
