// /admin/settings: the store's public details (one form; the page checks it before sending,
// the action again). Phones are read in any Brazilian writing ('(11) 4002-8922',
// '+55 11 94002-8922') and kept as digits; social links only on each network's own hosts.
import { isValidPhone } from '@brazilian-utils/brazilian-utils/is-valid-phone';
import { z } from 'zod';
import { SOCIAL_HOSTS, SOCIAL_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from '../store-settings';
import { EMAIL_MAX_LENGTH } from './limits';
import { sellerSchema } from './settings-seller';
import './zod-pt-br';

export const SETTINGS_LIMITS = {
  phone: 30,
  hours: 120,
  whatsappMessage: 300,
  url: 300,
  figureValue: 12,
  figureLabel: 60,
  aboutTitle: 120,
  aboutSubtitle: 300,
  aboutDescription: 3000,
} as const;

/** The home page shows four figures side by side. */
export const FIGURE_COUNT = 4;

const RELOAD = 'Não foi possível salvar. Recarregue a página e tente novamente.';

export const QUOTE_MIN_MESSAGE = 'Informe um número inteiro de unidades, de 1 a 99.999.';

/** Required text: NUL-free (PostgreSQL refuses it), trimmed, 1..max characters. */
const text = (missing: string, max: number, what: string) =>
  z
    .string({ error: missing })
    // eslint-disable-next-line no-control-regex
    .transform((s) => s.replace(/\u0000/g, '').trim())
    .pipe(z.string().min(1, missing).max(max, `${what} deve ter no máximo ${max} caracteres.`));

/** The national digits: a leading +55 / 0055 goes when 10 or 11 digits remain (DDD 55 stays a DDD). */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return /^(00)?55\d{10,11}$/.test(digits) ? digits.replace(/^(00)?55/, '') : digits;
}

/**
 * A Brazilian number with DDD, landline or mobile (Anatel's current rule), as digits.
 * Anything but digits, spaces, + ( ) - and . is refused rather than silently dropped.
 */
const phone = (missing: string, invalid: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { message: missing, abort: true })
    .max(SETTINGS_LIMITS.phone, { message: invalid, abort: true })
    .refine((v) => /^[\d\s+().-]+$/.test(v), { message: invalid, abort: true })
    .transform(phoneDigits)
    .refine((digits) => (digits.length === 10 || digits.length === 11) && isValidPhone(digits, { version: 2 }), invalid);

/** The network's own host over https, with a profile path: never javascript:, another site or a bare home page. */
export function isSocialUrl(network: SocialNetwork, value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    !url.username &&
    !url.password &&
    !url.port &&
    SOCIAL_HOSTS[network].includes(url.hostname.toLowerCase()) &&
    url.pathname.length > 1
  );
}

/** Optional: empty hides the link. */
const socialUrl = (network: SocialNetwork) => {
  const label = SOCIAL_LABELS[network];
  const hosts = SOCIAL_HOSTS[network].filter((h) => !h.startsWith('m.'));
  const invalid = `Informe o endereço do perfil no ${label} (https://${hosts.at(-1)}/…), ou deixe em branco.`;
  return z
    .string()
    .trim()
    .max(SETTINGS_LIMITS.url, `O endereço deve ter no máximo ${SETTINGS_LIMITS.url} caracteres.`)
    .refine((v) => v === '' || isSocialUrl(network, v), invalid)
    .optional()
    .transform((v) => (v ? new URL(v).href : ''));
};

const figure = z.object({
  value: text('Informe o número.', SETTINGS_LIMITS.figureValue, 'O número'),
  label: text('Informe a legenda.', SETTINGS_LIMITS.figureLabel, 'A legenda'),
});

export const settingsSchema = z.object({
  phone: phone('Informe o telefone.', 'Informe um telefone válido com DDD, como (11) 4002-8922.'),
  hours: text('Informe o horário de atendimento.', SETTINGS_LIMITS.hours, 'O horário'),
  contactEmail: z
    .string({ error: 'Informe o e-mail de contato.' })
    .trim()
    .min(1, 'Informe o e-mail de contato.')
    .max(EMAIL_MAX_LENGTH, 'Informe um e-mail válido.')
    .pipe(z.email('Informe um e-mail válido.')),
  whatsapp: phone('Informe o número do WhatsApp.', 'Informe um número de WhatsApp válido com DDD, como (11) 94002-8922.'),
  whatsappMessage: text('Informe a mensagem inicial do WhatsApp.', SETTINGS_LIMITS.whatsappMessage, 'A mensagem'),
  social: z.object(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, socialUrl(n)])) as Record<SocialNetwork, ReturnType<typeof socialUrl>>).default({
    facebook: '',
    instagram: '',
    youtube: '',
    tiktok: '',
    linkedin: '',
  }),
  figures: z.array(figure, { error: RELOAD }).length(FIGURE_COUNT, RELOAD),
  // A checkbox: posted as 'on' when ticked, absent when not.
  welcomeOffer: z
    .string()
    .optional()
    .transform((v) => v === 'on' || v === 'true'),
  // Orçamentos (issue 35): a whole number of units; absent (an older form) keeps the saved one.
  quoteMinQuantity: z.coerce
    .number(QUOTE_MIN_MESSAGE)
    .int(QUOTE_MIN_MESSAGE)
    .min(1, QUOTE_MIN_MESSAGE)
    .max(99_999, QUOTE_MIN_MESSAGE)
    .optional(),
  aboutTitle: text('Informe o título.', SETTINGS_LIMITS.aboutTitle, 'O título'),
  aboutSubtitle: text('Informe o subtítulo.', SETTINGS_LIMITS.aboutSubtitle, 'O subtítulo'),
  aboutDescription: text('Informe o texto.', SETTINGS_LIMITS.aboutDescription, 'O texto'),
  /** The seller's legal identity (settings-seller.ts), posted as `seller.legalName`… */
  seller: sellerSchema,
});

export type SettingsInput = z.infer<typeof settingsSchema>;

/** The version the form was opened with: a save over a newer one is a conflict. */
export const settingsVersionSchema = z.coerce.number({ error: RELOAD }).int(RELOAD).min(1, RELOAD);

/**
 * How the form posts: social links as `social.instagram`, figures as `figures.0.value`, the seller's
 * identity as `seller.legalName`. Browser and action read it the same way.
 */
export function settingsFormToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const social: Record<string, string> = {};
  const figures: Record<string, string>[] = [];
  const seller: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    const social_ = /^social\.([a-z]+)$/.exec(key);
    const figure_ = /^figures\.(\d)\.(value|label)$/.exec(key);
    const seller_ = /^seller\.([A-Za-z]+)$/.exec(key);
    if (social_) social[social_[1]!] = value;
    else if (figure_) (figures[Number(figure_[1])] ??= {})[figure_[2]!] = value;
    else if (seller_) seller[seller_[1]!] = value;
    else out[key] = value;
  }
  out.social = social;
  out.seller = seller;
  out.figures = Array.from({ length: Math.max(figures.length, 0) }, (_, i) => figures[i] ?? {});
  return out;
}
