import { data, redirect } from 'react-router';
import { parseTheme } from '~/lib/theme';
import { serializeThemeCookie } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { savePreferences } from '~/server/account/preferences.server';
import { getSessionUser } from '~/server/auth/session.server';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/theme';

export function loader() {
  return redirect('/');
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const theme = parseTheme(form.get('theme'));
  if (!theme) return data({ ok: false, message: 'Tema inválido.' }, 400);
  const user = await getSessionUser(request);
  if (user) await savePreferences(await getDb(), user.id, { theme });
  return data({ ok: true, message: null }, { headers: { 'set-cookie': serializeThemeCookie(theme) } });
}
