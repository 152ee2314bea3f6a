/** Where the end-to-end server runs (E2E_PORT moves it, e.g. for two runs side by side) and who its superuser is. */
const port = Number(process.env.E2E_PORT ?? 4173);

export const E2E = {
  port,
  baseUrl: `http://localhost:${port}`,
  admin: { email: 'e2e-admin@example.com', password: 'e2e-admin-password' },
};
