import { redirect } from 'react-router';
import { authErrorMessage } from '~/lib/auth-errors';
import { callAuth } from '~/server/auth/auth.server';
import { flashToast } from '~/server/infra/cookies.server';
import type { Route } from './+types/logout';

export function loader() {
  return redirect('/');
}

export async function action({ request }: Route.ActionArgs) {
  const result = await callAuth(request, '/sign-out', {});
  if (!result.ok) {
    const toast = await flashToast({ title: 'Sign out Failed', description: authErrorMessage(result), variant: 'destructive' });
    return redirect('/', { headers: { 'set-cookie': toast } });
  }
  const headers = result.headers;
  headers.append('set-cookie', await flashToast({ title: 'Até logo!', description: 'Você saiu da sua conta com sucesso.' }));
  return redirect('/', { headers });
}
