// /admin/products/:id and /admin/products/new: every
// product field, its sizes and, for kits, what comes in the kit; all saved in
// one transaction (server/catalog/product-admin.server.ts).
import { ArrowLeft, FileText } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { data, Form, Link, redirect, useFetcher, useNavigation } from 'react-router';
import { EditableList, toRows } from '~/components/admin/editable-list';
import { CheckboxField, DecimalField, SelectField, TextareaField } from '~/components/admin/form-controls';
import { ImageField } from '~/components/admin/image-field';
import { Button, buttonVariants } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Field } from '~/components/ui/field';
import { toast } from '~/components/ui/toaster';
import { useClientValidation } from '~/components/use-client-validation';
import { formatDateTimeBR } from '~/lib/dates';
import { formatDecimalInput } from '~/lib/decimal';
import { formDataToObject } from '~/lib/form-data';
import { MAX_PRICE_TIERS } from '~/lib/volume-price';
import type { PackageData } from '~/lib/freight';
import { formatPackage, hasPackage, kitPackage, NO_PACKAGE, PACKAGE_FIELDS, type PackageField } from '~/lib/package';
import { COMMERCIAL_UNITS, FISCAL_ORIGINS } from '~/lib/fiscal-codes';
import { formatNcm, NO_GTIN } from '~/lib/gtin';
import { FISCAL_ORIGIN_NAMES, NEW_PRODUCT_DEFAULTS, PRODUCT_LIMITS, productFormSchema, productIdParamSchema, productVersionSchema } from '~/lib/schemas/admin-product';
import { fieldErrors, type FieldErrors } from '~/lib/schemas/field-errors';
import type { ProductSdsResult } from '~/lib/schemas/product-sds';
import { ANVISA_KINDS, HAZARD_CLASSES, HAZARD_CLASS_NAMES, PDF_SNIFF_BYTES, precheckSds, RISK_CLASSES, RISK_CLASS_LABELS, SDS_MAX_BYTES, sdsUrl, type AnvisaKind, type HazardClass } from '~/lib/product-safety';
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
  type FiscalUnitData,
  type KitComponentOption,
} from '~/server/catalog/product-admin.server';
import { requireAdmin, requireAdminAction } from '~/server/auth/session.server';
import { BODY_LIMITS, readForm } from '~/server/infra/http/body.server';
import type { Route } from './+types/product-edit';
import { log } from '~/server/infra/log.server';
import { waitingBySize } from '~/server/stock-alerts/alerts.server';
import { kickMailDelivery } from '~/server/mail/outbox.server';
import { waitingLabel } from '~/lib/stock-alerts';

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
  isKit: boolean;
  isFeatured: boolean;
  displayOrder: number;
  categoryId: string | null;
  phValue: string | null;
  texts: Record<(typeof TEXT_FIELDS)[number]['name'], string | null>;
  safety: {
    anvisaKind: AnvisaKind | null;
    anvisaNumber: string | null;
    riskClass: number | null;
    safetyWarnings: string | null;
    firstAid: string | null;
    unNumber: string | null;
    hazardClass: HazardClass | null;
  };
  /** The FDS's public link and when it was sent; null when the product has none. */
  sds: { url: string; updatedAt: Date | null } | null;
  variants: ({ id: string; size: string; price: string; imageUrl: string | null; stock: number | null; tiers: { minQuantity: number; price: string }[] } & PackageData & FiscalUnitData)[];
  kitItems: { productId: string; quantity: number }[];
  /** A kit's own package (issue 33); all null: computed from its contents. */
  kitPackage: PackageData;
  /** The NF-e's fiscal data (issue 34); a kit's GTIN and unit are its own. */
  fiscal: { ncm: string | null; cest: string | null; fiscalOrigin: number | null } & FiscalUnitData;
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
      texts: { benefits: null, useIndication: null, howToUse: null, dilution: null, precautions: null, composition: null, activeIngredient: null },
      safety: { anvisaKind: null, anvisaNumber: null, riskClass: null, safetyWarnings: null, firstAid: null, unNumber: null, hazardClass: null },
      sds: null,
      variants: [],
      kitItems: [],
      kitPackage: NO_PACKAGE,
      fiscal: { ncm: null, cest: null, fiscalOrigin: null, gtin: null, commercialUnit: null },
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
      isKit: saved.isKit,
      isFeatured: saved.isFeatured,
      displayOrder: saved.displayOrder,
      categoryId: saved.categoryId,
      phValue: saved.phValue,
      texts: Object.fromEntries(TEXT_FIELDS.map((f) => [f.name, saved[f.name]])) as FormProduct['texts'],
      safety: {
        anvisaKind: saved.anvisaKind,
        anvisaNumber: saved.anvisaNumber,
        riskClass: saved.riskClass,
        safetyWarnings: saved.safetyWarnings,
        firstAid: saved.firstAid,
        unNumber: saved.unNumber,
        hazardClass: saved.hazardClass,
      },
      sds: saved.sdsKey && sdsUrl(saved.sdsKey) ? { url: sdsUrl(saved.sdsKey)!, updatedAt: saved.sdsUpdatedAt } : null,
      variants: saved.variants,
      kitItems: saved.kitItems,
      kitPackage: { weightGrams: saved.weightGrams, lengthCm: saved.lengthCm, widthCm: saved.widthCm, heightCm: saved.heightCm },
      fiscal: { ncm: saved.ncm, cest: saved.cest, fiscalOrigin: saved.fiscalOrigin, gtin: saved.gtin, commercialUnit: saved.commercialUnit },
    };
  }

  const [categories, kitOptions, waiting] = await Promise.all([
    listCategoryOptions(db).catch((error: unknown) => {
      log.error('admin/produto: falha ao buscar categorias', error);
      return null;
    }),
    listKitComponentOptions(db).catch((error: unknown) => {
      log.error('admin/produto: falha ao buscar produtos para kits', error);
      return [] as KitComponentOption[];
    }),
    // "3 aguardando" per size (issue 36): the "Avise-me quando chegar" requests a restock will e-mail.
    product.id === null
      ? ({} as Record<string, number>)
      : waitingBySize(db, product.id).catch((error: unknown) => {
          log.error('admin/produto: falha ao contar avisos de estoque', error);
          return {} as Record<string, number>;
        }),
  ]);
  return {
    product,
    categories: categories ?? [],
    categoriesError: categories === null ? 'Erro ao buscar categorias' : null,
    kitOptions: kitOptions.filter((o) => o.id !== product.id),
    waiting,
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
    const db = await getDb();
    const savedId = await saveProduct(db, id.data === 'new' ? null : id.data, parsed.data, version);
    // A size brought back from 0 queued its "Avise-me" e-mails with the save: sent now, not at the next minute.
    kickMailDelivery(db);
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
  waiting,
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
      product.variants.map((v) => ({
        id: v.id as string | null,
        size: v.size,
        price: formatDecimalInput(v.price),
        imageUrl: v.imageUrl,
        stock: v.stock === null ? '' : String(v.stock),
        stockLoaded: v.stock === null ? '' : String(v.stock),
        ...packageInputs(v),
        ...fiscalUnitInputs(v),
        tiers: toRows(v.tiers.map((t) => ({ minQuantity: String(t.minQuantity), price: formatDecimalInput(t.price) })), `v${v.id}t`),
      })),
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

        <SafetyFieldset safety={product.safety} errors={errors} />

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
          blank={{ id: null, size: '', price: '', imageUrl: null, stock: '', stockLoaded: '', ...BLANK_PACKAGE, ...BLANK_FISCAL_UNIT, tiers: [] as TierRow[] }}
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
              {row.id && waitingLabel(waiting[row.id] ?? 0) ? (
                <p className="text-sm font-medium text-brand-800 sm:col-span-2 dark:text-brand-200">
                  Avise-me: {waitingLabel(waiting[row.id] ?? 0)}
                </p>
              ) : null}
              <div className="sm:col-span-2">
                <ImageField name={`variants.${i}.imageUrl`} label="Imagem do tamanho" defaultValue={row.imageUrl} error={errors[`variants.${i}.imageUrl`]} />
              </div>
              <TierInputs
                prefix={`variants.${i}.tiers`}
                rows={row.tiers}
                onChange={(tiers) => {
                  if (!sameRows(tiers, row.tiers)) listChanged(`variants.${i}.tiers`);
                  update({ tiers });
                }}
                errors={errors}
              />
              <fieldset className="grid gap-3 sm:col-span-2">
                <legend className="mb-1 text-sm font-semibold">Pacote para frete</legend>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  O tamanho embalado para envio. Preencha os quatro ou deixe em branco: sem peso e medidas, o tamanho não pode ser oferecido para frete pago.
                </p>
                <PackageInputs prefix={`variants.${i}.`} values={row} onChange={update} errors={errors} />
              </fieldset>
              <fieldset className="grid gap-3 sm:col-span-2">
                <legend className="mb-1 text-sm font-semibold">Nota fiscal do tamanho</legend>
                <FiscalUnitInputs prefix={`variants.${i}.`} values={row} onChange={update} errors={errors} />
              </fieldset>
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
        {isKit ? <KitPackageFieldset saved={product.kitPackage} items={items} kitOptions={kitOptions} errors={errors} /> : null}
        <FiscalFieldset fiscal={product.fiscal} isKit={isKit} errors={errors} />

        <div className="sticky bottom-0 flex flex-wrap justify-end gap-3 border-t border-slate-200 bg-slate-50/95 py-4 dark:border-slate-800 dark:bg-slate-950/95">
          <Link to="/admin/products" className={buttonVariants({ variant: 'outline' })}>
            Cancelar
          </Link>
          <Button type="submit" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar produto'}
          </Button>
        </div>
      </Form>

      <SafetySheetSection productId={product.id} sds={product.sds} />
    </div>
  );
}

