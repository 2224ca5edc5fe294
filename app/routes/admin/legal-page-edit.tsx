// /admin/legal-pages/:slug: a legal page's editor (title, summary, HTML text) and its versions.
// Saved through saveLegalPage (server/content/legal-pages.server.ts): a changed text is published as
// a new version, the previous ones stay at /{slug}/versao/{n}; a save over someone else's is refused.
import { useEffect } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { TextareaField } from '~/components/admin/form-controls';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { useClientValidation } from '~/components/use-client-validation';
import { legalVersionPath } from '~/lib/contract';
import { formatDateTimeBR } from '~/lib/dates';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { LEGAL_PAGE_LIMITS, legalPageFormSchema } from '~/lib/schemas/legal-page';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { isSlug } from '~/server/content/content.server';
import { getEditableLegalPage, LegalPageConflictError, saveLegalPage } from '~/server/content/legal-pages.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { BODY_LIMITS, readForm } from '~/server/infra/http/body.server';
import { log } from '~/server/infra/log.server';
import type { Route } from './+types/legal-page-edit';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d?.page.title ?? 'Página legal'} | Painel Administrativo | Clarear` },
  { name: 'robots', content: 'noindex' },
];

const NOT_FOUND = 'Página não encontrada';
const SAVE_ERROR = 'Erro ao salvar a página';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isSlug(params.slug)) throw data(NOT_FOUND, 404);
  const page = await getEditableLegalPage(await getDb(), params.slug);
  if (!page) throw data(NOT_FOUND, 404);
  return { page };
}

/** What was typed, sent back with the errors so nothing is lost. */
type Typed = Record<string, string>;
type ActionData = { errors: FieldErrors; toast: ToastMessage; typed: Typed };

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminAction(request);
  const form = await readForm(request, BODY_LIMITS.adminLegalPage);
  const typed: Typed = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
  if (!isSlug(params.slug)) throw data(NOT_FOUND, 404);
  const parsed = legalPageFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data<ActionData>({ errors: fieldErrors(parsed.error), typed, toast: { title: SAVE_ERROR, description: 'Confira os campos destacados.', variant: 'destructive' } }, 400);
  }
  const { version, ...text } = parsed.data;
  let saved;
  try {
    saved = await saveLegalPage(await getDb(), params.slug, text, version);
  } catch (error) {
    if (error instanceof LegalPageConflictError) {
      return data<ActionData>({ errors: { form: error.message }, typed, toast: { title: SAVE_ERROR, description: error.message, variant: 'destructive' } }, 409);
    }
    log.error(`admin/páginas legais: falha ao salvar "${params.slug}"`, error);
    return data<ActionData>({ errors: {}, typed, toast: { title: SAVE_ERROR, description: 'Nada foi alterado. Tente novamente em instantes.', variant: 'destructive' } }, 500);
  }
  if (!saved) throw data(NOT_FOUND, 404);
  const message = saved.created
    ? { title: `Versão ${saved.version} publicada`, description: 'A página já mostra o novo texto. Os pedidos anteriores continuam ligados à versão que aceitaram.' }
    : { title: 'Nenhuma versão nova', description: 'O título e o texto não mudaram.' };
  return redirect(`/admin/legal-pages/${params.slug}`, { headers: { 'Set-Cookie': await flashToast(message) } });
}

export default function AdminLegalPageEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData]);
  // A save reloads the page at its new version: the form starts afresh from what was saved.
  return <LegalPageForm key={page.version} page={page} serverErrors={actionData?.errors} typed={actionData?.typed} />;
}

function LegalPageForm({ page, serverErrors, typed }: { page: Awaited<ReturnType<typeof loader>>['page']; serverErrors: FieldErrors | undefined; typed: Typed | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  const { errors, onSubmit } = useClientValidation(legalPageFormSchema, serverErrors);
  const value = (name: string, saved: string) => typed?.[name] ?? saved;
  return (
    <div className="mx-auto max-w-4xl">
      <p>
        <Link to="/admin/legal-pages" className="text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-200">
          Páginas legais
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{page.title}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Versão {page.version} em vigor, publicada em{' '}
        <Link to={`/${page.slug}`} className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-200">
          /{page.slug}
        </Link>
        . Ao salvar um texto diferente, ele vira a versão {page.version + 1}.
      </p>

      <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 grid gap-5 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
        <input type="hidden" name="version" value={page.version} />
        {errors.form || errors.version ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
            {errors.form ?? errors.version}
          </p>
        ) : null}
        <Field label="Título *" name="title" defaultValue={value('title', page.title)} maxLength={LEGAL_PAGE_LIMITS.title} error={errors.title} />
        <TextareaField
          label="Resumo"
          name="description"
          rows={2}
          defaultValue={value('description', page.description)}
          maxLength={LEGAL_PAGE_LIMITS.description}
          hint="Uma frase sob o título e nos resultados de busca."
          error={errors.description}
        />
        <TextareaField
          label="Texto (HTML) *"
          name="content"
          rows={24}
          defaultValue={value('content', page.content)}
          maxLength={LEGAL_PAGE_LIMITS.content}
          hint="Parágrafos em <p>, títulos em <h2>, listas em <ul> ou <ol>. {formas-de-pagamento} mostra as formas de pagamento aceitas no momento."
          error={errors.content}
          className="font-mono text-sm"
        />
        <div>
          <Button type="submit" size="lg" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar e publicar'}
          </Button>
        </div>
      </Form>

      <section aria-labelledby="versoes" className="mt-8">
        <h2 id="versoes" className="text-xl font-bold">
          Versões publicadas
        </h2>
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
          {page.versions.map((v) => (
            <li key={v.version} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm" data-testid="legal-page-version">
              <Link to={legalVersionPath(page.slug, v.version)} className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-200">
                Versão {v.version}
                {v.version === page.version ? ' (em vigor)' : ''}
              </Link>
              <span className="text-slate-700 dark:text-slate-300">{formatDateTimeBR(v.createdAt)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
