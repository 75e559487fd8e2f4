export const TEST_ADMIN_TOKEN = "test-admin-token-0123456789abcdef";
