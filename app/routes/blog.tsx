import { Search } from 'lucide-react';
import { Form, Link, useNavigation, useSubmit } from 'react-router';
import { NewsletterForm } from '~/components/newsletter-form';
import { Button, buttonVariants } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { cn } from '~/lib/cn';
import { MAX_SEARCH_LENGTH } from '~/lib/search';
import { originFromMatches, seo } from '~/lib/seo';
import {
  categorySlug,
  formatPostDate,
  listBlogCategories,
  listBlogPosts,
  parseBlogQuery,
} from '~/server/content/content.server';
import { getDb } from '~/server/infra/db.server';
import type { Route } from './+types/blog';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Blog',
    description: 'Dicas de limpeza, segurança no uso de produtos, diluição e sustentabilidade para sua casa e seu negócio.',
    path: '/blog',
    origin: originFromMatches(matches),
  });

export async function loader({ request }: Route.LoaderArgs) {
  const { q, categoria } = parseBlogQuery(new URL(request.url).searchParams);
  const db = await getDb();
  const categories = (await listBlogCategories(db)).map((name) => ({ name, slug: categorySlug(name) }));
  const selected = categories.find((c) => c.slug === categoria);
  // An unknown category matches nothing (and says so), it is not an error.
  const posts = categoria && !selected ? [] : await listBlogPosts(db, { search: q, category: selected?.name });
  return {
    q,
    categoria,
    categories,
    posts: posts.map((p) => ({
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt,
      author: p.author,
      category: p.category,
      imageUrl: p.imageUrl,
      isFeatured: p.isFeatured,
      readTimeMinutes: p.readTimeMinutes,
      date: p.createdAt.toISOString(),
      dateLabel: formatPostDate(p.createdAt),
    })),
  };
}

type Post = Route.ComponentProps['loaderData']['posts'][number];

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { q, categoria, categories, posts } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/blog';
  const filtered = q !== '' || categoria !== '';

  // Without JavaScript the form submits as it is; with it, empty fields stay out of the URL.
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget, submitter)) {
      if (typeof value === 'string' && value.trim()) params.set(key, value.trim());
    }
    void submit(params, { method: 'get', action: '/blog' });
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <header className="mx-auto max-w-3xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white">Blog Clarear</h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
          Dicas de limpeza, segurança no uso dos produtos e ideias para economizar em casa e no trabalho.
        </p>
      </header>

      <Form method="get" action="/blog" role="search" aria-label="Buscar no blog" onSubmit={onSubmit} className="mx-auto mt-8 grid max-w-3xl gap-4">
        <div className="flex gap-2">
          <label htmlFor="busca-blog" className="sr-only">
            Buscar no blog
          </label>
          <Input
            // A new URL (back/forward, a shared link) puts its term back in the box.
            key={q}
            id="busca-blog"
            type="search"
            name="q"
            maxLength={MAX_SEARCH_LENGTH}
            defaultValue={q}
            placeholder="Buscar artigos..."
            autoComplete="off"
          />
          {/* The default button: Enter keeps the category that is selected. */}
          <Button type="submit" name="categoria" value={categoria} className="shrink-0">
            <Search className="h-4 w-4" aria-hidden />
            Buscar
          </Button>
        </div>
        <div role="group" aria-label="Filtrar por categoria" className="flex flex-wrap justify-center gap-2">
          {[{ name: 'Todas', slug: '' }, ...categories].map((c) => (
            <button
              key={c.slug}
              type="submit"
              name="categoria"
              value={c.slug}
              aria-pressed={c.slug === categoria}
              className="cursor-pointer rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-medium text-slate-800 hover:border-brand-700 hover:text-brand-800 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-brand-200 dark:hover:text-brand-100 dark:aria-pressed:border-brand-200 dark:aria-pressed:bg-brand-200 dark:aria-pressed:text-slate-950"
            >
              {c.name}
            </button>
          ))}
        </div>
      </Form>

      <section aria-label="Posts" aria-busy={searching} className={cn('mt-10 transition-opacity', searching && 'opacity-60')}>
        {posts.length === 0 ? (
          <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
            <p role="status" className="text-lg font-medium text-slate-800 dark:text-slate-200">
              Nenhum post encontrado.
            </p>
            <Link to="/blog" className={buttonVariants({ variant: 'outline' })}>
              Limpar Filtros
            </Link>
          </div>
        ) : (
          <>
            <p role="status" className={filtered ? 'mb-6 text-sm text-slate-700 dark:text-slate-300' : 'sr-only'}>
              {posts.length === 1 ? '1 post encontrado' : `${posts.length} posts encontrados`}
            </p>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {posts.map((post, index) => (
                <li key={post.slug} className="flex">
                  <PostCard post={post} eager={index < 3} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section
        aria-labelledby="newsletter-blog"
        className="mt-16 flex flex-col items-center gap-4 rounded-2xl bg-brand-50 px-6 py-10 text-center dark:bg-slate-900"
      >
        <h2 id="newsletter-blog" className="text-2xl font-bold text-slate-900 dark:text-white">
          Receba nossas dicas no seu e-mail
        </h2>
        <p className="max-w-xl text-slate-700 dark:text-slate-300">
          Um e-mail por mês com os novos artigos do blog, lançamentos e ofertas exclusivas. Sem spam.
        </p>
        <NewsletterForm variant="blog" />
      </section>
    </div>
  );
}

function PostCard({ post, eager }: { post: Post; eager: boolean }) {
  return (
    <article className="relative flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      {post.imageUrl ? (
        <img
          src={post.imageUrl}
          alt=""
          width={800}
          height={450}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-video w-full bg-slate-100 object-cover dark:bg-slate-800"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="flex flex-wrap items-center gap-2 text-xs font-semibold">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-brand-800 dark:bg-brand-900 dark:text-brand-100">{post.category}</span>
          {post.isFeatured ? (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-amber-900 dark:bg-amber-900 dark:text-amber-100">Destaque</span>
          ) : null}
        </p>
        <h2 className="text-lg leading-snug font-bold text-slate-900 dark:text-white">
          {/* The whole card is the link's click area; the title is its name. */}
          <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="line-clamp-3 text-sm text-slate-700 dark:text-slate-300">{post.excerpt}</p>
        <div className="mt-auto grid gap-0.5 pt-2 text-xs text-slate-600 dark:text-slate-400">
          <p className="font-medium text-slate-700 dark:text-slate-300">{post.author}</p>
          <p>
            <time dateTime={post.date}>{post.dateLabel}</time>
            <span aria-hidden> · </span>
            <span className="sr-only">, </span>
            {post.readTimeMinutes} min de leitura
          </p>
        </div>
      </div>
    </article>
  );
}
