// The admin account integration tests sign in with: an explicit ADMIN_PASSWORD, set before
// the app's modules read the environment (no public default exists any more).
export const TEST_ADMIN = { email: 'admin@clarear.com.br', password: 'senha-do-admin-de-teste-7' } as const;

export function setTestAdminEnv(): void {
  process.env.ADMIN_EMAIL = TEST_ADMIN.email;
  process.env.ADMIN_PASSWORD = TEST_ADMIN.password;
}
