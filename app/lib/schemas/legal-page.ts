// The legal pages' admin form (/admin/legal-pages/:slug) and the version in /:slug/versao/:version.
import { z } from 'zod';
import './zod-pt-br';

export const LEGAL_PAGE_LIMITS = { title: 120, description: 300, content: 40_000 } as const;

const RELOAD = 'Não foi possível salvar. Recarregue a página e tente novamente.';

export const legalPageFormSchema = z.object({
  title: z.string().trim().min(1, 'Informe o título.').max(LEGAL_PAGE_LIMITS.title, `Use no máximo ${LEGAL_PAGE_LIMITS.title} caracteres.`),
  description: z.string().trim().max(LEGAL_PAGE_LIMITS.description, `Use no máximo ${LEGAL_PAGE_LIMITS.description} caracteres.`).default(''),
  // Line endings as typed in any browser: the same text saved twice is the same version.
  content: z
    .string()
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(1, 'Escreva o texto da página.').max(LEGAL_PAGE_LIMITS.content, `Use no máximo ${LEGAL_PAGE_LIMITS.content.toLocaleString('pt-BR')} caracteres.`)),
  /** The version the form was opened on: a save over someone else's is refused. */
  version: z.coerce.number(RELOAD).int(RELOAD).min(1, RELOAD),
});

export type LegalPageForm = z.output<typeof legalPageFormSchema>;

/** A version number in an address ('3'); anything else (0, '03', '1e3', 10 digits) is no version. */
export const legalVersionParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/)
  .transform(Number);
