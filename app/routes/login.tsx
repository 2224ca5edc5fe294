import { useEffect } from 'react';
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { authErrorMessage } from '~/lib/auth-errors';
import { safeRedirectPath } from '~/lib/redirect';
import { useClientValidation } from '~/components/use-client-validation';
import { loginSchema, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, registerSchema } from '~/lib/schemas/auth';
import { EMAIL_MAX_LENGTH } from '~/lib/schemas/limits';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import type { ToastMessage } from '~/lib/toast';
import { callAuth } from '~/server/auth/auth.server';
import { optInCartReminders } from '~/server/account/preferences.server';
import { getDb } from '~/server/infra/db.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getSessionUser } from '~/server/auth/session.server';
import { originFromMatches, seo } from '~/lib/seo';
import { readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: 'Entrar ou criar conta', description: 'Entre na sua conta Clarear ou crie uma para comprar, acompanhar pedidos e assinar.', path: '/login', origin: originFromMatches(matches) });

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (await getSessionUser(request)) {
    throw redirect(safeRedirectPath(url.searchParams.get('redirectTo'), '/area-cliente', url.origin));
  }
  // Better Auth sends the e-mail confirmation link back here.
  let notice: ToastMessage | null = null;
  if (url.searchParams.get('error')) {
    notice = { title: 'Link inválido', description: 'Link inválido ou expirado. Entre para receber um novo.', variant: 'destructive' };
  } else if (url.searchParams.get('verificado')) {
    notice = { title: 'E-mail confirmado', description: 'Tudo certo! Agora é só entrar na sua conta.' };
  }
  return { notice };
}

