// Better Auth's endpoints reachable from outside: only the e-mail confirmation link
// (endpoints.server.ts). Sign-in, sign-up, sign-out and password reset go through the pages'
// actions (callAuth), which validate and rate-limit them first; everything else is a 404.
import { handleAuthRequest } from '~/server/auth/auth.server';
import { isPublicAuthRequest } from '~/server/auth/endpoints.server';
import type { Route } from './+types/api.auth';

const notFound = () => new Response('Não encontrado', { status: 404 });

export function loader({ request }: Route.LoaderArgs) {
  return isPublicAuthRequest(request) ? handleAuthRequest(request) : notFound();
}

export function action() {
  return notFound();
}
