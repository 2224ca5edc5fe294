import { data, redirect } from 'react-router';
import { newsletterSchema, type NewsletterResult } from '~/lib/schemas/newsletter';
import { getDb } from '~/server/infra/db.server';
import { kickMailDelivery } from '~/server/mail/outbox.server';
import { subscribeToNewsletter } from '~/server/newsletter/newsletter.server';
import { readForm } from '~/server/infra/http/body.server';
import { checkRateLimit } from '~/server/infra/rate-limit.server';
import type { Route } from './+types/newsletter';
import { log } from '~/server/infra/log.server';

export function loader() {
  return redirect('/');
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = newsletterSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data<NewsletterResult>({ status: 'invalid', message: parsed.error.issues[0]?.message ?? 'Informe um e-mail válido.' }, 400);
  }
  const limited = await checkRateLimit(request, 'newsletter');
  if (limited) return data<NewsletterResult>({ status: 'invalid', message: limited.message }, limited.init);
  try {
    const db = await getDb();
    const status = await subscribeToNewsletter(db, parsed.data.email, parsed.data.source);
    if (status === 'subscribed') kickMailDelivery(db); // the welcome e-mail
    return data<NewsletterResult>({ status }, status === 'duplicate' ? 409 : 200);
  } catch (error) {
    log.error('newsletter: falha ao inscrever', error);
    return data<NewsletterResult>({ status: 'error' }, 500);
  }
}
