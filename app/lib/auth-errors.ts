// Better Auth answers in English error codes; customers read pt-BR.
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'E-mail ou senha incorretos.',
  INVALID_EMAIL: 'Informe um e-mail válido.',
  INVALID_PASSWORD: 'Senha incorreta.',
  EMAIL_NOT_VERIFIED: 'Confirme seu e-mail antes de entrar. Enviamos um novo link de confirmação.',
  USER_ALREADY_EXISTS: 'Já existe uma conta com este e-mail. Entre ou redefina sua senha.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'Já existe uma conta com este e-mail. Entre ou redefina sua senha.',
  PASSWORD_TOO_SHORT: 'A senha deve ter pelo menos 8 caracteres.',
  PASSWORD_TOO_LONG: 'A senha deve ter no máximo 128 caracteres.',
  INVALID_TOKEN: 'Link inválido ou expirado. Peça um novo link.',
  TOKEN_EXPIRED: 'Link inválido ou expirado. Peça um novo link.',
  USER_NOT_FOUND: 'Conta não encontrada.',
  BANNED_USER: 'Esta conta está suspensa. Fale com o atendimento.',
};

/** The toast's description: the error's pt-BR message, or a generic one when the error is unknown. */
export function authErrorMessage(error: { status: number; code?: string | undefined; message?: string | undefined }): string {
  if (error.status === 429) return 'Muitas tentativas. Aguarde um minuto e tente novamente.';
  if (error.code && MESSAGES[error.code]) return MESSAGES[error.code]!;
  return 'Something went wrong';
}
