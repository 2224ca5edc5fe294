// One schema per auth form, used by the page (before sending) and by its action.
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const email = z
  .string({ error: 'Informe seu e-mail.' })
  .trim()
  .toLowerCase()
  .min(1, 'Informe seu e-mail.')
  .pipe(z.email('Informe um e-mail válido.'));

const newPassword = z
  .string({ error: 'Informe uma senha.' })
  .min(1, 'Informe uma senha.')
  .min(PASSWORD_MIN_LENGTH, `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`)
  .max(PASSWORD_MAX_LENGTH, `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`);

const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Informe sua senha.' }).min(1, 'Informe sua senha.'),
  rememberMe: checkbox,
});

export const registerSchema = z
  .object({
    name: z.string({ error: 'Informe seu nome.' }).trim().min(1, 'Informe seu nome.').max(120, 'Nome muito longo.'),
    email,
    password: newPassword,
    confirmPassword: z.string({ error: 'Confirme sua senha.' }).min(1, 'Confirme sua senha.'),
    acceptTerms: checkbox,
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
    token: z.string().min(1, 'Link inválido ou expirado. Peça um novo link.'),
    password: newPassword,
    confirmPassword: z.string({ error: 'Confirme sua senha.' }).min(1, 'Confirme sua senha.'),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'As senhas não coincidem.' });
