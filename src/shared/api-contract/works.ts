import { Type, type Static } from 'typebox';
import { StringEnum } from './field-kinds';

export const MediaType = StringEnum(['audio', 'video']);
export type MediaType = Static<typeof MediaType>;

export const MediaStorage = StringEnum(['staticfiles', 'youtube', 'abstract']);
export type MediaStorage = Static<typeof MediaStorage>;

/** A piece of music: its title and composer. */
export const AbstractWorkJson = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  composer: Type.String(),
});
export type AbstractWorkJson = Static<typeof AbstractWorkJson>;

/** A recording (or a stand-in for one) of an abstract work, and where its media is. */
export const ConcreteWorkJson = Type.Object({
  id: Type.Integer(),
  abstract_work_id: Type.Integer(),
  artist: Type.String(),
  type: MediaType,
  storage: MediaStorage,
  url: Type.String(),
  length: Type.Number(),
  start: Type.Number(),
  end: Type.Number(),
  media_name: Type.Optional(
    Type.String({
      description:
        "Viewer JSON only: the media file the .tla names on its author's disk ('' for none or a " +
        "YouTube URL). With storage 'abstract' it names the recording that was not uploaded.",
    }),
  ),
});
export type ConcreteWorkJson = Static<typeof ConcreteWorkJson>;