/** A volume price row as the form holds it (issue 35). */
type TierRow = { key: string; minQuantity: string; price: string };

let nextTierKey = 0;

/**
 * A size's "Preços por quantidade": rows "a partir de N un. → R$", added and removed here, posted as
 * `${prefix}.N.minQuantity` / `.price` and checked by the schema (lib/volume-price), errors beside each field.
 */
function TierInputs({ prefix, rows, onChange, errors }: { prefix: string; rows: TierRow[]; onChange: (rows: TierRow[]) => void; errors: FieldErrors }) {
  const set = (j: number, patch: Partial<TierRow>) => onChange(rows.map((r, k) => (k === j ? { ...r, ...patch } : r)));
  return (
    <fieldset className="grid gap-3 sm:col-span-2" data-testid="tier-inputs">
      <legend className="mb-1 text-sm font-semibold">Preços por quantidade</legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Opcional. O preço do tamanho vale para 1 unidade; cada faixa vale a partir da quantidade informada, com preço menor que a faixa anterior (até {MAX_PRICE_TIERS} faixas).
      </p>
      {rows.map((row, j) => (
        <div key={row.key} className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <Field
            label={`Faixa ${j + 1}: a partir de (un.)`}
            name={`${prefix}.${j}.minQuantity`}
            value={row.minQuantity}
            onChange={(e) => set(j, { minQuantity: e.target.value })}
            inputMode="numeric"
            placeholder="Ex.: 6"
            maxLength={5}
            error={errors[`${prefix}.${j}.minQuantity`]}
          />
          <DecimalField
            label={`Faixa ${j + 1}: preço por unidade (R$)`}
            name={`${prefix}.${j}.price`}
            value={row.price}
            onChange={(e) => set(j, { price: e.target.value })}
            placeholder="Ex.: 12,90"
            error={errors[`${prefix}.${j}.price`]}
          />
          <Button type="button" variant="outline" className="sm:mt-6" onClick={() => onChange(rows.filter((_, k) => k !== j))}>
            Remover faixa {j + 1}
          </Button>
        </div>
      ))}
      {rows.length < MAX_PRICE_TIERS ? (
        <Button type="button" variant="outline" className="w-fit" onClick={() => onChange([...rows, { key: `nt${nextTierKey++}`, minQuantity: '', price: '' }])}>
          Adicionar faixa de preço
        </Button>
      ) : null}
    </fieldset>
  );
}

