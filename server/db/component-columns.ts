import { components } from './schema';

/**
 * What a component says about a span of the music: its label, comments, colour, form analysis,
 * start and end. The viewer JSON and a search hit both show these, read from the same columns.
 */
export const componentDescriptionColumns = {
  label: components.label,
  comments: components.comments,
  color: components.color,
  formalFunction: components.formalFunction,
  formalType: components.formalType,
  start: components.start,
  end: components.end,
};
