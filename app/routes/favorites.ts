// Adds or removes a product from the signed-in customer's wishlist (product modal heart).
import { data, redirect } from 'react-router';
import { favoriteSchema, type FavoriteResult } from '~/lib/schemas/favorite';
import { getDb } from '~/server/infra/db.server';
import { addFavorite, removeFavorite } from '~/server/account/favorites.server';
import { getSessionUser } from '~/server/auth/session.server';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/favorites';
import { log } from '~/server/infra/log.server';

export function loader() {
  return redirect('/area-cliente/lista-de-desejos');
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) {
    return data<FavoriteResult>({ status: 'login-required', message: 'Faça login para adicionar à lista de desejos.' }, 401);
  }
  const parsed = favoriteSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data<FavoriteResult>({ status: 'invalid', message: 'Produto inválido.' }, 400);
  const { intent, productId } = parsed.data;
  const db = await getDb();
  try {
    if (intent === 'add') {
      const result = await addFavorite(db, user.id, productId);
      if (result === 'duplicate') {
        return data<FavoriteResult>({ status: 'duplicate', message: 'Este produto já está na sua lista de desejos.' }, 409);
      }
      if (result === 'not-found') return data<FavoriteResult>({ status: 'not-found', message: 'Produto não encontrado.' }, 404);
      return data<FavoriteResult>({ status: 'added' });
    }
    await removeFavorite(db, user.id, productId);
    return data<FavoriteResult>({ status: 'removed' });
  } catch (error) {
    log.error('favoritos: falha', error);
    const message = intent === 'remove' ? 'Não foi possível remover dos favoritos.' : 'Não foi possível adicionar aos favoritos.';
    return data<FavoriteResult>({ status: 'error', message }, 500);
  }
}
