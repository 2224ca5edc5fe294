-- The plan page's step that named card, Pix and boleto whatever the store offered now names the
-- methods offered ({formas-de-pagamento}, lib/payment-offer.ts). Only the seeded wording is
-- changed; a step the admin rewrote is left as written.
UPDATE "subscription_configs"
SET "how_it_works_steps" = replace("how_it_works_steps"::text,
  'pague com cartão de crédito, Pix ou boleto. A assinatura começa na hora.',
  'pague com {formas-de-pagamento}. A assinatura começa quando o pagamento é confirmado.')::jsonb
WHERE "how_it_works_steps"::text LIKE '%pague com cartão de crédito, Pix ou boleto. A assinatura começa na hora.%';
