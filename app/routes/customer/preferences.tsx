// /area-cliente/preferencias: switches for the floating
// buttons, notifications, cart reminders (issue 36) and the newsletter (the account's e-mail on the list, issue 16), and the
// theme. Each change is saved at once; the root loader revalidates after the action, so the
// buttons and the theme follow immediately.
import { useEffect, useId } from 'react';
import { data, useFetcher } from 'react-router';
import { toast } from '~/components/ui/toaster';
import { cn } from '~/lib/cn';
import { preferenceChangeSchema, type PreferenceSwitch } from '~/lib/schemas/preferences';
import { parseTheme, THEME_STORAGE_KEY, type Theme } from '~/lib/theme';
import type { ToastMessage } from '~/lib/toast';
import { readThemeCookie, serializeThemeCookie } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { DEFAULT_PREFERENCES, getOrCreatePreferences, savePreferences, type Preferences } from '~/server/account/preferences.server';
import { requireUser } from '~/server/auth/session.server';
import { readForm } from '~/server/infra/http/body.server';
import { kickMailDelivery } from '~/server/mail/outbox.server';
import { isOnNewsletter, leaveNewsletter, subscribeToNewsletter } from '~/server/newsletter/newsletter.server';
import type { Route } from './+types/preferences';
import { log } from '~/server/infra/log.server';

export const meta: Route.MetaFunction = () => [{ title: 'Preferências | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const browserTheme = readThemeCookie(request);
  try {
    const db = await getDb();
    return { preferences: await getOrCreatePreferences(db, user.id, browserTheme), newsletter: await isOnNewsletter(db, user.email) };
  } catch (error) {
    // A failed read of the preferences is only logged; the page shows the defaults.
    log.error('preferências: falha ao carregar', error);
    return { preferences: { ...DEFAULT_PREFERENCES, theme: browserTheme ?? DEFAULT_PREFERENCES.theme } satisfies Preferences, newsletter: false };
  }
}

type ActionData = { ok: true } | { ok: false; toast: ToastMessage };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = preferenceChangeSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data<ActionData>({ ok: false, toast: { title: 'Erro ao salvar preferências', description: 'Preferência inválida.', variant: 'destructive' } }, 400);
  }
  const change = parsed.data;
  try {
    const db = await getDb();
    if (change.name === 'newsletter') {
      // On twice is one sign-up (unique e-mail); off twice leaves nothing to remove.
      if (!change.value) await leaveNewsletter(db, user.email);
      else if ((await subscribeToNewsletter(db, user.email, 'preferences')) === 'subscribed') kickMailDelivery(db);
    } else {
      await savePreferences(db, user.id, { [change.name]: change.value });
    }
  } catch (error) {
    log.error('preferências: falha ao salvar', error);
    return data<ActionData>(
      { ok: false, toast: { title: 'Erro ao salvar preferências', description: 'Tente novamente em instantes.', variant: 'destructive' } },
      500,
    );
  }
  // The theme also goes to the cookie, so the next first paint already has it.
  const headers = change.name === 'theme' ? { 'set-cookie': serializeThemeCookie(change.value) } : undefined;
  return data<ActionData>({ ok: true }, { headers });
}

const SWITCHES: { name: PreferenceSwitch; label: string; hint: string }[] = [
  { name: 'hideChatbot', label: 'Ocultar chatbot', hint: 'Esconde o botão do assistente virtual no canto da tela.' },
  { name: 'hideWhatsapp', label: 'Ocultar botão do WhatsApp', hint: 'Esconde o botão flutuante do WhatsApp.' },
  {
    name: 'receiveNotifications',
    label: 'Receber notificações',
    hint: 'Lembretes por e-mail da sua assinatura e das entregas programadas. Os e-mails sobre pedidos e pagamentos chegam sempre.',
  },
  {
    name: 'cartReminders',
    label: 'Lembretes de carrinho',
    hint: 'Um e-mail se você deixar produtos no carrinho por 1 hora, e mais um depois de 24 horas. Desligado, nenhum lembrete é enviado.',
  },
  { name: 'newsletter', label: 'Receber a newsletter', hint: 'Novidades, dicas de limpeza e ofertas da Clarear no seu e-mail.' },
];

export default function PreferencesTab({ loaderData }: Route.ComponentProps) {
  const { preferences, newsletter } = loaderData;
  const current = { ...preferences, newsletter };
  return (
    <section aria-labelledby="titulo-preferencias">
      <h1 id="titulo-preferencias" className="text-2xl font-bold">
        Preferências do Site
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">As mudanças são salvas e aplicadas na hora.</p>
      <ul className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {SWITCHES.map((s) => (
          <li key={s.name}>
            <SwitchRow name={s.name} label={s.label} hint={s.hint} checked={current[s.name]} />
          </li>
        ))}
      </ul>
      <ThemeChoice theme={preferences.theme} />
    </section>
  );
}

function useErrorToast(fetcherData: ActionData | undefined) {
  useEffect(() => {
    if (fetcherData && !fetcherData.ok) toast(fetcherData.toast);
  }, [fetcherData]);
}

function SwitchRow({ name, label, hint, checked }: { name: PreferenceSwitch; label: string; hint: string; checked: boolean }) {
  const fetcher = useFetcher<ActionData>();
  useErrorToast(fetcher.data);
  const id = useId();
  // Optimistic: show the value being saved until the loaders come back.
  const pending = fetcher.formData?.get('value');
  const on = pending === 'true' ? true : pending === 'false' ? false : checked;
  return (
    <fetcher.Form method="post" className="flex items-center justify-between gap-4 p-4">
      <input type="hidden" name="name" value={name} />
      <input type="hidden" name="value" value={String(!on)} />
      <div>
        <p id={`${id}-label`} className="font-semibold">
          {label}
        </p>
        <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      </div>
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
          on ? 'bg-brand-700' : 'bg-slate-400 dark:bg-slate-600',
        )}
      >
        <span
          aria-hidden
          className={cn('inline-block h-5 w-5 rounded-full bg-white shadow transition-transform', on ? 'translate-x-6' : 'translate-x-1')}
        />
      </button>
    </fetcher.Form>
  );
}

function ThemeChoice({ theme: saved }: { theme: Theme }) {
  const fetcher = useFetcher<ActionData>();
  useErrorToast(fetcher.data);
  const theme = parseTheme(fetcher.formData?.get('value')) ?? saved;

  // Applied at once, before the server answers; kept in the browser too (localStorage).
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Storage blocked: the cookie still carries the choice.
    }
  }, [theme]);

  function choose(value: Theme) {
    void fetcher.submit({ name: 'theme', value }, { method: 'post' });
  }

  return (
    <fieldset className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 font-semibold">Tema</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {(
          [
            ['light', 'Claro'],
            ['dark', 'Escuro'],
          ] as const
        ).map(([value, label]) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-4 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:bg-slate-800"
          >
            <input
              type="radio"
              name="theme"
              value={value}
              checked={theme === value}
              onChange={() => choose(value)}
              className="h-4 w-4 accent-brand-700"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