type ActionData = { intent: 'login' | 'register'; errors: FieldErrors; fields: Record<string, string>; toast?: ToastMessage };

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const intent = form.intent === 'register' ? 'register' : 'login';
  const kept = { name: String(form.name ?? ''), email: String(form.email ?? '') };

  if (intent === 'login') {
    const parsed = loginSchema.safeParse(form);
    if (!parsed.success) return data<ActionData>({ intent, errors: fieldErrors(parsed.error), fields: kept }, 400);
    const result = await callAuth(request, '/sign-in/email', parsed.data);
    if (!result.ok) {
      return data<ActionData>(
        { intent, errors: {}, fields: kept, toast: { title: 'Sign in Failed', description: authErrorMessage(result), variant: 'destructive' } },
        result.status,
      );
    }
    const headers = result.headers;
    headers.append('set-cookie', await flashToast({ title: 'Login realizado', description: 'Bem-vindo(a) de volta à Clarear!' }));
    const url = new URL(request.url);
    const to = safeRedirectPath(url.searchParams.get('redirectTo'), '/area-cliente', url.origin);
    return redirect(to, { headers });
  }

  const parsed = registerSchema.safeParse(form);
  if (!parsed.success) return data<ActionData>({ intent, errors: fieldErrors(parsed.error), fields: kept }, 400);
  const { name, email, password } = parsed.data;
  // Where the visitor was going (a company's invitation, issue 35) survives the e-mail confirmation.
  const back = new URL(request.url).searchParams.get('redirectTo');
  const again = back ? `redirectTo=${encodeURIComponent(back)}` : '';
  const result = await callAuth(request, '/sign-up/email', { name, email, password, callbackURL: `/login?verificado=1${again ? `&${again}` : ''}` });
  if (!result.ok) {
    return data<ActionData>(
      { intent, errors: {}, fields: kept, toast: { title: 'Sign up Failed', description: authErrorMessage(result), variant: 'destructive' } },
      result.status,
    );
  }
  const createdId = (result.data as { user?: { id?: unknown } } | null)?.user?.id;
  if (parsed.data.cartReminders && typeof createdId === 'string') await optInCartReminders(await getDb(), createdId);
  return redirect(again ? `/login?${again}` : '/login', {
    headers: {
      'set-cookie': await flashToast({
        title: 'Cadastro realizado!',
        description: 'Verifique seu e-mail e clique no link de confirmação para ativar sua conta.',
      }),
    },
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = (actionData?.intent ?? (searchParams.get('modo') === 'cadastro' ? 'register' : 'login')) as 'login' | 'register';
  const { errors, onSubmit, clear } = useClientValidation(mode === 'register' ? registerSchema : loginSchema, actionData?.errors);
  const busy = useNavigation().state === 'submitting';

  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData]);
  useEffect(() => {
    if (loaderData.notice) toast(loaderData.notice);
  }, [loaderData.notice]);

  function switchMode(next: 'login' | 'register') {
    clear();
    const params = new URLSearchParams(searchParams);
    if (next === 'register') params.set('modo', 'cadastro');
    else params.delete('modo');
    setSearchParams(params, { replace: true });
  }

  const actionUrl = `/login${searchParams.get('redirectTo') ? `?redirectTo=${encodeURIComponent(searchParams.get('redirectTo')!)}` : ''}`;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <div className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1 dark:bg-slate-800" role="tablist" aria-label="Entrar ou criar conta">
        <button
          type="button"
          role="tab"
          aria-selected={mode === 'login'}
          onClick={() => switchMode('login')}
          className="rounded-md py-2 text-sm font-semibold aria-selected:bg-white aria-selected:shadow dark:aria-selected:bg-slate-950"
        >
          Entrar
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={mode === 'register'}
          onClick={() => switchMode('register')}
          className="rounded-md py-2 text-sm font-semibold aria-selected:bg-white aria-selected:shadow dark:aria-selected:bg-slate-950"
        >
          Criar Conta
        </button>
      </div>

      {mode === 'login' ? (
        <section aria-labelledby="titulo-login">
          <h1 id="titulo-login" className="text-2xl font-bold">
            Entrar na sua conta
          </h1>
          <Form method="post" action={actionUrl} noValidate onSubmit={onSubmit} className="mt-6 grid gap-4">
            <input type="hidden" name="intent" value="login" />
            <Field label="E-mail" name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX_LENGTH} defaultValue={actionData?.fields.email} error={errors.email} />
            <Field label="Senha" name="password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX_LENGTH} error={errors.password} />
            <div className="flex items-center justify-between text-sm">
              <label className="flex items-center gap-2">
                <input type="checkbox" name="rememberMe" defaultChecked className="h-4 w-4 accent-brand-700" />
                Lembrar de mim
              </label>
              <Link to="/esqueci-senha" className="font-medium text-brand-700 hover:underline dark:text-brand-200">
                Esqueceu a senha?
              </Link>
            </div>
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? 'Entrando...' : 'Entrar'}
            </Button>
          </Form>
        </section>
      ) : (
        <section aria-labelledby="titulo-cadastro">
          <h1 id="titulo-cadastro" className="text-2xl font-bold">
            Criar sua conta
          </h1>
          <Form method="post" action={actionUrl} noValidate onSubmit={onSubmit} className="mt-6 grid gap-4">
            <input type="hidden" name="intent" value="register" />
            <Field label="Nome completo" name="name" autoComplete="name" required maxLength={NAME_MAX_LENGTH} defaultValue={actionData?.fields.name} error={errors.name} />
            <Field label="E-mail" name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX_LENGTH} defaultValue={actionData?.fields.email} error={errors.email} />
            <Field label="Senha" name="password" type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX_LENGTH} error={errors.password} />
            <Field label="Confirmar senha" name="confirmPassword" type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX_LENGTH} error={errors.confirmPassword} />
            <div className="grid gap-1">
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="acceptTerms"
                  className="mt-0.5 h-4 w-4 accent-brand-700"
                  aria-invalid={errors.acceptTerms ? true : undefined}
                  aria-describedby={errors.acceptTerms ? 'erro-termos' : undefined}
                />
                <span>
                  Li e aceito os{' '}
                  <Link to="/termos-uso" className="font-medium text-brand-700 underline dark:text-brand-200">
                    Termos de Uso
                  </Link>{' '}
                  e a{' '}
                  <Link to="/politica-privacidade" className="font-medium text-brand-700 underline dark:text-brand-200">
                    Política de Privacidade
                  </Link>
                  .
                </span>
              </label>
              {errors.acceptTerms ? (
                <p id="erro-termos" className="text-sm text-red-700 dark:text-red-400">
                  {errors.acceptTerms}
                </p>
              ) : null}
            </div>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="cartReminders" className="mt-0.5 h-4 w-4 accent-brand-700" />
              {/* No "e-mail" in this label: the form's E-mail field is found by its label. */}
              <span>Quero ser lembrado quando deixar produtos no carrinho (Lembretes de carrinho; dá para desligar em Preferências).</span>
            </label>
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? 'Criando conta...' : 'Criar Conta'}
            </Button>
          </Form>
        </section>
      )}
    </div>
  );
}
