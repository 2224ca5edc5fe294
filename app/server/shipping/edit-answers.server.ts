// What the admin's freight edit pages (service, zone, rule) answer, in one place: back to /admin/frete
// with a toast, or the form again with its errors, what was typed and a pt-BR toast.
import { data, redirect } from 'react-router';
import type { FieldErrors } from '~/lib/schemas/field-errors';
import type { ToastMessage } from '~/lib/toast';
import { flashToast } from '../infra/cookies.server';

export type EditAnswer<T> = { errors: FieldErrors; toast: ToastMessage; typed?: T };

export const UNCHANGED = 'Nada foi alterado. Tente novamente em instantes.';

export async function backToFreightList(message: ToastMessage) {
  return redirect('/admin/frete', { headers: { 'Set-Cookie': await flashToast(message) } });
}

/** The form again: `errors` beside the fields, a destructive toast titled `title`. */
export function refused<T>(status: number, title: string, description: string, errors: FieldErrors = {}, typed?: T) {
  return data<EditAnswer<T>>({ errors, ...(typed === undefined ? {} : { typed }), toast: { title, description, variant: 'destructive' } }, status);
}
