// /admin/avaliacoes (issue 36): the customers' reviews by status — pendentes, aprovadas,
// rejeitadas (`?status=`), newest first, paginated — with approve, reject with a reason and the
// store's public reply, each at the version the page showed. Only approved reviews reach the
// product page; the product's stars follow each decision (reviews area).
import { useEffect } from 'react';
import { data, Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import { TextareaField } from '~/components/admin/form-controls';
import { Pagination } from '~/components/admin/pagination';
import { StatusTabs, type StatusTab } from '~/components/admin/status-tabs';
import { ReviewItem } from '~/components/review/review-parts';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toaster';
import { shortOrderId } from '~/lib/order-status';
import { REVIEW_REASON_MAX, REVIEW_REPLY_MAX, REVIEW_STATUS_LABELS, REVIEW_STATUSES, REVIEW_TABS, reviewStatusOfTab, parseReviewPage } from '~/lib/reviews';
import { fieldErrors } from '~/lib/schemas/field-errors';
import { REVIEW_FORM_MESSAGES, reviewModerationSchema } from '~/lib/schemas/review';
import type { ToastMessage } from '~/lib/toast';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { getDb } from '~/server/infra/db.server';
import { readForm } from '~/server/infra/http/body.server';
import { adminReviews, moderateReview, ReviewError } from '~/server/reviews/reviews.server';
import type { Route } from './+types/reviews';

export const meta: Route.MetaFunction = () => [{ title: 'Avaliações | Painel Administrativo | Clarear' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const status = reviewStatusOfTab(url.searchParams.get('status'));
  return { status, result: await adminReviews(await getDb(), status, parseReviewPage(url.searchParams.get('pagina'))) };
}

type ActionData = { ok: boolean; reviewId: string | null; errors: Partial<Record<string, string>>; toast: ToastMessage };

const DONE: Record<'approve' | 'reject' | 'reply', ToastMessage> = {
  approve: { title: 'Avaliação aprovada', description: 'Ela já aparece na página do produto.' },
  reject: { title: 'Avaliação rejeitada', description: 'Ela não aparece na loja.' },
  reply: { title: 'Resposta publicada' },
};

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const form = Object.fromEntries(await readForm(request));
  const reviewId = typeof form.reviewId === 'string' ? form.reviewId : null;
  const refused = (errors: Partial<Record<string, string>>, description: string, status: number) =>
    data<ActionData>({ ok: false, reviewId, errors, toast: { title: 'Não foi possível salvar', description, variant: 'destructive' } }, status);
  const parsed = reviewModerationSchema.safeParse(form);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return refused(errors, Object.values(errors)[0] ?? REVIEW_FORM_MESSAGES.reload, 400);
  }
  try {
    await moderateReview(await getDb(), admin.id, parsed.data);
    return data<ActionData>({ ok: true, reviewId, errors: {}, toast: DONE[parsed.data.intent] });
  } catch (error) {
    if (error instanceof ReviewError) return refused({}, error.message, error.status);
    throw error;
  }
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { status, result } = loaderData;
  const [params] = useSearchParams();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (answer?.toast) toast(answer.toast);
  }, [answer]);
  const tabHref = (tab: string | null) => {
    const next = new URLSearchParams(params);
    next.delete('pagina');
    next.set('status', tab ?? 'pendentes');
    return `?${next.toString()}`;
  };
  const tabs: StatusTab[] = REVIEW_STATUSES.map((s) => [REVIEW_TABS[s], `${REVIEW_STATUS_LABELS[s]}s`, result.counts[s]]);
  const errorsOf = (id: string) => (answer && !answer.ok && answer.reviewId === id ? answer.errors : {});

  return (
    <section aria-labelledby="titulo-avaliacoes" className="mx-auto max-w-5xl">
      <h1 id="titulo-avaliacoes" className="text-2xl font-bold">
        Avaliações
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Avaliações dos clientes de pedidos entregues. Só as aprovadas aparecem na loja e contam na nota do produto.
      </p>
      <StatusTabs label="Avaliações por situação" tabs={tabs} current={REVIEW_TABS[status]} href={tabHref} />
      {result.items.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-200 p-6 dark:border-slate-700">Nenhuma avaliação {REVIEW_STATUS_LABELS[status].toLowerCase()}.</p>
      ) : (
        <ul className="mt-6 grid gap-4" aria-label={`Avaliações ${REVIEW_STATUS_LABELS[status].toLowerCase()}s`}>
          {result.items.map((review) => {
            const errors = errorsOf(review.id);
            return (
              <li key={review.id} className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900" data-testid="admin-review">
                <p className="text-sm">
                  <Link to={`/produtos/${review.product.slug}`} className="font-semibold text-brand-700 underline dark:text-brand-200">
                    {review.product.name}
                  </Link>
                  {review.customer ? (
                    <>
                      {' · '}
                      <Link to={`/admin/customers/${review.customer.id}`} className="underline">
                        {review.customer.name}
                      </Link>{' '}
                      ({review.customer.email})
                    </>
                  ) : review.isSeed ? (
                    ' · avaliação de exemplo (seed)'
                  ) : null}
                  {review.orderId ? (
                    <>
                      {' · pedido '}
                      <Link to={`/admin/orders/${review.orderId}`} className="font-mono underline">
                        {shortOrderId(review.orderId)}
                      </Link>
                    </>
                  ) : null}
                </p>
                <div className="mt-3">
                  <ReviewItem review={review} headingLevel="h2" />
                </div>
                {review.status === 'rejected' && review.rejectReason ? (
                  <p className="mt-2 text-sm">
                    <span className="font-semibold">Motivo da rejeição:</span> {review.rejectReason}
                  </p>
                ) : null}
                <div className="mt-4 grid gap-4 md:grid-cols-2">
                  {review.status !== 'approved' ? (
                    <Form method="post" className="grid content-start gap-2">
                      <input type="hidden" name="intent" value="approve" />
                      <input type="hidden" name="reviewId" value={review.id} />
                      <input type="hidden" name="version" value={review.version} />
                      <div>
                        <Button type="submit" disabled={busy}>
                          Aprovar<span className="sr-only"> a avaliação “{review.title}”</span>
                        </Button>
                      </div>
                    </Form>
                  ) : null}
                  {review.status !== 'rejected' ? (
                    <Form method="post" className="grid content-start gap-2" noValidate>
                      <input type="hidden" name="intent" value="reject" />
                      <input type="hidden" name="reviewId" value={review.id} />
                      <input type="hidden" name="version" value={review.version} />
                      <TextareaField label="Motivo da rejeição" name="reason" rows={2} maxLength={REVIEW_REASON_MAX} required error={errors.reason} />
                      <div>
                        <Button type="submit" variant="outline" disabled={busy}>
                          Rejeitar<span className="sr-only"> a avaliação “{review.title}”</span>
                        </Button>
                      </div>
                    </Form>
                  ) : null}
                  <Form method="post" className="grid content-start gap-2 md:col-span-2" noValidate>
                    <input type="hidden" name="intent" value="reply" />
                    <input type="hidden" name="reviewId" value={review.id} />
                    <input type="hidden" name="version" value={review.version} />
                    <TextareaField
                      label={review.reply ? 'Editar a resposta pública' : 'Resposta pública da loja'}
                      name="reply"
                      rows={2}
                      maxLength={REVIEW_REPLY_MAX}
                      required
                      defaultValue={review.reply ?? ''}
                      error={errors.reply}
                    />
                    <div>
                      <Button type="submit" variant="outline" disabled={busy}>
                        Publicar resposta<span className="sr-only"> à avaliação “{review.title}”</span>
                      </Button>
                    </div>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={result.page} pageCount={result.pageCount} label="Páginas de avaliações" className="mt-6" />
    </section>
  );
}
