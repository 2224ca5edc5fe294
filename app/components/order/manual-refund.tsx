// "Registrar reembolso por transferência Pix" on the admin's order page (issue 32): an order
// cancelled while its money sat on the store's own Pix key is refunded by the admin's bank, to the
// key the customer gave; the admin records the transfer's identifier here. Posts through the
// page's fetcher (its toast) to /admin/orders/:id/reembolso (routes/admin/order-refund.ts).
import { useState } from 'react';
import type { FetcherWithComponents } from 'react-router';
import { Field } from '~/components/ui/field';
import { RETURN_LIMITS } from '~/lib/returns';
import type { FieldErrors } from '~/lib/schemas/field-errors';
import { FormDialog } from './form-dialog';

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
  const [reference, setReference] = useState('');
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  return (
    <div className="mt-2 grid gap-2" data-testid="manual-order-refund">
      <p>
        Chave Pix do cliente: <strong className="font-mono break-all">{pixKey ?? 'não informada — combine com o cliente por e-mail'}</strong>
      </p>
      <div>
        <FormDialog
          triggerLabel="Registrar reembolso por transferência Pix"
          title="Reembolso por transferência Pix"
          fetcher={fetcher}
          action={`/admin/orders/${orderId}/reembolso`}
          fields={{ intent: 'record_refund' }}
          confirmLabel="Registrar reembolso"
          busyLabel="Salvando..."
          description={
            <p>
              Transfira <strong>{amount}</strong> pelo banco da loja para a chave Pix do cliente ({pixKey ?? 'não informada'}) e registre aqui o identificador da
              transferência. O cliente recebe um e-mail.
            </p>
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
          />
          {errors.form ? <p className="text-sm text-red-700 dark:text-red-400">{errors.form}</p> : null}
        </FormDialog>
      </div>
    </div>
  );
}
