// A list of rows the admin adds, removes and reorders with buttons (a product's
// sizes and kit contents, the plan's benefits and steps).
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '~/components/ui/button';

export type Row<T> = T & { key: string };

let nextRowKey = 0;

/** Saved rows, keyed for React (rows added in the page get keys of their own). */
export function toRows<T>(items: readonly T[], prefix: string): Row<T>[] {
  return items.map((item, i) => ({ ...item, key: `${prefix}${i}` }));
}

/**
 * A list of rows the admin adds, removes and reorders with buttons. Inputs are
 * named by their position, so the post is always in the order shown. After a
 * move the keyboard stays on the moved row; after a removal it goes to a neighbour.
 */
export function EditableList<T extends object>({
  legend,
  itemLabel,
  addLabel,
  max,
  rows,
  onChange,
  blank,
  error,
  renderFields,
}: {
  legend: string;
  itemLabel: string;
  addLabel: string;
  max: number;
  rows: Row<T>[];
  onChange: (rows: Row<T>[]) => void;
  blank: T;
  error: string | undefined;
  renderFields: (row: Row<T>, index: number, update: (patch: Partial<T>) => void) => ReactNode;
}) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<{ key: string | null; targets: string[] } | null>(null);

  useEffect(() => {
    const pending = pendingFocus.current;
    const root = listRef.current;
    if (!pending || !root) return;
    pendingFocus.current = null;
    const scope = pending.key === null ? root : root.querySelector(`[data-row="${pending.key}"]`);
    for (const target of pending.targets) {
      const element = [...(scope?.querySelectorAll<HTMLElement>(target) ?? [])].find((e) => !(e as HTMLButtonElement).disabled);
      if (element) {
        element.focus();
        return;
      }
    }
  });

  function move(index: number, delta: -1 | 1) {
    const target = index + delta;
    if (target < 0 || target >= rows.length) return;
    const next = [...rows];
    [next[index], next[target]] = [next[target]!, next[index]!];
    // The same button again; at the end of the list it is disabled, so the other one.
    pendingFocus.current = { key: rows[index]!.key, targets: [delta < 0 ? '[data-action="up"]' : '[data-action="down"]', '[data-action="up"], [data-action="down"]'] };
    onChange(next);
  }

  function remove(index: number) {
    const neighbour = rows[index + 1] ?? rows[index - 1];
    pendingFocus.current = neighbour ? { key: neighbour.key, targets: ['[data-action="remove"]'] } : { key: null, targets: ['[data-action="add"]'] };
    onChange(rows.filter((_, i) => i !== index));
  }

  function add() {
    if (rows.length >= max) return;
    const key = `novo${++nextRowKey}`;
    pendingFocus.current = { key, targets: ['input, textarea, select'] };
    onChange([...rows, { ...blank, key }]);
  }

  const hintId = `${id}-dica`;
  const errorId = `${id}-erro`;
  return (
    <fieldset
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 md:p-6 dark:border-slate-800 dark:bg-slate-900"
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
    >
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
        Até {max}, na ordem em que aparecem na loja.
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div ref={listRef} className="grid gap-3">
        {rows.length > 0 ? (
          <ol className="grid gap-3">
            {rows.map((row, index) => (
              <li key={row.key} data-row={row.key}>
                <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
                  <legend className="px-1 text-sm font-semibold">
                    {itemLabel} {index + 1}
                  </legend>
                  {renderFields(row, index, (patch) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r))))}
                  <div className="flex flex-wrap gap-2">
                    <Button type="button" variant="outline" size="sm" data-action="up" disabled={index === 0} onClick={() => move(index, -1)}>
                      <ArrowUp className="h-4 w-4" aria-hidden />
                      <span className="sr-only sm:not-sr-only">Mover para cima</span>
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      data-action="down"
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown className="h-4 w-4" aria-hidden />
                      <span className="sr-only sm:not-sr-only">Mover para baixo</span>
                    </Button>
                    <Button type="button" variant="outline" size="sm" data-action="remove" onClick={() => remove(index)}>
                      <Trash2 className="h-4 w-4" aria-hidden />
                      <span className="sr-only sm:not-sr-only">Remover</span>
                    </Button>
                  </div>
                </fieldset>
              </li>
            ))}
          </ol>
        ) : null}
        <div>
          <Button type="button" variant="outline" data-action="add" disabled={rows.length >= max} onClick={add}>
            <Plus className="h-4 w-4" aria-hidden />
            {addLabel}
          </Button>
        </div>
      </div>
    </fieldset>
  );
}

