import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MAX_SEARCH_LENGTH } from '~/lib/search';
import { Button } from '../ui/button';
import { Input } from '../ui/input';

/** The header's search: a non-blank term goes to /produtos?q=term, then the bar closes and clears. */
export function SearchBar({ onDone }: { onDone: () => void }) {
  const [term, setTerm] = useState('');
  const navigate = useNavigate();
  return (
    <form
      id="busca"
      role="search"
      action="/produtos"
      method="get"
      className="mx-auto flex max-w-7xl gap-2 px-4 pb-3"
      onSubmit={(event) => {
        event.preventDefault();
        const q = term.trim();
        if (!q) return;
        void navigate(`/produtos?q=${encodeURIComponent(q)}`);
        setTerm('');
        onDone();
      }}
    >
      <label htmlFor="busca-termo" className="sr-only">
        Buscar produtos
      </label>
      <Input
        id="busca-termo"
        name="q"
        type="search"
        maxLength={MAX_SEARCH_LENGTH}
        placeholder="O que você procura? Ex.: detergente, água sanitária…"
        autoFocus
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
      />
      <Button type="submit">Buscar</Button>
    </form>
  );
}
