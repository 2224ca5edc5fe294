// /admin/products/:id and /admin/products/new: every
// product field, its sizes and, for kits, what comes in the kit; all saved in
// one transaction (server/catalog/product-admin.server.ts).
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { EditableList, toRows } from '~/components/admin/editable-list';
import { CheckboxField, DecimalField, SelectField, TextareaField } from '~/components/admin/form-controls';
import { ImageField } from '~/components/admin/image-field';
import { Button, buttonVariants } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { useClientValidation } from '~/components/use-client-validation';
import { formatDecimalInput } from '~/lib/decimal';
import { formDataToObject } from '~/lib/form-data';
import { NEW_PRODUCT_DEFAULTS, PRODUCT_LIMITS, productFormSchema, productIdParamSchema, productVersionSchema } from '~/lib/schemas/admin-product';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import type { ToastMessage } from '~/lib/toast';
import { flashToast } from '~/server/infra/cookies.server';
import { getDb } from '~/server/infra/db.server';
import {
  getEditableProduct,
  listCategoryOptions,
  listKitComponentOptions,
  productSaveErrorField,
  ProductConflictError,
  ProductNotFoundError,
  saveProduct,
  type Option,
} from '~/server/catalog/product-admin.server';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { BODY_LIMITS, readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/product-edit';
import { log } from '~/server/infra/log.server';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.product.id ? 'Editar produto' : 'Novo produto'} | Painel Administrativo | Clarear` },
  { name: 'robots', content: 'noindex' },
];

const NOT_FOUND_TOAST: ToastMessage = { title: 'Erro ao buscar produto', description: 'O produto não foi encontrado.', variant: 'destructive' };
const SAVE_ERROR = 'Erro ao salvar produto';

async function backToList(toastMessage: ToastMessage) {
  return redirect('/admin/products', { headers: { 'Set-Cookie': await flashToast(toastMessage) } });
}

/** What the form starts from: a saved product, or a new one's defaults (NEW_PRODUCT_DEFAULTS). */
type FormProduct = {
  id: string | null;
  slug: string | null;
  version: string;
  name: string;
  description: string;
  price: string;
  basePrice: string | null;
  imageUrl: string | null;
  rating: string | null;
  isKit: boolean;
  isFeatured: boolean;
  displayOrder: number;
  categoryId: string | null;
  phValue: string | null;
  texts: Record<(typeof TEXT_FIELDS)[number]['name'], string | null>;
  variants: { id: string; size: string; price: string; imageUrl: string | null; stock: number | null }[];
  kitItems: { productId: string; quantity: number }[];
};

const TEXT_FIELDS = [
  { name: 'benefits', label: 'Benefícios' },
  { name: 'useIndication', label: 'Indicação de uso' },
  { name: 'howToUse', label: 'Modo de uso' },
  { name: 'dilution', label: 'Diluição' },
  { name: 'precautions', label: 'Precauções' },
  { name: 'composition', label: 'Composição' },
  { name: 'activeIngredient', label: 'Princípio ativo' },
] as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = productIdParamSchema.safeParse(params.id);
  if (!id.success) throw await backToList(NOT_FOUND_TOAST);
  const db = await getDb();

  let product: FormProduct;
  if (id.data === 'new') {
    product = {
      ...NEW_PRODUCT_DEFAULTS,
      id: null,
      slug: null,
      version: 'new',
      imageUrl: null,
      rating: null,
      texts: { benefits: null, useIndication: null, howToUse: null, dilution: null, precautions: null, composition: null, activeIngredient: null },
      variants: [],
      kitItems: [],
    };
  } else {
    let saved;
    try {
      saved = await getEditableProduct(db, id.data);
    } catch (error) {
      log.error('admin/produto: falha ao buscar', error);
      throw await backToList({ ...NOT_FOUND_TOAST, description: 'Tente novamente em instantes.' });
    }
    if (!saved) throw await backToList(NOT_FOUND_TOAST);
    product = {
      id: saved.id,
      slug: saved.slug,
      version: saved.version,
      name: saved.name,
      description: saved.description,
      price: saved.price,
      basePrice: saved.basePrice,
      imageUrl: saved.imageUrl,
      rating: saved.rating,
      isKit: saved.isKit,
      isFeatured: saved.isFeatured,
      displayOrder: saved.displayOrder,
      categoryId: saved.categoryId,
      phValue: saved.phValue,
      texts: Object.fromEntries(TEXT_FIELDS.map((f) => [f.name, saved[f.name]])) as FormProduct['texts'],
      variants: saved.variants,
      kitItems: saved.kitItems,
    };
  }

  const [categories, kitOptions] = await Promise.all([
    listCategoryOptions(db).catch((error: unknown) => {
      log.error('admin/produto: falha ao buscar categorias', error);
      return null;
    }),
    listKitComponentOptions(db).catch((error: unknown) => {
      log.error('admin/produto: falha ao buscar produtos para kits', error);
      return [] as Option[];
    }),
  ]);
  return {
    product,
    categories: categories ?? [],
    categoriesError: categories === null ? 'Erro ao buscar categorias' : null,
    kitOptions: kitOptions.filter((o) => o.id !== product.id),
  };
}

type ActionData = { errors: FieldErrors; toast: ToastMessage };

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminAction(request);
  const id = productIdParamSchema.safeParse(params.id);
  if (!id.success) throw await backToList(NOT_FOUND_TOAST);
  const form = await readForm(request, BODY_LIMITS.adminProduct);
  const parsed = productFormSchema.safeParse(formDataToObject(form));
  if (!parsed.success) {
    return data<ActionData>(
      { errors: fieldErrors(parsed.error), toast: { title: SAVE_ERROR, description: 'Confira os campos destacados.', variant: 'destructive' } },
      400,
    );
  }
  try {
    const version = productVersionSchema.parse(form.get('version') ?? undefined);
    const savedId = await saveProduct(await getDb(), id.data === 'new' ? null : id.data, parsed.data, version);
    return redirect(`/admin/products/${savedId}`, { headers: { 'Set-Cookie': await flashToast({ title: 'Produto salvo!' }) } });
  } catch (error) {
    if (error instanceof ProductNotFoundError) throw await backToList(NOT_FOUND_TOAST);
    if (error instanceof ProductConflictError) {
      // A 4xx keeps what this admin typed on screen (no revalidation); the reload shows the other save.
      return data<ActionData>({ errors: {}, toast: { title: SAVE_ERROR, description: error.message, variant: 'destructive' } }, 409);
    }
    const field = productSaveErrorField(error);
    if (field) {
      return data<ActionData>({ errors: { [field.field]: field.message }, toast: { title: SAVE_ERROR, description: field.message, variant: 'destructive' } }, 400);
    }
    log.error('admin/produto: falha ao salvar', error);
    return data<ActionData>({ errors: {}, toast: { title: SAVE_ERROR, description: 'Nada foi alterado. Tente novamente em instantes.', variant: 'destructive' } }, 500);
  }
}

export default function ProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product, categoriesError } = loaderData;
  useEffect(() => {
    if (categoriesError) toast({ title: categoriesError, description: 'Tente novamente em instantes.', variant: 'destructive' });
  }, [categoriesError]);
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData]);
  // A saved product reloads with its new ids and values: start the form afresh.
  return <ProductForm key={`${product.id ?? 'new'}:${product.version}`} {...loaderData} serverErrors={actionData?.errors} />;
}

/** The same rows in the same order (only a value inside a row changed). */
function sameRows(a: readonly { key: string }[], b: readonly { key: string }[]): boolean {
  return a.length === b.length && a.every((row, i) => row.key === b[i]!.key);
}

function ProductForm({
  product,
  categories,
  kitOptions,
  serverErrors,
}: Awaited<ReturnType<typeof loader>> & { serverErrors: FieldErrors | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  const validation = useClientValidation(productFormSchema, serverErrors, formDataToObject);
  // Messages of a list whose rows were added, moved or removed point at old positions: hide them until the next check
  // (typing in a row keeps them).
  const [changedLists, setChangedLists] = useState<string[]>([]);
  useEffect(() => setChangedLists([]), [serverErrors]);
  const errors = Object.fromEntries(
    Object.entries(validation.errors).filter(([key]) => !changedLists.some((list) => key === list || key.startsWith(`${list}.`))),
  );
  const listChanged = (list: string) => setChangedLists((current) => (current.includes(list) ? current : [...current, list]));
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setChangedLists([]);
    validation.onSubmit(event);
  };
  const [isKit, setIsKit] = useState(product.isKit);
  const [variants, setVariants] = useState(() =>
    toRows(
      product.variants.map((v) => ({ id: v.id as string | null, size: v.size, price: formatDecimalInput(v.price), imageUrl: v.imageUrl, stock: v.stock === null ? '' : String(v.stock), stockLoaded: v.stock === null ? '' : String(v.stock) })),
      'v',
    ),
  );
  const [items, setItems] = useState(() => toRows(product.kitItems.map((i) => ({ productId: i.productId, quantity: String(i.quantity) })), 'k'));
  const formError = errors.form;

  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/admin/products" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-200">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar para produtos
      </Link>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">{product.id ? `Editar produto: ${product.name}` : 'Novo produto'}</h1>
        {product.slug ? (
          <a href={`/produtos/${product.slug}`} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-200">
            Ver na loja
          </a>
        ) : null}
      </div>

      <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 grid gap-8" aria-describedby={formError ? 'erro-formulario' : undefined}>
        {product.id ? <input type="hidden" name="version" value={product.version} /> : null}
        {formError ? (
          <p id="erro-formulario" role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
            {formError}
          </p>
        ) : null}

        <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
          <legend className="px-1 text-lg font-semibold">Dados do produto</legend>
          <div className="sm:col-span-2">
            <Field label="Nome *" name="name" defaultValue={product.name} required maxLength={PRODUCT_LIMITS.name} error={errors.name} />
          </div>
          <div className="sm:col-span-2">
            <TextareaField label="Descrição" name="description" defaultValue={product.description} rows={4} maxLength={PRODUCT_LIMITS.description} error={errors.description} />
          </div>
          <DecimalField label="Preço (R$)" name="price" defaultValue={formatDecimalInput(product.price)} hint="Preço do kit ou do item avulso. Ex.: 12,50" error={errors.price} />
          <DecimalField
            label="Preço base (R$) *"
            name="basePrice"
            defaultValue={formatDecimalInput(product.basePrice)}
            required
            hint="Aparece como “A partir de” na loja. Ex.: 4,90"
            error={errors.basePrice}
          />
          <SelectField label="Categoria" name="categoryId" defaultValue={product.categoryId ?? ''} error={errors.categoryId}>
            <option value="">Sem categoria</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <DecimalField label="pH (0 a 14)" name="phValue" defaultValue={formatDecimalInput(product.phValue, 1)} hint="Uma casa decimal. Ex.: 7,0" error={errors.phValue} />
          <DecimalField label="Avaliação (0 a 5)" name="rating" defaultValue={formatDecimalInput(product.rating, 1)} error={errors.rating} />
          <Field label="Ordem de exibição" name="displayOrder" type="number" min={0} step={1} inputMode="numeric" defaultValue={product.displayOrder} error={errors.displayOrder} />
          <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
            <CheckboxField label="É um kit" name="isKit" checked={isKit} onChange={(e) => setIsKit(e.target.checked)} hint="Kits mostram os itens incluídos em vez de tamanhos." />
            <CheckboxField label="Produto em destaque" name="isFeatured" defaultChecked={product.isFeatured} hint="Kits em destaque aparecem na página inicial." />
          </div>
          <div className="sm:col-span-2">
            <ImageField name="imageUrl" label="Imagem do produto" defaultValue={product.imageUrl} error={errors.imageUrl} />
          </div>
        </fieldset>

        <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
          <legend className="px-1 text-lg font-semibold">Informações técnicas</legend>
          {TEXT_FIELDS.map((f) => (
            <TextareaField key={f.name} label={f.label} name={f.name} defaultValue={product.texts[f.name] ?? ''} rows={3} maxLength={PRODUCT_LIMITS.longText} error={errors[f.name]} />
          ))}
        </fieldset>

        <EditableList
          legend="Tamanhos"
          itemLabel="Tamanho"
          addLabel="Adicionar tamanho"
          max={PRODUCT_LIMITS.variants}
          rows={variants}
          onChange={(rows) => {
            if (!sameRows(rows, variants)) listChanged('variants');
            setVariants(rows);
          }}
          blank={{ id: null, size: '', price: '', imageUrl: null, stock: '', stockLoaded: '' }}
          error={errors.variants}
          renderFields={(row, i, update) => (
            <div className="grid gap-3 sm:grid-cols-2">
              <input type="hidden" name={`variants.${i}.id`} value={row.id ?? ''} />
              <Field
                label="Tamanho"
                name={`variants.${i}.size`}
                value={row.size}
                onChange={(e) => update({ size: e.target.value })}
                placeholder="Ex.: 1 L"
                maxLength={PRODUCT_LIMITS.size}
                error={errors[`variants.${i}.size`]}
              />
              <DecimalField
                label="Preço (R$)"
                name={`variants.${i}.price`}
                value={row.price}
                onChange={(e) => update({ price: e.target.value })}
                error={errors[`variants.${i}.price`]}
              />
              <input type="hidden" name={`variants.${i}.stockLoaded`} value={row.stockLoaded} />
              <Field
                label="Estoque (unidades)"
                name={`variants.${i}.stock`}
                value={row.stock}
                onChange={(e) => update({ stock: e.target.value })}
                inputMode="numeric"
                placeholder="Em branco: não controlado"
                maxLength={12}
                error={errors[`variants.${i}.stock`]}
              />
              <div className="sm:col-span-2">
                <ImageField name={`variants.${i}.imageUrl`} label="Imagem do tamanho" defaultValue={row.imageUrl} error={errors[`variants.${i}.imageUrl`]} />
              </div>
            </div>
          )}
        />

        {isKit ? (
          <EditableList
            legend="Itens do kit"
            itemLabel="Item"
            addLabel="Adicionar item ao kit"
            max={PRODUCT_LIMITS.kitItems}
            rows={items}
            onChange={(rows) => {
              if (!sameRows(rows, items)) listChanged('kitItems');
              setItems(rows);
            }}
            blank={{ productId: '', quantity: '1' }}
            error={errors.kitItems}
            renderFields={(row, i, update) => (
              <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                <SelectField
                  label="Produto"
                  name={`kitItems.${i}.productId`}
                  value={row.productId}
                  onChange={(e) => update({ productId: e.target.value })}
                  error={errors[`kitItems.${i}.productId`]}
                >
                  <option value="">Selecione um produto</option>
                  {kitOptions.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </SelectField>
                <Field
                  label="Quantidade"
                  name={`kitItems.${i}.quantity`}
                  type="number"
                  min={1}
                  max={PRODUCT_LIMITS.kitQuantity}
                  step={1}
                  value={row.quantity}
                  onChange={(e) => update({ quantity: e.target.value })}
                  error={errors[`kitItems.${i}.quantity`]}
                />
              </div>
            )}
          />
        ) : null}

        <div className="sticky bottom-0 flex flex-wrap justify-end gap-3 border-t border-slate-200 bg-slate-50/95 py-4 dark:border-slate-800 dark:bg-slate-950/95">
          <Link to="/admin/products" className={buttonVariants({ variant: 'outline' })}>
            Cancelar
          </Link>
          <Button type="submit" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar produto'}
          </Button>
        </div>
      </Form>
    </div>
  );
}
