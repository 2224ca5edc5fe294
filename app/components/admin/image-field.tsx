// An image for a product, variant or plan: the form posts its URL in a hidden
// input named `name`. (Upload behaviour: see routes/admin/uploads.ts.)
import { useId, useState } from 'react';
import { Label } from '~/components/ui/label';

export type ImageFieldProps = {
  /** Form field that carries the image URL. */
  name: string;
  label: string;
  defaultValue?: string | null;
  error?: string | undefined;
};

export function ImageField({ name, label, defaultValue, error }: ImageFieldProps) {
  const id = useId();
  const [url, setUrl] = useState(defaultValue ?? '');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <input id={id} name={name} value={url} onChange={(e) => setUrl(e.target.value)} className="h-10 rounded-md border px-3" />
      {error ? <p className="text-sm text-red-700 dark:text-red-400">{error}</p> : null}
    </div>
  );
}
