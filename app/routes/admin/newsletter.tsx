// /admin/newsletter: who signed up for the newsletter, newest first, with the date and where
// (footer or blog); search by e-mail, remove one (with a confirmation), export as CSV.
import { Download, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { data, Form, useFetcher, useSearchParams } from 'react-router';
import { Pagination } from '~/components/admin/pagination';
import { Button, buttonVariants } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { toast } from '~/components/ui/toaster';
import { formatDateTimeBR } from '~/lib/dates';
import { NEWSLETTER_SOURCE_LABELS, newsletterFiltersFromSearchParams, removeSubscriberSchema } from '~/lib/schemas/admin-newsletter';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { listNewsletterSubscribers, removeNewsletterSubscriber } from '~/server/newsletter/admin.server';
import type { Route } from './+types/newsletter';

export const meta: Route.MetaFunction = () => [{ title: 'Newsletter | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = newsletterFiltersFromSearchParams(new URL(request.url).searchParams);
  return { result: await listNewsletterSubscribers(await getDb(), filters) };
}

type ActionData = { ok: boolean; toast: ToastMessage };

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const parsed = removeSubscriberSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data<ActionData>({ ok: false, toast: { title: 'Não foi possível remover', description: parsed.error.issues[0]?.message ?? '', variant: 'destructive' } }, 400);
  if (!(await removeNewsletterSubscriber(await getDb(), parsed.data.id))) {
    return data<ActionData>({ ok: false, toast: { title: 'Inscrição não encontrada', description: 'Ela já tinha sido removida.', variant: 'destructive' } }, 404);
  }
  return data<ActionData>({ ok: true, toast: { title: 'Inscrição removida', description: 'Este e-mail não recebe mais a newsletter.' } });
}

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  const [params] = useSearchParams();
  const exportParams = new URLSearchParams(params);
  exportParams.delete('pagina');
  return (
    <section aria-labelledby="titulo-newsletter" className="mx-auto max-w-4xl">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="titulo-newsletter" className="text-2xl font-bold">
          Newsletter
        </h1>
        <a href={`/admin/newsletter/export.csv${exportParams.size ? `?${exportParams}` : ''}`} className={buttonVariants({ variant: 'outline' })} download>
          <Download className="h-4 w-4" aria-hidden />
          Exportar CSV
        </a>
      </div>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{result.total === 1 ? '1 inscrição' : `${result.total} inscrições`}{result.q ? ` para “${result.q}”` : ''}.</p>

      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="grid min-w-64 flex-1 gap-1.5">
          <Label htmlFor="busca-newsletter">Buscar por e-mail</Label>
          <Input id="busca-newsletter" name="q" type="search" defaultValue={result.q} maxLength={100} />
        </div>
        <Button type="submit" variant="outline">
          <Search className="h-4 w-4" aria-hidden /> Buscar
        </Button>
      </Form>

      {result.items.length === 0 ? (
        <p className="mt-8 text-slate-700 dark:text-slate-300">{result.q ? `Nenhuma inscrição encontrada para “${result.q}”.` : 'Ninguém se inscreveu ainda.'}</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Inscrições na newsletter</caption>
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <tr>
                <th scope="col" className="p-3">E-mail</th>
                <th scope="col" className="p-3">Inscrição</th>
                <th scope="col" className="p-3">Origem</th>
                <th scope="col" className="p-3">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {result.items.map((s) => (
                <tr key={s.id} data-testid="subscriber-row">
                  <td className="p-3 break-all">{s.email}</td>
                  <td className="p-3 whitespace-nowrap">{formatDateTimeBR(s.createdAt)}</td>
                  <td className="p-3">{NEWSLETTER_SOURCE_LABELS[s.source]}</td>
                  <td className="p-3 text-right">
                    <RemoveSubscriber id={s.id} email={s.email} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={result.page} pageCount={Math.max(1, Math.ceil(result.total / result.pageSize))} label="Páginas de inscrições" className="mt-6" />
    </section>
  );
}

function RemoveSubscriber({ id, email }: { id: string; email: string }) {
  const fetcher = useFetcher<ActionData>();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!fetcher.data) return;
    toast(fetcher.data.toast);
    setOpen(false);
  }, [fetcher.data]);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Remover esta inscrição?"
      description={`${email} deixa de receber a newsletter.`}
      trigger={
        <Button type="button" variant="outline" size="sm" aria-label={`Remover ${email}`}>
          Remover
        </Button>
      }
      fetcher={fetcher}
      fields={{ intent: 'remove', id }}
      confirmLabel="Remover inscrição"
      busyLabel="Removendo..."
      busy={fetcher.state !== 'idle'}
    />
  );
}