/** A size's (or a kit's) GTIN, "Sem GTIN" and unit as the form holds them. */
type FiscalUnitValues = { gtin: string; noGtin: boolean; commercialUnit: string };

/** A new size: no GTIN yet, sold by the unit. */
const BLANK_FISCAL_UNIT: FiscalUnitValues = { gtin: '', noGtin: false, commercialUnit: 'UN' };

function fiscalUnitInputs(v: FiscalUnitData): FiscalUnitValues {
  return { gtin: v.gtin === null || v.gtin === NO_GTIN ? '' : v.gtin, noGtin: v.gtin === NO_GTIN, commercialUnit: v.commercialUnit ?? 'UN' };
}

/** GTIN/EAN (or "Sem GTIN") and the commercial unit, named `${prefix}gtin`…, each with its pt-BR error beside it. */
function FiscalUnitInputs({
  prefix,
  values,
  onChange,
  errors,
}: {
  prefix: string;
  values: FiscalUnitValues;
  onChange: (patch: Partial<FiscalUnitValues>) => void;
  errors: FieldErrors;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_auto_10rem] sm:items-start">
      <Field
        label="GTIN/EAN (código de barras)"
        name={`${prefix}gtin`}
        value={values.gtin}
        onChange={(e) => onChange({ gtin: e.target.value })}
        disabled={values.noGtin}
        inputMode="numeric"
        autoComplete="off"
        placeholder="Ex.: 7891000315507"
        maxLength={20}
        error={errors[`${prefix}gtin`]}
      />
      <div className="sm:pt-7">
        <CheckboxField label="Sem GTIN" name={`${prefix}noGtin`} checked={values.noGtin} onChange={(e) => onChange({ noGtin: e.target.checked })} />
      </div>
      <SelectField
        label="Unidade comercial"
        name={`${prefix}commercialUnit`}
        value={values.commercialUnit}
        onChange={(e) => onChange({ commercialUnit: e.target.value })}
        error={errors[`${prefix}commercialUnit`]}
      >
        {COMMERCIAL_UNITS.map((u) => (
          <option key={u} value={u}>
            {u}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/**
 * The NF-e's fiscal data (issue 34): NCM and origem together, CEST when it applies, and for a kit its
 * own GTIN and unit (a product's sizes carry theirs). Optional while the store does not invoice.
 */
function FiscalFieldset({ fiscal, isKit, errors }: { fiscal: FormProduct['fiscal']; isKit: boolean; errors: FieldErrors }) {
  const [kitUnit, setKitUnit] = useState<FiscalUnitValues>(() => ({ ...fiscalUnitInputs(fiscal), commercialUnit: fiscal.commercialUnit ?? 'KIT' }));
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
      <legend className="px-1 text-lg font-semibold">Dados fiscais (NF-e)</legend>
      <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
        Necessários para emitir a nota fiscal. Informe o NCM e a origem juntos, ou deixe os dois em branco enquanto a loja não fatura; confira os códigos com seu contador.
      </p>
      <Field
        label="NCM"
        name="ncm"
        defaultValue={fiscal.ncm ? formatNcm(fiscal.ncm) : ''}
        inputMode="numeric"
        autoComplete="off"
        placeholder="Ex.: 3402.20.00"
        maxLength={12}
        error={errors.ncm}
      />
      <Field label="CEST (se houver)" name="cest" defaultValue={fiscal.cest ?? ''} inputMode="numeric" autoComplete="off" placeholder="Ex.: 11.001.00" maxLength={12} error={errors.cest} />
      <div className="sm:col-span-2">
        <SelectField label="Origem da mercadoria" name="fiscalOrigin" defaultValue={fiscal.fiscalOrigin === null ? '' : String(fiscal.fiscalOrigin)} error={errors.fiscalOrigin}>
          <option value="">Não informada</option>
          {FISCAL_ORIGINS.map((o) => (
            <option key={o} value={String(o)}>
              {o} – {FISCAL_ORIGIN_NAMES[o]}
            </option>
          ))}
        </SelectField>
      </div>
      {isKit ? (
        <fieldset className="grid gap-3 sm:col-span-2">
          <legend className="mb-1 text-sm font-semibold">Código de barras e unidade do kit</legend>
          <FiscalUnitInputs prefix="" values={kitUnit} onChange={(patch) => setKitUnit((v) => ({ ...v, ...patch }))} errors={errors} />
        </fieldset>
      ) : null}
    </fieldset>
  );
}

/** A package's four fields as the form types them (strings; '' not informed). */
type PackageInputValues = Record<PackageField, string>;

const BLANK_PACKAGE: PackageInputValues = { weightGrams: '', lengthCm: '', widthCm: '', heightCm: '' };

function packageInputs(p: PackageData): PackageInputValues {
  return Object.fromEntries(PACKAGE_FIELDS.map((f) => [f, p[f] === null ? '' : String(p[f])])) as PackageInputValues;
}

const PACKAGE_LABELS: Record<PackageField, string> = { weightGrams: 'Peso (g)', lengthCm: 'Comprimento (cm)', widthCm: 'Largura (cm)', heightCm: 'Altura (cm)' };
const PACKAGE_PLACEHOLDERS: Record<PackageField, string> = { weightGrams: 'Ex.: 1100', lengthCm: 'Ex.: 10', widthCm: 'Ex.: 10', heightCm: 'Ex.: 25' };

/** Weight (g), length, width and height (cm), named `${prefix}weightGrams`…, each with its pt-BR error beside it. */
function PackageInputs({
  prefix,
  values,
  onChange,
  errors,
}: {
  prefix: string;
  values: PackageInputValues;
  onChange: (patch: Partial<PackageInputValues>) => void;
  errors: FieldErrors;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {PACKAGE_FIELDS.map((field) => (
        <Field
          key={field}
          label={PACKAGE_LABELS[field]}
          name={`${prefix}${field}`}
          value={values[field]}
          onChange={(e) => onChange({ [field]: e.target.value })}
          inputMode="numeric"
          autoComplete="off"
          placeholder={PACKAGE_PLACEHOLDERS[field]}
          maxLength={12}
          error={errors[`${prefix}${field}`]}
        />
      ))}
    </div>
  );
}

/**
 * A kit's package: computed from its contents as they are on screen (each included product's
 * cheapest size, lib/package kitPackage), unless the admin informs it.
 */
function KitPackageFieldset({
  saved,
  items,
  kitOptions,
  errors,
}: {
  saved: PackageData;
  items: readonly { productId: string; quantity: string }[];
  kitOptions: readonly KitComponentOption[];
  errors: FieldErrors;
}) {
  const [manual, setManual] = useState(() => hasPackage(saved));
  const [values, setValues] = useState(() => packageInputs(saved));
  const byId = new Map(kitOptions.map((o) => [o.id, o]));
  const contents = items.filter((i) => i.productId !== '').map((i) => ({ option: byId.get(i.productId), quantity: Number(i.quantity) }));
  const lacking = contents.filter((c) => c.option && !hasPackage(c.option.pkg)).map((c) => c.option!.name);
  const computed = kitPackage(contents.flatMap((c) => (c.option ? [{ pkg: c.option.pkg, quantity: c.quantity }] : [])));
  const computedText = formatPackage(computed);

  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
      <legend className="px-1 text-lg font-semibold">Pacote do kit</legend>
      <div className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {computedText ? (
          <>
            <p>Calculado a partir dos itens (soma dos pesos e uma caixa com o volume somado):</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
              {PACKAGE_FIELDS.map((field) => (
                <div key={field}>
                  <dt className="text-xs text-slate-600 dark:text-slate-400">{PACKAGE_LABELS[field]}</dt>
                  <dd className="font-semibold tabular-nums">{computed[field]!.toLocaleString('pt-BR')}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : contents.length === 0 ? (
          <p>Adicione itens ao kit para calcular o pacote a partir deles.</p>
        ) : (
          <p>
            Não é possível calcular o pacote:{' '}
            {lacking.length ? `sem peso/medidas no menor tamanho de ${lacking.join(', ')}.` : 'confira os itens e as quantidades.'}
          </p>
        )}
      </div>
      <CheckboxField
        label="Informar o pacote do kit manualmente"
        name="kitPackageManual"
        checked={manual}
        onChange={(e) => setManual(e.target.checked)}
        hint="Use quando o kit vai numa caixa própria. Desmarcado, vale o pacote calculado."
      />
      {manual ? <PackageInputs prefix="" values={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} errors={errors} /> : null}
    </fieldset>
  );
}

/** Both-or-neither pairs and the label's texts (lib/product-safety.ts); blank fields mean "not informed". */
function SafetyFieldset({ safety, errors }: { safety: FormProduct['safety']; errors: FieldErrors }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900">
      <legend className="px-1 text-lg font-semibold">Segurança</legend>
      <p className="text-sm text-slate-700 sm:col-span-2 dark:text-slate-300">
        Regularização na ANVISA (Lei 6.360/76, RDC 59/2010) e os riscos do produto, como no rótulo. Aparecem na página do produto.
      </p>
      <SelectField label="Regularização na ANVISA" name="anvisaKind" defaultValue={safety.anvisaKind ?? ''} error={errors.anvisaKind} hint="Informe junto com o número.">
        <option value="">Não informada</option>
        {ANVISA_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {kind === 'notificado' ? 'Produto notificado' : 'Produto registrado'}
          </option>
        ))}
      </SelectField>
      <Field
        label="Número na ANVISA"
        name="anvisaNumber"
        defaultValue={safety.anvisaNumber ?? ''}
        placeholder="Ex.: 25351.123456/2026-01"
        maxLength={30}
        autoComplete="off"
        error={errors.anvisaNumber}
      />
      <SelectField label="Classe de risco" name="riskClass" defaultValue={safety.riskClass === null ? '' : String(safety.riskClass)} error={errors.riskClass}>
        <option value="">Não informada</option>
        {RISK_CLASSES.map((risk) => (
          <option key={risk} value={risk}>
            {RISK_CLASS_LABELS[risk]}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        <TextareaField
          label="Advertências do rótulo"
          name="safetyWarnings"
          defaultValue={safety.safetyWarnings ?? ''}
          rows={3}
          maxLength={PRODUCT_LIMITS.longText}
          placeholder="Antes de usar, leia as instruções do rótulo. Mantenha fora do alcance das crianças e dos animais domésticos."
          error={errors.safetyWarnings}
        />
      </div>
      <div className="sm:col-span-2">
        <TextareaField
          label="Primeiros socorros"
          name="firstAid"
          defaultValue={safety.firstAid ?? ''}
          rows={4}
          maxLength={PRODUCT_LIMITS.longText}
          placeholder={'Olhos: lave com água corrente por 15 minutos.\nPele: lave com água em abundância.\nIngestão: não provoque vômito; procure atendimento médico levando o rótulo.'}
          hint="O que fazer em contato com os olhos ou a pele e em caso de ingestão."
          error={errors.firstAid}
        />
      </div>
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Transporte de produto perigoso</legend>
        <p className="text-xs text-slate-600 sm:col-span-2 dark:text-slate-400">
          Preencha os dois só se o produto for perigoso para o transporte (ex.: álcool 70%: ONU 1170, classe 3). Em branco: não é perigoso.
        </p>
        <Field
          label="Número ONU"
          name="unNumber"
          defaultValue={safety.unNumber ?? ''}
          inputMode="numeric"
          placeholder="Ex.: 1170"
          maxLength={4}
          autoComplete="off"
          error={errors.unNumber}
        />
        <SelectField label="Classe de risco para transporte" name="hazardClass" defaultValue={safety.hazardClass ?? ''} error={errors.hazardClass}>
          <option value="">Não é produto perigoso</option>
          {HAZARD_CLASSES.map((c) => (
            <option key={c} value={c}>
              {`Classe ${c} — ${HAZARD_CLASS_NAMES[c]}`}
            </option>
          ))}
        </SelectField>
      </fieldset>
    </fieldset>
  );
}

const SDS_SEND_FAILED = 'Não foi possível enviar a FDS. Tente novamente.';

/**
 * The FDS (PDF) of a saved product: sent, replaced or removed at once through /admin/products/:id/fds, apart
 * from the product form (its own form, so nothing typed above is lost; the page's data reloads after).
 */
function SafetySheetSection({ productId, sds }: { productId: string | null; sds: FormProduct['sds'] }) {
  const uploader = useFetcher<ProductSdsResult>();
  const remover = useFetcher<ProductSdsResult>();
  const [confirming, setConfirming] = useState(false);
  const [precheck, setPrecheck] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const action = productId ? `/admin/products/${productId}/fds` : '';

  useEffect(() => {
    if (uploader.state !== 'idle' || !uploader.data) return;
    if (uploader.data.ok) {
      toast({ title: sds ? 'FDS substituída!' : 'FDS enviada!' });
      if (fileInput.current) fileInput.current.value = '';
    }
    // Only on a new answer: `sds` changes with the reload that follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uploader.state, uploader.data]);
  useEffect(() => {
    if (remover.state !== 'idle' || !remover.data) return;
    if (remover.data.ok) {
      setConfirming(false);
      toast({ title: 'FDS removida.' });
    } else {
      toast({ title: 'Erro ao remover a FDS', description: remover.data.error, variant: 'destructive' });
    }
  }, [remover.state, remover.data]);

  const uploading = uploader.state !== 'idle';
  const error = precheck ?? (uploader.state === 'idle' && uploader.data && !uploader.data.ok ? uploader.data.error : null);

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = fileInput.current?.files?.[0];
    // Quick feedback in the browser; the server checks size and content again.
    const refused = file ? precheckSds(file.size, new Uint8Array(await file.slice(0, PDF_SNIFF_BYTES).arrayBuffer())) : 'Selecione o arquivo PDF da FDS.';
    setPrecheck(refused);
    if (refused) return;
    try {
      await uploader.submit(new FormData(form), { method: 'post', action, encType: 'multipart/form-data' });
    } catch {
      setPrecheck(SDS_SEND_FAILED);
    }
  }

  return (
    <section aria-labelledby="fds-titulo" className="mt-8 grid gap-4 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
      <h2 id="fds-titulo" className="text-lg font-semibold">
        Ficha de Dados de Segurança (FDS)
      </h2>
      {!productId ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Salve o produto para enviar a FDS em PDF.</p>
      ) : (
        <>
          {sds ? (
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <a href={sds.url} className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline dark:text-brand-200">
                <FileText className="h-4 w-4" aria-hidden /> FDS atual (PDF)
              </a>
              {sds.updatedAt ? <span className="text-slate-700 dark:text-slate-300">enviada em {formatDateTimeBR(sds.updatedAt)}</span> : null}
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="outline" size="sm">
                    Remover FDS
                  </Button>
                }
                title="Remover a FDS?"
                description="A ficha deixa de aparecer na loja e o arquivo é apagado. Você pode enviar outra depois."
                open={confirming}
                onOpenChange={setConfirming}
                fetcher={remover}
                fields={{ intent: 'remove' }}
                action={action}
                confirmLabel="Remover FDS"
                busyLabel="Removendo..."
                busy={remover.state !== 'idle'}
              />
            </div>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">Nenhuma FDS enviada.</p>
          )}
          <uploader.Form method="post" action={action} encType="multipart/form-data" onSubmit={(e) => void send(e)} className="grid gap-2">
            <input type="hidden" name="intent" value="replace" />
            <label htmlFor="fds-arquivo" className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {sds ? 'Substituir por outro PDF' : 'Arquivo PDF da FDS'}
            </label>
            <input
              ref={fileInput}
              id="fds-arquivo"
              name="file"
              type="file"
              accept="application/pdf,.pdf"
              aria-describedby={error ? 'fds-dica fds-erro' : 'fds-dica'}
              aria-invalid={error ? true : undefined}
              onChange={() => setPrecheck(null)}
              className="block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-100 dark:text-slate-300 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
            />
            <p id="fds-dica" className="text-xs text-slate-600 dark:text-slate-400">
              PDF até {SDS_MAX_BYTES / (1024 * 1024)} MB (ABNT NBR 14725). Qualquer pessoa pode baixá-la na página do produto.
            </p>
            {error ? (
              <p id="fds-erro" role="alert" className="text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            ) : null}
            <div>
              <Button type="submit" variant="outline" disabled={uploading}>
                {uploading ? 'Enviando...' : sds ? 'Substituir FDS' : 'Enviar FDS'}
              </Button>
            </div>
          </uploader.Form>
        </>
      )}
    </section>
  );
}
