import { jwtVerify } from 'jose';

/**
 * Reads the user id from a djangorestframework-simplejwt-shaped access token (HS256, token_type
 * 'access'). Any fault gives null; the caller answers 401 token_not_valid.
 */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (payload.token_type !== 'access') return null;
    const userId = Number(payload.user_id);
    return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
  } catch {
    return null;
  }
}
