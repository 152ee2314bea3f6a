/** Where the end-to-end server runs and who its superuser is. */
export const E2E = {
  port: 4173,
  baseUrl: 'http://localhost:4173',
  admin: { email: 'e2e-admin@example.com', password: 'e2e-admin-password' },
};
