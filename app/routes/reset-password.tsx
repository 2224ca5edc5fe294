import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { authErrorMessage } from '~/lib/auth-errors';
import { useClientValidation } from '~/components/use-client-validation';
import { PASSWORD_MAX_LENGTH, resetPasswordSchema } from '~/lib/schemas/auth';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import { callAuth } from '~/server/auth/auth.server';
import { flashToast } from '~/server/infra/cookies.server';
import { originFromMatches, seo } from '~/lib/seo';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({ title: 'Criar nova senha', description: 'Escolha uma nova senha para sua conta Clarear.', path: '/redefinir-senha', origin: originFromMatches(matches) }),
  { name: 'robots', content: 'noindex' },
];

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const parsed = resetPasswordSchema.safeParse(form);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), error: null }, 400);
  const result = await callAuth(request, '/reset-password', { newPassword: parsed.data.password, token: parsed.data.token });
  if (!result.ok) {
    return data({ errors: {} as FieldErrors, error: authErrorMessage(result) }, result.status);
  }
  return redirect('/login', {
    headers: { 'set-cookie': await flashToast({ title: 'Senha alterada', description: 'Pronto! Entre com sua nova senha.' }) },
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { errors, onSubmit } = useClientValidation(resetPasswordSchema, actionData?.errors);
  const error = actionData?.error ?? errors.token;

  if (!loaderData.token) {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-12">
        <h1 className="text-2xl font-bold">Link inválido</h1>
        <p className="mt-2">Este link de redefinição está incompleto ou expirou.</p>
        <Link to="/esqueci-senha" className="mt-6 inline-block font-medium text-brand-700 hover:underline dark:text-brand-200">
          Pedir um novo link
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold">Criar nova senha</h1>
      <Form
        method="post"
        noValidate
        className="mt-6 grid gap-4"
        onSubmit={onSubmit}
      >
        <input type="hidden" name="token" value={loaderData.token} />
        <Field label="Nova senha" name="password" type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX_LENGTH} error={errors.password} />
        <Field label="Confirmar nova senha" name="confirmPassword" type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX_LENGTH} error={errors.confirmPassword} />
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}{' '}
            <Link to="/esqueci-senha" className="underline">
              Pedir um novo link
            </Link>
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Salvando...' : 'Salvar nova senha'}
        </Button>
      </Form>
    </div>
  );
}
