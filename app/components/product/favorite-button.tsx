import { Heart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { cn } from '~/lib/cn';
import { useRootData } from '~/lib/root-data';
import type { FavoriteResult } from '~/lib/schemas/favorite';
import { toast } from '../ui/toaster';

/** The wishlist heart: asks visitors to log in; adds or removes for customers. */
export function FavoriteButton({ productId, initial }: { productId: string; initial: boolean }) {
  const root = useRootData();
  const navigate = useNavigate();
  const fetcher = useFetcher<FavoriteResult>();
  const [favorite, setFavorite] = useState(initial);

  useEffect(() => setFavorite(initial), [initial]);

  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    switch (result.status) {
      case 'added':
        setFavorite(true);
        toast({ title: 'Adicionado à lista de desejos', description: 'Veja seus favoritos na Área do Cliente.' });
        break;
      case 'removed':
        setFavorite(false);
        toast({ title: 'Removido da lista de desejos' });
        break;
      case 'duplicate':
        setFavorite(true);
        toast({ title: 'Já está na lista', description: result.message, variant: 'destructive' });
        break;
      case 'login-required':
        toast({ title: 'Ação necessária', description: result.message, variant: 'destructive' });
        void navigate('/login');
        break;
      default:
        toast({ title: 'Erro', description: result.message, variant: 'destructive' });
    }
  }, [fetcher.data, navigate]);

  const busy = fetcher.state !== 'idle';
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={favorite ? 'Remover da lista de desejos' : 'Adicionar à lista de desejos'}
      disabled={busy}
      onClick={() => {
        if (!root?.user) {
          toast({ title: 'Ação necessária', description: 'Faça login para adicionar à lista de desejos.', variant: 'destructive' });
          void navigate('/login');
          return;
        }
        void fetcher.submit({ intent: favorite ? 'remove' : 'add', productId }, { method: 'post', action: '/favoritos' });
      }}
      className="grid h-10 w-10 shrink-0 place-items-center rounded-full border border-slate-300 hover:bg-slate-100 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800"
    >
      <Heart className={cn('h-5 w-5', favorite ? 'fill-red-600 text-red-600' : '')} aria-hidden />
    </button>
  );
}
