// Better Auth's own endpoints (e-mail confirmation links land here).
import { handleAuthRequest } from '~/server/auth/auth.server';
import type { Route } from './+types/api.auth';

export function loader({ request }: Route.LoaderArgs) {
  return handleAuthRequest(request);
}

export function action({ request }: Route.ActionArgs) {
  return handleAuthRequest(request);
}
