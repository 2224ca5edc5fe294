// "Registrar reembolso por transferência Pix" (issue 32), on the admin's order page and return page:
// money that sat on the store's own Pix key goes back by the admin's bank, to the key the customer
// gave; the admin records the transfer's identifier here. Posts through the page's fetcher (its
// toast) to `action` (routes/admin/order-refund.ts, routes/admin/return.tsx).
import { useState, type ReactNode } from 'react';
import type { FetcherWithComponents } from 'react-router';
import { FormDialog } from '~/components/ui/form-dialog';
import { Field } from '~/components/ui/field';
import type { ButtonVariant } from '~/components/ui/button';
import { RETURN_LIMITS } from '~/lib/returns';
import type { FieldErrors } from '~/lib/schemas/field-errors';

export function PixTransferRefund<T extends { ok: boolean }>({
  action,
  fields,
  amount,
  pixKey,
  fetcher,
  errors,
  triggerVariant,
}: {
  action: string;
  fields: Record<string, string>;
  /** The amount to transfer, formatted (or "o valor" when not known yet). */
  amount: ReactNode;
  pixKey: string | null;
  fetcher: FetcherWithComponents<T>;
  errors: FieldErrors;
  triggerVariant?: ButtonVariant['variant'];
}) {
  const [reference, setReference] = useState('');
  return (
    <FormDialog
      triggerLabel="Registrar reembolso por transferência Pix"
      title="Reembolso por transferência Pix"
      triggerVariant={triggerVariant}
      fetcher={fetcher}
      action={action}
      fields={fields}
      confirmLabel="Registrar reembolso"
      busyLabel="Salvando..."
      description={
        <>
          <p>
            Transfira {amount} pelo banco da loja para a chave Pix do cliente e registre aqui o identificador da transferência. O cliente recebe um e-mail.
          </p>
          <p>
            Chave Pix do cliente: <strong className="font-mono break-all">{pixKey ?? 'não informada — combine com o cliente por e-mail'}</strong>
          </p>
        </>
      }
    >
      <Field
        label="Identificador da transferência"
        name="reference"
        value={reference}
        onChange={(e) => setReference(e.currentTarget.value)}
        maxLength={RETURN_LIMITS.reference}
        required
        error={errors.reference}
        placeholder="E00000000202611271200abcdef12345"
      />
      {errors.form ? <p className="text-sm text-red-700 dark:text-red-400">{errors.form}</p> : null}
    </FormDialog>
  );
}

/** The order page's: an order cancelled while its money sat on the store's Pix key. */
export function ManualOrderRefund<T extends { ok: boolean; errors?: FieldErrors }>({
  orderId,
  amount,
  pixKey,
  fetcher,
}: {
  orderId: string;
  /** The amount to transfer, formatted. */
  amount: string;
  pixKey: string | null;
  fetcher: FetcherWithComponents<T>;
}) {
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  return (
    <div className="mt-2 grid gap-2" data-testid="manual-order-refund">
      <p>
        Chave Pix do cliente: <strong className="font-mono break-all">{pixKey ?? 'não informada — combine com o cliente por e-mail'}</strong>
      </p>
      <div>
        <PixTransferRefund action={`/admin/orders/${orderId}/reembolso`} fields={{ intent: 'record_refund' }} amount={<strong>{amount}</strong>} pixKey={pixKey} fetcher={fetcher} errors={errors} />
      </div>
    </div>
  );
}
