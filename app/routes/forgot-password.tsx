import { data, Form, Link, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { authErrorMessage } from '~/lib/auth-errors';
import { useClientValidation } from '~/components/use-client-validation';
import { forgotPasswordSchema } from '~/lib/schemas/auth';
import { EMAIL_MAX_LENGTH } from '~/lib/schemas/limits';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { callAuth } from '~/server/auth/auth.server';
import { originFromMatches, seo } from '~/lib/seo';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({ title: 'Esqueceu a senha?', description: 'Receba por e-mail um link para criar uma nova senha da sua conta Clarear.', path: '/esqueci-senha', origin: originFromMatches(matches) }),
  { name: 'robots', content: 'noindex' },
];

// The same answer whether or not the e-mail has an account, so nobody can probe who is a customer.
const SENT = 'Se houver uma conta com este e-mail, você receberá em instantes um link para criar uma nova senha.';

type ActionData = { sent: boolean; errors: FieldErrors; email: string; error: string | null };

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const parsed = forgotPasswordSchema.safeParse(form);
  if (!parsed.success) {
    return data<ActionData>({ sent: false, errors: fieldErrors(parsed.error), email: String(form.email ?? ''), error: null }, 400);
  }
  const result = await callAuth(request, '/request-password-reset', { email: parsed.data.email, redirectTo: '/redefinir-senha' });
  if (!result.ok && result.status === 429) {
    return data<ActionData>({ sent: false, errors: {}, email: parsed.data.email, error: authErrorMessage(result) }, 429);
  }
  return data<ActionData>({ sent: true, errors: {}, email: parsed.data.email, error: null });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { errors, onSubmit } = useClientValidation(forgotPasswordSchema, actionData?.errors);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold">Esqueceu a senha?</h1>
      {actionData?.sent ? (
        <div role="status" className="mt-6 rounded-lg border border-brand-200 bg-brand-50 p-4 text-brand-900 dark:border-brand-800 dark:bg-slate-900 dark:text-brand-100">
          <p>{SENT}</p>
          <p className="mt-2 text-sm">O link vale por 1 hora. Confira também a caixa de spam.</p>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-300">Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha.</p>
          <Form
            method="post"
            noValidate
            className="mt-6 grid gap-4"
            onSubmit={onSubmit}
          >
            <Field label="E-mail" name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX_LENGTH} defaultValue={actionData?.email} error={errors.email} />
            {actionData?.error ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {actionData.error}
              </p>
            ) : null}
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? 'Enviando...' : 'Enviar link'}
            </Button>
          </Form>
        </>
      )}
      <Link to="/login" className="mt-6 inline-block font-medium text-brand-700 hover:underline dark:text-brand-200">
        Voltar para o login
      </Link>
    </div>
  );
}
