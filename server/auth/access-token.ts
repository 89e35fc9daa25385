import { verifyToken } from './jwt-tokens';

/** Who an access token speaks for, and since when (to refuse tokens older than a password). */
export interface AccessTokenHolder {
  userId: number;
  issuedAt: number;
}

/**
 * Reads a djangorestframework-simplejwt-shaped access token (HS256, token_type 'access'). Any
 * fault gives null; the caller answers 401 token_not_valid.
 */
export async function verifyAccessToken(
  token: string,
  key: Uint8Array,
): Promise<AccessTokenHolder | null> {
  const claims = await verifyToken(key, token, 'access');
  return typeof claims === 'string' ? null : { userId: claims.userId, issuedAt: claims.issuedAt };
}
