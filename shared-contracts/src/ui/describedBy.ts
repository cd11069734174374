/** Joins the ids an element is described by, skipping the absent ones; undefined when none. */
export function describedBy(...ids: Array<string | false | null | undefined | 0>): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return present.length > 0 ? present.join(' ') : undefined;
}

/** Joins class names, skipping the absent ones. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
