import { CheckCircle2, Mail, Phone } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { SellerIdentityBlock } from '~/components/layout/seller-identity';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { Label } from '~/components/ui/label';
import { toast } from '~/components/ui/toaster';
import { useClientValidation } from '~/components/use-client-validation';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { CONTACT_FIELDS, CONTACT_LIMITS, contactSchema, type ContactField } from '~/lib/schemas/contact';
import { useStoreSettings } from '~/lib/root-data';
import { answerTimeLabel } from '~/lib/seller';
import { originFromMatches, rootSettings, seo } from '~/lib/seo';
import type { ToastMessage } from '~/lib/toast';
import { submitContactMessage } from '~/server/contact/contact.server';
import { getDb } from '~/server/infra/db.server';
import { BODY_LIMITS, readForm } from '~/server/infra/http/body.server';
import { checkRateLimit } from '~/server/infra/rate-limit.server';
import type { Route } from './+types/contact';
import { log } from '~/server/infra/log.server';

export const meta: Route.MetaFunction = ({ matches }) => {
  const settings = rootSettings(matches);
  return seo({
    title: 'Contato',
    description: settings
      ? `Fale com a Clarear: telefone ${settings.phone.label}, e-mail ${settings.email} ou pelo formulário de contato.`
      : 'Fale com a Clarear pelo telefone, por e-mail ou pelo formulário de contato.',
    path: '/contato',
    origin: originFromMatches(matches),
  });
};

/** The answer time is the one the admin set (at most 5 days, the decree's limit). */
const sentMessage = (answerDays: number): ToastMessage => ({ title: 'Mensagem enviada!', description: `Recebemos sua mensagem e responderemos em ${answerTimeLabel(answerDays)}.` });

type ActionData =
  | { status: 'sent' }
  | { status: 'invalid'; errors: FieldErrors; fields: Record<ContactField, string> }
  | { status: 'error'; fields: Record<ContactField, string>; message?: string };

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request, BODY_LIMITS.contact);
  const fields = Object.fromEntries(
    CONTACT_FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === 'string' ? value : ''];
    }),
  ) as Record<ContactField, string>;
  const parsed = contactSchema.safeParse(fields);
  if (!parsed.success) return data<ActionData>({ status: 'invalid', errors: fieldErrors(parsed.error), fields }, 400);
  const limited = await checkRateLimit(request, 'contact');
  if (limited) return data<ActionData>({ status: 'error', fields, message: limited.message }, limited.init);
  try {
    // Stored with its e-mail to the store queued in one transaction; SMTP never holds this answer (contact.server.ts).
    await submitContactMessage(await getDb(), parsed.data);
  } catch (error) {
    log.error('contato: não foi possível gravar a mensagem', error);
    return data<ActionData>({ status: 'error', fields }, 500);
  }
  return data<ActionData>({ status: 'sent' });
}

const textareaClass =
  'flex min-h-36 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

export default function Contact({ actionData }: Route.ComponentProps) {
  const result = actionData;
  const serverErrors = result?.status === 'invalid' ? result.errors : undefined;
  const kept = result && result.status !== 'sent' ? result.fields : undefined;
  const { errors, onSubmit } = useClientValidation(contactSchema, serverErrors);
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formAction === '/contato';
  const form = useRef<HTMLFormElement>(null);
  const messageId = useId();
  // The store's details as the admin last saved them (root loader).
  const settings = useStoreSettings();
  const answerDays = settings.seller.answerDays;
  const sent = sentMessage(answerDays);

  useEffect(() => {
    if (result?.status === 'sent') {
      toast(sentMessage(answerDays));
      form.current?.reset();
    } else if (result?.status === 'error') {
      toast({
        title: 'Não foi possível enviar',
        description: result.message ?? 'Tivemos um problema ao enviar sua mensagem. Tente novamente em instantes.',
        variant: 'destructive',
      });
    }
  }, [result, answerDays]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white">Fale Conosco</h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
          Dúvidas sobre produtos, pedidos ou a Assinatura Inteligente? Nossa equipe está pronta para ajudar.
        </p>
      </header>

      <ul className="mt-10 grid gap-4 sm:grid-cols-2" aria-label="Canais de atendimento">
        <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          <Phone className="h-8 w-8 shrink-0 text-brand-700 dark:text-brand-200" aria-hidden />
          <div>
            <h2 className="font-semibold text-slate-900 dark:text-white">Telefone</h2>
            <a href={settings.phone.href} className="mt-1 block text-lg font-bold text-brand-700 hover:underline dark:text-brand-200">
              {settings.phone.label}
            </a>
            <p className="text-sm text-slate-700 dark:text-slate-300">{settings.hours}</p>
          </div>
        </li>
        <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          <Mail className="h-8 w-8 shrink-0 text-brand-700 dark:text-brand-200" aria-hidden />
          <div className="min-w-0">
            <h2 className="font-semibold text-slate-900 dark:text-white">E-mail</h2>
            <a
              href={`mailto:${settings.email}`}
              className="mt-1 block text-lg font-bold break-words text-brand-700 hover:underline dark:text-brand-200"
            >
              {settings.email}
            </a>
            <p className="text-sm text-slate-700 dark:text-slate-300">Resposta em {answerTimeLabel(settings.seller.answerDays)}</p>
          </div>
        </li>
      </ul>

      <SellerIdentityBlock seller={settings.seller} hours={settings.hours} className="mt-4" />

      <section aria-labelledby="titulo-formulario" className="mx-auto mt-12 max-w-2xl rounded-xl border border-slate-200 p-6 sm:p-8 dark:border-slate-800">
        <h2 id="titulo-formulario" className="text-2xl font-bold text-slate-900 dark:text-white">
          Envie uma mensagem
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Todos os campos são obrigatórios.</p>

        <div aria-live="polite">
          {result?.status === 'sent' && !sending && Object.keys(errors).length === 0 ? (
            <p className="mt-4 flex items-start gap-2 rounded-md bg-brand-50 p-3 text-sm text-brand-900 dark:bg-brand-900 dark:text-brand-50">
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>
                <strong>{sent.title}</strong> {sent.description}
              </span>
            </p>
          ) : null}
        </div>

        <Form ref={form} method="post" action="/contato" noValidate onSubmit={onSubmit} className="mt-6 grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Nome"
              name="name"
              autoComplete="name"
              required
              maxLength={CONTACT_LIMITS.name}
              defaultValue={kept?.name}
              error={errors.name}
            />
            <Field
              label="E-mail"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={CONTACT_LIMITS.email}
              defaultValue={kept?.email}
              error={errors.email}
            />
          </div>
          <Field
            label="Assunto"
            name="subject"
            required
            maxLength={CONTACT_LIMITS.subject}
            defaultValue={kept?.subject}
            error={errors.subject}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={messageId}>Mensagem</Label>
            <textarea
              id={messageId}
              name="message"
              required
              rows={6}
              maxLength={CONTACT_LIMITS.message}
              defaultValue={kept?.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? `${messageId}-error` : undefined}
              className={textareaClass}
            />
            {errors.message ? (
              <p id={`${messageId}-error`} className="text-sm text-red-700 dark:text-red-400">
                {errors.message}
              </p>
            ) : null}
          </div>
          <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-fit">
            {sending ? 'Enviando...' : 'Enviar Mensagem'}
          </Button>
        </Form>
      </section>
    </div>
  );
}
