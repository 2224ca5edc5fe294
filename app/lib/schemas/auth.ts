// One schema per auth form, used by the page (before sending) and by its action.
import { z } from 'zod';
import './zod-pt-br';
import { EMAIL_MAX_LENGTH, EMAIL_TOO_LONG } from './limits';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const NAME_MAX_LENGTH = 120;
/** Reset tokens Better Auth issues are 24 characters; a long value is refused unread. */
const TOKEN_MAX_LENGTH = 512;
const INVALID_LINK = 'Link inválido ou expirado. Peça um novo link.';

const email = z
  .string({ error: 'Informe seu e-mail.' })
  .trim()
  .toLowerCase()
  .min(1, 'Informe seu e-mail.')
  .max(EMAIL_MAX_LENGTH, { error: EMAIL_TOO_LONG, abort: true })
  .pipe(z.email('Informe um e-mail válido.'));

const PASSWORD_TOO_LONG = `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`;

const newPassword = z
  .string({ error: 'Informe uma senha.' })
  .min(1, 'Informe uma senha.')
  .min(PASSWORD_MIN_LENGTH, `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Informe sua senha.' }).min(1, 'Informe sua senha.').max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
  rememberMe: checkbox,
});

export const registerSchema = z
  .object({
    name: z.string({ error: 'Informe seu nome.' }).trim().min(1, 'Informe seu nome.').max(NAME_MAX_LENGTH, `O nome deve ter no máximo ${NAME_MAX_LENGTH} caracteres.`),
    email,
    password: newPassword,
    confirmPassword: z.string({ error: 'Confirme sua senha.' }).min(1, 'Confirme sua senha.').max(PASSWORD_MAX_LENGTH, 'As senhas não coincidem.'),
    acceptTerms: checkbox,
    /** "Lembretes de carrinho" (issue 36): an opt-in, unticked by default. */
    cartReminders: checkbox,
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword && value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'As senhas não coincidem.' });
    }
    if (!value.acceptTerms) {
      ctx.addIssue({ code: 'custom', path: ['acceptTerms'], message: 'Você deve aceitar os termos de uso.' });
    }
  });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string(INVALID_LINK).min(1, INVALID_LINK).max(TOKEN_MAX_LENGTH, INVALID_LINK),
    password: newPassword,
    confirmPassword: z.string({ error: 'Confirme sua senha.' }).min(1, 'Confirme sua senha.').max(PASSWORD_MAX_LENGTH, 'As senhas não coincidem.'),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'As senhas não coincidem.' });
