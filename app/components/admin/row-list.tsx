// Rows the admin adds and removes with buttons, in any order that makes sense to them (a freight
// service's price brackets, a zone's CEP ranges): unlike EditableList, no reordering. Inputs are named
// by position, so the post follows the screen. After an addition the keyboard goes to the new row's
// first field; after a removal to a neighbour's "Remover", or to "Adicionar" when none is left.
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '~/components/ui/button';

export type KeyedRow<T> = T & { key: string };

let nextKey = 0;
const newKey = () => `linha${++nextKey}`;

/** The rows' state, and whether rows were added or removed since the last check (their messages point at old positions). */
export function useRowList<T extends object>(initial: readonly T[]) {
  const [rows, setRows] = useState<KeyedRow<T>[]>(() => initial.map((row) => ({ ...row, key: newKey() })));
  const [moved, setMoved] = useState(false);
  const focus = useRef<{ key: string | null; selector: string } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const pending = focus.current;
    const root = listRef.current;
    if (!pending || !root) return;
    focus.current = null;
    const scope = pending.key === null ? root : root.querySelector(`[data-row="${pending.key}"]`);
    scope?.querySelector<HTMLElement>(pending.selector)?.focus();
  });

  return {
    rows,
    /** Messages of the rows may be shown (no row added or removed since the answer they come from). */
    moved,
    resetMoved: () => setMoved(false),
    listRef,
    update: (key: string, patch: Partial<T>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row))),
    add: (row: T) => {
      const key = newKey();
      focus.current = { key, selector: 'input, select' };
      setMoved(true);
      setRows((current) => [...current, { ...row, key }]);
    },
    remove: (key: string) => {
      const index = rows.findIndex((row) => row.key === key);
      const neighbour = rows[index + 1] ?? rows[index - 1];
      focus.current = neighbour ? { key: neighbour.key, selector: '[data-action="remove"]' } : { key: null, selector: '[data-action="add"]' };
      setMoved(true);
      setRows((current) => current.filter((row) => row.key !== key));
    },
  };
}

export function RemoveRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" variant="outline" size="sm" data-action="remove" onClick={onClick} title={label}>
      <Trash2 className="h-4 w-4" aria-hidden />
      <span className="sr-only">{label}</span>
    </Button>
  );
}

export function AddRowButton({ children, disabled, onClick }: { children: ReactNode; disabled?: boolean; onClick: () => void }) {
  return (
    <Button type="button" variant="outline" data-action="add" disabled={disabled} onClick={onClick}>
      <Plus className="h-4 w-4" aria-hidden />
      {children}
    </Button>
  );
}
