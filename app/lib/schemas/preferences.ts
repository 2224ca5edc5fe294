// One site preference changed at a time (the preferencias tab): a switch or the theme. The
// newsletter switch is not a user_preferences column: it puts the account's e-mail on or off the list.
import { z } from 'zod';
import './zod-pt-br';

export const PREFERENCE_SWITCHES = ['hideChatbot', 'hideWhatsapp', 'receiveNotifications', 'cartReminders'] as const;
export type PreferenceSwitch = (typeof PREFERENCE_SWITCHES)[number] | 'newsletter';

const onOff = z.enum(['true', 'false']).transform((v) => v === 'true');

export const preferenceChangeSchema = z.union([
  z.object({ name: z.enum(PREFERENCE_SWITCHES), value: onOff }),
  z.object({ name: z.literal('newsletter'), value: onOff }),
  z.object({ name: z.literal('theme'), value: z.enum(['light', 'dark']) }),
]);

export type PreferenceChange = z.infer<typeof preferenceChangeSchema>;
