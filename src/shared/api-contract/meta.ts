import { Type, type Static } from 'typebox';

export const Health = Type.Object({ status: Type.Literal('ok') });

/** The settings the client needs from the server. */
export const ClientConfig = Type.Object({
  media_base_url: Type.String({ description: 'Where media files are loaded from' }),
});
export type ClientConfig = Static<typeof ClientConfig>;
