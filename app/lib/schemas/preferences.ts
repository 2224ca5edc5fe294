// One site preference changed at a time (SPEC §2 preferencias tab): a switch or the theme.
import { z } from 'zod';
import './zod-pt-br';

export const PREFERENCE_SWITCHES = ['hideChatbot', 'hideWhatsapp', 'receiveNotifications'] as const;
export type PreferenceSwitch = (typeof PREFERENCE_SWITCHES)[number];

export const preferenceChangeSchema = z.union([
  z.object({ name: z.enum(PREFERENCE_SWITCHES), value: z.enum(['true', 'false']).transform((v) => v === 'true') }),
  z.object({ name: z.literal('theme'), value: z.enum(['light', 'dark']) }),
]);

export type PreferenceChange = z.infer<typeof preferenceChangeSchema>;
