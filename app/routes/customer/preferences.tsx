// Placeholder until this tab is built (issue 5).
import { requireUser } from '~/server/session.server';
import type { Route } from './+types/preferences';

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Tab() {
  return <p>Em breve.</p>;
}
