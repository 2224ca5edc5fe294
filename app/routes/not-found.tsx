import { data, Link } from 'react-router';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = () => [
  { title: 'Página não encontrada | Clarear' },
  { name: 'description', content: 'O endereço procurado não existe na loja Clarear.' },
  { name: 'robots', content: 'noindex' },
];

// Answers 404 but keeps the header and footer, so the visitor can carry on.
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="text-5xl font-bold text-brand-700 dark:text-brand-200">404</p>
      <h1 className="text-2xl font-bold">Página não encontrada</h1>
      <p className="text-slate-700 dark:text-slate-300">O endereço que você procurou não existe ou foi removido.</p>
      <Link to="/" className="font-semibold text-brand-700 underline dark:text-brand-200">
        Voltar para a página inicial
      </Link>
    </div>
  );
}
