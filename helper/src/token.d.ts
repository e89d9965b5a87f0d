export declare const MAX_TOKEN_TTL_SECONDS: number;
export declare const CLOCK_SKEW_SECONDS: number;
/** `now` is epoch milliseconds (default Date.now()). */
export declare function signToken(secret: string, ttlSeconds?: number, now?: number): string;
/** `now` is epoch milliseconds (default Date.now()). */
export declare function verifyToken(token: unknown, secret: string, now?: number): boolean;
export type TokenCheck =
  { ok: true } | { ok: false; reason: "missing" | "malformed" | "forged" | "expired" | "too-far-ahead" | "no-secret" };
export declare function checkToken(token: unknown, secret: string, now?: number): TokenCheck;
