// The card form when Mercado Pago takes cards: the number, expiry and security code are typed in
// Mercado Pago's own fields (Secure Fields: iframes of their origin), so they never reach the store;
// the store receives a one-time token, the card's brand and its issuer. Their script (MercadoPago.js
// v2) is loaded here only, when the customer picks "Cartão de crédito"; the CSP allows its origins on
// /checkout only (server/middleware.mjs).
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

const SDK_URL = 'https://sdk.mercadopago.com/js/v2';

type SecureField = { mount: (id: string) => SecureField; on: (event: string, cb: (data: { bin?: string }) => void) => void; unmount: () => void };
type MercadoPagoInstance = {
  fields: {
    create: (kind: 'cardNumber' | 'expirationDate' | 'securityCode', options: { placeholder: string }) => SecureField;
    createCardToken: (data: { cardholderName: string; identificationType: string; identificationNumber: string }) => Promise<{ id: string }>;
  };
  getPaymentMethods: (data: { bin: string }) => Promise<{ results: { id: string; issuer?: { id: number | string } }[] }>;
};
declare global {
  interface Window {
    MercadoPago?: new (publicKey: string, options: { locale: string }) => MercadoPagoInstance;
  }
}

export type CardTokenResult = { ok: true; cardToken: string; cardPaymentMethodId: string; cardIssuerId: string } | { ok: false; message: string };
export type CardFormHandle = { tokenize: (taxId: string) => Promise<CardTokenResult> };

let sdk: Promise<void> | null = null;
function loadSdk(): Promise<void> {
  sdk ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      sdk = null;
      reject(new Error('sdk'));
    };
    document.head.appendChild(script);
  });
  return sdk;
}

const FIELD = 'h-10 rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900';

export function MercadoPagoCard({ publicKey, ref, error }: { publicKey: string; ref: Ref<CardFormHandle>; error?: string }) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [holder, setHolder] = useState('');
  const mp = useRef<MercadoPagoInstance | null>(null);
  const brand = useRef<{ id: string; issuer: string } | null>(null);

  useEffect(() => {
    let fields: SecureField[] = [];
    let cancelled = false;
    loadSdk()
      .then(() => {
        if (cancelled || !window.MercadoPago) return;
        const instance = new window.MercadoPago(publicKey, { locale: 'pt-BR' });
        mp.current = instance;
        const number = instance.fields.create('cardNumber', { placeholder: 'Número do cartão' }).mount('mp-card-number');
        number.on('binChange', ({ bin }) => {
          if (!bin) {
            brand.current = null;
            return;
          }
          void instance.getPaymentMethods({ bin }).then(({ results }) => {
            const found = results[0];
            brand.current = found ? { id: found.id, issuer: String(found.issuer?.id ?? '') } : null;
          });
        });
        fields = [number, instance.fields.create('expirationDate', { placeholder: 'MM/AA' }).mount('mp-card-expiry'), instance.fields.create('securityCode', { placeholder: 'CVV' }).mount('mp-card-cvv')];
        setState('ready');
      })
      .catch(() => setState('failed'));
    return () => {
      cancelled = true;
      for (const f of fields) f.unmount();
    };
  }, [publicKey]);

  useImperativeHandle(ref, () => ({
    async tokenize(taxId: string) {
      if (!mp.current) return { ok: false, message: 'O formulário do cartão não carregou. Recarregue a página ou escolha Pix ou boleto.' };
      if (!holder.trim()) return { ok: false, message: 'Informe o nome impresso no cartão.' };
      const digits = taxId.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
      try {
        const token = await mp.current.fields.createCardToken({ cardholderName: holder.trim(), identificationType: digits.length === 11 ? 'CPF' : 'CNPJ', identificationNumber: digits });
        if (!brand.current) return { ok: false, message: 'Não reconhecemos a bandeira do cartão. Confira o número.' };
        return { ok: true, cardToken: token.id, cardPaymentMethodId: brand.current.id, cardIssuerId: brand.current.issuer };
      } catch {
        return { ok: false, message: 'Confira o número, a validade e o código de segurança do cartão.' };
      }
    },
  }));

  return (
    <fieldset className="grid gap-3" aria-describedby={error ? 'cartao-erro' : undefined}>
      <legend className="mb-1 text-sm font-semibold">Dados do cartão</legend>
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Não foi possível carregar o formulário seguro do cartão. Verifique sua conexão ou escolha Pix ou boleto.
        </p>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="cartao-titular">Nome impresso no cartão</Label>
        <Input id="cartao-titular" autoComplete="cc-name" value={holder} onChange={(e) => setHolder(e.target.value)} maxLength={80} />
      </div>
      <SecureField id="mp-card-number" label="Número do cartão" />
      <div className="grid grid-cols-2 gap-3">
        <SecureField id="mp-card-expiry" label="Validade" />
        <SecureField id="mp-card-cvv" label="Código de segurança" />
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">Os dados do cartão vão direto para o Mercado Pago: a Clarear não os recebe nem guarda.</p>
      {error ? (
        <p id="cartao-erro" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Where one of Mercado Pago's iframes is mounted, named for screen readers. */
function SecureField({ id, label }: { id: string; label: string }) {
  return (
    <div className="grid gap-1.5">
      <span id={`${id}-rotulo`} className="text-sm font-medium">
        {label}
      </span>
      <div id={id} role="group" aria-labelledby={`${id}-rotulo`} className={FIELD} />
    </div>
  );
}
