// A customer-area tab that is not built yet: it shows an 'Em Construção' toast and a
// coming-soon text.
import { Construction } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from '~/components/ui/toaster';

export function ComingSoon({ title, text }: { title: string; text: string }) {
  useEffect(() => {
    toast({ title: 'Em Construção', description: 'Esta seção estará disponível em breve.' });
  }, []);
  return (
    <section aria-labelledby="titulo-aba">
      <h1 id="titulo-aba" className="text-2xl font-bold">
        {title}
      </h1>
      <div className="mt-6 flex items-start gap-4 rounded-lg border border-dashed border-slate-300 p-6 dark:border-slate-600">
        <Construction className="h-8 w-8 shrink-0 text-brand-700 dark:text-brand-200" aria-hidden />
        <div>
          <p className="font-semibold">Em breve</p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{text}</p>
        </div>
      </div>
    </section>
  );
}
