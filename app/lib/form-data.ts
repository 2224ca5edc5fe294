// Forms with repeated rows (a product's sizes, a kit's contents) post their
// fields as `variants.0.size`, `variants.0.price`, `variants.1.size`…; this
// turns them into `{ variants: [{ size, price }, { size }] }` for the Zod schema.
// Browser and server read a form the same way.

export type FormValue = string | FormObject | FormValue[];
export type FormObject = { [key: string]: FormValue };

const MAX_INDEX = 199;

/** Plain fields stay strings (files are ignored); `list.N.field` builds arrays of objects in index order. */
export function formDataToObject(form: FormData): FormObject {
  const out: FormObject = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    const parts = key.split('.');
    if (parts.length === 3 && /^\d+$/.test(parts[1]!)) {
      const [list, indexText, field] = parts as [string, string, string];
      const index = Number(indexText);
      // A forged huge index must not allocate a huge array.
      if (index > MAX_INDEX) continue;
      const rows = (Array.isArray(out[list]) ? out[list] : (out[list] = [])) as FormValue[];
      const row = (rows[index] ??= {}) as FormObject;
      row[field] = value;
    } else {
      out[key] = value;
    }
  }
  // Rows removed in the page leave gaps in the numbering; keep the order, drop the holes.
  for (const [key, value] of Object.entries(out)) {
    if (Array.isArray(value)) out[key] = value.filter((row) => row !== undefined);
  }
  return out;
}
