/**
 * The administrator every browser journey may sign in as. playwright.config.ts creates it with
 * `admin:create` on the fresh data directory before the server starts (PGlite allows one process at a time).
 */
export const E2E_ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'e2e-admin@example.com',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'E2e!Admin-pass1',
} as const;

/**
 * A second administrator, made the same way, who has not turned two-step verification on: the journey of an admin's
 * first sign-in (e2e/two-factor.spec.ts) is theirs alone.
 */
export const E2E_NEW_ADMIN = {
  email: process.env.E2E_NEW_ADMIN_EMAIL ?? 'e2e-new-admin@example.com',
  password: process.env.E2E_NEW_ADMIN_PASSWORD ?? 'E2e!New-admin-pass1',
} as const;
