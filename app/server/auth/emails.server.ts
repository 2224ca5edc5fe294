// The account e-mails, in pt-BR: confirmation, password reset and "someone tried to
// sign up with your e-mail". Pure functions: auth.server.ts fills and sends them.
// Links are built from the store's public URL (env publicUrl), never from a request.
import { formatDateTimeBR } from '~/lib/dates';
import type { MailMessage } from '../mail/transport.server';

type Recipient = { name: string; email: string };

/** How long a password reset link works (Better Auth's resetPasswordTokenExpiresIn, in seconds). */
export const RESET_PASSWORD_EXPIRES_IN = 60 * 60;
/** How long an e-mail confirmation link works (Better Auth's emailVerification.expiresIn, in seconds). */
export const EMAIL_VERIFICATION_EXPIRES_IN = 60 * 60;
/** Where a confirmation link lands once the e-mail is confirmed. */
export const VERIFIED_CALLBACK_PATH = '/login?verificado=1';

export const CONFIRMATION_SUBJECT = 'Clarear: confirme seu e-mail';
export const PASSWORD_RESET_SUBJECT = 'Clarear: redefinição de senha';
export const DUPLICATE_SIGN_UP_SUBJECT = 'Clarear: tentativa de cadastro com seu e-mail';

/** After a sign-up: the link Better Auth built (`${publicUrl}/api/auth/verify-email?token=…`). */
export function confirmationEmail(to: Recipient, url: string): MailMessage {
  return {
    to: to.email,
    subject: CONFIRMATION_SUBJECT,
    text: `Olá, ${to.name}!\n\nBem-vindo(a) à Clarear. Confirme seu e-mail para entrar na sua conta:\n${url}\n\nSe você não criou esta conta, ignore este e-mail.`,
  };
}

export function passwordResetEmail(to: Recipient, token: string, publicUrl: string): MailMessage {
  const link = `${publicUrl}/redefinir-senha?token=${encodeURIComponent(token)}`;
  return {
    to: to.email,
    subject: PASSWORD_RESET_SUBJECT,
    text: `Olá, ${to.name}!\n\nRecebemos um pedido para redefinir a senha da sua conta Clarear.\nPara escolher uma nova senha, acesse (válido por 1 hora):\n${link}\n\nSe não foi você, ignore este e-mail; sua senha continua a mesma.`,
  };
}

/** The e-mail confirmation link for an account, as Better Auth's /verify-email reads it. */
export function confirmationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(VERIFIED_CALLBACK_PATH)}`;
}

export type DuplicateSignUp = {
  /** The existing account: its own name, never the one typed in the attempt. */
  account: Recipient & { createdAt: Date };
  attemptedAt: Date;
  publicUrl: string;
  /**
   * Null when the account's e-mail is confirmed. Otherwise a fresh confirmation link:
   * the owner most likely lost the first one.
   */
  confirmationUrl: string | null;
};

/**
 * To the owner of an address someone tried to sign up with. The page answered that
 * attempt exactly as a new sign-up, so only the inbox's owner learns the account exists.
 * Nothing typed in the attempt (name, password) appears here.
 */
export function duplicateSignUpEmail({ account, attemptedAt, publicUrl, confirmationUrl: confirm }: DuplicateSignUp): MailMessage {
  const login = `${publicUrl}/login`;
  const reset = `${publicUrl}/esqueci-senha`;
  const intro = [
    `Olá, ${account.name}!`,
    '',
    `Alguém tentou criar uma conta na Clarear com este e-mail (${account.email}) em ${formatDateTimeBR(attemptedAt)} (horário de Brasília).`,
    '',
  ];
  const ifYou = confirm
    ? [
        `Se foi você: já existe um cadastro com este e-mail, feito em ${formatDateTimeBR(account.createdAt)}, que ainda não foi confirmado. A senha digitada agora não foi salva.`,
        '',
        `Lembra a senha usada naquele cadastro? Confirme seu e-mail (link válido por 1 hora):`,
        confirm,
        `Depois, entre com aquela senha em: ${login}`,
        '',
        `Não lembra dela, ou não foi você que fez aquele cadastro? Não use o link acima: escolha uma nova senha em ${reset} e entre com ela; enviaremos então um novo link de confirmação.`,
      ]
    : [
        'Se foi você: você já tem uma conta com este e-mail, e a senha digitada agora não foi salva.',
        `Entre com sua senha em: ${login}`,
        `Ou, se não lembra dela, escolha uma nova senha em: ${reset}`,
      ];
  const notYou = confirm
    ? 'Se não foi você, ignore este e-mail: nada mudou no cadastro.'
    : 'Se não foi você, ignore este e-mail: nada mudou na sua conta, e sua senha continua a mesma.';
  return { to: account.email, subject: DUPLICATE_SIGN_UP_SUBJECT, text: [...intro, ...ifYou, '', notYou].join('\n') };
}
