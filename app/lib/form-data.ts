// Forms with repeated rows (a product's sizes, a kit's contents) post their
// fields as `variants.0.size`, `variants.0.price`, `variants.1.size`…; this
// turns them into `{ variants: [{ size, price }, { size }] }` for the Zod schema.
// Browser and server read a form the same way.

export type FormValue = string | FormObject | FormValue[];
export type FormObject = { [key: string]: FormValue };

const MAX_INDEX = 199;

/**
 * Plain fields stay strings (files are ignored); `list.N.field` builds arrays of objects in index
 * order, and so does a list inside a row: `variants.0.tiers.1.price` (a size's volume prices).
 */
export function formDataToObject(form: FormData): FormObject {
  const out: FormObject = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    const parts = key.split('.');
    if (!isRowPath(parts)) {
      out[key] = value;
      continue;
    }
    // A forged huge index must not allocate a huge array.
    if (parts.some((part, i) => i % 2 === 1 && Number(part) > MAX_INDEX)) continue;
    let target: FormObject | null = out;
    for (let i = 0; target && i + 2 < parts.length; i += 2) {
      const list = parts[i]!;
      const rows: FormValue = (target[list] ??= []);
      // A name posted both as a plain field and as a list: the list's row is dropped.
      target = Array.isArray(rows) ? ((rows[Number(parts[i + 1])] ??= {}) as FormObject) : null;
    }
    if (target) target[parts.at(-1)!] = value;
  }
  dropHoles(out);
  return out;
}

/** `list.N.field`, `list.N.list.M.field`…: names and indexes alternate, a name last. */
function isRowPath(parts: string[]): boolean {
  if (parts.length < 3 || parts.length % 2 === 0) return false;
  return parts.every((part, i) => (i % 2 === 1 ? /^\d+$/.test(part) : part !== ''));
}

// Rows removed in the page leave gaps in the numbering; keep the order, drop the holes.
function dropHoles(object: FormObject) {
  for (const [key, value] of Object.entries(object)) {
    if (!Array.isArray(value)) continue;
    const rows = value.filter((row) => row !== undefined);
    object[key] = rows;
    for (const row of rows) if (typeof row === 'object' && !Array.isArray(row)) dropHoles(row);
  }
}
