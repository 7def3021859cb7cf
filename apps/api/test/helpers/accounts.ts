/** The two accounts every test database is seeded with (the template of test/global-setup.ts and createTestApp). */
export const ADMIN = { email: 'admin@test.example', password: 'admin-password-123' };
export const DEMO = { email: 'demo@test.example', password: 'demo-password-123' };
/** The demo user's plan in the seeded template: the product's default (DEMO_PLAN unset). */
export const SEEDED_DEMO_PLAN = 'free';
