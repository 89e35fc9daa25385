import { Type, type Static } from 'typebox';

/**
 * Tokens (djangorestframework-simplejwt), registration and password reset (dj-rest-auth), and the
 * signed-in user's account. Bodies take any text in each field: the routes check the texts
 * themselves, to answer with Django's per-field messages.
 */

export const Login = Type.Object({ username: Type.String(), password: Type.String() });
export type Login = Static<typeof Login>;

export const TokenPair = Type.Object({ access: Type.String(), refresh: Type.String() });
export type TokenPair = Static<typeof TokenPair>;

export const Refresh = Type.Object({ refresh: Type.String() });
export type Refresh = Static<typeof Refresh>;

/** token/logout/ answers with an empty object. */
export const LoggedOut = Type.Object({});

/** The registration payload of SPEC.md section 3. */
export const Registration = Type.Object({
  firstname: Type.String(),
  lastname: Type.String(),
  username: Type.String(),
  email: Type.String(),
  password1: Type.String(),
  password2: Type.String(),
});
export type Registration = Static<typeof Registration>;

/** A user as the API shows them (SPEC.md section 3: user_id, username, names, e-mail). */
export const AccountJson = Type.Object({
  user_id: Type.Integer(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
});
export type AccountJson = Static<typeof AccountJson>;

export const Detail = Type.Object({ detail: Type.String() });
export type Detail = Static<typeof Detail>;

export const ResetRequest = Type.Object({ email: Type.String() });
export type ResetRequest = Static<typeof ResetRequest>;

/** The uid and token of an e-mailed reset link. */
export const ResetLink = Type.Object({ uid: Type.String(), token: Type.String() });
export type ResetLink = Static<typeof ResetLink>;

export const ResetConfirmation = Type.Object({
  ...ResetLink.properties,
  new_password1: Type.String(),
  new_password2: Type.String(),
});
export type ResetConfirmation = Static<typeof ResetConfirmation>;

export const UserParams = Type.Object({ userId: Type.String({ description: 'User id' }) });

export const PublicUsername = Type.Object({ username: Type.String() });
export type PublicUsername = Static<typeof PublicUsername>;

export const ProfileChange = Type.Object({
  first_name: Type.String(),
  last_name: Type.String(),
  username: Type.String(),
  email: Type.String(),
});
export type ProfileChange = Static<typeof ProfileChange>;

export const PasswordChange = Type.Object({
  old_password: Type.String(),
  new_password: Type.String(),
});
export type PasswordChange = Static<typeof PasswordChange>;

/** Other sessions are logged out; this one gets a new token pair. */
export const PasswordChanged = Type.Object({ detail: Type.String(), ...TokenPair.properties });
export type PasswordChanged = Static<typeof PasswordChanged>;
