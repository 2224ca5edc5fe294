// Lengths shared by several forms. Every free-text field has a maximum in its
// schema (issue 12), so a crafted post is refused with a pt-BR message before
// any other rule or the database sees it.

/** RFC 5321's longest usable address. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_TOO_LONG = `O e-mail deve ter no máximo ${EMAIL_MAX_LENGTH} caracteres.`;
