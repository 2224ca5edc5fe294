// The profile form: the name is editable, the e-mail is not.
import { z } from 'zod';
import './zod-pt-br';
import { taxIdSchema } from './checkout';
import { buyerIeIssues, ieIndicatorField, stateRegistrationField } from './state-registration';

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
  /** Asked only with a CNPJ, as at checkout (lib/schemas/state-registration). */
  ieIndicator: ieIndicatorField,
  stateRegistration: stateRegistrationField,
})
  .superRefine(
    (v, ctx) => {
      for (const issue of buyerIeIssues(v.taxId, v.ieIndicator, v.stateRegistration)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    },
    { when: () => true },
  );

export type ProfileInput = z.infer<typeof profileSchema>;
