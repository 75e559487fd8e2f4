export const TEST_ADMIN_TOKEN = "test-admin-token-0123456789abcdef";
/** SECRETS_KEY of the test Worker: base64 of 32 bytes (src/lib/sealed.ts). */
export const TEST_SECRETS_KEY = "dGVzdC1zZWNyZXRzLWtleS0wMTIzNDU2Nzg5YWJjZGU=";
