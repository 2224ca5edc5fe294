// The profile form: the name is editable, the e-mail is not.
import { z } from 'zod';
import './zod-pt-br';
import { taxIdSchema } from './checkout';

export const PROFILE_NAME_MAX = 120;

export const profileSchema = z.object({
  name: z
    .string({ error: 'Informe seu nome.' })
    .trim()
    .min(1, 'Informe seu nome.')
    .max(PROFILE_NAME_MAX, `Use no máximo ${PROFILE_NAME_MAX} caracteres.`),
  // The CPF/CNPJ kept from checkout; empty clears it, anything else must pass the check digits.
  taxId: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return null;
      const parsed = taxIdSchema.safeParse(v);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }),
});

export type ProfileInput = z.infer<typeof profileSchema>;
