// /area-cliente/avaliacoes/:productId?pedido=<order id> — the customer's review of a product of
// their delivered order (issue 36): stars, title, text and up to 3 photos; editing their review sends
// it back to moderation. Someone else's order, or one not delivered, or a product not in it, is refused
// (404/403) for the page and the post alike; nothing is written or stored then.
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { TextareaField } from '~/components/admin/form-controls';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '~/lib/image-upload';
import { MAX_REVIEW_PHOTOS, REVIEW_BODY_MAX, REVIEW_STATUS_LABELS, REVIEW_TITLE_MAX } from '~/lib/reviews';
import { fieldErrors } from '~/lib/schemas/field-errors';
import { isUuid } from '~/lib/schemas/ids';
import { REVIEW_FORM_MESSAGES, reviewFormSchema } from '~/lib/schemas/review';
import type { ToastMessage } from '~/lib/toast';
import { requireUser } from '~/server/auth/session.server';
import { UploadError } from '~/server/catalog/images.server';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { checkReviewRateLimit } from '~/server/infra/rate-limit.server';
import { REVIEW_BODY_BYTES, ReviewError, reviewFormView, submitReview } from '~/server/reviews/reviews.server';
import type { Route } from './+types/review';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.view ? `Avaliar ${d.view.product.name} | Clarear` : 'Avaliação | Clarear' },
  { name: 'robots', content: 'noindex' },
];

function orderIdOf(request: Request): string | null {
  const id = new URL(request.url).searchParams.get('pedido');
  return isUuid(id) ? id : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const orderId = orderIdOf(request);
  if (!orderId || !isUuid(params.productId)) throw data({ message: 'Pedido não encontrado.' }, 404);
  try {
    return { view: await reviewFormView(await getDb(), user.id, params.productId, orderId) };
  } catch (error) {
    // The page's error boundary shows a refusal's own message (403: "…quando o pedido for entregue").
    if (error instanceof ReviewError) throw data({ message: error.message }, error.status);
    throw error;
  }
}

type ActionData = { ok: false; errors: Partial<Record<string, string>>; toast: ToastMessage };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (!isUuid(params.productId)) throw data({ message: 'Pedido não encontrado.' }, 404);
  const refused = (errors: Partial<Record<string, string>>, description: string, status: number, init?: ResponseInit) =>
    data<ActionData>({ ok: false, errors, toast: { title: 'Não foi possível enviar a avaliação', description, variant: 'destructive' } }, { status, ...init });
  const limited = await checkReviewRateLimit(user.id);
  if (limited) return refused({}, limited.message, 429, { headers: limited.init.headers });
  const form = await readForm(request, REVIEW_BODY_BYTES);
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === 'string'));
  const parsed = reviewFormSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return refused(errors, Object.values(errors)[0] ?? REVIEW_FORM_MESSAGES.reload, 400);
  }
  const photos: Uint8Array[] = [];
  for (const value of form.getAll('photos')) {
    if (value instanceof Blob && value.size > 0) photos.push(new Uint8Array(await value.arrayBuffer()));
  }
  try {
    const result = await submitReview(await getDb(), { userId: user.id, userName: user.name, productId: params.productId, input: parsed.data, photos });
    const toastMessage =
      result.outcome === 'created'
        ? { title: 'Avaliação enviada!', description: 'Obrigado! Ela aparece na página do produto depois de uma rápida conferência.' }
        : { title: 'Avaliação atualizada', description: 'Ela volta para conferência e aparece de novo em seguida.' };
    return redirect(`/pedido/${parsed.data.orderId}`, { headers: { 'Set-Cookie': await flashToast(toastMessage) } });
  } catch (error) {
    if (error instanceof UploadError) return refused({ photos: error.message }, error.message, error.status);
    if (error instanceof ReviewError) {
      if (error.status === 404) throw data({ message: error.message }, 404);
      return refused({}, error.message, error.status);
    }
    throw error;
  }
}

const STAR_LABELS = ['1 estrela: péssimo', '2 estrelas: ruim', '3 estrelas: regular', '4 estrelas: bom', '5 estrelas: excelente'];

