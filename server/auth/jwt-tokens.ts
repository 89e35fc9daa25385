import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { ApiError } from '../http-errors';

/**
 * JSON Web Tokens shaped like djangorestframework-simplejwt's (DESIGN.md section 4): HS256 with
 * the server's secret key; claims token_type, exp, iat, jti, user_id and username.
 */
const ACCESS_TOKEN_SECONDS = 5 * 60;
const REFRESH_TOKEN_SECONDS = 24 * 60 * 60;

export type TokenType = 'access' | 'refresh';

const ISSUED_AT_LEEWAY_SECONDS = 5;

export interface TokenClaims {
  tokenType: TokenType;
  userId: number;
  username: string;
  jti: string;
  /** Seconds since the epoch, as in the token. */
  issuedAt: number;
  expiresAt: number;
}

export interface SignedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

export const signingKey = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(
  key: Uint8Array,
  tokenType: TokenType,
  user: { id: number; username: string },
  nowMs = Date.now(),
): Promise<SignedToken> {
  const issuedAt = Math.floor(nowMs / 1000);
  const expiresAt =
    issuedAt + (tokenType === 'access' ? ACCESS_TOKEN_SECONDS : REFRESH_TOKEN_SECONDS);
  // simplejwt's jti is uuid4().hex
  const jti = randomUUID().replaceAll('-', '');
  const token = await new SignJWT({
    token_type: tokenType,
    user_id: user.id,
    username: user.username,
    jti,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, jti, expiresAt: new Date(expiresAt * 1000) };
}

/** 401 token_not_valid: the client's cue to refresh its tokens (SPEC.md section 8). */
export const tokenNotValid = (detail = 'Given token not valid for any token type') =>
  new ApiError(401, { detail, code: 'token_not_valid' });

/** Why a token was refused, with simplejwt's wording. */
export type TokenFault = 'invalid' | 'wrong_type';

export const tokenFaultDetail = (fault: TokenFault): string => {
  switch (fault) {
    case 'invalid':
      return 'Token is invalid or expired';
    case 'wrong_type':
      return 'Token has wrong type';
    default: {
      const unknown: never = fault;
      return unknown;
    }
  }
};

/**
 * Checks signature (HS256 only, so `alg: none` and other algorithms fail), expiry, the claims
 * simplejwt requires and the token type.
 */
export async function verifyToken(
  key: Uint8Array,
  token: string,
  expected: TokenType,
): Promise<TokenClaims | TokenFault> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'jti'],
    }));
  } catch {
    return 'invalid';
  }
  const userId = Number(payload.user_id);
  if (
    !Number.isSafeInteger(userId) ||
    userId < 1 ||
    typeof payload.jti !== 'string' ||
    typeof payload.iat !== 'number' ||
    typeof payload.exp !== 'number'
  ) {
    return 'invalid';
  }
  // As PyJWT (under simplejwt) does: a token issued in the future is not valid yet. Otherwise a
  // future iat would outlive the password-change check, which compares iat. The leeway covers
  // clock skew between instances behind a load balancer.
  if (payload.iat > Date.now() / 1000 + ISSUED_AT_LEEWAY_SECONDS) return 'invalid';
  if (payload.token_type !== expected) return 'wrong_type';
  return {
    tokenType: expected,
    userId,
    username: typeof payload.username === 'string' ? payload.username : '',
    jti: payload.jti,
    issuedAt: payload.iat,
    expiresAt: payload.exp,
  };
}
