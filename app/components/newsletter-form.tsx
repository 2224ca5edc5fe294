import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { NewsletterResult } from '~/lib/schemas/newsletter';
import { EMAIL_MAX_LENGTH } from '~/lib/schemas/limits';
import type { ToastMessage } from '~/lib/toast';
import { Button } from './ui/button';
import { Input } from './ui/input';
import { toast } from './ui/toaster';

/** The toast for each sign-up result (signed up, already on the list, refused, failed); the blog page has its own failure text. */
function messageFor(result: NewsletterResult, variant: 'footer' | 'blog'): ToastMessage {
  switch (result.status) {
    case 'subscribed':
      return { title: '✅ Inscrição Confirmada!', description: 'Obrigado por se inscrever na nossa newsletter!' };
    case 'duplicate':
      return variant === 'blog'
        ? { title: '❌ Erro na Inscrição', description: 'Não foi possível se inscrever. Talvez este e-mail já esteja cadastrado.', variant: 'destructive' }
        : { title: '📧 Você já está inscrito!', description: 'Seu e-mail já está em nossa lista. Fique de olho nas novidades!' };
    case 'invalid':
      return { title: '❌ Erro na Inscrição', description: result.message, variant: 'destructive' };
    case 'error':
      return {
        title: '❌ Erro na Inscrição',
        description:
          variant === 'blog'
            ? 'Não foi possível se inscrever. Talvez este e-mail já esteja cadastrado.'
            : 'Não foi possível processar sua inscrição. Tente novamente.',
        variant: 'destructive',
      };
  }
}

export function NewsletterForm({ variant = 'footer' }: { variant?: 'footer' | 'blog' }) {
  const fetcher = useFetcher<NewsletterResult>();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    if (!fetcher.data) return;
    toast(messageFor(fetcher.data, variant));
    if (fetcher.data.status === 'subscribed') form.current?.reset();
  }, [fetcher.data, variant]);

  const inputId = `newsletter-email-${variant}`;
  return (
    <fetcher.Form ref={form} method="post" action="/newsletter" className="flex w-full max-w-md gap-2">
      <label htmlFor={inputId} className="sr-only">
        Seu e-mail
      </label>
      <input type="hidden" name="source" value={variant} />
      <Input id={inputId} name="email" type="email" required maxLength={EMAIL_MAX_LENGTH} placeholder="Seu melhor e-mail" autoComplete="email" />
      <Button type="submit" disabled={busy}>
        {busy ? 'Enviando...' : 'Inscrever'}
      </Button>
    </fetcher.Form>
  );
}
