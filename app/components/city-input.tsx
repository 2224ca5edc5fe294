// The city of an address (Meus Endereços, the checkout's new address): an ARIA combobox that offers
// IBGE's municipalities of the chosen UF as the customer types (GET /enderecos/municipios), accents
// and case aside ("sao jo" finds São José dos Campos). Typing is still free: the server refuses a city
// that is not one of the UF's and saves the one picked as IBGE writes it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/cn';
import type { MunicipalityAnswer } from '~/lib/schemas/municipalities';

type CityInputProps = {
  label?: string;
  name: string;
  /** The address's UF; without one there is nothing to offer. */
  uf: string;
  value: string;
  onValueChange: (city: string) => void;
  error?: string | undefined;
  autoComplete?: string;
  maxLength?: number;
  required?: boolean;
};

const MIN_TYPED = 2;

export function CityInput({ label = 'Cidade', name, uf, value, onValueChange, error, autoComplete = 'address-level2', maxLength, required }: CityInputProps) {
  const id = useId();
  const listId = `${id}-lista`;
  const noteId = `${id}-${error ? 'erro' : 'ajuda'}`;
  const [options, setOptions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState(false);
  const asked = useRef<AbortController | null>(null);

  // Asks for the UF's municipalities after a short pause in typing; a newer keystroke cancels the older question.
  useEffect(() => {
    if (!typed) return;
    const query = value.trim();
    if (!uf || query.length < MIN_TYPED) {
      setOptions([]);
      setOpen(false);
      return;
    }
    const timer = setTimeout(() => {
      asked.current?.abort();
      const controller = new AbortController();
      asked.current = controller;
      fetch(`/enderecos/municipios?${new URLSearchParams({ uf, q: query, limite: '20' }).toString()}`, { signal: controller.signal })
        .then((response) => response.json() as Promise<MunicipalityAnswer>)
        .then((answer) => {
          const names = 'municipalities' in answer ? answer.municipalities.map((m) => m.name) : [];
          setOptions(names);
          setActive(-1);
          // Exactly the one typed: nothing left to choose.
          setOpen(names.length > 0 && !(names.length === 1 && names[0] === query));
        })
        .catch(() => undefined);
    }, 150);
    return () => clearTimeout(timer);
  }, [uf, value, typed]);

  useEffect(() => () => asked.current?.abort(), []);

  function choose(city: string) {
    onValueChange(city);
    setTyped(false);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setActive((i) => (event.key === 'ArrowDown' ? (i + 1) % options.length : i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      choose(options[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const shown = open && options.length > 0;
  return (
    <div className="relative grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        autoComplete={autoComplete}
        required={required}
        maxLength={maxLength}
        value={value}
        onChange={(e) => {
          setTyped(true);
          onValueChange(e.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={uf ? `Municípios de ${uf}` : 'Municípios'}
        hidden={!shown}
        className="absolute top-full z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-900"
      >
        {options.map((city, index) => (
          <li
            key={city}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Before the input's blur: the click still lands on the option.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(city)}
            className={cn('cursor-pointer px-3 py-2 text-sm text-slate-900 dark:text-slate-100', index === active ? 'bg-brand-50 dark:bg-slate-700' : 'hover:bg-slate-100 dark:hover:bg-slate-800')}
          >
            {city}
          </li>
        ))}
      </ul>
      {error ? (
        <p id={noteId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id={noteId} className="text-sm text-slate-600 dark:text-slate-400">
          {uf ? 'Digite e escolha na lista.' : 'Escolha o estado para ver as cidades.'}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {shown ? `${options.length} ${options.length === 1 ? 'cidade encontrada' : 'cidades encontradas'}` : ''}
      </p>
    </div>
  );
}