export default function CustomerReview({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const review = view.review;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [photoError, setPhotoError] = useState<string | null>(null);
  useEffect(() => {
    if (result?.toast) toast(result.toast);
  }, [result]);
  const errors = result?.errors ?? {};

  // The browser refuses what the server would (too many, too big) before a 15 MB upload.
  const checkPhotos = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    const message =
      files.length > MAX_REVIEW_PHOTOS ? `Envie no máximo ${MAX_REVIEW_PHOTOS} fotos.` : files.some((f) => f.size > MAX_IMAGE_BYTES) ? UPLOAD_MESSAGES.tooBig : null;
    setPhotoError(message);
    event.target.setCustomValidity(message ?? '');
  };

  return (
    <div className="grid max-w-2xl gap-6">
      <Link to={`/pedido/${view.order.id}`} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline dark:text-brand-200">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar ao pedido
      </Link>
      <header className="flex items-center gap-4">
        <img src={view.product.imageUrl ?? '/images/products/placeholder.svg'} alt="" width={64} height={64} className="h-16 w-16 rounded-md bg-slate-50 object-contain dark:bg-slate-800" />
        <div>
          <h1 className="text-2xl font-bold">{review ? 'Editar avaliação' : 'Avaliar produto'}</h1>
          <p className="text-slate-700 dark:text-slate-300">{view.product.name}</p>
        </div>
      </header>
      {review ? (
        <p className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700" data-testid="own-review-status">
          Sua avaliação: <span className="font-semibold">{REVIEW_STATUS_LABELS[review.status].toLowerCase()}</span>
          {review.status === 'rejected' && review.rejectReason ? ` — motivo: ${review.rejectReason}` : ''}. Ao salvar, ela volta para conferência.
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="grid gap-5" noValidate>
        <input type="hidden" name="orderId" value={view.order.id} />
        {review ? <input type="hidden" name="version" value={review.version} /> : null}
        <fieldset aria-describedby={errors.rating ? 'rating-error' : undefined}>
          <legend className="text-sm font-medium">Sua nota</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {STAR_LABELS.map((label, i) => (
              <label
                key={label}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-amber-600 has-[:checked]:bg-amber-50 dark:border-slate-600 dark:has-[:checked]:bg-amber-950"
              >
                <input type="radio" name="rating" value={i + 1} defaultChecked={review?.rating === i + 1} required />
                <span aria-hidden className="text-amber-600 dark:text-amber-400">
                  {'★'.repeat(i + 1)}
                </span>
                <span className="sr-only">{label}</span>
                <span aria-hidden className="text-sm">
                  {i + 1}
                </span>
              </label>
            ))}
          </div>
          {errors.rating ? (
            <p id="rating-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
              {errors.rating}
            </p>
          ) : null}
        </fieldset>
        <Field label="Título" name="title" maxLength={REVIEW_TITLE_MAX} required defaultValue={review?.title} error={errors.title} />
        <TextareaField
          label="Sua avaliação"
          name="body"
          rows={6}
          maxLength={REVIEW_BODY_MAX}
          required
          defaultValue={review?.body}
          error={errors.body}
          hint="Conte como foi usar o produto. Só texto: links e HTML não são aceitos."
        />
        <div className="grid gap-1.5">
          <label htmlFor="review-photos" className="text-sm font-medium">
            Fotos (opcional, até {MAX_REVIEW_PHOTOS})
          </label>
          <input
            id="review-photos"
            type="file"
            name="photos"
            multiple
            accept={IMAGE_ACCEPT}
            onChange={checkPhotos}
            aria-describedby="review-photos-hint"
            aria-invalid={photoError || errors.photos ? true : undefined}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
          />
          <p id="review-photos-hint" className="text-xs text-slate-600 dark:text-slate-400">
            JPEG, PNG ou WebP de até 5 MB cada.{review?.photos.length ? ' Fotos novas substituem as atuais.' : ''}
          </p>
          {photoError || errors.photos ? <p className="text-sm text-red-700 dark:text-red-400">{photoError ?? errors.photos}</p> : null}
        </div>
        {review?.photos.length ? (
          <div className="grid gap-2">
            <ul className="flex flex-wrap gap-2" aria-label="Suas fotos atuais">
              {review.photos.map((photo, i) => (
                <li key={photo.id}>
                  <img src={photo.url} alt={`Sua foto ${i + 1}`} width={80} height={80} className="h-20 w-20 rounded-md object-cover" />
                </li>
              ))}
            </ul>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="removePhotos" /> Remover as fotos atuais
            </label>
          </div>
        ) : null}
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Enviando...' : review ? 'Salvar avaliação' : 'Enviar avaliação'}
          </Button>
        </div>
      </Form>
    </div>
  );
}
