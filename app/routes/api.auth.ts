// Better Auth's own endpoints (e-mail confirmation links land here).
import { handleAuthRequest } from '~/server/auth/auth.server';
import { BODY_LIMITS, BodyError, withCappedBody } from '~/server/http/body.server';
import type { Route } from './+types/api.auth';

export function loader({ request }: Route.LoaderArgs) {
  return handleAuthRequest(request);
}

export async function action({ request }: Route.ActionArgs) {
  let capped: Request;
  try {
    // Better Auth buffers whatever it is given: hand it a body already read within the cap.
    capped = await withCappedBody(request, BODY_LIMITS.auth);
  } catch (error) {
    if (error instanceof BodyError) return Response.json({ code: error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INVALID_BODY', message: error.message }, { status: error.status });
    throw error;
  }
  return handleAuthRequest(capped);
}
