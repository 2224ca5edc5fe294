// /admin/messages/:id — one contact message (opening it marks it read), its replies, and what the
// admin does with it: answer by e-mail from the page (sent through the mailer and kept here), mark
// answered or unread, delete.
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { data, Form, Link, redirect, useActionData, useFetcher, useNavigation } from 'react-router';
import { TextareaField } from '~/components/admin/form-controls';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { toast } from '~/components/ui/toaster';
import { formatDateTimeBR } from '~/lib/dates';
import { messageActionSchema } from '~/lib/schemas/admin-message';
import { isUuid } from '~/lib/schemas/ids';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { deleteContactMessage, markContactMessage, openContactMessage, replyToContactMessage } from '~/server/contact/admin.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/message';

const NOT_FOUND = 'Mensagem não encontrada.';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.message ? `${d.message.subject} | Mensagens | Painel Administrativo | Clarear` : 'Mensagem não encontrada | Clarear' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isUuid(params.id)) throw data(NOT_FOUND, 404);
  const message = await openContactMessage(await getDb(), params.id);
  if (!message) throw data(NOT_FOUND, 404);
  return { message };
}

type ActionData = { ok: boolean; intent?: string; errors?: { body?: string }; toast: ToastMessage };

const MARKED: Record<'answered' | 'unanswered' | 'unread', string> = {
  answered: 'Mensagem marcada como respondida',
  unanswered: 'Mensagem marcada como sem resposta',
  unread: 'Mensagem marcada como não lida',
};

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const parsed = messageActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    const body = parsed.error.issues.find((i) => i.path[0] === 'body')?.message;
    return data<ActionData>({ ok: false, errors: body ? { body } : undefined, toast: { title: 'Confira a resposta', description: parsed.error.issues[0]?.message ?? '', variant: 'destructive' } }, 400);
  }
  if (!isUuid(params.id)) throw data(NOT_FOUND, 404);
  const db = await getDb();
  const input = parsed.data;
  const gone = () => data<ActionData>({ ok: false, intent: input.intent, toast: { title: NOT_FOUND, description: 'Ela pode ter sido excluída por outra pessoa.', variant: 'destructive' } }, 404);
  switch (input.intent) {
    case 'reply':
      if (!(await replyToContactMessage(db, { id: params.id, adminUserId: admin.id, body: input.body }))) return gone();
      return data<ActionData>({ ok: true, intent: input.intent, toast: { title: 'Resposta enviada', description: 'O cliente recebe a resposta por e-mail.' } });
    case 'mark':
      if (!(await markContactMessage(db, params.id, input.mark))) return gone();
      if (input.mark === 'unread') return redirect('/admin/messages', { headers: { 'Set-Cookie': await flashToast({ title: MARKED.unread }) } });
      return data<ActionData>({ ok: true, intent: input.intent, toast: { title: MARKED[input.mark] } });
    case 'delete':
      if (!(await deleteContactMessage(db, params.id))) return gone();
      return redirect('/admin/messages', { headers: { 'Set-Cookie': await flashToast({ title: 'Mensagem excluída' }) } });
  }
}

const SECTION = 'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';
const MUTED = 'text-slate-700 dark:text-slate-300';

export default function AdminMessage({ loaderData }: Route.ComponentProps) {
  const { message: m } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const deleter = useFetcher<ActionData>();
  const [confirming, setConfirming] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const sending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'reply';
  useEffect(() => {
    if (!result) return;
    toast(result.toast);
    if (result.ok && result.intent === 'reply') form.current?.reset();
  }, [result]);
  useEffect(() => {
    if (deleter.data) toast(deleter.data.toast);
  }, [deleter.data]);

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div>
        <Link to="/admin/messages" className="inline-flex items-center gap-1 text-sm text-brand-700 underline dark:text-brand-200">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Mensagens
        </Link>
        <h1 className="mt-1 text-2xl font-bold break-words">{m.subject}</h1>
        <p className={`mt-1 text-sm ${MUTED}`}>
          De {m.name} ({m.email}) · {formatDateTimeBR(m.createdAt)} · {m.answeredAt ? `Respondida em ${formatDateTimeBR(m.answeredAt)}` : 'Sem resposta'}
        </p>
      </div>

      <section aria-labelledby="texto" className={SECTION}>
        <h2 id="texto" className="text-lg font-bold">
          Mensagem
        </h2>
        <p className="mt-2 whitespace-pre-wrap break-words">{m.message}</p>
      </section>

      {m.replies.length > 0 ? (
        <section aria-labelledby="respostas" className={SECTION}>
          <h2 id="respostas" className="text-lg font-bold">
            Respostas enviadas
          </h2>
          <ol className="mt-2 grid gap-4">
            {m.replies.map((r) => (
              <li key={r.id}>
                <p className={`text-sm ${MUTED}`}>
                  {formatDateTimeBR(r.createdAt)} · {r.adminName ?? 'Administrador removido'}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words">{r.body}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section aria-labelledby="responder" className={SECTION}>
        <h2 id="responder" className="text-lg font-bold">
          Responder por e-mail
        </h2>
        <Form method="post" ref={form} className="mt-3 grid gap-3" noValidate>
          <input type="hidden" name="intent" value="reply" />
          <TextareaField id="resposta" name="body" label={`Resposta para ${m.email}`} rows={6} maxLength={5000} error={result && !result.ok ? result.errors?.body : undefined} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={sending}>
              {sending ? 'Enviando...' : 'Enviar resposta'}
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="acoes" className={SECTION}>
        <h2 id="acoes" className="text-lg font-bold">
          Ações
        </h2>
        <div className="mt-3 flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="mark" />
            <input type="hidden" name="mark" value={m.answeredAt ? 'unanswered' : 'answered'} />
            <Button type="submit" variant="outline">
              {m.answeredAt ? 'Marcar como sem resposta' : 'Marcar como respondida'}
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="mark" />
            <input type="hidden" name="mark" value="unread" />
            <Button type="submit" variant="outline">
              Marcar como não lida
            </Button>
          </Form>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Excluir esta mensagem?"
            description="A mensagem e as respostas registradas aqui serão apagadas. Esta ação não pode ser desfeita."
            trigger={
              <Button type="button" variant="outline">
                Excluir
              </Button>
            }
            fetcher={deleter}
            fields={{ intent: 'delete' }}
            confirmLabel="Excluir mensagem"
            busyLabel="Excluindo..."
            busy={deleter.state !== 'idle'}
          />
        </div>
      </section>
    </div>
  );
}
