// Record ids are uuids (gen_random_uuid()): anything else is refused before it
// reaches PostgreSQL, which would fail on it with 22P02 (a 500), not "not found".
import { z } from 'zod';
import './zod-pt-br';

export const uuidSchema = z.uuid();

export function isUuid(value: unknown): value is string {
  return uuidSchema.safeParse(value).success;
}
