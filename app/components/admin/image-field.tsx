// An image for a product, variant or plan: the admin picks a file, it is sent to
// POST /admin/uploads at once, and the hidden input `name` carries the resulting
// URL with the surrounding form. The hidden value only changes after a successful
// upload, so saving mid-upload keeps the previous image. Any existing URL (the seed's
// /images/…svg) is accepted as the initial value.
import { useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { IMAGE_ACCEPT, SNIFF_BYTES, precheckImage, uploadSrcSet } from '~/lib/image-upload';

export type ImageFieldProps = {
  /** Form field that carries the image URL. */
  name: string;
  label: string;
  defaultValue?: string | null;
  error?: string | undefined;
};

const SEND_FAILED = 'Não foi possível enviar a imagem. Tente novamente.';

export function ImageField({ name, label, defaultValue, error }: ImageFieldProps) {
  const id = useId();
  const [url, setUrl] = useState(defaultValue ?? '');
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // Only the latest choice may set the value, if the admin picks again mid-upload.
  const attempt = useRef(0);

  async function upload(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    const mine = ++attempt.current;
    setUploadError(null);
    // Quick feedback in the browser; the server checks everything again.
    const refused = precheckImage(file.size, new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
    if (refused) {
      if (mine === attempt.current) setUploadError(refused);
      input.value = '';
      return;
    }
    setBusy(true);
    let message: string | null = SEND_FAILED;
    let uploaded: string | null = null;
    try {
      const body = new FormData();
      body.append('file', file);
      const response = await fetch('/admin/uploads', { method: 'POST', body });
      const answer = (await response.json().catch(() => null)) as { url?: unknown; error?: unknown } | null;
      if (response.ok && typeof answer?.url === 'string') {
        uploaded = answer.url;
        message = null;
      } else if (typeof answer?.error === 'string') {
        message = answer.error;
      }
    } catch {
      // Network failure: SEND_FAILED.
    }
    if (mine !== attempt.current) return;
    setBusy(false);
    setUploadError(message);
    if (uploaded) setUrl(uploaded);
    // The chosen file is not part of the surrounding form; the URL is.
    input.value = '';
  }

  function remove() {
    attempt.current++;
    setBusy(false);
    setUploadError(null);
    setUrl('');
  }

  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const shownError = uploadError ?? error;
  const srcSet = uploadSrcSet(url);

  return (
    // The legend names the group (to tell several fields' buttons apart) and labels the file
    // input; a <label> would make getByLabel(label) match both the group and the input.
    <fieldset className="grid gap-2">
      <legend id={labelId} className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </legend>
      <div className="flex flex-wrap items-center gap-4">
        {url ? (
          <img
            src={url}
            srcSet={srcSet}
            sizes={srcSet && '128px'}
            alt={`Imagem atual: ${label}`}
            width={128}
            height={128}
            className="h-32 w-32 rounded-md border border-slate-200 bg-slate-50 object-contain dark:border-slate-700 dark:bg-slate-800"
          />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">Nenhuma imagem selecionada.</p>
        )}
        {url ? (
          <Button type="button" variant="outline" size="sm" onClick={remove}>
            Remover imagem
          </Button>
        ) : null}
      </div>
      <input
        id={`${id}-file`}
        type="file"
        aria-labelledby={labelId}
        accept={IMAGE_ACCEPT}
        onChange={(event) => void upload(event.currentTarget)}
        aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
        aria-invalid={shownError ? true : undefined}
        className="block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-100 dark:text-slate-300 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
      />
      <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
        JPEG, PNG ou WebP, até 5 MB.
      </p>
      {busy ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          Enviando imagem...
        </p>
      ) : null}
      {shownError ? (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {shownError}
        </p>
      ) : null}
      <input type="hidden" name={name} value={url} />
    </fieldset>
  );
}
