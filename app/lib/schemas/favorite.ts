import { z } from 'zod';
import './zod-pt-br';

export const favoriteSchema = z.object({
  intent: z.enum(['add', 'remove']),
  productId: z.uuid('Produto inválido.'),
});

export type FavoriteResult =
  | { status: 'added' | 'removed' }
  | { status: 'duplicate' | 'login-required' | 'not-found' | 'invalid' | 'error'; message: string };
