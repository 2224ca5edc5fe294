import { ArrowLeft, CalendarDays, Clock, User } from 'lucide-react';
import { data, Link } from 'react-router';
import { buttonVariants } from '~/components/ui/button';
import { absoluteUrl, originFromMatches, seo, SITE_NAME } from '~/lib/seo';
import { categorySlug, formatPostDate, getBlogPost, isSlug } from '~/server/content/content.server';
import { getDb } from '~/server/infra/db.server';
import { sanitizeHtml } from '~/server/infra/html.server';
import { HtmlContent } from '~/components/html-content';
import type { Route } from './+types/blog-post';

export const meta: Route.MetaFunction = ({ data: loaderData, matches, params }) => {
  const origin = originFromMatches(matches);
  const post = loaderData?.post;
  if (!post) {
    return [
      ...seo({ title: 'Post não encontrado', path: `/blog/${encodeURIComponent(params.slug ?? '')}`, origin }),
      { name: 'robots', content: 'noindex' },
    ];
  }
  const path = `/blog/${post.slug}`;
  return seo({
    title: post.title,
    description: post.excerpt,
    path,
    origin,
    image: post.imageUrl,
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.excerpt,
      datePublished: post.date,
      author: { '@type': 'Person', name: post.author },
      image: post.imageUrl ? absoluteUrl(origin, post.imageUrl) : undefined,
      articleSection: post.category,
      keywords: post.tags.length ? post.tags.join(', ') : undefined,
      mainEntityOfPage: absoluteUrl(origin, path),
      publisher: {
        '@type': 'Organization',
        name: SITE_NAME,
        url: absoluteUrl(origin, '/'),
        logo: { '@type': 'ImageObject', url: absoluteUrl(origin, '/favicon.svg') },
      },
    },
  });
};

export async function loader({ params }: Route.LoaderArgs) {
  // Not a slug (too long, odd characters): no such post, and no query either.
  const post = isSlug(params.slug) ? await getBlogPost(await getDb(), params.slug) : null;
  if (!post) return data({ post: null }, { status: 404 });
  return data({
    post: {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      author: post.author,
      category: post.category,
      categorySlug: categorySlug(post.category),
      tags: post.tags,
      imageUrl: post.imageUrl,
      readTimeMinutes: post.readTimeMinutes,
      date: post.createdAt.toISOString(),
      dateLabel: formatPostDate(post.createdAt),
      // Sanitized here, on the server: the page only ever receives safe HTML.
      html: sanitizeHtml(post.content),
    },
  });
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;

  if (!post) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <p className="text-5xl font-bold text-brand-700 dark:text-brand-200">404</p>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Post não encontrado.</h1>
        <p className="text-slate-700 dark:text-slate-300">O artigo que você procurou não existe ou foi removido.</p>
        <Link to="/blog" className={buttonVariants()}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Voltar para o blog
        </Link>
      </div>
    );
  }

  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Link
        to="/blog"
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-200"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Voltar para o blog
      </Link>
      <header className="mt-6">
        <p>
          <Link
            to={`/blog?categoria=${encodeURIComponent(post.categorySlug)}`}
            className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 hover:underline dark:bg-brand-900 dark:text-brand-100"
          >
            {post.category}
          </Link>
        </p>
        <h1 className="mt-4 text-3xl leading-tight font-extrabold tracking-tight text-slate-900 md:text-4xl dark:text-white">{post.title}</h1>
        {post.excerpt ? <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{post.excerpt}</p> : null}
        <ul className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-600 dark:text-slate-400" aria-label="Sobre o post">
          <li className="flex items-center gap-1.5">
            <User className="h-4 w-4" aria-hidden />
            <span>
              <span className="sr-only">Autor: </span>
              {post.author}
            </span>
          </li>
          <li className="flex items-center gap-1.5">
            <CalendarDays className="h-4 w-4" aria-hidden />
            <time dateTime={post.date}>{post.dateLabel}</time>
          </li>
          <li className="flex items-center gap-1.5">
            <Clock className="h-4 w-4" aria-hidden />
            {post.readTimeMinutes} min de leitura
          </li>
        </ul>
      </header>
      {post.imageUrl ? (
        <img
          src={post.imageUrl}
          alt=""
          width={800}
          height={450}
          className="mt-8 aspect-video w-full rounded-xl bg-slate-100 object-cover dark:bg-slate-800"
        />
      ) : null}
      {/* Sanitized on the server by sanitizeHtml (html.server.ts). */}
      <HtmlContent className="mt-8" html={post.html} />
      {post.tags.length ? (
        <ul className="mt-10 flex flex-wrap gap-2" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              #{tag}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
