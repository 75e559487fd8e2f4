import { randomBase62 } from "../../../lib/crypto";

/** Named operator credentials: cop_ + 40 base62 chars (~238 bits). */
const OPERATOR_TOKEN = /^cop_[0-9A-Za-z]{40}$/;

export function generateOperatorToken(): { token: string; prefix: string } {
  const token = `cop_${randomBase62(40)}`;
  return { token, prefix: operatorTokenPrefix(token) };
}

export const isWellFormedOperatorToken = (token: string): boolean => OPERATOR_TOKEN.test(token);

/** "cop_" and 8 random chars: the lookup key and what operators see. */
export const operatorTokenPrefix = (token: string): string => token.slice(0, 12);
